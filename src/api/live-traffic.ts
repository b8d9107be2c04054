import * as v from 'valibot'
import { type LiveTrafficLine, LiveTrafficLineSchema } from '../domain/live-traffic.ts'
import type { ApiClients } from './http.ts'

export type LiveTrafficSignal = { type: 'stream.ready' } | { type: 'stream.lines'; lines: LiveTrafficLine[] }

/**
 * Reads a website's live traffic (`GET …/websites/{w}/traffic`, server-sent events, issue 24) until
 * `signal` aborts it or it ends: `stream.ready` once the server follows the website, then the requests
 * of each chunk together. fetch and not EventSource: the stream needs the bearer token in a header.
 */
export async function readLiveTraffic(
  api: ApiClients,
  project: string,
  website: string,
  signal: AbortSignal,
  onSignal: (signal: LiveTrafficSignal) => void,
): Promise<void> {
  const body = await api.core(
    `/projects/${encodeURIComponent(project)}/websites/${encodeURIComponent(website)}/traffic`,
    { responseType: 'stream', signal, onResponse: readRefusal },
  )
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    const lines: LiveTrafficLine[] = []
    let end = buffer.indexOf('\n\n')
    while (end >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
      const event = /^event: (.*)$/m.exec(block)?.[1]
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (event === 'ready') onSignal({ type: 'stream.ready' })
      if (event === 'request' && data !== undefined) {
        const parsed = v.safeParse(LiveTrafficLineSchema, JSON.parse(data))
        if (parsed.success) lines.push(parsed.output)
      }
    }
    if (lines.length > 0) onSignal({ type: 'stream.lines', lines })
  }
}

/**
 * A refusal asked for as a stream comes as one: its body (`{"message": …}`) is read here, before the
 * client's own hook sees it (ofetch calls `onResponse` first), so that a 401 whose message says the token
 * expired reaches the session as any other call's does, and the panel says the platform's words ('missing
 * permission wadp.websites.logs') rather than '403 Forbidden'.
 */
async function readRefusal({ response }: { response: Response & { _data?: unknown } }): Promise<void> {
  if (!response.ok && response._data instanceof ReadableStream)
    response._data = await new Response(response._data).json().catch(() => undefined)
}
