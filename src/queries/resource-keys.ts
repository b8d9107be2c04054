/**
 * The resource queries' keys (`resources/type/project/...`, src/queries/resources.ts), in a module of
 * their own: the console's start invalidates a type's queries after the quick-setup wizard's writes
 * without taking the queries' code up front.
 */
export const RESOURCES_KEY = ['resources'] as const

/** Every query of one type in one project: its lists, pickers and details. */
export const resourceTypeKey = (type: string, project: string) => [...RESOURCES_KEY, type, project] as const
