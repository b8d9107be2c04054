import { createFileRoute } from '@tanstack/react-router'
import { ComingSoonPage } from '../src/views/ComingSoonPage.tsx'

export const Route = createFileRoute('/waf-policies')({
  component: () => <ComingSoonPage title="WAF Policies" />,
})
