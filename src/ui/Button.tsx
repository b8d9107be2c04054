import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from './Spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: 'sm' | 'md'
  /** Work in progress: the button is disabled and shows a spinner before its label. */
  busy?: boolean
}

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-60'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 disabled:hover:bg-teal-700',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:hover:bg-red-700',
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
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClassName(variant, size)} ${className}`}
      {...rest}
    >
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  )
}
