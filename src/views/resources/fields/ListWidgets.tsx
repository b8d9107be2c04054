import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react'
import type { FieldError } from '../../../domain/common.ts'
import { capitalize, type Draft, type FieldSpec, getPath, isShown } from '../../../domain/resource-ui.ts'
import { Button } from '../../../ui/Button.tsx'
import { inputClassName } from '../../../ui/TextField.tsx'
import { messageAt } from './errors.ts'
import { errorClassName, groupDescription, labelClassName } from './FieldFrame.tsx'
import { type FieldEnv, fieldId, textOf, type WidgetProps } from './types.ts'

const legendClassName = `${labelClassName} mb-1`
const rowButtonClassName = 'shrink-0'

/** The messages under a list's path that none of its rows shows (the list's own, or a row that is gone). */
function listMessages(errors: readonly FieldError[], path: string, shownPaths: (field: string) => boolean) {
  return (
    errors
      .filter((error) => (error.field === path || error.field.startsWith(`${path}.`)) && !shownPaths(error.field))
      .map((error) => error.message)
      .join('; ') || undefined
  )
}

/** The row an error path points into (`backends.2.port` -> 2), or null. */
function rowOf(path: string, errorPath: string): number | null {
  if (!errorPath.startsWith(`${path}.`)) return null
  const segment = errorPath.slice(path.length + 1).split('.')[0] ?? ''
  return /^\d+$/.test(segment) ? Number(segment) : null
}

/**
 * Focus follows the user's action once the new items have rendered: the input of an added item, the
 * neighbour of a removed one, the moved row's button.
 */
function usePendingFocus(dependency: unknown) {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null)
  const container = useRef<HTMLFieldSetElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changed, by design
  useEffect(() => {
    const target = pending.current?.()
    pending.current = null
    target?.focus()
  }, [dependency])
  const find = (selector: string) => container.current?.querySelector<HTMLElement>(selector)
  return { container, focusLater: (target: () => HTMLElement | null | undefined) => (pending.current = target), find }
}

/** A list of free-text items: an input each with its Remove button, and "Add {item}". */
export function StringsWidget({ field, path, value, env }: WidgetProps<'strings'>) {
  const id = fieldId(env, path)
  const items = Array.isArray(value) ? value.map(textOf) : []
  const one = capitalize(field.itemLabel)
  const focus = usePendingFocus(items.length)
  const itemShown = (errorPath: string) => {
    const row = rowOf(path, errorPath)
    return row !== null && row < items.length && errorPath === `${path}.${row}`
  }
  const { describedBy, helpText, errorText } = groupDescription(
    id,
    field.help,
    listMessages(env.errors, path, itemShown),
  )
  const inputAt = (index: number) => focus.find(`[data-item="${index}"] input`)
  const add = () => {
    focus.focusLater(() => inputAt(items.length))
    env.onChange(path, [...items, ''])
  }
  const remove = (index: number) => {
    focus.focusLater(() => (items.length > 1 ? inputAt(Math.min(index, items.length - 2)) : focus.find('[data-add]')))
    env.onChange(
      path,
      items.filter((_, at) => at !== index),
    )
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    // Enter in the last item starts the next one instead of submitting the form.
    if (event.key !== 'Enter' || index !== items.length - 1) return
    event.preventDefault()
    if (items[index]?.trim()) add()
  }
  return (
    <fieldset ref={focus.container} aria-describedby={describedBy} className="flex flex-col gap-2">
      <legend className={legendClassName}>{field.label}</legend>
      {items.map((item, index) => {
        const itemId = `${id}-${index}`
        const error = messageAt(env.errors, `${path}.${index}`)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are plain strings that may repeat; the position is the identity
          <div key={index} data-item={index} className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <input
                id={itemId}
                type="text"
                value={item}
                onChange={(event) => env.onChange(`${path}.${index}`, event.target.value)}
                onKeyDown={(event) => onKeyDown(event, index)}
                placeholder={field.placeholder}
                aria-label={`${one} ${index + 1}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${itemId}-error` : undefined}
                autoComplete="off"
                spellCheck={false}
                className={inputClassName}
              />
              <Button variant="ghost" size="sm" className={rowButtonClassName} onClick={() => remove(index)}>
                Remove<span className="sr-only"> {`${field.itemLabel} ${index + 1}`}</span>
              </Button>
            </div>
            {error && (
              <p id={`${itemId}-error`} className={errorClassName}>
                {error}
              </p>
            )}
          </div>
        )
      })}
      <div>
        <Button variant="secondary" size="sm" data-add="" onClick={add}>
          Add {field.itemLabel}
        </Button>
      </div>
      {helpText}
      {errorText}
    </fieldset>
  )
}

