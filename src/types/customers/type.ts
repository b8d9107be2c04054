import { platform, type TypeEntry } from '../../domain/type-entry.ts'

export const customersType: TypeEntry = {
  ...platform('customers', 'auth', 'Customers', 'customer'),
  nav: undefined,
  page: null,
}
