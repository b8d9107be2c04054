import { Spinner } from '../ui/Spinner.tsx'

/**
 * What shows while a stored session is checked. index.html carries the same markup (src/prerender.tsx),
 * shown from the first paint when a session is stored; React's first render puts this in its place.
 */
export function SessionCheckScreen() {
  return (
    <div className="grid min-h-screen place-items-center">
      <Spinner label="Checking your session…" size="lg" />
    </div>
  )
}
