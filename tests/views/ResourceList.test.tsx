// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactNode, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { ResourceListParams } from '../../src/domain/list-params.ts'
import { codeSnippetsUi } from '../../src/types/code-snippets/screen.ts'
import { tokensUi } from '../../src/types/tokens/screen.ts'
import { websitesUi } from '../../src/types/websites/screen.ts'
import { tableMinWidth } from '../../src/views/resources/ListTable.tsx'
import { FILTER_DELAY_MS } from '../../src/views/resources/ListToolbar.tsx'
import { ResourceList, type ResourceListProps } from '../../src/views/resources/ResourceList.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function website(name: string, fields: Record<string, unknown> = {}): StoredRecord {
  return {
    name,
    display_name: null,
    revision: 3,
    created_at: '2026-01-02T10:00:00Z',
    created_by: 'admin',
    updated_at: '2026-03-04T05:06:07Z',
    updated_by: 'admin',
    domain_name: `${name}.example.com`,
    domain_aliases: [`www.${name}.example.com`],
    default_director: 'origin-pool',
    ...fields,
  }
}

const ROWS = [
  website('shop', { display_name: 'Web Shop', revision: 7 }),
  website('blog', { revision: 2 }),
  website('media'),
]
const DEFAULT_PARAMS: ResourceListParams = { page: 1, items: 100, q: '', sort: '' }
const ALL = { create: true, update: true, delete: true }
const NONE = { create: false, update: false, delete: false }

const link = (to: string, content: ReactNode) => <a href={to}>{content}</a>

function props(overrides: Partial<ResourceListProps> = {}): ResourceListProps {
  return {
    ui: websitesUi,
    rows: ROWS,
    total: ROWS.length,
    params: DEFAULT_PARAMS,
    status: 'ready',
    can: ALL,
    onParamsChange: vi.fn(),
    onRetry: vi.fn(),
    onDelete: vi.fn(),
    renderDetailLink: (name, content) => link(`/websites-detail/${name}`, content),
    renderEditLink: (name, content) => link(`/websites-edit/${name}`, content),
    renderAddLink: (content) => link('/websites-add', content),
    renderReference: (type, name) => link(`/${type}-detail/${name}`, name),
    ...overrides,
  }
}

/** The route keeps the params in the URL; a state stands in for it, and the spy records every change. */
function Harness({
  spy,
  ...overrides
}: Partial<ResourceListProps> & { spy: (next: Partial<ResourceListParams>) => void }) {
  const [params, setParams] = useState(overrides.params ?? DEFAULT_PARAMS)
  return (
    <ResourceList
      {...props(overrides)}
      params={params}
      onParamsChange={(next) => {
        spy(next)
        setParams((current) => ({ ...current, ...next }))
      }}
    />
  )
}

const headers = () => screen.getAllByRole('columnheader')
const header = (name: string) => {
  const found = headers().find((cell) => cell.textContent === name)
  if (!found) throw new Error(`no header ${name}`)
  return found
}
const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')
  if (!row) throw new Error(`no row for ${name}`)
  return row
}

