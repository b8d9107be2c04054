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

type HotToast = typeof import('./toast-show.tsx')

/*
 * react-hot-toast (with how a notification is drawn, ./toast-show.tsx) is fetched on the first
 * notification rather than with the entry: most page loads never show one. Until it arrives,
 * notifications wait in `waiting` in the order they were asked for.
 */
let hotToast: HotToast | null = null
let loading = false
let waiting: Notification[] = []
let nextId = 0
const listeners = new Set<() => void>()

function loadHotToast(): void {
  if (loading) return
  loading = true
  import('./toast-show.tsx').then(
    (hot) => {
      hotToast = hot
      const queued = waiting
      waiting = []
      for (const notification of queued) hot.show(notification)
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
  if (hotToast) hotToast.show(notification)
  else {
    waiting.push(notification)
    loadHotToast()
  }
  return notification.id
}

/** Dismisses one notification, or all of them without an id; works before they were even shown. */
export function dismissNotification(id?: string): void {
  waiting = id === undefined ? [] : waiting.filter((notification) => notification.id !== id)
  hotToast?.hot.toast.dismiss(id)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const loadedModule = () => hotToast

/**
 * Mount once, near the root. It is a live region from its first render, empty, and the toasts come into it
 * with the first notification: a screen reader announces what is added to a live region it already knows,
 * while react-hot-toast's toasts alone, each a live region that arrives with its text, went unsaid (NVDA).
 * It is the only one: the toasts carry no live region of their own (./toast-show.tsx), which nested in it
 * had some screen readers say a toast twice. Every toast is announced politely.
 */
export function Toaster() {
  const loaded = useSyncExternalStore(subscribe, loadedModule, loadedModule)
  return (
    <div aria-live="polite">
      {loaded && (
        <loaded.hot.Toaster
          position="bottom-right"
          toastOptions={{
            duration: NOTIFY_DEFAULT_MS,
            // react-hot-toast styles inline; `!` lets the theme win in dark mode.
            className:
              'bg-white! text-slate-900! ring-1 ring-slate-900/10 dark:bg-slate-800! dark:text-slate-100! dark:ring-slate-100/10',
          }}
        />
      )}
    </div>
  )
}
