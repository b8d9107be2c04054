import * as v from 'valibot'
import { integer, jsonObject } from '../../domain/common.ts'
import { objectMessage } from '../../domain/field-rules.ts'

export const WAF_MODES = ['block', 'detect', 'off'] as const
export const WAF_RULESETS = ['owasp_crs_4', 'owasp_crs_3'] as const
export const WAF_ACTIONS = ['block', 'challenge', 'log'] as const
export const WAF_OVERRIDE_ACTIONS = ['disable', 'log', 'block'] as const
/** The attack categories a policy can switch off one by one; every one is on by default. */
export const WAF_CATEGORIES = ['sqli', 'xss', 'rce', 'lfi', 'php', 'java', 'scanner'] as const

/** A CRS rule id: six digits (900000-999999 in the OWASP Core Rule Set). */
const RuleId = v.pipe(
  v.union([v.number(), v.string()], 'must be a rule id such as 942100'),
  // Before the transform: openapi.json describes the input, which ends there.
  v.description('A CRS rule id, such as 942100'),
  v.transform(String),
  v.regex(/^\d{6}$/, 'must be a six-digit rule id such as 942100'),
)

export const RuleOverride = jsonObject(
  {
    rule_id: RuleId,
    action: v.pipe(
      v.picklist(WAF_OVERRIDE_ACTIONS, 'must be disable, log or block'),
      v.description('What the rule does instead: disable, log or block'),
    ),
  },
  objectMessage,
)

export const Exclusion = jsonObject(
  {
    path: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.startsWith('/', 'must start with /'),
      v.maxLength(2048, 'at most 2048 characters'),
      v.description('Path prefix the exclusion applies to'),
    ),
    parameter: v.optional(
      v.pipe(
        v.nullable(v.pipe(v.string('must be a string'), v.trim(), v.maxLength(256, 'at most 256 characters'))),
        v.description('Only this request parameter is excluded; null for the whole request'),
      ),
      null,
    ),
    rule_ids: v.pipe(
      v.array(RuleId, 'must be a list of rule ids'),
      v.minLength(1, 'name at least one rule'),
      v.maxLength(100, 'at most 100 rules'),
      v.description('The rules that skip it'),
    ),
    reason: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.minLength(1, 'say why the exclusion is safe'),
      v.maxLength(500, 'at most 500 characters'),
      v.description('Why the exclusion is safe'),
    ),
  },
  objectMessage,
)

const CATEGORY_NAMES: Record<(typeof WAF_CATEGORIES)[number], string> = {
  sqli: 'SQL injection',
  xss: 'cross-site scripting',
  rce: 'remote code execution',
  lfi: 'local file inclusion',
  php: 'PHP',
  java: 'Java',
  scanner: 'scanner and bot',
}

const Categories = jsonObject(
  Object.fromEntries(
    WAF_CATEGORIES.map((category) => [
      category,
      v.optional(
        v.pipe(v.boolean('must be true or false'), v.description(`Detect ${CATEGORY_NAMES[category]} attacks`)),
        true,
      ),
    ]),
  ) as {
    [K in (typeof WAF_CATEGORIES)[number]]: v.OptionalSchema<
      v.SchemaWithPipe<readonly [v.BooleanSchema<string>, v.DescriptionAction<boolean, string>]>,
      true
    >
  },
  objectMessage,
)

/** A web application firewall policy, which directors name in `waf_config` (RESOURCES.md, Security). */
export const WafPolicyFields = v.pipe(
  jsonObject(
    {
      mode: v.optional(
        v.pipe(
          v.picklist(WAF_MODES, 'must be block, detect or off'),
          v.description('block acts on attacks, detect only logs them, off skips the WAF'),
        ),
        'detect',
      ),
      ruleset: v.optional(
        v.pipe(
          v.picklist(WAF_RULESETS, 'must be owasp_crs_4 or owasp_crs_3'),
          v.description('OWASP Core Rule Set version'),
        ),
        'owasp_crs_4',
      ),
      paranoia_level: v.optional(
        v.pipe(integer(1, 4), v.description('1 to 4: higher catches more and blocks more false positives')),
        1,
      ),
      inbound_threshold: v.optional(
        v.pipe(integer(1, 1000), v.description('Anomaly score at which a request is an attack')),
        5,
      ),
      outbound_threshold: v.optional(
        v.pipe(integer(1, 1000), v.description('Anomaly score at which a response is a leak')),
        4,
      ),
      action_on_match: v.optional(
        v.pipe(
          v.picklist(WAF_ACTIONS, 'must be block, challenge or log'),
          v.description('What block mode does with an attack'),
        ),
        'block',
      ),
      block_status: v.optional(v.pipe(integer(400, 599), v.description('Status of a blocked request')), 403),
      categories: v.optional(v.pipe(Categories, v.description('Attack categories, each on by default')), () =>
        v.parse(Categories, {}),
      ),
      rule_overrides: v.optional(
        v.pipe(
          v.array(RuleOverride, 'must be a list of rule overrides'),
          v.maxLength(500, 'at most 500 overrides'),
          v.description('Rules that act otherwise than the ruleset says, each once'),
        ),
        [],
      ),
      exclusions: v.optional(
        v.pipe(
          v.array(Exclusion, 'must be a list of exclusions'),
          v.maxLength(500, 'at most 500 exclusions'),
          v.description('Rules skipped for a path (and parameter), with the reason'),
        ),
        [],
      ),
      request_body_limit_bytes: v.optional(
        v.pipe(integer(1024, 134_217_728), v.description('Largest request body inspected, in bytes')),
        131_072,
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['rule_overrides']],
      (policy) => new Set(policy.rule_overrides.map((o) => o.rule_id)).size === policy.rule_overrides.length,
      'each rule may be overridden once',
    ),
    ['rule_overrides'],
  ),
)
export type WafPolicyData = v.InferOutput<typeof WafPolicyFields>