describe('ResourceList', () => {
  it('shows the name, the type columns, the update time and the actions, with links', () => {
    render(<ResourceList {...props()} />)
    expect(screen.getByRole('heading', { name: 'Websites' })).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Websites' }).getAttribute('aria-rowcount')).toBe('4')
    expect(headers().map((cell) => cell.textContent)).toEqual([
      '',
      'Name',
      'Domain',
      'Aliases',
      'Director',
      'Updated',
      'Actions',
    ])
    const shop = rowOf('shop')
    expect(within(shop).getByRole('link', { name: 'shop' }).getAttribute('href')).toBe('/websites-detail/shop')
    expect(within(shop).getByText('Web Shop')).toBeTruthy()
    // A long value is cut short in its cell, and whole in the cell's tooltip; aliases are counted.
    expect(within(shop).getByText('shop.example.com').getAttribute('title')).toBe('shop.example.com')
    expect(
      within(shop)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('1')
    expect(within(shop).getByRole('link', { name: 'origin-pool' }).getAttribute('href')).toBe(
      '/directors-detail/origin-pool',
    )
    expect(within(shop).getByText('04-03-2026 05:06:07', { exact: false })).toBeTruthy()
    expect(within(shop).getByRole('button', { name: 'Delete website shop' })).toBeTruthy()
    expect(within(shop).getByRole('link', { name: 'Edit website shop' }).getAttribute('href')).toBe(
      '/websites-edit/shop',
    )
    expect(screen.getByRole('link', { name: 'Add website' }).getAttribute('href')).toBe('/websites-add')
  })

  it("gives focus to the next row's same control when the focused row's record is deleted", async () => {
    const { rerender } = render(<ResourceList {...props()} />)
    screen.getByRole('button', { name: 'Delete website blog' }).focus()
    // The list read again after the delete: blog is gone, and its button with it.
    rerender(<ResourceList {...props({ rows: ROWS.filter((row) => row.name !== 'blog'), total: 2 })} />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete website media' }))
    // The last row gone: focus goes to the row now last.
    rerender(<ResourceList {...props({ rows: ROWS.filter((row) => row.name === 'shop'), total: 1 })} />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete website shop' }))
  })

  it("gives focus to the empty list's message when the focused row was the last one", () => {
    const only = ROWS.filter((row) => row.name === 'shop')
    const { rerender } = render(<ResourceList {...props({ rows: only, total: 1 })} />)
    screen.getByRole('button', { name: 'Delete website shop' }).focus()
    // The list read again after the delete: the table goes, and the focused button with it.
    rerender(<ResourceList {...props({ rows: [], total: 0 })} />)
    expect(document.activeElement).toBe(screen.getByText('No websites yet.'))
    // Tab goes on from there, to Add website beside it.
    expect(screen.getAllByRole('link', { name: 'Add website' }).length).toBeGreaterThan(0)
  })

  it('leaves the focus alone when a list becomes empty while the user is elsewhere', () => {
    const { rerender } = render(<ResourceList {...props()} />)
    screen.getByRole('button', { name: 'Delete website shop' }).focus()
    screen.getByRole('searchbox', { name: 'Filter by name' }).focus()
    rerender(<ResourceList {...props({ rows: [], total: 0, params: { ...props().params, q: 'nothing' } })} />)
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Filter by name' }))
  })

  it('leaves focus where the user put it when rows change', () => {
    const { rerender } = render(
      <>
        <button type="button">Elsewhere</button>
        <ResourceList {...props()} />
      </>,
    )
    screen.getByRole('button', { name: 'Delete website blog' }).focus()
    screen.getByRole('button', { name: 'Elsewhere' }).focus()
    rerender(
      <>
        <button type="button">Elsewhere</button>
        <ResourceList {...props({ rows: ROWS.filter((row) => row.name !== 'blog'), total: 2 })} />
      </>,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }))
  })

  it('says what the filter found and how many rows are selected, in a live region there from the start', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<ResourceList {...props()} />)
    const live = document.querySelector<HTMLElement>('[aria-live="polite"].sr-only')
    expect(live?.textContent).toBe('')
    rerender(<ResourceList {...props({ rows: ROWS.slice(0, 1), total: 1, params: { ...DEFAULT_PARAMS, q: 'sh' } })} />)
    expect(live?.textContent).toBe('1 website match "sh". ')
    rerender(<ResourceList {...props({ rows: [], total: 0, params: { ...DEFAULT_PARAMS, q: 'zz' } })} />)
    expect(live?.textContent).toBe('0 websites match "zz". ')
    rerender(<ResourceList {...props()} />)
    expect(live?.textContent).toBe('')
    await user.click(screen.getByRole('checkbox', { name: 'Select blog' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select media' }))
    expect(live?.textContent).toBe('2 selected.')
    expect(document.querySelector('[aria-live="polite"].sr-only')).toBe(live)
  })

  it('puts what can be done with the selected rows in a region named by their number, to go to from the table', async () => {
    const user = userEvent.setup()
    render(<ResourceList {...props()} />)
    expect(screen.queryByRole('region')).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Select shop' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select media' }))
    // A landmark: a screen reader's landmark keys reach it from the row whose box was ticked.
    const bar = screen.getByRole('region', { name: '2 selected' })
    expect(within(bar).getByRole('button', { name: 'Delete selected' })).toBeTruthy()
    expect(within(bar).getByRole('button', { name: 'Clear selection' })).toBeTruthy()
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }))
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('offers no add, delete, edit or selection without the permissions', () => {
    render(<ResourceList {...props({ can: NONE })} />)
    expect(screen.queryByRole('link', { name: 'Add website' })).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull()
    expect(headers().map((cell) => cell.textContent)).toEqual(['Name', 'Domain', 'Aliases', 'Director', 'Updated'])
  })

  it('deletes one row with the revision it shows', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    render(<ResourceList {...props({ onDelete })} />)
    await user.click(screen.getByRole('button', { name: 'Delete website shop' }))
    expect(onDelete).toHaveBeenCalledWith([{ name: 'shop', revision: 7 }])
  })

  it('sorts by a column ascending, then descending, and marks the header with aria-sort', async () => {
    const user = userEvent.setup()
    const spy = vi.fn()
    render(<Harness spy={spy} />)
    // The server sorts by name when nothing is asked.
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending')
    expect(header('Domain').getAttribute('aria-sort')).toBeNull()

    await user.click(within(header('Domain')).getByRole('button', { name: 'Domain' }))
    expect(spy).toHaveBeenLastCalledWith({ sort: 'domain_name', page: 1 })
    expect(header('Domain').getAttribute('aria-sort')).toBe('ascending')
    expect(header('Name').getAttribute('aria-sort')).toBeNull()

    await user.click(within(header('Domain')).getByRole('button', { name: 'Domain' }))
    expect(spy).toHaveBeenLastCalledWith({ sort: '-domain_name', page: 1 })
    expect(header('Domain').getAttribute('aria-sort')).toBe('descending')

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    expect(spy).toHaveBeenLastCalledWith({ sort: 'name', page: 1 })
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    expect(spy).toHaveBeenLastCalledWith({ sort: '-name', page: 1 })
    expect(header('Name').getAttribute('aria-sort')).toBe('descending')
    await user.click(within(header('Updated')).getByRole('button', { name: 'Updated' }))
    expect(spy).toHaveBeenLastCalledWith({ sort: 'updated_at', page: 1 })
    // Not sortable on the server: a plain header.
    expect(within(header('Aliases')).queryByRole('button')).toBeNull()
  })

  it('filters after a pause in typing, once, back on page 1, showing every key at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const spy = vi.fn()
    render(<Harness spy={spy} params={{ ...DEFAULT_PARAMS, page: 3 }} />)
    const filter = screen.getByRole('searchbox', { name: 'Filter by name' })
    await user.type(filter, 'shop')
    expect((filter as HTMLInputElement).value).toBe('shop')
    expect(spy).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(FILTER_DELAY_MS))
    expect(spy).toHaveBeenCalledTimes(1)
    expect(spy).toHaveBeenCalledWith({ q: 'shop', page: 1 })

    await user.clear(filter)
    act(() => vi.advanceTimersByTime(FILTER_DELAY_MS))
    expect(spy).toHaveBeenLastCalledWith({ q: '', page: 1 })
    expect(spy).toHaveBeenCalledTimes(2)
  })

  it('shows a filter changed from outside (Back) in the box', () => {
    const { rerender } = render(<ResourceList {...props({ params: { ...DEFAULT_PARAMS, q: 'shop' } })} />)
    const filter = screen.getByRole('searchbox', { name: 'Filter by name' }) as HTMLInputElement
    expect(filter.value).toBe('shop')
    rerender(<ResourceList {...props({ params: { ...DEFAULT_PARAMS, q: 'sh' } })} />)
    expect(filter.value).toBe('sh')
  })

  it('pages on the server: says which rows show, disables Previous and Next at the ends', async () => {
    const user = userEvent.setup()
    const onParamsChange = vi.fn()
    const { rerender } = render(
      <ResourceList {...props({ total: 10_000, params: { ...DEFAULT_PARAMS, page: 2 }, onParamsChange })} />,
    )
    expect(screen.getByText('Showing 101–103 of 10,000')).toBeTruthy()
    expect(rowOf('shop').getAttribute('aria-rowindex')).toBe('102')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onParamsChange).toHaveBeenLastCalledWith({ page: 3 })
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onParamsChange).toHaveBeenLastCalledWith({ page: 1 })

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '500')
    expect(onParamsChange).toHaveBeenLastCalledWith({ items: 500, page: 1 })

    rerender(<ResourceList {...props({ total: 3, onParamsChange })} />)
    expect(screen.getByText('Showing 1–3 of 3')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('deletes a selection with the revisions it shows, and forgets it on another page', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    const { rerender } = render(<ResourceList {...props({ onDelete })} />)
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Select shop' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select media' }))
    expect(screen.getByText('2 selected')).toBeTruthy()
    const selectAll = screen.getByRole('checkbox', { name: 'Select all websites on this page' }) as HTMLInputElement
    expect(selectAll.indeterminate).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Delete selected' }))
    expect(onDelete).toHaveBeenCalledWith([
      { name: 'shop', revision: 7 },
      { name: 'media', revision: 3 },
    ])

    await user.click(selectAll)
    expect(screen.getByText('3 selected')).toBeTruthy()
    expect(selectAll.checked).toBe(true)
    await user.click(selectAll)
    expect(screen.queryByText(/selected$/)).toBeNull()

    await user.click(screen.getByRole('checkbox', { name: 'Select blog' }))
    rerender(<ResourceList {...props({ onDelete, params: { ...DEFAULT_PARAMS, page: 2 }, total: 200 })} />)
    expect(screen.queryByText(/selected$/)).toBeNull()
    expect((screen.getByRole('checkbox', { name: 'Select blog' }) as HTMLInputElement).checked).toBe(false)
    // Back on the first page, the old selection does not come back either.
    rerender(<ResourceList {...props({ onDelete })} />)
    expect(screen.queryByText(/selected$/)).toBeNull()
  })

  it('says there are none yet, with the Add link', () => {
    render(<ResourceList {...props({ rows: [], total: 0 })} />)
    expect(screen.getByText('No websites yet.')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Add website' })).toHaveLength(2)
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says none match the filter', () => {
    render(<ResourceList {...props({ rows: [], total: 0, params: { ...DEFAULT_PARAMS, q: 'zzz' } })} />)
    expect(screen.getByText('No websites match "zzz".')).toBeTruthy()
  })

  it('keeps acronyms in a sentence', () => {
    render(<ResourceList {...props({ ui: codeSnippetsUi, rows: [], total: 0, can: NONE })} />)
    expect(screen.getByText('No VCL snippets yet.')).toBeTruthy()
  })

  it('shows the loading state', () => {
    render(<ResourceList {...props({ rows: [], total: 0, status: 'loading' })} />)
    expect(screen.getByRole('status').textContent).toContain('Loading websites…')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows an error with Try again, and keeps the filter typed', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    render(
      <ResourceList
        {...props({
          rows: [],
          total: 0,
          status: 'error',
          errorMessage: 'The websites could not be loaded: boom',
          params: { ...DEFAULT_PARAMS, q: 'shop' },
          onRetry,
        })}
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain('The websites could not be loaded: boom')
    expect((screen.getByRole('searchbox', { name: 'Filter by name' }) as HTMLInputElement).value).toBe('shop')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('marks the table busy while another page loads', () => {
    render(<ResourceList {...props({ refreshing: true })} />)
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('status').textContent).toContain('Updating websites…')
  })

  it('offers the last page when the page asked is past the end', async () => {
    const user = userEvent.setup()
    const onParamsChange = vi.fn()
    render(
      <ResourceList {...props({ rows: [], total: 250, params: { ...DEFAULT_PARAMS, page: 5 }, onParamsChange })} />,
    )
    await user.click(screen.getByRole('button', { name: 'Go to the last page' }))
    expect(onParamsChange).toHaveBeenCalledWith({ page: 3 })
  })

  it('renders only the rows in view of a 1000-row page', () => {
    const rows = Array.from({ length: 1000 }, (_, index) => website(`site-${String(index).padStart(4, '0')}`))
    render(<ResourceList {...props({ rows, total: 5000, params: { ...DEFAULT_PARAMS, items: 1000 } })} />)
    const rendered = screen.getAllByRole('rowheader')
    expect(rendered.length).toBeGreaterThan(5)
    expect(rendered.length).toBeLessThan(60)
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('5001')
  })
})

