import { createFileRoute } from '@tanstack/react-router'
import { leCertificatesUi } from '../src/domain/definitions/le-certificates.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/managed-certificates')({
  validateSearch: ResourceListSearch,
  loader: listLoader(leCertificatesUi),
  component: () => <ResourceListRoute ui={leCertificatesUi} />,
})
