import * as v from 'valibot'
import { integer, jsonObject } from '../common.ts'
import { objectMessage } from './page-rule.ts'

export const WAF_MODES = ['block', 'detect', 'off'] as const
export const WAF_RULESETS = ['owasp_crs_4', 'owasp_crs_3'] as const
export const WAF_ACTIONS = ['block', 'challenge', 'log'] as const
export const WAF_OVERRIDE_ACTIONS = ['disable', 'log', 'block'] as const
/** The attack categories a policy can switch off one by one; every one is on by default. */
export const WAF_CATEGORIES = ['sqli', 'xss', 'rce', 'lfi', 'php', 'java', 'scanner'] as const

/** A CRS rule id: six digits (900000-999999 in the OWASP Core Rule Set). */
const RuleId = v.pipe(
  v.union([v.number(), v.string()], 'must be a rule id such as 942100'),
  v.transform(String),
  v.regex(/^\d{6}$/, 'must be a six-digit rule id such as 942100'),
)

export const RuleOverride = jsonObject(
  {
    rule_id: RuleId,
    action: v.picklist(WAF_OVERRIDE_ACTIONS, 'must be disable, log or block'),
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
    ),
    parameter: v.optional(
      v.nullable(v.pipe(v.string('must be a string'), v.trim(), v.maxLength(256, 'at most 256 characters'))),
      null,
    ),
    rule_ids: v.pipe(
      v.array(RuleId, 'must be a list of rule ids'),
      v.minLength(1, 'name at least one rule'),
      v.maxLength(100, 'at most 100 rules'),
    ),
    reason: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.minLength(1, 'say why the exclusion is safe'),
      v.maxLength(500, 'at most 500 characters'),
    ),
  },
  objectMessage,
)

const Categories = jsonObject(
  Object.fromEntries(
    WAF_CATEGORIES.map((category) => [category, v.optional(v.boolean('must be true or false'), true)]),
  ) as {
    [K in (typeof WAF_CATEGORIES)[number]]: v.OptionalSchema<v.BooleanSchema<string>, true>
  },
  objectMessage,
)

/** A web application firewall policy, which directors name in `waf_config` (RESOURCES.md, Security). */
export const WafPolicyFields = v.pipe(
  jsonObject(
    {
      mode: v.optional(v.picklist(WAF_MODES, 'must be block, detect or off'), 'detect'),
      ruleset: v.optional(v.picklist(WAF_RULESETS, 'must be owasp_crs_4 or owasp_crs_3'), 'owasp_crs_4'),
      paranoia_level: v.optional(integer(1, 4), 1),
      inbound_threshold: v.optional(integer(1, 1000), 5),
      outbound_threshold: v.optional(integer(1, 1000), 4),
      action_on_match: v.optional(v.picklist(WAF_ACTIONS, 'must be block, challenge or log'), 'block'),
      block_status: v.optional(integer(400, 599), 403),
      categories: v.optional(Categories, () => v.parse(Categories, {})),
      rule_overrides: v.optional(
        v.pipe(v.array(RuleOverride, 'must be a list of rule overrides'), v.maxLength(500, 'at most 500 overrides')),
        [],
      ),
      exclusions: v.optional(
        v.pipe(v.array(Exclusion, 'must be a list of exclusions'), v.maxLength(500, 'at most 500 exclusions')),
        [],
      ),
      request_body_limit_bytes: v.optional(integer(1024, 134_217_728), 131_072),
    },
    objectMessage,
  ),
  v.forward(
    v.check(
      (policy) => new Set(policy.rule_overrides.map((o) => o.rule_id)).size === policy.rule_overrides.length,
      'each rule may be overridden once',
    ),
    ['rule_overrides'],
  ),
)
export type WafPolicyData = v.InferOutput<typeof WafPolicyFields>
