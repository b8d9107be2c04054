import { createFileRoute } from '@tanstack/react-router'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { captchasUi } from '../src/types/captchas/screen.ts'
import { listLoader } from './-resources/listLoader.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/captchas')({
  validateSearch: ResourceListSearch,
  loader: listLoader(captchasUi),
  component: () => <ResourceListRoute ui={captchasUi} />,
})
