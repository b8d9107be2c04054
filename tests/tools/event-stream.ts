/**
 * Opens a stream of server-sent events (live traffic) and hands back its events as they come; `fetcher`
 * is the server tests' checked fetch, which holds the answer to the OpenAPI documents.
 */
export async function openEventStream(
  url: string,
  token: string,
  fetcher: typeof fetch = fetch,
  /**
   * When every wait of the caller's ends at the latest (ms since the epoch), so that a stream that stops
   * fails with what it had received, before the caller's own time-out: 40 s from now by default.
   */
  deadline = Date.now() + 40_000,
) {
  const controller = new AbortController()
  // Only the answer's head is bounded here; the stream itself lasts until `close`.
  const late = setTimeout(() => controller.abort(), Math.max(1, deadline - Date.now()))
  const response = await fetcher(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
    .catch((error: unknown) => {
      throw new Error(`no answer to the stream's request by the deadline: ${String(error)}`)
    })
    .finally(() => clearTimeout(late))
  // biome-ignore lint/suspicious/noExplicitAny: each event's data is read field by field by the caller.
  const events: { event: string; id?: string; data: any }[] = []
  let buffer = ''
  let ended = false
  const reading = (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) {
        ended = true
        return
      }
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        const id = /^id: (.*)$/m.exec(block)?.[1]
        if (event && data !== undefined)
          events.push({ event, ...(id === undefined ? {} : { id }), data: JSON.parse(data) })
        end = buffer.indexOf('\n\n')
      }
    }
  })()
  // Every wait ends by the deadline, under the callers' own time-outs: a stream that stops says what it had.
  const until = async (check: () => boolean, what = 'events') => {
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`waited for ${what}; have ${JSON.stringify(events)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    response,
    events,
    until,
    /** Whether the server ended the stream (or it was closed). */
    ended: () => ended,
    close: async () => {
      controller.abort()
      let timer: ReturnType<typeof setTimeout> | undefined
      const stuck = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the stream did not end within 5 s of closing it')), 5_000)
      })
      await Promise.race([reading, stuck]).finally(() => clearTimeout(timer))
    },
  }
}
