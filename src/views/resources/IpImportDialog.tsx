import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'
import { countLines, type InvalidLine, PasteForm, PasteReport, plural } from '../PasteImport.tsx'

export type IpImportReportView = {
  added: number
  duplicates: number
  invalid: readonly InvalidLine[]
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

/** "Paste addresses": one address or network per line into an IP list, and what the server made of it. */
export function IpImportDialog(props: IpImportDialogProps) {
  const { report } = props
  if (report) {
    return (
      <PasteReport
        title={`Addresses pasted into ${props.listName}`}
        summary={`${plural(report.added, 'entry', 'entries')} added, ${plural(report.duplicates, 'duplicate', 'duplicates')} left out, ${plural(report.invalid.length, 'invalid line', 'invalid lines')}. The list now holds ${plural(report.entryCount, 'entry', 'entries')}.`}
        invalid={report.invalid}
        onPasteMore={props.onPasteMore}
        onClose={props.onClose}
      />
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
    <PasteForm
      title={`Paste addresses into ${props.listName}`}
      label="Addresses, one per line"
      placeholder={'203.0.113.7\n198.51.100.0/24 # Lisbon office\n!198.51.100.20'}
      help={`IPv4 or IPv6, with an optional /prefix. Text after # becomes the entry's comment; ! negates. ${plural(countLines(props.text), 'line', 'lines')}.`}
      text={props.text}
      busy={props.importing}
      failure={props.failure}
      onText={props.onText}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      {(id) => (
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
      )}
    </PasteForm>
  )
}
