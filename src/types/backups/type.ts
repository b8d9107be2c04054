import type { TypeEntry } from '../../domain/type-entry.ts'

export const backupsType: TypeEntry = {
  type: 'backups',
  route: 'backup',
  label: 'Backups',
  one: 'backup',
  scope: 'project',
  service: 'core',
  operated: true,
  actions: ['list', 'get', 'create', 'restore', 'delete'],
  feature: true,
  page: '/backups',
}
