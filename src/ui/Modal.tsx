import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { type ReactNode, useCallback, useEffect, useRef } from 'react'

type ModalSize = 'sm' | 'md' | 'lg' | 'xl'

type ModalProps = {
  open: boolean
  title: ReactNode
  /** Escape, a click outside and the Close control all call it. */
  onClose: () => void
  children: ReactNode
  /** Buttons at the bottom of the panel. */
  footer?: ReactNode
  size?: ModalSize
  /** false: no Close control, and Escape or an outside click do nothing (the footer must offer a way out). */
  dismissible?: boolean
}

const SIZES: Record<ModalSize, string> = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' }

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
    </svg>
  )
}

/**
 * Each open dialog's panel and where focus goes when it closes. A dialog that replaces another one (a
 * question's report, a paste's summary) opens while focus is still in the one it replaces, or on the body
 * once that one's button is disabled: it then goes back where the one it replaces would have.
 */
const openPanels = new Map<HTMLElement, HTMLElement>()

type Opener = { element: HTMLElement; before: HTMLElement | null; around: HTMLElement[] }

/**
 * Where a dialog opening now should give focus back when it closes: the focused element, or the one before
 * it; and the elements around the opener, innermost first, for an opener the dialog's work removed.
 */
function openerNow(): Opener | null {
  const active = document.activeElement
  if (!(active instanceof HTMLElement)) return null
  const panels = [...openPanels]
  const replaced = active === document.body ? panels.at(-1) : panels.find(([panel]) => panel.contains(active))
  const around: HTMLElement[] = []
  for (let box = active.parentElement; box && box !== document.body; box = box.parentElement) around.push(box)
  return { element: active, before: replaced?.[1] ?? null, around }
}

/**
 * The opener if it is still on the page, else the element before it, else the first control of the nearest
 * part of the page around the opener still there (a selection's Delete goes with the rows it deleted): the
 * keyboard stays where the user was, not at the page's start.
 */
function returnTarget(opener: Opener): HTMLElement | null {
  if (opener.element.isConnected && opener.element !== document.body) return opener.element
  if (opener.before) return opener.before
  for (const box of opener.around) {
    const control =
      box.isConnected && box.querySelector<HTMLElement>('a[href], button:not(:disabled), input:not(:disabled)')
    if (control) return control
  }
  return null
}

/** A dialog (Headless UI): focus is trapped inside and returns to the opener on close. */
export function Modal({ open, title, onClose, children, footer, size = 'md', dismissible = true }: ModalProps) {
  // Headless UI returns focus only for a dialog that was closed when it mounted; dialogs loaded on first
  // use mount already open, so remember the opener here (before the panel takes focus) and go back to it.
  const opener = useRef<Opener | null>(null)
  const panel = useRef<HTMLDivElement | null>(null)
  if (open && opener.current === null && typeof document !== 'undefined') opener.current = openerNow()
  // The panel is registered as it comes and goes: Headless UI mounts it in a portal a render after the
  // dialog, so an effect of this component would still find none (and a dialog replacing this one would
  // not know where to give focus back).
  const registerPanel = useCallback((element: HTMLDivElement | null) => {
    if (panel.current) openPanels.delete(panel.current)
    panel.current = element
    const target = element && opener.current && returnTarget(opener.current)
    if (element && target) openPanels.set(element, target)
  }, [])
  useEffect(() => {
    if (open || !opener.current) return
    const target = returnTarget(opener.current)
    opener.current = null
    requestAnimationFrame(() => {
      if (target?.isConnected && !target.contains(document.activeElement)) target.focus()
    })
  }, [open])
  // A dialog removed while open (its page shows it only while its step lasts) takes the focus with it:
  // the opener gets it back, unless the page has put it somewhere on purpose meanwhile.
  useEffect(
    () => () => {
      if (!opener.current) return
      const target = returnTarget(opener.current)
      requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body
        if (target?.isConnected && lost) target.focus()
      })
    },
    [],
  )
  return (
    <Dialog
      open={open}
      onClose={dismissible ? onClose : () => {}}
      // The dialog element itself covers the viewport, so it has a box (end-to-end tests check it is visible).
      className="fixed inset-0 z-50 flex w-screen items-start justify-center overflow-y-auto p-4 sm:pt-[10vh]"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-950/50" />
      <DialogPanel
        ref={registerPanel}
        className={`relative flex w-full ${SIZES[size]} flex-col rounded-lg bg-white text-slate-900 shadow-xl ring-1 ring-slate-900/10 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-100/10`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {dismissible && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-slate-800 dark:hover:text-slate-100"
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div className="px-5 py-4">{children}</div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
            {footer}
          </div>
        )}
      </DialogPanel>
    </Dialog>
  )
}
