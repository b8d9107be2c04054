import * as v from 'valibot'
import { integer, jsonObject, Slug, uniqueItems } from '../common.ts'
import { objectMessage } from './page-rule.ts'

export const CAPTCHA_TYPES = ['js_pow', 'captcha', 'turnstile', 'hcaptcha', 'recaptcha_v3', 'cookie'] as const
export type CaptchaType = (typeof CAPTCHA_TYPES)[number]
/** The third-party providers, which need the site key and secret of an account with them. */
export const PROVIDER_TYPES: readonly CaptchaType[] = ['turnstile', 'hcaptcha', 'recaptcha_v3']
export const CLEARANCE_BINDINGS = ['ip', 'ip_ua'] as const

export const usesProviderKeys = (type: unknown): boolean => PROVIDER_TYPES.includes(type as CaptchaType)

const Text = (max: number) =>
  v.pipe(v.string('must be a string'), v.trim(), v.maxLength(max, `at most ${max} characters`))

const Exempt = jsonObject(
  {
    iplists: v.optional(v.pipe(v.array(Slug, 'must be a list of IP list names'), uniqueItems<string>()), []),
    paths: v.optional(
      v.pipe(
        v.array(v.pipe(Text(2048), v.startsWith('/', 'must start with /')), 'must be a list of paths'),
        uniqueItems<string>('each path once'),
        v.maxLength(100, 'at most 100 paths'),
      ),
      [],
    ),
    user_agents: v.optional(
      v.pipe(
        v.array(v.pipe(Text(512), v.minLength(1, 'must not be empty')), 'must be a list of user agents'),
        uniqueItems<string>('each user agent once'),
        v.maxLength(100, 'at most 100 user agents'),
      ),
      [],
    ),
  },
  objectMessage,
)

/**
 * A challenge visitors solve before they reach a website (RESOURCES.md, Security). `secret` is
 * write-only: the server keeps it, never returns it, and keeps the stored one when a write leaves it
 * out; the API says `secret_set` instead.
 */
export const CaptchaFields = v.pipe(
  jsonObject(
    {
      type: v.optional(
        v.picklist(CAPTCHA_TYPES, 'must be js_pow, captcha, turnstile, hcaptcha, recaptcha_v3 or cookie'),
        'js_pow',
      ),
      site_key: v.optional(v.nullable(Text(256)), null),
      secret: v.optional(v.nullable(Text(256))),
      min_score: v.optional(
        v.pipe(
          v.union(
            [v.number(), v.pipe(v.string(), v.regex(/^\d*\.?\d+$/), v.transform(Number))],
            'must be a number from 0 to 1',
          ),
          v.minValue(0, 'must be at least 0'),
          v.maxValue(1, 'must be at most 1'),
        ),
        0.7,
      ),
      clearance_ttl_s: v.optional(integer(300, 86_400), 1800),
      solve_timeout_s: v.optional(integer(10, 600), 60),
      bind_clearance_to: v.optional(v.picklist(CLEARANCE_BINDINGS, 'must be ip or ip_ua'), 'ip_ua'),
      exempt: v.optional(Exempt, () => v.parse(Exempt, {})),
    },
    objectMessage,
  ),
  v.forward(
    v.check(
      (captcha) => !usesProviderKeys(captcha.type) || (captcha.site_key ?? '') !== '',
      'the provider’s site key is required for this type',
    ),
    ['site_key'],
  ),
  v.forward(
    v.check((captcha) => captcha.secret !== '', 'must not be empty'),
    ['secret'],
  ),
  // The built-in types have no provider account: keys sent with them are not kept.
  v.transform((captcha) => (usesProviderKeys(captcha.type) ? captcha : { ...captcha, site_key: null, secret: null })),
)
export type CaptchaData = v.InferOutput<typeof CaptchaFields>
