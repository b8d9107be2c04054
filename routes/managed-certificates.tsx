import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { leCertificatesUi } from '../src/types/le-certificates/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/managed-certificates')({
  validateSearch: ResourceListSearch,
  loader: listLoader(leCertificatesUi),
  component: () => <ResourceListRoute ui={leCertificatesUi} />,
})
