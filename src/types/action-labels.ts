import { capitalise, humanise, typeOneOf } from './labels.ts'

/** The past tense of the verbs audit actions end with. */
const VERBS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  revoke: 'revoked',
  restore: 'restored',
  import: 'imported',
  activate: 'activated',
  expire: 'expired',
  rotate: 'rotated',
  'rotate-secret': 'secret rotated',
}

/** Actions whose words are not "<one of the type> <verb>". */
const WHOLE_ACTIONS: Record<string, string> = {
  login: 'Sign-in',
  'purge.create': 'Cache invalidated',
  'access-list.import': 'Blocklist entries imported',
  'backups.restore': 'Backup restored',
}

/** An audit action in words: `le-cert.update` → `LE certificate updated`. */
export function actionLabel(action: string): string {
  const whole = WHOLE_ACTIONS[action]
  if (whole) return whole
  const dot = action.lastIndexOf('.')
  if (dot === -1) return humanise(action)
  const verb = action.slice(dot + 1)
  return `${capitalise(typeOneOf(action.slice(0, dot)))} ${VERBS[verb] ?? humanise(verb).toLowerCase()}`
}
