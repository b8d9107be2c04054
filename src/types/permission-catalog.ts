import { grants, isPermission } from '../domain/permissions.ts'
import { permissionServiceOf } from '../domain/type-entry.ts'
import { TYPE_CATALOGUE } from './registry.ts'

/**
 * Every permission the platform checks, by service and resource (API.md), so a token form can offer
 * what its creator holds even when that is a wildcard (`wadp.*.*` holds them all).
 */
const CRUD = ['list', 'get', 'create', 'update', 'delete'] as const

/** The resource types of one permission service, each with its actions (the registry). */
const typesOf = (service: 'wadp' | 'auth') =>
  Object.fromEntries(
    TYPE_CATALOGUE.filter((entry) => permissionServiceOf(entry) === service).map((entry) => [
      entry.type,
      entry.actions ?? CRUD,
    ]),
  )

export const PERMISSION_CATALOG: Record<string, Record<string, readonly string[]>> = {
  wadp: {
    // The project a user works in: reading it is all wadp grants (auth manages projects).
    projects: ['get'],
    ...typesOf('wadp'),
    'backend-health': ['list'],
    purge: ['create'],
    stats: ['query'],
    audit: ['list'],
  },
  auth: typesOf('auth'),
}

/** One resource's permissions a creator may hand out: its wildcard first (when held), then each action. */
export type PermissionResourceGroup = { resource: string; permissions: string[] }
/** One service's: `service.*.*` when held, then its resources. */
export type PermissionServiceGroup = { service: string; wildcard: string | null; resources: PermissionResourceGroup[] }

/**
 * The permissions a user holding `held` may give a token, grouped by service and resource, with the
 * wildcard forms they hold (`wadp.websites.*`, `wadp.*.*`). A held permission the catalog does not name
 * (`wadp.*.list`) is offered as it is, under its service.
 */
export function grantableGroups(held: readonly string[]): PermissionServiceGroup[] {
  const services = new Set(Object.keys(PERMISSION_CATALOG))
  for (const permission of held) if (isPermission(permission)) services.add(permission.split('.')[0] ?? '')
  const groups: PermissionServiceGroup[] = []
  for (const service of services) {
    const catalog = PERMISSION_CATALOG[service] ?? {}
    const resources = new Map<string, string[]>()
    const offer = (resource: string, permission: string) => {
      const list = resources.get(resource) ?? []
      if (!list.includes(permission)) resources.set(resource, [...list, permission])
    }
    for (const [resource, actions] of Object.entries(catalog)) {
      for (const permission of [`${service}.${resource}.*`, ...actions.map((a) => `${service}.${resource}.${a}`)]) {
        if (grants(held, permission)) offer(resource, permission)
      }
    }
    const wildcard = `${service}.*.*`
    for (const permission of held) {
      const [own, resource] = permission.split('.')
      if (own === service && isPermission(permission) && permission !== wildcard) offer(resource ?? '*', permission)
    }
    const list = [...resources].map(([resource, permissions]) => ({ resource, permissions }))
    if (list.length > 0 || grants(held, wildcard)) {
      groups.push({ service, wildcard: grants(held, wildcard) ? wildcard : null, resources: list })
    }
  }
  return groups
}

/** Whether another selected permission already grants this one (`wadp.websites.list` under `wadp.websites.*`). */
export function coveredBy(selected: readonly string[], permission: string): string | null {
  const [service] = permission.split('.')
  const wider = selected.filter((candidate) => candidate !== permission && candidate.startsWith(`${service}.`))
  return wider.find((candidate) => grants([candidate], permission)) ?? null
}
