import { useMemo, useRef, useState } from 'react'
import { formatNumber } from '../../../domain/numbers.ts'
import type { Draft } from '../../../domain/resource-ui.ts'
import { capitalize, getPath } from '../../../domain/resource-ui.ts'
import { Button } from '../../../ui/Button.tsx'
import { inputClassName } from '../../../ui/TextField.tsx'
import { headerCellClassName, SpacerRow, tableClassName } from '../../../ui/table-parts.tsx'
import { useTableRows } from '../../../ui/useTableRows.ts'
import { errorClassName, labelClassName } from './FieldFrame.tsx'
import { textOf, type WidgetProps } from './types.ts'

const ROW_HEIGHT = 44
const HEIGHT = 420
/** The errors listed above the table, each with a way to its row; the count says how many more. */
const LISTED_ERRORS = 5

/**
 * A long list of small records (an IP list's entries, up to 10,000): only the rows in view are
 * rendered, so typing and scrolling stay instant. Each cell edits its own path; errors are marked on
 * their cell and listed above with a button that scrolls to the row.
 */
export function RowsWidget({ field, path, value, env }: WidgetProps<'rows'>) {
  const rows = Array.isArray(value) ? (value as Draft[]) : []
  const scrollRef = useRef<HTMLDivElement>(null)
  const [focusRow, setFocusRow] = useState<number | null>(null)
  // Rows have no identity but their position: the virtualizer counts positions.
  const positions = useMemo(() => Array.from({ length: rows.length }, (_, index) => index), [rows.length])
  const { virtualizer, items, before, after } = useTableRows({
    rows: positions,
    rowKey: String,
    rowHeight: ROW_HEIGHT,
    height: HEIGHT,
    overscan: 8,
    scrollRef,
  })
  const one = capitalize(field.itemLabel)
  const rowErrors = env.errors.filter((error) => error.field.startsWith(`${path}.`))
  const listError = env.errors.find((error) => error.field === path)?.message
  const rowOf = (errorPath: string) => Number(errorPath.slice(path.length + 1).split('.')[0])
  const full = field.max !== undefined && rows.length >= field.max

  const goTo = (index: number) => {
    virtualizer.scrollToIndex(index, { align: 'center' })
    setFocusRow(index)
    // The row renders after the scroll: focus its first input then.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"] input`)?.focus(),
      ),
    )
  }
  const add = () => {
    env.onChange(path, [...rows, field.newItem()])
    goTo(rows.length)
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={`${labelClassName} mb-1`}>
        {field.label}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">({formatNumber(rows.length)})</span>
      </legend>
      {field.help && <p className="text-sm text-slate-600 dark:text-slate-400">{field.help}</p>}
      {(rowErrors.length > 0 || listError) && (
        <div className={errorClassName}>
          {listError && <p>{listError}</p>}
          <ul>
            {rowErrors.slice(0, LISTED_ERRORS).map((error) => {
              const index = rowOf(error.field)
              return (
                <li key={`${error.field}|${error.message}`} className="flex items-center gap-2">
                  <Button variant="ghost" size="sm" onClick={() => goTo(index)}>
                    {`${one} ${index + 1}`}
                  </Button>
                  <span>{error.message}</span>
                </li>
              )
            })}
          </ul>
          {rowErrors.length > LISTED_ERRORS && <p>{`and ${rowErrors.length - LISTED_ERRORS} more`}</p>}
        </div>
      )}
      <div
        ref={scrollRef}
        style={{ height: rows.length === 0 ? undefined : HEIGHT }}
        className="overflow-auto rounded-md border border-slate-200 dark:border-slate-800"
      >
        <table aria-label={field.label} aria-rowcount={rows.length + 1} className={`${tableClassName} table-fixed`}>
          <colgroup>
            <col style={{ width: '4rem' }} />
            {field.fields.map((column) => (
              <col key={column.path} style={{ width: column.kind === 'boolean' ? '6rem' : undefined }} />
            ))}
            <col style={{ width: '6.5rem' }} />
          </colgroup>
          <thead className="sticky top-0 z-10">
            <tr aria-rowindex={1} style={{ height: ROW_HEIGHT }}>
              <th scope="col" className={headerCellClassName}>
                #
              </th>
              {field.fields.map((column) => (
                <th key={column.path} scope="col" className={headerCellClassName}>
                  {column.label}
                </th>
              ))}
              <th scope="col" className={headerCellClassName}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td
                  colSpan={field.fields.length + 2}
                  className="px-3 py-6 text-center text-slate-500 dark:text-slate-400"
                >
                  {`No ${field.itemLabel} yet.`}
                </td>
              </tr>
            )}
            <SpacerRow height={before} span={field.fields.length + 2} />
            {items.map((item) => {
              const index = item.index
              const row = rows[index]
              if (row === undefined) return null
              return (
                <tr
                  key={index}
                  data-index={index}
                  aria-rowindex={index + 2}
                  style={{ height: ROW_HEIGHT }}
                  className={focusRow === index ? 'bg-teal-50 dark:bg-teal-950/40' : undefined}
                >
                  <td className="px-2 text-right font-mono text-xs text-slate-500 tabular-nums">{index + 1}</td>
                  {field.fields.map((column) => {
                    const cellPath = `${path}.${index}.${column.path}`
                    const error = env.errors.find((e) => e.field === cellPath)?.message
                    const name = `${column.label} of ${field.itemLabel} ${index + 1}`
                    const cellValue = getPath(row, column.path)
                    return (
                      <td key={column.path} className="px-1">
                        {column.kind === 'boolean' ? (
                          <input
                            type="checkbox"
                            aria-label={name}
                            checked={cellValue === true}
                            onChange={(event) => env.onChange(cellPath, event.target.checked)}
                            className="ml-3"
                          />
                        ) : (
                          <input
                            type="text"
                            aria-label={name}
                            title={error}
                            value={textOf(cellValue)}
                            onChange={(event) =>
                              env.onChange(
                                cellPath,
                                column.kind === 'text' && column.nullable && event.target.value === ''
                                  ? null
                                  : event.target.value,
                              )
                            }
                            placeholder={column.kind === 'text' ? column.placeholder : undefined}
                            aria-invalid={error ? true : undefined}
                            autoComplete="off"
                            spellCheck={false}
                            className={`${inputClassName} py-1 font-mono text-sm ${error ? 'border-red-600' : ''}`}
                          />
                        )}
                      </td>
                    )
                  })}
                  <td className="px-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        env.onChange(
                          path,
                          rows.filter((_, at) => at !== index),
                        )
                      }
                    >
                      Remove<span className="sr-only"> {`${field.itemLabel} ${index + 1}`}</span>
                    </Button>
                  </td>
                </tr>
              )
            })}
            <SpacerRow height={after} span={field.fields.length + 2} />
          </tbody>
        </table>
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={add} disabled={full}>
          Add {field.itemLabel}
        </Button>
        {full && <span className="ml-2 text-sm">{`At most ${formatNumber(field.max ?? 0)}.`}</span>}
      </div>
    </fieldset>
  )
}
