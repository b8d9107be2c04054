import { useQuery } from '@tanstack/react-query'
import type { FormFacts, ResourceUi } from '../../src/domain/resource-ui.ts'
import type { useResourcePage } from './useResourcePage.ts'

/** The facts a type's form notes read (`ui.facts`), each loaded only for the types that ask for it. */
export function useFormFacts(ui: ResourceUi, page: ReturnType<typeof useResourcePage>, project: string): FormFacts {
  const wantsNodes = ui.facts?.includes('nodeCount') ?? false
  const nodes = useQuery({ ...page.queries.nodeCount(project), enabled: wantsNodes && project !== '' })
  return { nodeCount: wantsNodes ? (nodes.data ?? null) : null }
}