export type RenderField = (props: { field: FieldSpec; path: string; value: unknown; env: FieldEnv }) => ReactNode

/** A list of small records (backends, headers): each a row of its fields, moved up or down, removed, added. */
export function RecordsWidget({
  field,
  path,
  value,
  env,
  renderField,
}: WidgetProps<'records'> & { renderField: RenderField }) {
  const id = fieldId(env, path)
  const items = Array.isArray(value) ? (value as Draft[]) : []
  const min = field.min ?? 0
  const max = field.max ?? Number.POSITIVE_INFINITY
  const one = capitalize(field.itemLabel)
  const focus = usePendingFocus(items)
  const subFields = (item: Draft) => field.fields.filter((sub) => isShown(sub, item))
  // An error inside an existing row shows in that row; the rest (the list's own) under the list.
  const inRow = (errorPath: string) => {
    const row = rowOf(path, errorPath)
    return row !== null && row < items.length
  }
  const { describedBy, helpText, errorText } = groupDescription(id, field.help, listMessages(env.errors, path, inRow))
  const button = (row: number, action: string) => focus.find(`[data-row="${row}"] [data-action="${action}"]`)
  const enabled = (element: HTMLElement | null | undefined) =>
    element && !(element as HTMLButtonElement).disabled ? element : undefined
  const change = (next: Draft[]) => env.onChange(path, next)
  const add = () => {
    focus.focusLater(() => focus.find(`[data-row="${items.length}"] input, [data-row="${items.length}"] button`))
    change([...items, field.newItem()])
  }
  const remove = (index: number) => {
    focus.focusLater(() =>
      items.length > 1 ? button(Math.min(index, items.length - 2), 'remove') : focus.find('[data-add]'),
    )
    change(items.filter((_, at) => at !== index))
  }
  const move = (index: number, by: -1 | 1) => {
    const target = index + by
    const next = [...items]
    const [moved] = next.splice(index, 1)
    if (!moved) return
    next.splice(target, 0, moved)
    // Stay on the moved row: the same button, or the other one at the end of the list.
    focus.focusLater(() => enabled(button(target, by < 0 ? 'up' : 'down')) ?? button(target, by < 0 ? 'down' : 'up'))
    change(next)
  }
  return (
    <fieldset ref={focus.container} aria-describedby={describedBy} className="flex flex-col gap-3">
      <legend className={legendClassName}>{field.label}</legend>
      {items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">None.</p>}
      {items.map((item, index) => {
        const number = index + 1
        const rowPath = `${path}.${index}`
        const rowError = listMessages(
          env.errors.filter((error) => error.field === rowPath || error.field.startsWith(`${rowPath}.`)),
          rowPath,
          (errorPath) => subFields(item).some((sub) => errorPath === `${rowPath}.${sub.path}`),
        )
        return (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; moves re-render them in place
            key={index}
            data-row={index}
            className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
          >
            <legend className="px-1 text-sm text-slate-600 dark:text-slate-400">{`${one} ${number}`}</legend>
            <div className="flex flex-wrap items-start gap-3">
              {subFields(item).map((sub) => (
                <div key={sub.path} className="min-w-40 flex-1">
                  {renderField({
                    field: sub,
                    path: `${rowPath}.${sub.path}`,
                    value: getPath(item, sub.path),
                    env,
                  })}
                </div>
              ))}
            </div>
            {rowError && <p className={`${errorClassName} mt-1`}>{rowError}</p>}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="ghost" size="sm" data-action="up" disabled={index === 0} onClick={() => move(index, -1)}>
                Move up<span className="sr-only"> {`${field.itemLabel} ${number}`}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                data-action="down"
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
              >
                Move down<span className="sr-only"> {`${field.itemLabel} ${number}`}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                data-action="remove"
                disabled={items.length <= min}
                onClick={() => remove(index)}
              >
                Remove<span className="sr-only"> {`${field.itemLabel} ${number}`}</span>
              </Button>
            </div>
          </fieldset>
        )
      })}
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" data-add="" disabled={items.length >= max} onClick={add}>
          Add {field.itemLabel}
        </Button>
        {items.length >= max && <span className="text-sm text-slate-600 dark:text-slate-400">At most {max}.</span>}
      </div>
      {helpText}
      {errorText}
    </fieldset>
  )
}
