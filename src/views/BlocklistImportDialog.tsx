import { countLines, type InvalidLine, PasteForm, PasteReport, plural } from './PasteImport.tsx'

export type BlocklistImportReportView = {
  added: number
  duplicates: number
  invalid: readonly InvalidLine[]
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

/** "Paste values": one address, network, AS number or country per line, and what the server made of them. */
export function BlocklistImportDialog(props: BlocklistImportDialogProps) {
  const { report } = props
  if (report) {
    return (
      <PasteReport
        title="Values pasted into the blocklist"
        summary={`${plural(report.added, 'entry', 'entries')} added, ${plural(report.duplicates, 'duplicate', 'duplicates')} left out, ${plural(report.invalid.length, 'invalid line', 'invalid lines')}.`}
        invalid={report.invalid}
        onPasteMore={props.onPasteMore}
        onClose={props.onClose}
      />
    )
  }
  return (
    <PasteForm
      title="Paste values into the blocklist"
      label="Values, one per line"
      placeholder={'203.0.113.7 # scraper\n198.51.100.0/24\nAS64500\nRU'}
      help={`An address, a network with its /prefix, an AS number or a country code; text after # becomes the entry's notes. Each becomes a platform entry that never expires. ${plural(countLines(props.text), 'line', 'lines')}.`}
      text={props.text}
      busy={props.busy}
      failure={props.failure}
      onText={props.onText}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      {(id) => (
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
      )}
    </PasteForm>
  )
}
