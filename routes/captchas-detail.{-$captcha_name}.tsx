import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { captchasUi } from '../src/types/captchas/screen.ts'
import { ResourceDetailRoute } from './-resources/ResourceDetailRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/captchas-detail/{-$captcha_name}')

export const Route = createFileRoute('/captchas-detail/{-$captcha_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.captcha_name })
  return <ResourceDetailRoute ui={captchasUi} name={name} />
}
