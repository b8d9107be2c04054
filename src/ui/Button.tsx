import type { ComponentPropsWithRef } from 'react'
import { Spinner } from './Spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant
  size?: 'sm' | 'md'
  /**
   * Work in progress: the button shows a spinner before its label and ignores presses (aria-disabled), but
   * stays focusable: disabling it would drop the focus of whoever pressed it to the page's body.
   */
  busy?: boolean
}

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 off:cursor-not-allowed off:opacity-60'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 off:hover:bg-teal-700',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 off:hover:bg-red-700',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
}

const SIZES = { sm: 'px-2.5 py-1 text-sm', md: 'px-4 py-2' } as const

export function buttonClassName(variant: ButtonVariant = 'primary', size: 'sm' | 'md' = 'md'): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  disabled,
  type = 'button',
  className = '',
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      // A press while busy does nothing, a form's submission (Enter in a field included) neither.
      onClick={busy ? (event) => event.preventDefault() : onClick}
      className={`${buttonClassName(variant, size)} ${className}`}
      {...rest}
    >
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  )
}
