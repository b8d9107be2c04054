import { createFileRoute, getRouteApi } from '@tanstack/react-router'
import { captchasUi } from '../src/types/captchas/screen.ts'
import { ResourceFormRoute } from './-resources/ResourceFormRoute.tsx'

// The component reads its params through getRouteApi so its chunk does not import this route definition.
const route = getRouteApi('/captchas-edit/{-$captcha_name}')

export const Route = createFileRoute('/captchas-edit/{-$captcha_name}')({ component: Page })

function Page() {
  const name = route.useParams({ select: (params) => params.captcha_name })
  return <ResourceFormRoute ui={captchasUi} mode="edit" name={name} />
}
