import { afterEach, beforeEach } from 'vitest'

/** Sets the time zone (Node reads TZ again when it changes) and gives back what puts the one before back. */
function setTimeZone(zone: string): () => void {
  const before = process.env.TZ
  process.env.TZ = zone
  return () => {
    if (before === undefined) delete process.env.TZ
    else process.env.TZ = before
  }
}

/** Runs the tests of the describe block that calls it in the time zone `zone`, as a browser there would. */
export function inTimeZone(zone: string): void {
  let restore = () => {}
  beforeEach(() => {
    restore = setTimeZone(zone)
  })
  afterEach(() => restore())
}

/** Runs `work` in the time zone `zone`, then puts the one before back. */
export async function withTimeZone(zone: string, work: () => Promise<void> | void): Promise<void> {
  const restore = setTimeZone(zone)
  try {
    await work()
  } finally {
    restore()
  }
}
