// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type SearchResult, searchResultPath } from '../../src/domain/project.ts'
import { SearchBox, type SearchBoxProps } from '../../src/views/SearchBox.tsx'

afterEach(cleanup)

function result(type: string, name: string, displayName: string | null, column: string): SearchResult {
  const parent = { name: 'acme', display_name: 'Acme' }
  return {
    resource: { name: type, data: { name, display_name: displayName } },
    project: { name: 'shop', display_name: 'Web Shop' },
    customer: parent,
    organization: parent,
    search_string: 'www',
    search_matching_columns: { [column]: name },
  }
}

const RESULTS = [result('websites', 'www-shop', 'Shop front', 'name'), result('directors', 'www-origin', null, 'name')]

const renderLink = (found: SearchResult, children: ReactNode) => (
  <a href={`${searchResultPath(found)}?project=${found.project.name}`}>{children}</a>
)

/** Renders the box; past idle, waits for its dropdown (its code loaded with the first search). */
async function renderBox(props: Partial<SearchBoxProps> = {}) {
  const callbacks = { onInput: vi.fn(), onKeyUp: vi.fn(), onClear: vi.fn() }
  render(
    <SearchBox
      text="www"
      status="idle"
      query="www"
      results={[]}
      renderResultLink={renderLink}
      {...callbacks}
      {...props}
    />,
  )
  if (props.status !== undefined && props.status !== 'idle')
    await waitFor(() => expect(document.querySelector('search > div[id]')).not.toBeNull())
  return callbacks
}

describe('SearchBox', () => {
  it('is a search box named Search that reports what is typed', async () => {
    const user = userEvent.setup()
    const { onInput, onKeyUp } = await renderBox({ text: '' })
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a')
    expect(onInput).toHaveBeenCalledWith('a')
    expect(onKeyUp).toHaveBeenCalledOnce()
  })

  it('says when nothing matched', async () => {
    await renderBox({ status: 'empty', query: 'nowhere' })
    expect(screen.getByText('No results found for: "nowhere"')).toBeTruthy()
  })

  it('announces how many results came, in a status that was there before they did', async () => {
    const props = { text: 'www', query: 'www', results: RESULTS, renderResultLink: renderLink }
    const callbacks = { onInput: vi.fn(), onKeyUp: vi.fn(), onClear: vi.fn() }
    const { rerender } = render(<SearchBox {...props} {...callbacks} status="searching" />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    rerender(<SearchBox {...props} {...callbacks} status="results" />)
    await screen.findAllByRole('listitem')
    expect(screen.getByRole('status')).toBe(status)
    expect(status.textContent).toBe('2 results for "www"')
    rerender(<SearchBox {...props} {...callbacks} query="nowhere" results={[]} status="empty" />)
    expect(status.textContent).toBe('0 results for "nowhere"')
  })

  it('says when the search failed', async () => {
    await renderBox({ status: 'failed' })
    expect(screen.getByText('An error has occurred!')).toBeTruthy()
  })

  it('lists results with their type, name, project and matching column, linked through renderResultLink', async () => {
    await renderBox({ status: 'results', results: RESULTS })
    const link = screen.getByRole('link', { name: /Shop front/ })
    expect(link.getAttribute('href')).toBe('/websites-detail/www-shop?project=shop')
    expect(link.textContent).toContain('Website')
    expect(link.textContent).not.toContain('websites')
    expect(link.textContent).toContain('Project: Web Shop')
    expect(link.textContent).toContain('Name: www-shop')
  })

  it('names result types and matched fields as the console does, not by their API identifiers', async () => {
    const found: SearchResult[] = [
      { ...result('waf-policies', 'strict', null, 'name'), search_matching_columns: { 'rules.0': 'x' } },
      { ...result('iplist', 'office', null, 'name'), search_matching_columns: { entries_text: 'x' } },
      { ...result('websites', 'shop', null, 'name'), search_matching_columns: { domain_name: 'shop.example' } },
      { ...result('directors', 'api', null, 'name'), search_matching_columns: { 'probe.host': 'api.example' } },
    ]
    await renderBox({ status: 'results', results: found })
    const text = (name: string) => screen.getByRole('link', { name: new RegExp(name) }).textContent ?? ''
    expect(text('strict')).toMatch(/^WAF policy/)
    expect(text('office')).toMatch(/^IP list/)
    expect(text('shop')).toContain('Domain name: shop.example')
    expect(text('api')).toContain('Probe: Host: api.example')
    for (const raw of ['waf-policies', 'iplist', 'domain_name', 'probe.host']) {
      expect(document.body.textContent).not.toContain(raw)
    }
  })

  it('gives the results room: at least 28rem or the box’s width, within the viewport, a long name wrapping', async () => {
    const long = 'a-very-long-website-name-that-would-never-fit-in-the-search-box-of-the-top-bar'
    const matching = { domain_name: `${long}.example.com`, domain_aliases: `www.${long}.example.com` }
    await renderBox({
      status: 'results',
      results: [
        { ...result('websites', long, null, 'name'), search_matching_columns: matching },
        result('directors', 'www-origin', 'Origin of www with a display name', 'name'),
      ],
    })
    const dropdown = screen.getByRole('list', { name: 'Search results for www' }).parentElement
    expect(dropdown?.className).toContain('w-[max(28rem,100%)]')
    expect(dropdown?.className).toContain('max-w-[calc(100vw-1rem)]')
    expect(dropdown?.className).toContain('right-0')
    expect(dropdown?.className).not.toContain('inset-x-0')
    // The name wraps anywhere; what is cut to one line carries its whole text in a tooltip.
    const name = screen.getByText(long)
    expect(name.className).toContain('[overflow-wrap:anywhere]')
    expect(name.className).not.toContain('truncate')
    const cut = [...document.querySelectorAll('.truncate')]
    expect(cut.length).toBeGreaterThan(0)
    for (const line of cut) expect(line.getAttribute('title'), line.textContent ?? '').toBe(line.textContent)
    expect(screen.getByTitle('www-origin').textContent).toBe('www-origin')
  })

  it('links a project to /home and a backup to /backups, in the project the result names', async () => {
    await renderBox({
      status: 'results',
      results: [
        result('project', 'shop', 'Web Shop', 'name'),
        result('backup', 'b-20261124', 'Before www', 'display_name'),
      ],
    })
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(links).toEqual(['/home?project=shop', '/backups?project=shop'])
  })

  it('walks the results with the arrow keys and closes on Escape', async () => {
    const user = userEvent.setup()
    await renderBox({ status: 'results', results: RESULTS })
    const box = screen.getByRole('searchbox', { name: 'Search' })
    box.focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Shop front/ }))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /www-origin/ }))
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(document.activeElement).toBe(box)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('link')).toBeNull()
    expect(document.activeElement).toBe(box)
  })

  it('closes with one Escape from a result, and opens again with ArrowDown', async () => {
    const user = userEvent.setup()
    await renderBox({ status: 'results', results: RESULTS })
    const box = screen.getByRole('searchbox', { name: 'Search' })
    box.focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Shop front/ }))
    await user.keyboard('{Escape}')
    expect(document.activeElement).toBe(box)
    expect(screen.queryByRole('link')).toBeNull()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('link', { name: /Shop front/ })).toBeTruthy()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Shop front/ }))
  })

  it('clears the search from its clear button', async () => {
    const user = userEvent.setup()
    const { onClear } = await renderBox()
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(onClear).toHaveBeenCalledOnce()
  })
})

