/**
 * Permission strings are `service.resource.action`. One rule, shared by the console and the server
 * (spec section 6): a permission is granted by an exact match or by `a.b.*`, `a.*.c` or `a.*.*` in the
 * list; `wadp.*.*` grants everything.
 */
export const SUPER_PERMISSION = 'wadp.*.*'

const PERMISSION_PATTERN = /^[a-z][a-z0-9-]*\.(\*|[a-z][a-z0-9-]*)\.(\*|[a-z][a-z0-9-]*)$/

export function isPermission(value: string): boolean {
  return PERMISSION_PATTERN.test(value)
}

export function grants(held: readonly string[], wanted: string): boolean {
  if (held.includes(SUPER_PERMISSION)) return true
  const [service, resource, action] = wanted.split('.')
  if (service === undefined || resource === undefined || action === undefined) return false
  return (
    held.includes(wanted) ||
    held.includes(`${service}.${resource}.*`) ||
    held.includes(`${service}.*.${action}`) ||
    held.includes(`${service}.*.*`)
  )
}

export function grantsAll(held: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((permission) => grants(held, permission))
}

export function grantsAny(held: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((permission) => grants(held, permission))
}

/**
 * What two permission lists both grant, each entry kept in the form one of them states it: a token
 * for `wadp.*.list` owned by a user holding `wadp.websites.*` may list websites, nothing more.
 */
export function intersectPermissions(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a.filter((p) => grants(b, p)), ...b.filter((p) => grants(a, p))])]
}
