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

/**
 * No role or aria-live of the toast's own (react-hot-toast gives each a polite status, an urgent one an
 * alert): the Toaster's live region around them, there before the first one, is what announces it, and
 * a live region inside it made some screen readers say a toast twice. Urgency shows in the icon.
 */
const NO_LIVE_REGION = {} as hot.ToastOptions['ariaProps']

/** Shows a notification: loaded with react-hot-toast, on the first one (the page's start carries none of it). */
export function show({ id, message, kind, durationMs, title }: Shown): void {
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
      ariaProps: NO_LIVE_REGION,
    },
  )
}