describe('SearchBox highlighting', () => {
  const found = (match: SearchResult['search_match']): SearchResult => ({
    ...result('directors', 'pool-origin', null, 'backends.host'),
    search_matching_columns: { 'backends.host': 'a.<b>origin</b>.example.net' },
    search_string: 'origin',
    search_match: match,
  })

  it('marks the matched part of the name, as text', async () => {
    await renderBox({ status: 'results', query: 'origin', results: [found({ column: 'name', start: 5, length: 6 })] })
    const marks = document.querySelectorAll('mark')
    expect([...marks].map((mark) => mark.textContent)).toEqual(['origin'])
    expect(marks[0]?.parentElement?.textContent).toBe('pool-origin')
  })

  it('marks the match inside another column without reading its text as HTML', async () => {
    const hit = found({ column: 'backends.host', start: 5, length: 6 })
    await renderBox({ status: 'results', query: 'origin', results: [hit] })
    const mark = document.querySelector('mark')
    expect(mark?.textContent).toBe('origin')
    expect(mark?.parentElement?.textContent).toBe('Backends: Host: a.<b>origin</b>.example.net')
    expect(document.querySelector('b')).toBeNull()
  })

  it('shows the text unmarked when there is no match position or it does not fit', async () => {
    await renderBox({
      status: 'results',
      query: 'origin',
      results: [
        found(null),
        {
          ...found({ column: 'name', start: 8, length: 6 }),
          resource: { name: 'x', data: { name: 'other', display_name: null } },
        },
      ],
    })
    expect(document.querySelectorAll('mark')).toHaveLength(0)
    expect(screen.getByText('pool-origin')).toBeTruthy()
  })
})
