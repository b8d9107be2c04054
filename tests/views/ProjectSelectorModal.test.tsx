// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ProjectSummary, projectMatches } from '../../src/domain/project.ts'
import { ProjectSelectorModal, type ProjectSelectorModalProps } from '../../src/views/ProjectSelectorModal.tsx'

afterEach(cleanup)

function project(name: string, displayName: string, customer = 'Acme', organization = 'Globex'): ProjectSummary {
  return {
    name,
    display_name: displayName,
    customer: { name: customer.toLowerCase(), display_name: customer },
    organization: { name: organization.toLowerCase(), display_name: organization },
  }
}

const PROJECTS = [
  project('shop', 'Web Shop'),
  project('media', 'Media Library', 'Initech'),
  project('blog', 'Company Blog', 'Initech', 'Umbrella'),
]

type Overrides = Partial<Omit<ProjectSelectorModalProps, 'filter' | 'onFilter'>>

/** The machine holds the filter text; a small state stands in for it. */
function Harness(props: Overrides & { initialFilter?: string }) {
  const [filter, setFilter] = useState(props.initialFilter ?? '')
  return (
    <ProjectSelectorModal
      open
      onCancel={() => {}}
      projects={PROJECTS}
      status="loaded"
      onSelect={() => {}}
      {...props}
      filter={filter}
      onFilter={setFilter}
    />
  )
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Projects' }))
    .getAllByRole('row')
    .slice(1)

describe('ProjectSelectorModal', () => {
  it('lists the projects with their name, ID, organisation and customer', () => {
    render(<Harness />)
    expect(screen.getByRole('dialog', { name: 'Select a project' })).toBeTruthy()
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual(['Name', 'ID', 'Organisation', 'Customer'])
    const first = bodyRows()[0]
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['shop', 'Globex', 'Acme'])
    expect(within(first as HTMLElement).getByRole('rowheader').textContent).toBe('Web Shop')
  })

  it('filters the table as the user types', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'initech')
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Media Library',
      'Company Blog',
    ])
  })

  it("says 'No match' when the filter matches nothing", async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'nothing like it')
    expect(screen.getByText('No match')).toBeTruthy()
  })

  it("says 'No project available' when the list is empty or could not be loaded", () => {
    const { rerender } = render(<Harness projects={[]} />)
    expect(screen.getByText('No project available')).toBeTruthy()
    rerender(<Harness projects={undefined} status="failed" />)
    expect(screen.getByText('No project available')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows that the projects are loading', () => {
    render(<Harness projects={undefined} status="loading" />)
    expect(screen.getByRole('status').textContent).toBe('Loading projects')
  })

  it('selects a project with the keyboard: down from the search box, down again, Enter', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<Harness onSelect={onSelect} />)
    await user.click(screen.getByRole('searchbox', { name: 'Search projects' }))
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onSelect).toHaveBeenCalledWith('media')
  })

  it('selects a project with a click', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<Harness onSelect={onSelect} />)
    await user.click(screen.getByText('Company Blog'))
    expect(onSelect).toHaveBeenCalledWith('blog')
  })

  it('marks the current project', () => {
    render(<Harness currentProject="media" />)
    const current = bodyRows().find((row) => row.getAttribute('aria-current') === 'true')
    expect(current && within(current).getByRole('rowheader').textContent).toBe('Media Library')
  })

  it('cancels with the Cancel button', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    render(<Harness onCancel={onCancel} />)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it('offers to create a customer or a project only when allowed', async () => {
    const user = userEvent.setup()
    const onCreateProject = vi.fn()
    const { rerender } = render(<Harness onCreateProject={onCreateProject} onCreateCustomer={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Create project' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Create customer' })).toBeNull()
    rerender(
      <Harness showCreateProject onCreateProject={onCreateProject} showCreateCustomer onCreateCustomer={() => {}} />,
    )
    expect(screen.getByRole('button', { name: 'Create customer' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create project' }))
    expect(onCreateProject).toHaveBeenCalledOnce()
  })

  it('renders only a window of rows for 10,000 projects and filters them quickly', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      project(`project-${index}`, `Project ${index}`, `Customer ${index % 97}`, `Organisation ${index % 13}`),
    )
    const user = userEvent.setup()
    render(<Harness projects={many} />)
    const table = screen.getByRole('table', { name: 'Projects' })
    expect(table.getAttribute('aria-rowcount')).toBe('10001')
    const rendered = bodyRows()
    expect(rendered.length).toBeGreaterThan(5)
    expect(rendered.length).toBeLessThan(40)
    expect(rendered[0]?.getAttribute('aria-rowindex')).toBe('2')

    const matching = many.filter((candidate) => projectMatches(candidate, 'customer 42'))

    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'customer 42')
    expect(screen.getByRole('table', { name: 'Projects' }).getAttribute('aria-rowcount')).toBe(
      String(matching.length + 1),
    )
    expect(bodyRows().length).toBeLessThan(40)
  })

  it('walks down past the rendered window with the keyboard', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => project(`p-${index}`, `Project ${index}`))
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<Harness projects={many} onSelect={onSelect} />)
    await user.click(screen.getByRole('searchbox', { name: 'Search projects' }))
    await user.keyboard('{ArrowDown}{End}{Enter}')
    expect(onSelect).toHaveBeenCalledWith('p-9999')
  })
})
