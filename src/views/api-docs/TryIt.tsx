import { type FormEvent, useId, useState } from 'react'
import {
  type ApiOperation,
  exampleOf,
  pathValuesProblem,
  readableBody,
  requestPath,
  type TryRequest,
  type TryResponse,
} from '../../domain/api-docs.ts'
import { Button } from '../../ui/Button.tsx'
import { inputClassName } from '../../ui/TextField.tsx'

export type TryItProps = {
  operation: ApiOperation
  /** Starting values of path parameters, such as the selected project for `{project}`. */
  defaults: Record<string, string>
  onSend: (request: TryRequest) => Promise<TryResponse>
}

type Outcome = { kind: 'response'; response: TryResponse } | { kind: 'failure'; message: string }

const WRITES = new Set(['put', 'patch', 'delete'])

const RESPONSE_CLASSES =
  'max-h-96 overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-900 dark:bg-slate-900 dark:text-slate-100'

function statusTone(status: number): string {
  if (status < 300) return 'text-teal-800 dark:text-teal-300'
  if (status < 500) return 'text-amber-800 dark:text-amber-300'
  return 'text-red-700 dark:text-red-400'
}

/**
 * Sends the operation with the signed-in session's token: editable parameters, a JSON body started
 * from the schema's example, and the answer's status, time and body shown as text.
 */
export function TryIt({ operation, defaults, onSend }: TryItProps) {
  const id = useId()
  const pathParams = operation.parameters.filter((p) => p.in === 'path')
  const queryParams = operation.parameters.filter((p) => p.in === 'query')
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      operation.parameters.map((p) => [`${p.in}:${p.name}`, p.in === 'path' ? (defaults[p.name] ?? '') : '']),
    ),
  )
  // The document's example where it gives one (a realistic body), else the least body its schema takes.
  const [body, setBody] = useState(() =>
    operation.body ? JSON.stringify(operation.bodyExample ?? exampleOf(operation.body), null, 2) : '',
  )
  const [ifMatch, setIfMatch] = useState('')
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const valuesIn = (where: string) =>
    Object.fromEntries(
      operation.parameters.filter((p) => p.in === where).map((p) => [p.name, values[`${where}:${p.name}`] ?? '']),
    )
  const path = requestPath(operation.path, valuesIn('path'), valuesIn('query'))

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const problem = pathValuesProblem(valuesIn('path'))
    if (problem) {
      setOutcome({ kind: 'failure', message: problem })
      return
    }
    if (operation.body) {
      try {
        JSON.parse(body)
      } catch (error) {
        setOutcome({ kind: 'failure', message: `The body is not valid JSON: ${(error as Error).message}` })
        return
      }
    }
    setSending(true)
    try {
      const response = await onSend({
        service: operation.service,
        method: operation.method,
        path,
        ...(operation.body ? { body } : {}),
        ...(ifMatch.trim() ? { ifMatch: ifMatch.trim() } : {}),
      })
      setOutcome({ kind: 'response', response })
    } catch (error) {
      setOutcome({ kind: 'failure', message: error instanceof Error ? error.message : String(error) })
    } finally {
      setSending(false)
    }
  }

  const field = (key: string, label: string, hint?: string) => (
    <div key={key} className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="font-mono text-sm">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={values[key] ?? ''}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        className={`${inputClassName} font-mono text-sm`}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
      />
      {hint && (
        <span id={`${id}-${key}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </span>
      )}
    </div>
  )

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-3" aria-label={`Try ${operation.summary}`}>
      {pathParams.length + queryParams.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {pathParams.map((p) => field(`path:${p.name}`, `{${p.name}}`, p.description))}
          {queryParams.map((p) => field(`query:${p.name}`, `?${p.name}`, p.description))}
        </div>
      )}
      {WRITES.has(operation.method) && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-if-match`} className="font-mono text-sm">
            If-Match
          </label>
          <input
            id={`${id}-if-match`}
            value={ifMatch}
            onChange={(event) => setIfMatch(event.target.value)}
            placeholder={'"3", or * to skip the check'}
            className={`${inputClassName} font-mono text-sm`}
            spellCheck={false}
            autoComplete="off"
          />
        </div>
      )}
      {operation.body && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-body`} className="text-sm font-medium">
            Request body (JSON)
          </label>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={Math.min(16, Math.max(4, body.split('\n').length + 1))}
            spellCheck={false}
            className={`${inputClassName} font-mono text-sm`}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={sending} size="sm">
          {sending ? 'Sending…' : 'Send request'}
        </Button>
        <code className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
          {`${operation.method.toUpperCase()} /api/${operation.service}/v0${path}`}
        </code>
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'failure' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'response' && (
          <div className="flex flex-col gap-1">
            <p className="text-sm">
              <span className={`font-semibold ${statusTone(outcome.response.status)}`}>
                {`${outcome.response.status} ${outcome.response.statusText}`.trim()}
              </span>
              <span className="text-slate-600 dark:text-slate-400">{` in ${outcome.response.durationMs} ms`}</span>
            </p>
            <section aria-label="Response body">
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long answer scrolls, and the keyboard must be able to scroll it */}
              <pre tabIndex={0} className={RESPONSE_CLASSES}>
                {readableBody(outcome.response.text) || '(no body)'}
              </pre>
            </section>
          </div>
        )}
      </div>
    </form>
  )
}
