import { useSyncExternalStore } from 'react'

export type NotifyKind = 'success' | 'error' | 'warning' | 'info'

/** Spec section 9: notifications last 5 s, sync results 10 s. */
export const NOTIFY_DEFAULT_MS = 5000
export const NOTIFY_SYNC_RESULT_MS = 10000

type NotifyOptions = {
  kind?: NotifyKind
  durationMs?: number
  /** A bold first line, e.g. 'Configuration Sync Status'. */
  title?: string
}

type Notification = { id: string; message: string; kind: NotifyKind; durationMs: number; title?: string }

type HotToast = typeof import('react-hot-toast')

const ICONS: Record<NotifyKind, string> = { success: '✓', error: '✕', warning: '!', info: 'i' }
const ICON_COLOURS: Record<NotifyKind, string> = {
  success: 'bg-emerald-600',
  error: 'bg-red-600',
  warning: 'bg-amber-500',
  info: 'bg-sky-600',
}

/*
 * react-hot-toast is fetched on the first notification rather than with the entry: most page loads
 * never show one. Until it arrives, notifications wait in `waiting` in the order they were asked for.
 */
let hotToast: HotToast | null = null
let loading = false
let waiting: Notification[] = []
let nextId = 0
const listeners = new Set<() => void>()

function show(hot: HotToast, { id, message, kind, durationMs, title }: Notification): void {
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

function loadHotToast(): void {
  if (loading) return
  loading = true
  import('react-hot-toast').then(
    (hot) => {
      hotToast = hot
      const queued = waiting
      waiting = []
      for (const notification of queued) show(hot, notification)
      for (const listener of listeners) listener()
    },
    () => {
      // Offline or a redeploy removed the chunk: keep the queue and try again on the next notification.
      loading = false
    },
  )
}

/** Shows a notification at the bottom right; returns its id (for `dismissNotification`). */
export function notify(
  message: string,
  { kind = 'info', durationMs = NOTIFY_DEFAULT_MS, title }: NotifyOptions = {},
): string {
  nextId += 1
  const notification: Notification = { id: `notification-${nextId}`, message, kind, durationMs, title }
  if (hotToast) show(hotToast, notification)
  else {
    waiting.push(notification)
    loadHotToast()
  }
  return notification.id
}

/** Dismisses one notification, or all of them without an id; works before they were even shown. */
export function dismissNotification(id?: string): void {
  waiting = id === undefined ? [] : waiting.filter((notification) => notification.id !== id)
  hotToast?.toast.dismiss(id)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const loadedModule = () => hotToast

/** Mount once, near the root. Renders nothing until the first notification has loaded react-hot-toast. */
export function Toaster() {
  const hot = useSyncExternalStore(subscribe, loadedModule, loadedModule)
  if (!hot) return null
  return (
    <hot.Toaster
      position="bottom-right"
      toastOptions={{
        duration: NOTIFY_DEFAULT_MS,
        // react-hot-toast styles inline; `!` lets the theme win in dark mode.
        className:
          'bg-white! text-slate-900! ring-1 ring-slate-900/10 dark:bg-slate-800! dark:text-slate-100! dark:ring-slate-100/10',
      }}
    />
  )
}
