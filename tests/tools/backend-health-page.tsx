import { render } from '@testing-library/react'
import { vi } from 'vitest'
import { BackendHealthPage, type BackendHealthPageProps } from '../../src/views/BackendHealthPage.tsx'

/**
 * The Backend Health page as the route renders it once its answer is in: every project `shop` and `media`,
 * no director filter, ready, no rows unless given. Returns the filter and retry handlers to assert on.
 */
export function renderBackendHealthPage(props: Partial<BackendHealthPageProps> = {}) {
  const onFilter = vi.fn()
  const onRetry = vi.fn()
  render(
    <BackendHealthPage
      project=""
      director=""
      projects={['shop', 'media']}
      directors={[]}
      status="ready"
      rows={[]}
      refreshing={false}
      onFilter={onFilter}
      onRetry={onRetry}
      {...props}
    />,
  )
  return { onFilter, onRetry }
}
