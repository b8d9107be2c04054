import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const nodesType: TypeEntry = {
  ...platform('nodes', 'core', 'Nodes', 'node', 'nodes_name'),
  ownPages: ['list', 'detail'],
}
