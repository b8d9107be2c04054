import { capitalisedOptions, type Option, type ResourceUi, TIME_COLUMN_WIDTH } from '../../domain/resource-ui.ts'
import { TOKEN_STATE_FIELDS, TOKEN_STATUS_OPTIONS, tokenAttention, tokenEditable } from '../tokens/status.ts'
import {
  ACCESS_TOKEN_BYPASSES,
  ACCESS_TOKEN_TRANSPORTS,
  AccessTokenFields,
  accessTokenExpiryProblem,
} from './fields.ts'

const BYPASS_LABELS: Record<(typeof ACCESS_TOKEN_BYPASSES)[number], string> = {
  challenge: 'Captcha challenge',
  rate_limit: 'Rate limits',
  waf: 'WAF',
}
const bypassOptions: Option[] = ACCESS_TOKEN_BYPASSES.map((value) => ({ value, label: BYPASS_LABELS[value] }))

/** Access tokens: secrets a project hands to some visitors so the edge lets them skip some protections. */
export const accessTokensUi: ResourceUi = {
  notEnforced: () => ['an access token (Varnish nodes do not read them, so their holders skip nothing there)'],
  type: 'access-tokens',
  service: 'core',
  route: 'access-tokens',
  title: 'Access Tokens',
  one: 'access token',
  fields: AccessTokenFields,
  secretOnCreate: {
    field: 'token',
    label: 'Access token',
    usage: 'Hand it to the visitors it is for: their requests carry it as configured here.',
  },
  // Widths in rem, so that on a narrow screen the table scrolls sideways instead of squeezing them out.
  columns: [
    { path: 'websites', label: 'Websites', format: 'list', width: '10rem' },
    { path: 'status', label: 'Status', format: 'label', options: TOKEN_STATUS_OPTIONS, width: '5.5rem' },
    {
      path: 'transport',
      label: 'Carried in',
      format: 'label',
      options: capitalisedOptions(ACCESS_TOKEN_TRANSPORTS),
      width: '5.5rem',
    },
    { path: 'parameter_name', label: 'Parameter', width: '9rem' },
    { path: 'expires_at', label: 'Expires', sortable: true, width: TIME_COLUMN_WIDTH },
    { path: 'enabled', label: 'Enabled', format: 'boolean', width: '4.5rem' },
  ],
  attention: tokenAttention,
  editableRecord: tokenEditable,
  sections: [
    {
      title: 'Where it works',
      fields: [
        {
          kind: 'reference',
          path: 'websites',
          label: 'Websites',
          type: 'websites',
          owner: true,
          multiple: true,
          help: 'None chosen: every website of the project.',
        },
        { kind: 'multiselect', path: 'bypass', label: 'Skips', options: bypassOptions, wide: true },
        { kind: 'boolean', path: 'enabled', label: 'Enabled', help: 'Off pauses it without revoking it.' },
        {
          kind: 'date',
          path: 'expires_at',
          label: 'Expires on',
          nullable: true,
          problem: accessTokenExpiryProblem,
          help: 'At the end of that day (UTC); empty: it never expires.',
        },
      ],
    },
    {
      title: 'How visitors send it',
      fields: [
        {
          kind: 'select',
          path: 'transport',
          label: 'Carried in',
          options: capitalisedOptions(ACCESS_TOKEN_TRANSPORTS),
        },
        {
          kind: 'text',
          path: 'parameter_name',
          label: 'Header, parameter or cookie name',
          placeholder: 'X-Access-Token',
        },
      ],
    },
    {
      title: 'Status',
      fields: [...TOKEN_STATE_FIELDS],
    },
  ],
}
