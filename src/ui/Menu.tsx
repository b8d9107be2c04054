import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useRef,
  useState,
} from 'react'
import type { MenuItemProps, OpenFocus } from './MenuPanel.tsx'
import { useIdle } from './useIdle.ts'
import { useLoaded } from './useLoadedWhenIdle.ts'

type MenuProps = {
  /** What the button shows (an avatar, an icon, a word). */
  button: ReactNode
  /** The button's accessible name when `button` is not text. */
  label?: string
  children: ReactNode
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'end'
  buttonClassName?: string
  className?: string
  /** Each time the panel opens (what it shows may be fetched then). */
  onOpen?: () => void
  /**
   * False while the code of what the panel lists is on its way (loaded by the menu's owner): the panel
   * opens once it is there, an open asked for meanwhile kept.
   */
  contentReady?: boolean
}

type Panel = typeof import('./MenuPanel.tsx')
let loadedPanel: Panel | null = null

/**
 * The open panel's code (src/ui/MenuPanel.tsx: its keyboard, its items), asked for when the page is idle
 * or the menu first opens; once here, every menu draws its panel at once.
 */
export const loadMenuPanel = async (): Promise<Panel> => {
  loadedPanel ??= await import('./MenuPanel.tsx')
  return loadedPanel
}

const PanelContext = createContext<Panel | null>(null)

/**
 * A dropdown menu following the WAI-ARIA menu button pattern: arrow keys, Home and End move, typed
 * letters jump, Enter or Space activate, Escape and Tab close. Hand-written rather than Headless UI so
 * the always-visible shell does not carry Headless UI, Floating UI and React Aria up front; and only
 * the button is drawn with the page: the panel and its items exist while the menu is open (issue 27).
 */
export function Menu({
  button,
  label,
  children,
  align = 'end',
  buttonClassName = '',
  className = '',
  onOpen,
  contentReady = true,
}: MenuProps) {
  const [open, setOpen] = useState(false)
  const [openFocus, setOpenFocus] = useState<OpenFocus>('panel')
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const buttonId = useId()
  const panelId = useId()
  const idle = useIdle()
  const panel = useLoaded(loadMenuPanel, open || idle) ?? loadedPanel

  const openWith = (focus: OpenFocus) => {
    onOpen?.()
    setOpenFocus(focus)
    setOpen(true)
  }

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }, [])

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      // Also stops the button's own click, which would toggle the menu shut again.
      event.preventDefault()
      openWith('first')
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      openWith('last')
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        id={buttonId}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : openWith('panel'))}
        onKeyDown={onButtonKeyDown}
        // Firefox clicks a button on Space's keyup even when the keydown was handled.
        onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
        className={`inline-flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${buttonClassName}`}
      >
        {button}
      </button>
      {open && panel && contentReady && (
        <PanelContext.Provider value={panel}>
          <panel.MenuPanel
            id={panelId}
            labelledBy={buttonId}
            openFocus={openFocus}
            rootRef={rootRef}
            buttonRef={buttonRef}
            close={close}
            className={`${align === 'end' ? 'right-0' : 'left-0'} ${className}`}
          >
            {children}
          </panel.MenuPanel>
        </PanelContext.Provider>
      )}
    </div>
  )
}

/** An item of the menu: drawn by the panel's code, which is here whenever the panel is open. */
export function MenuItem(props: MenuItemProps) {
  const panel = useContext(PanelContext)
  if (!panel) throw new Error('MenuItem must be rendered inside a Menu')
  return <panel.MenuItem {...props} />
}

export function MenuSection({ heading, children }: { heading?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; a menu's items are grouped by role
    <div role="group" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <div
          id={headingId}
          role="presentation"
          className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase"
        >
          {heading}
        </div>
      )}
      {children}
    </div>
  )
}

export function MenuSeparator() {
  return <hr className="my-1 border-slate-200 dark:border-slate-700" />
}

/** Non-interactive content of a menu panel (a name, a version line). */
export function MenuText({ children }: { children: ReactNode }) {
  return <div className="px-3 py-2 text-sm">{children}</div>
}
