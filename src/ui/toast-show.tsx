import * as hot from 'react-hot-toast'

export { hot }

/** Toaster.tsx's NotifyKind (not imported: that module loads this one). */
type NotifyKind = 'success' | 'error' | 'warning' | 'info'

const ICONS: Record<NotifyKind, string> = { success: '✓', error: '✕', warning: '!', info: 'i' }
const ICON_COLOURS: Record<NotifyKind, string> = {
  success: 'bg-emerald-600',
  error: 'bg-red-600',
  warning: 'bg-amber-500',
  info: 'bg-sky-600',
}

export type Shown = { id: string; message: string; kind: NotifyKind; durationMs: number; title?: string }

/** Shows a notification: loaded with react-hot-toast, on the first one (the page's start carries none of it). */
export function show({ id, message, kind, durationMs, title }: Shown): void {
  const urgent = kind === 'error' || kind === 'warning'
  // Our own id: showing the same notification again would update it in place, never add a second one.
  hot.toast(
    <span className="flex flex-col gap-0.5">
      {title && <strong className="font-semibold">{title}</strong>}
      <span>{message}</span>
    </span>,
    {
      id,
      duration: durationMs,
      icon: (
        <span
          aria-hidden="true"
          className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${ICON_COLOURS[kind]}`}
        >
          {ICONS[kind]}
        </span>
      ),
      ariaProps: urgent ? { role: 'alert', 'aria-live': 'assertive' } : { role: 'status', 'aria-live': 'polite' },
    },
  )
}
