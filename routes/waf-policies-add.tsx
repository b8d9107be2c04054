import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/waf-policies-add')({
  component: () => <ComingSoonPage title="Add a WAF policy" />,
})
