type SpinnerProps = {
  /** Announced as a status when given; without it the spinner is decorative (e.g. inside a busy button). */
  label?: string
  size?: 'sm' | 'md' | 'lg'
  className?: string
}

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const

export function Spinner({ label, size = 'md', className = '' }: SpinnerProps) {
  const circle = (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={`${SIZES[size]} animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite] ${className}`}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
  if (!label) return circle
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  )
}
