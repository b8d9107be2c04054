import { type ReactNode, useId } from 'react'
import { formatNumber } from '../domain/numbers.ts'
import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'
import { inputClassName } from '../ui/TextField.tsx'

/** Shown invalid lines at most: a paste of 10,000 bad lines must not render 10,000 list items. */
const SHOWN_INVALID = 200

export const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`

/** The non-blank lines of a paste, as the server counts them. */
export const countLines = (text: string) =>
  text === '' ? 0 : text.split('\n').filter((line) => line.trim() !== '').length

export type InvalidLine = { line: number; text: string; message: string }

/**
 * The first step of a paste (an IP list's addresses, the blocklist's values): the text, one value per
 * line, with what the type adds (`children`: how the values are used), the server's refusal, and Import.
 */
export function PasteForm(props: {
  title: string
  label: string
  placeholder: string
  help: string
  text: string
  busy: boolean
  failure: string | null
  onText: (text: string) => void
  onSubmit: () => void
  onClose: () => void
  children: (id: string) => ReactNode
}) {
  const id = useId()
  return (
    <Modal
      open
      size="lg"
      title={props.title}
      onClose={props.onClose}
      dismissible={!props.busy}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={props.busy}>
            Cancel
          </Button>
          <Button onClick={props.onSubmit} busy={props.busy}>
            {props.busy ? 'Importing…' : 'Import'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            {props.label}
          </label>
          <textarea
            id={`${id}-text`}
            value={props.text}
            onChange={(event) => props.onText(event.target.value)}
            rows={12}
            spellCheck={false}
            aria-describedby={`${id}-help`}
            placeholder={props.placeholder}
            className={`${inputClassName} font-mono text-sm`}
            disabled={props.busy}
          />
          <p id={`${id}-help`} className="text-sm text-slate-600 dark:text-slate-400">
            {props.help}
          </p>
        </div>
        {props.children(id)}
        {props.failure && (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            {props.failure}
          </p>
        )}
      </div>
    </Modal>
  )
}

/** What the server made of a paste: the summary, the invalid lines with their reasons, Paste more or Done. */
export function PasteReport(props: {
  title: string
  summary: string
  invalid: readonly InvalidLine[]
  onPasteMore: () => void
  onClose: () => void
}) {
  const { invalid } = props
  return (
    <Modal
      open
      size="lg"
      title={props.title}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onPasteMore}>
            Paste more
          </Button>
          <Button onClick={props.onClose}>Done</Button>
        </>
      }
    >
      <div className="flex flex-col gap-3" aria-live="polite">
        <p>{props.summary}</p>
        {invalid.length > 0 && (
          <div>
            <h3 className="mb-1 font-medium">Invalid lines</h3>
            <ul className="max-h-64 overflow-auto rounded-md border border-slate-200 text-sm dark:border-slate-800">
              {invalid.slice(0, SHOWN_INVALID).map((problem) => (
                <li
                  key={problem.line}
                  className="border-b border-slate-100 px-3 py-1 last:border-0 dark:border-slate-800"
                >
                  <span className="font-medium">{`Line ${problem.line}: `}</span>
                  <span className="font-mono">{problem.text}</span>
                  <span className="text-red-700 dark:text-red-400">{` — ${problem.message}`}</span>
                </li>
              ))}
            </ul>
            {invalid.length > SHOWN_INVALID && (
              <p className="text-sm">{`and ${formatNumber(invalid.length - SHOWN_INVALID)} more`}</p>
            )}
          </div>
        )}
      </div>
    </Modal>
  )
}
