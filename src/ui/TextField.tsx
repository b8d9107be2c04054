import { type InputHTMLAttributes, type ReactNode, useId } from 'react'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode
  description?: ReactNode
  /** Shown under the field, linked to it and marking it invalid. */
  error?: string
  id?: string
}

export const inputClassName =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-teal-600 focus:outline-2 focus:outline-teal-600/40 disabled:opacity-60 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:aria-invalid:border-red-400'

export function TextField({ label, description, error, id, className = '', type = 'text', ...rest }: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  const descriptionId = `${inputId}-description`
  const errorId = `${inputId}-error`
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClassName}
        {...rest}
      />
      {description && (
        <p id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}
