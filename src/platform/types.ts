import type { PlatformTypes } from '../../server/app.ts'
import { routeNameOf } from '../types/resource-routes.ts'
import { permissionsOfRoles } from '../types/roles.ts'
import { rolesOfGroups } from '../types/sso-mappings/server.ts'
import { projectDomains } from '../types/websites/server.ts'
import { RESOURCE_TYPES } from './resource-types.ts'

/**
 * The resource types the platform API serves, and what its services ask of them: the one place where
 * the server (server/, which imports no type) and the types (src/types/, ADR 0006) meet. Every process
 * that starts the server hands it these.
 */
export const PLATFORM_TYPES: PlatformTypes = {
  servers: RESOURCE_TYPES,
  permissionsOfRoles,
  rolesOfGroups,
  routeNameOf,
  projectDomains: (db, project) => projectDomains(db, project),
}
