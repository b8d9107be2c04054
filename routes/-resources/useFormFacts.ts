import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectPermissions } from '../../machines/session.selectors.ts'
import type { FormFacts, ResourceUi } from '../../src/domain/resource-ui.ts'
import type { ResourcePage } from './useResourcePage.ts'

const root = getRouteApi('__root__')

/** The facts a type's form notes read (`ui.facts`), each loaded only for the types that ask for it. */
export function useFormFacts(ui: ResourceUi, page: ResourcePage, project: string): FormFacts {
  const { actors } = root.useRouteContext()
  const wantsNodes = ui.facts?.includes('nodeCount') ?? false
  const nodes = useQuery({ ...page.queries.nodeCount(project), enabled: wantsNodes && project !== '' })
  // What a token may be given: the permissions the session holds (the server checks the same).
  const held = useSelector(actors.session, selectPermissions)
  return {
    nodeCount: wantsNodes ? (nodes.data ?? null) : null,
    permissions: ui.facts?.includes('permissions') ? held : null,
  }
}