describe('the least width of a list table', () => {
  it('leaves room for every column: rem widths, a little for the others, over what the percentages leave', () => {
    // Select, name (22%), attention, five token columns, updated, actions.
    const tokens = ['3rem', '22%', '10rem', '12rem', '5.5rem', '5rem', '9.5rem', '9.5rem', '10rem', '8rem']
    expect(tableMinWidth(tokens)).toBe('93rem')
    // A list of a few columns without widths needs no more than before.
    expect(tableMinWidth(['3rem', '22%', undefined, undefined, '10rem', '8rem'])).toBe('38rem')
  })
})

describe('records that can no longer change', () => {
  it('offers no Edit for a revoked token, and Edit for an active one', () => {
    const token = (name: string, status: string) => ({ ...website(name), owner: 'ops@example.com', status })
    render(
      <ResourceList
        {...props({
          ui: tokensUi,
          rows: [token('ci-deploy', 'active'), token('old-script', 'revoked')],
          total: 2,
          renderEditLink: (name, content) => link(`/tokens-edit/${name}`, content),
        })}
      />,
    )
    expect(screen.getByRole('link', { name: 'Edit token ci-deploy' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Edit token old-script' })).toBeNull()
  })
})

describe('ResourceList add-ons of a page (nodes)', () => {
  it('offers the selection actions of a user who may not delete, without Delete selected', async () => {
    const user = userEvent.setup()
    const onSelection = vi.fn()
    render(
      <ResourceList
        {...props({
          can: { create: false, update: true, delete: false },
          selectionActions: (rows) => (
            <button type="button" onClick={() => onSelection(rows.map((row) => row.name))}>
              Maintenance on
            </button>
          ),
        })}
      />,
    )
    await user.click(screen.getByRole('checkbox', { name: 'Select shop' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select media' }))
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Maintenance on' }))
    expect(onSelection).toHaveBeenCalledWith(['shop', 'media'])
  })

  it('draws custom columns with the page, the others as usual', () => {
    const ui = {
      ...websitesUi,
      columns: [
        { path: 'domain_name', label: 'Domain' },
        { path: 'default_director', label: 'Flag', format: 'custom' as const },
      ],
    }
    render(
      <ResourceList
        {...props({
          ui,
          renderCustomCell: (column, record) =>
            column.format === 'custom' ? <span>{`custom ${record.name}`}</span> : undefined,
        })}
      />,
    )
    expect(screen.getByText('custom shop')).toBeTruthy()
    expect(screen.getByText('shop.example.com')).toBeTruthy()
  })
})

describe('wide lists (issue 25)', () => {
  const token = (name: string, fields: Record<string, unknown> = {}): StoredRecord =>
    website(name, {
      owner: 'ada@example.com',
      status: 'active',
      prefix: 'abcdef',
      expires_at: '2099-01-01T00:00:00Z',
      last_used_at: null,
      ...fields,
    })

  it('leaves out a column empty in every row, the "Attention" column when nothing needs attention', () => {
    render(<ResourceList {...props({ ui: tokensUi, rows: [token('ci'), token('deploy')] })} />)
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).not.toContain('Attention')
    expect(headers).not.toContain('Last used')
    expect(headers).toContain('Expires')
  })

  it('shows a column again as soon as one row has something in it', () => {
    const rows = [
      token('ci'),
      token('old', { expires_at: '2000-01-01T00:00:00Z', last_used_at: '2026-01-01T00:00:00Z' }),
    ]
    render(<ResourceList {...props({ ui: tokensUi, rows })} />)
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toContain('Attention')
    expect(headers).toContain('Last used')
  })

  it('keeps the selection, the name and the actions in view as the table scrolls sideways', () => {
    render(<ResourceList {...props({ ui: tokensUi, rows: [token('ci')] })} />)
    const row = screen.getAllByRole('row')[1] as HTMLElement
    const cells = [...row.children] as HTMLElement[]
    expect(cells[0]?.style.position).toBe('sticky')
    expect(cells[0]?.style.left).toBe('0px')
    const name = screen.getByRole('rowheader')
    expect(name.style.position).toBe('sticky')
    expect(name.style.left).toBe('calc(0px + 3rem)')
    const actions = within(row).getByRole('button', { name: 'Delete token ci' }).closest('td') as HTMLElement
    expect(actions.style.position).toBe('sticky')
    expect(actions.style.right).toBe('0px')
    // The columns between them scroll under them.
    expect(screen.getByRole('cell', { name: 'abcdef' }).style.position).toBe('')
  })
})
