import { useId } from 'react'
import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'
import { inputClassName } from '../ui/TextField.tsx'

export type BlocklistImportReportView = {
  added: number
  duplicates: number
  invalid: readonly { line: number; text: string; message: string }[]
}

export type BlocklistImportDialogProps = {
  text: string
  action: string
  actions: readonly { value: string; label: string }[]
  busy: boolean
  failure: string | null
  report: BlocklistImportReportView | null
  onText: (text: string) => void
  onAction: (action: string) => void
  onSubmit: () => void
  onPasteMore: () => void
  onClose: () => void
}

/** Shown invalid lines at most: a paste of thousands of bad lines must not render them all. */
const SHOWN_INVALID = 200

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

/** "Paste values": one address, network, AS number or country per line, and what the server made of them. */
export function BlocklistImportDialog(props: BlocklistImportDialogProps) {
  const id = useId()
  const { report } = props
  if (report) {
    return (
      <Modal
        open
        size="lg"
        title="Values pasted into the blocklist"
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
          <p>
            {`${plural(report.added, 'entry', 'entries')} added, ${plural(report.duplicates, 'duplicate', 'duplicates')} left out, ${plural(report.invalid.length, 'invalid line', 'invalid lines')}.`}
          </p>
          {report.invalid.length > 0 && (
            <div>
              <h3 className="mb-1 font-medium">Invalid lines</h3>
              <ul className="max-h-64 overflow-auto rounded-md border border-slate-200 text-sm dark:border-slate-800">
                {report.invalid.slice(0, SHOWN_INVALID).map((problem) => (
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
              {report.invalid.length > SHOWN_INVALID && (
                <p className="text-sm">{`and ${(report.invalid.length - SHOWN_INVALID).toLocaleString('en-US')} more`}</p>
              )}
            </div>
          )}
        </div>
      </Modal>
    )
  }
  const lines = props.text.split('\n').filter((line) => line.trim() !== '').length
  return (
    <Modal
      open
      size="lg"
      title="Paste values into the blocklist"
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
            Values, one per line
          </label>
          <textarea
            id={`${id}-text`}
            value={props.text}
            onChange={(event) => props.onText(event.target.value)}
            rows={12}
            spellCheck={false}
            aria-describedby={`${id}-help`}
            placeholder={'203.0.113.7 # scraper\n198.51.100.0/24\nAS64500\nRU'}
            className={`${inputClassName} font-mono text-sm`}
            disabled={props.busy}
          />
          <p id={`${id}-help`} className="text-sm text-slate-600 dark:text-slate-400">
            {`An address, a network with its /prefix, an AS number or a country code; text after # becomes the entry's notes. Each becomes a platform entry that never expires. ${plural(lines, 'line', 'lines')}.`}
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-4 text-sm" disabled={props.busy}>
          <legend className="mb-1 w-full font-medium">Action of every entry</legend>
          {props.actions.map((option) => (
            <label key={option.value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-action`}
                checked={props.action === option.value}
                onChange={() => props.onAction(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
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
