/**
 * Opens a stream of server-sent events (live traffic) and hands back its events as they come; `fetcher`
 * is the server tests' checked fetch, which holds the answer to the OpenAPI documents.
 */
export async function openEventStream(url: string, token: string, fetcher: typeof fetch = fetch) {
  const controller = new AbortController()
  const response = await fetcher(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  // biome-ignore lint/suspicious/noExplicitAny: each event's data is read field by field by the caller.
  const events: { event: string; data: any }[] = []
  let buffer = ''
  const reading = (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (event && data !== undefined) events.push({ event, data: JSON.parse(data) })
        end = buffer.indexOf('\n\n')
      }
    }
  })()
  // Under the callers' own time-outs (60 s), so that a stream that stops says what it had received.
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 40_000
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`waited for events; have ${JSON.stringify(events)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    response,
    events,
    until,
    close: async () => {
      controller.abort()
      await reading
    },
  }
}
