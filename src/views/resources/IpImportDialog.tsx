import { useId } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'
import { inputClassName } from '../../ui/TextField.tsx'

export type IpImportReportView = {
  added: number
  duplicates: number
  invalid: readonly { line: number; text: string; message: string }[]
  entryCount: number
}

export type IpImportDialogProps = {
  listName: string
  entryCount: number
  text: string
  mode: 'append' | 'replace'
  importing: boolean
  confirmingReplace: boolean
  report: IpImportReportView | null
  failure: string | null
  onText: (text: string) => void
  onMode: (mode: 'append' | 'replace') => void
  onSubmit: () => void
  onConfirm: () => void
  onCancel: () => void
  onPasteMore: () => void
  onClose: () => void
}

/** Shown invalid lines at most: a paste of 10,000 bad lines must not render 10,000 list items. */
const SHOWN_INVALID = 200

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

/** "Paste addresses": one address or network per line into an IP list, and what the server made of it. */
export function IpImportDialog(props: IpImportDialogProps) {
  const id = useId()
  const { report } = props
  const lines = props.text === '' ? 0 : props.text.split('\n').filter((line) => line.trim() !== '').length
  if (report) {
    return (
      <Modal
        open
        size="lg"
        title={`Addresses pasted into ${props.listName}`}
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
            {`${plural(report.added, 'entry', 'entries')} added, ${plural(report.duplicates, 'duplicate', 'duplicates')} left out, ${plural(report.invalid.length, 'invalid line', 'invalid lines')}. The list now holds ${plural(report.entryCount, 'entry', 'entries')}.`}
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
  if (props.confirmingReplace) {
    return (
      <Modal
        open
        title="Replace every entry?"
        onClose={props.onCancel}
        footer={
          <>
            <Button variant="secondary" onClick={props.onCancel}>
              Back
            </Button>
            <Button variant="danger" onClick={props.onConfirm}>
              Replace the entries
            </Button>
          </>
        }
      >
        <p>{`The ${plural(props.entryCount, 'entry', 'entries')} of ${props.listName} go, and the pasted addresses take their place.`}</p>
      </Modal>
    )
  }
  return (
    <Modal
      open
      size="lg"
      title={`Paste addresses into ${props.listName}`}
      onClose={props.onClose}
      dismissible={!props.importing}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={props.importing}>
            Cancel
          </Button>
          <Button onClick={props.onSubmit} busy={props.importing}>
            {props.importing ? 'Importing…' : 'Import'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            Addresses, one per line
          </label>
          <textarea
            id={`${id}-text`}
            value={props.text}
            onChange={(event) => props.onText(event.target.value)}
            rows={12}
            spellCheck={false}
            aria-describedby={`${id}-help`}
            placeholder={'203.0.113.7\n198.51.100.0/24 # Lisbon office\n!198.51.100.20'}
            className={`${inputClassName} font-mono text-sm`}
            disabled={props.importing}
          />
          <p id={`${id}-help`} className="text-sm text-slate-600 dark:text-slate-400">
            {`IPv4 or IPv6, with an optional /prefix. Text after # becomes the entry's comment; ! negates. ${plural(lines, 'line', 'lines')}.`}
          </p>
        </div>
        <fieldset className="flex flex-wrap gap-4 text-sm" disabled={props.importing}>
          <legend className="sr-only">How the addresses are used</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={props.mode === 'append'}
              onChange={() => props.onMode('append')}
            />
            Add to the entries
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={props.mode === 'replace'}
              onChange={() => props.onMode('replace')}
            />
            Replace the entries
          </label>
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
