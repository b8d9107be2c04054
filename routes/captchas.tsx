import { createFileRoute } from '@tanstack/react-router'
import { captchasUi } from '../src/domain/definitions/captchas.ts'
import { ResourceListSearch } from '../src/domain/list-search.ts'
import { ResourceListRoute } from './-resources/ResourceListRoute.tsx'

export const Route = createFileRoute('/captchas')({
  validateSearch: ResourceListSearch,
  component: () => <ResourceListRoute ui={captchasUi} />,
})
