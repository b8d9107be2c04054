import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/access-tokens-add')({
  component: () => <ComingSoonPage title="Add an access token" />,
})
