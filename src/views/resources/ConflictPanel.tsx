import { formatDateTime } from '../../domain/datetime.ts'
import { dataFieldNames } from '../../domain/resource-body.ts'
import {
  changedFields,
  type Draft,
  draftOf,
  type FieldSpec,
  formFields,
  getPath,
  type ResourceUi,
} from '../../domain/resource-ui.ts'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'
import { formatValue, labelOf } from './format.tsx'

/** The server's current version of the resource, met by a save that started from an older revision. */
export type ConflictVersion = Draft & { name: string; revision: number }

export type Difference = { path: string; label: string; mine: string; theirs: string }

function display(field: FieldSpec | undefined, value: unknown): string {
  if (value === null || value === undefined) return formatValue(value)
  if (field?.kind === 'select') return labelOf(field.options, value)
  if (field?.kind === 'records' && Array.isArray(value)) {
    const rows = value.map((item) => field.fields.map((sub) => formatValue(getPath(item, sub.path))).join(' · '))
    return rows.length > 0 ? rows.join('; ') : formatValue(rows)
  }
  return formatValue(value)
}

const IDENTITY_LABELS: Record<string, string> = { name: 'Name', display_name: 'Display name' }

/**
 * What differs between the user's values and the server's, in the form's order: a top-level change
 * (`probe`) is shown as the inputs it holds (`Window`, `Interval`), each with both values. Only what a
 * save writes counts: the fields the server derives or keeps up itself (a node's last report and sync
 * state, a project's organization, a token's last use) are not anyone's edit, and a 409's version may
 * not carry them at all.
 */
export function differences(ui: Pick<ResourceUi, 'sections' | 'fields'>, mine: Draft, theirs: Draft): Difference[] {
  const changed = new Set(changedFields(mine, theirs))
  const whole = (key: string): Difference => ({
    path: key,
    label: IDENTITY_LABELS[key] ?? key,
    mine: formatValue(mine[key]),
    theirs: formatValue(theirs[key]),
  })
  const covered = new Set<string>()
  const byField = formFields(ui).flatMap((field): Difference[] => {
    const key = field.path.split('.')[0] ?? field.path
    if (field.kind === 'presets' || !changed.has(key)) return []
    covered.add(key)
    const difference = {
      path: field.path,
      label: field.label,
      mine: display(field, getPath(mine, field.path)),
      theirs: display(field, getPath(theirs, field.path)),
    }
    // A typed '10' and a stored 10 read the same: not a difference worth a row.
    return difference.mine === difference.theirs ? [] : [difference]
  })
  const identity = Object.keys(IDENTITY_LABELS).filter((key) => changed.has(key))
  const written = new Set(dataFieldNames(ui.fields))
  const others = [...changed].filter((key) => written.has(key) && !covered.has(key) && !(key in IDENTITY_LABELS))
  return [...identity.map(whole), ...byField, ...others.map(whole)]
}

type ConflictPanelProps = {
  ui: Pick<ResourceUi, 'sections' | 'one' | 'fields'>
  values: Draft
  conflict: ConflictVersion
  onReload: () => void
  onOverwrite: () => void
  onDismiss: () => void
}

/** A save met someone else's newer version: show who, when and what differs, and let the user choose. */
export function ConflictPanel({ ui, values, conflict, onReload, onOverwrite, onDismiss }: ConflictPanelProps) {
  const rows = differences(ui, values, draftOf(conflict))
  const who = typeof conflict.updated_by === 'string' && conflict.updated_by ? conflict.updated_by : 'Someone else'
  const when = typeof conflict.updated_at === 'string' ? formatDateTime(conflict.updated_at) : null
  return (
    <Modal
      open
      size="lg"
      title={`This ${ui.one} was changed by someone else`}
      onClose={onDismiss}
      footer={
        <>
          <Button variant="secondary" onClick={onDismiss}>
            Back to my edit
          </Button>
          <Button variant="secondary" onClick={onReload}>
            Load their version
          </Button>
          <Button variant="danger" onClick={onOverwrite}>
            Overwrite with mine
          </Button>
        </>
      }
    >
      <div role="alert" className="flex flex-col gap-3">
        <p>
          {who} saved {conflict.name} (revision {conflict.revision}){when ? ` on ${when}` : ''} while you were editing
          it. Your changes are not saved yet.
        </p>
        {rows.length > 0 ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">What differs between your version and theirs</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Field
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Yours
                </th>
                <th scope="col" className="py-1 font-medium">
                  Theirs
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.path} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 font-medium">
                    {row.label}
                  </th>
                  <td className="break-all py-1 pr-3 font-mono">{row.mine}</td>
                  <td className="break-all py-1 font-mono">{row.theirs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>Their version holds the same values as yours.</p>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Load their version to continue from it (your changes are discarded), or overwrite it with yours.
        </p>
      </div>
    </Modal>
  )
}
