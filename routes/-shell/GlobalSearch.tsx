import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { selectSearchQuery, selectSearchStatus, selectSearchText } from '../../machines/global-search.selectors.ts'
import { searchResultPath } from '../../src/domain/project.ts'
import { SearchBox } from '../../src/views/SearchBox.tsx'

const root = getRouteApi('__root__')

/** The top bar's search box, driven by the global-search machine; results come from the query cache. */
export function GlobalSearch() {
  const { actors, queries } = root.useRouteContext()
  const search = actors.globalSearch
  const text = useSelector(search, selectSearchText)
  // What is typed before the search's machine has arrived (src/app/later-actor.ts: it keeps the events for
  // it) is shown until the machine has it.
  const [typed, setTyped] = useState<string | null>(null)
  if (typed !== null && typed === text) setTyped(null)
  const query = useSelector(search, selectSearchQuery)
  const status = useSelector(search, selectSearchStatus)
  const results = useQuery({ ...queries.search.results(query), enabled: false })
  return (
    <SearchBox
      text={typed ?? text}
      query={query}
      status={status}
      results={results.data ?? []}
      onInput={(value) => {
        search.send({ type: 'search.input', text: value })
        if (selectSearchText(search.getSnapshot()) !== value) setTyped(value)
      }}
      onKeyUp={() => search.send({ type: 'search.keyUp' })}
      onClear={() => {
        search.send({ type: 'search.clear' })
        setTyped(null)
      }}
      renderResultLink={(result, content) => (
        <Link
          to={searchResultPath(result) as LinkProps['to']}
          search={{ project: result.project.name } as LinkProps['search']}
          onClick={() => search.send({ type: 'search.close' })}
        >
          {content}
        </Link>
      )}
    />
  )
}
