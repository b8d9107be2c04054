import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const poolsType: TypeEntry = platform('pools', 'core', 'Pools', 'pool', 'pools_name')
