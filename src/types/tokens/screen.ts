import { type ResourceUi, TIME_COLUMN_WIDTH } from '../../domain/resource-ui.ts'
import { TOKEN_LIFETIME_DAYS } from '../../domain/tokens.ts'
import { TokenFields, tokenExpiryProblem } from './fields.ts'
import { TOKEN_STATE_FIELDS, TOKEN_STATUS_OPTIONS, tokenAttention, tokenEditable } from './status.ts'

const DAY_MS = 86_400_000

/** The end of the day `days` ahead, as the expiry field stores it. */
export function expiryInDays(days: number, now: number = Date.now()): string {
  const day = new Date(now + days * DAY_MS).toISOString().slice(0, 10)
  return `${day}T23:59:59.000Z`
}

/** API tokens (Manage Tokens): scripts acting for their owner, within the permissions chosen here. */
export const tokensUi: ResourceUi = {
  type: 'tokens',
  service: 'auth',
  scope: 'platform',
  permissionService: 'auth',
  route: 'tokens',
  title: 'Manage Tokens',
  many: 'tokens',
  one: 'token',
  fields: TokenFields,
  facts: ['permissions'],
  secretOnCreate: {
    field: 'token',
    label: 'Token',
    usage: 'Send it as "Authorization: Bearer <token>" with each API request.',
  },
  newDraft: () => ({ permissions: [], expires_at: expiryInDays(TOKEN_LIFETIME_DAYS.default) }),
  // Widths in rem, so that on a narrow screen the table scrolls sideways instead of squeezing them out.
  columns: [
    { path: 'owner', label: 'Owner', sortable: true, width: '12rem' },
    { path: 'status', label: 'Status', format: 'label', options: TOKEN_STATUS_OPTIONS, width: '5.5rem' },
    { path: 'prefix', label: 'Prefix', width: '6rem' },
    { path: 'expires_at', label: 'Expires', sortable: true, width: TIME_COLUMN_WIDTH },
    { path: 'last_used_at', label: 'Last used', width: TIME_COLUMN_WIDTH },
  ],
  attention: tokenAttention,
  editableRecord: tokenEditable,
  summary: (record) => [
    {
      label: 'Status',
      value: TOKEN_STATUS_OPTIONS.find((option) => option.value === record.status)?.label ?? String(record.status),
    },
  ],
  sections: [
    {
      title: 'Access',
      description: 'A token gets at most what you hold: choose among your own permissions.',
      fields: [
        {
          kind: 'reference',
          path: 'owner',
          label: 'Owner',
          type: 'users',
          owner: true,
          nullable: true,
          help: 'The user it acts for: no selection for you; another user only if you may manage them. It never gets more than its owner holds.',
        },
        { kind: 'permissions', path: 'permissions', label: 'Permissions', wide: true },
        {
          kind: 'reference',
          path: 'projects',
          label: 'Projects',
          type: 'projects',
          owner: true,
          multiple: true,
          help: 'None chosen: every project its owner may reach.',
        },
        {
          kind: 'date',
          path: 'expires_at',
          label: 'Expires on',
          problem: tokenExpiryProblem,
          help: `At the end of that day (UTC): ${TOKEN_LIFETIME_DAYS.default} days ahead by default, at most one year.`,
        },
      ],
    },
    {
      title: 'Use',
      fields: [...TOKEN_STATE_FIELDS, { kind: 'text', path: 'last_used_at', label: 'Last used', readOnly: true }],
    },
  ],
}
