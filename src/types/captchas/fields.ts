import * as v from 'valibot'
import { integer, jsonObject, Slug, uniqueItems } from '../../domain/common.ts'
import { objectMessage } from '../../domain/field-rules.ts'

export const CAPTCHA_TYPES = ['js_pow', 'captcha', 'turnstile', 'hcaptcha', 'recaptcha_v3', 'cookie'] as const
export type CaptchaType = (typeof CAPTCHA_TYPES)[number]
/** The third-party providers, which need the site key and secret of an account with them. */
export const PROVIDER_TYPES: readonly CaptchaType[] = ['turnstile', 'hcaptcha', 'recaptcha_v3']
export const CLEARANCE_BINDINGS = ['ip', 'ip_ua'] as const

export const usesProviderKeys = (type: unknown): boolean => PROVIDER_TYPES.includes(type as CaptchaType)
/** What a provider type without its secret is refused with, by the schema and by the server's hook alike. */
export const SECRET_REQUIRED = 'the provider’s secret is required for this type'

const Text = (max: number) =>
  v.pipe(v.string('must be a string'), v.trim(), v.maxLength(max, `at most ${max} characters`))

const Exempt = jsonObject(
  {
    iplists: v.optional(
      v.pipe(
        v.array(Slug, 'must be a list of IP list names'),
        uniqueItems<string>(),
        v.description('IP lists whose addresses are never challenged'),
      ),
      [],
    ),
    paths: v.optional(
      v.pipe(
        v.array(v.pipe(Text(2048), v.startsWith('/', 'must start with /')), 'must be a list of paths'),
        uniqueItems<string>('each path once'),
        v.maxLength(100, 'at most 100 paths'),
        v.description('Path prefixes never challenged'),
      ),
      [],
    ),
    user_agents: v.optional(
      v.pipe(
        v.array(v.pipe(Text(512), v.minLength(1, 'must not be empty')), 'must be a list of user agents'),
        uniqueItems<string>('each user agent once'),
        v.maxLength(100, 'at most 100 user agents'),
        v.description('User agents never challenged (monitoring, partners)'),
      ),
      [],
    ),
  },
  objectMessage,
)

/**
 * A challenge visitors solve before they reach a website (RESOURCES.md, Security). `secret` is
 * write-only: the server keeps it, never returns it, and keeps the stored one when a write leaves it
 * out; the API says `secret_set` instead. A provider type needs one: none (null) is refused here, and a
 * write that leaves it out with none stored by the server's hook, with the same message.
 */
export const CaptchaFields = v.pipe(
  jsonObject(
    {
      type: v.optional(
        v.pipe(
          v.picklist(CAPTCHA_TYPES, 'must be js_pow, captcha, turnstile, hcaptcha, recaptcha_v3 or cookie'),
          v.description('The challenge: built in (js_pow, captcha, cookie) or a provider’s'),
        ),
        'js_pow',
      ),
      site_key: v.optional(
        v.pipe(v.nullable(Text(256)), v.description('The provider’s site key (turnstile, hcaptcha, recaptcha_v3)')),
        null,
      ),
      secret: v.optional(
        v.pipe(v.nullable(Text(256)), v.description('The provider’s secret: write-only, kept when left out')),
      ),
      min_score: v.optional(
        v.pipe(
          v.union(
            [v.number(), v.pipe(v.string(), v.regex(/^\d*\.?\d+$/), v.transform(Number))],
            'must be a number from 0 to 1',
          ),
          v.minValue(0, 'must be at least 0'),
          v.maxValue(1, 'must be at most 1'),
          v.description('Lowest reCAPTCHA v3 score that passes, from 0 to 1'),
        ),
        0.7,
      ),
      clearance_ttl_s: v.optional(
        v.pipe(integer(300, 86_400), v.description('Seconds a solved challenge stays valid')),
        1800,
      ),
      solve_timeout_s: v.optional(v.pipe(integer(10, 600), v.description('Seconds a visitor has to solve it')), 60),
      bind_clearance_to: v.optional(
        v.pipe(
          v.picklist(CLEARANCE_BINDINGS, 'must be ip or ip_ua'),
          v.description('What a clearance is tied to: the address, or the address and user agent'),
        ),
        'ip_ua',
      ),
      exempt: v.optional(v.pipe(Exempt, v.description('Who is never challenged')), () => v.parse(Exempt, {})),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['type'], ['site_key']],
      (captcha) => !usesProviderKeys(captcha.type) || (captcha.site_key ?? '') !== '',
      'the provider’s site key is required for this type',
    ),
    ['site_key'],
  ),
  v.forward(
    v.partialCheck([['secret']], (captcha) => captcha.secret !== '', 'must not be empty'),
    ['secret'],
  ),
  // None (null) is refused here; one left out (undefined) means "keep the stored one", which only the
  // server knows (its hook checks it). The form sends null when the record holds none (`bodyOf`).
  v.forward(
    v.partialCheck(
      [['type'], ['secret']],
      (captcha) => !usesProviderKeys(captcha.type) || captcha.secret !== null,
      SECRET_REQUIRED,
    ),
    ['secret'],
  ),
  // The built-in types have no provider account: keys sent with them are not kept.
  v.transform((captcha) => (usesProviderKeys(captcha.type) ? captcha : { ...captcha, site_key: null, secret: null })),
)
export type CaptchaData = v.InferOutput<typeof CaptchaFields>
