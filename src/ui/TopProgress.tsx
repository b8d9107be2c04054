import { useEffect, useState } from 'react'

/** Spec section 9: the loading bar waits 200 ms before appearing and its animation lasts 5 s. */
export const TOP_PROGRESS_THROTTLE_MS = 200
export const TOP_PROGRESS_DURATION_MS = 5000
const FINISH_MS = 300

type Phase = 'hidden' | 'running' | 'finishing'

/** A thin bar at the top of the window while `active`; quick work (under 200 ms) shows nothing. */
export function TopProgress({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<Phase>('hidden')

  useEffect(() => {
    if (active) {
      const timer = setTimeout(() => setPhase('running'), TOP_PROGRESS_THROTTLE_MS)
      return () => clearTimeout(timer)
    }
    // A bar that was shown completes and fades; one still in its throttle never appears.
    setPhase((current) => (current === 'running' ? 'finishing' : 'hidden'))
    return undefined
  }, [active])

  useEffect(() => {
    if (phase !== 'finishing') return undefined
    const timer = setTimeout(() => setPhase('hidden'), FINISH_MS)
    return () => clearTimeout(timer)
  }, [phase])

  if (phase === 'hidden') return null
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div
        className={`h-full origin-left bg-teal-500 ${phase === 'finishing' ? 'opacity-0 transition-opacity duration-300' : ''}`}
        style={
          phase === 'running'
            ? { animation: `wadp-top-progress ${TOP_PROGRESS_DURATION_MS}ms ease-out forwards` }
            : { transform: 'scaleX(1)' }
        }
      />
    </div>
  )
}
