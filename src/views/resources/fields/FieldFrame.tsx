import type { ReactNode } from 'react'

export type FrameIds = { id: string; describedBy: string | undefined; invalid: true | undefined }

type FieldFrameProps = {
  id: string
  label: ReactNode
  help?: string | undefined
  error?: string | undefined
  className?: string
  /** Renders the input with the ids that link it to its label, help and error. */
  children: (ids: FrameIds) => ReactNode
}

export const helpClassName = 'text-sm text-slate-600 dark:text-slate-400'
export const errorClassName = 'text-sm text-red-700 dark:text-red-400'
export const labelClassName = 'text-sm font-medium'

/** A visible label above an input, its help and its error under it, all linked to the input. */
export function FieldFrame({ id, label, help, error, className = '', children }: FieldFrameProps) {
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label id={`${id}-label`} htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
      {help && (
        <p id={helpId} className={helpClassName}>
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorClassName}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The ids of a group's help and error (a fieldset's aria-describedby). */
export function groupDescription(id: string, help: string | undefined, error: string | undefined) {
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  return {
    describedBy: [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
    helpText: help ? (
      <p id={helpId} className={helpClassName}>
        {help}
      </p>
    ) : null,
    errorText: error ? (
      <p id={errorId} className={errorClassName}>
        {error}
      </p>
    ) : null,
  }
}
