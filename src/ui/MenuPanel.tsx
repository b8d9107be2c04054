import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'

/** Where focus goes when the menu opens: the keyboard lands on an item, a pointer on the panel itself. */
export type OpenFocus = 'first' | 'last' | 'panel'

type MenuContextValue = {
  activeId: string | null
  /** Items report focus here, so exactly one of them is in the tab order (roving tabindex). */
  setActiveId: (id: string | null) => void
  panelRef: RefObject<HTMLDivElement | null>
  /** Closes the menu, gives focus back to the button, then runs the item's action. */
  select: (onSelect: () => void) => void
}

const MenuContext = createContext<MenuContextValue | null>(null)

/** How long typed letters add up to one search ('re' for 'Refresh') before starting over. */
const TYPEAHEAD_RESET_MS = 500

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]'

function enabledItems(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return []
  return [...panel.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter(
    (item) => item.getAttribute('aria-disabled') !== 'true',
  )
}

/** The text a sighted user reads on an item: the check mark (aria-hidden) and sr-only notes excluded. */
function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (!(node instanceof HTMLElement)) return ''
  if (node.getAttribute('aria-hidden') === 'true' || node.classList.contains('sr-only')) return ''
  return [...node.childNodes].map(visibleText).join('')
}

/** The first tabbable element after `from` outside `skip`: where Tab would have gone without the menu. */
function nextTabbable(from: HTMLElement, skip: HTMLElement | null): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (element.tabIndex < 0 || skip?.contains(element) || element.closest('[hidden], [inert]')) continue
    if (from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) return element
  }
  return null
}

export type MenuPanelProps = {
  id: string
  /** The menu button's id: the panel is named by it. */
  labelledBy: string
  openFocus: OpenFocus
  rootRef: RefObject<HTMLDivElement | null>
  buttonRef: RefObject<HTMLButtonElement | null>
  /** Hides the panel; with `returnFocus`, focus goes back to the button. */
  close: (returnFocus: boolean) => void
  className: string
  children: ReactNode
}

/**
 * The open menu's panel (src/ui/Menu.tsx): arrow keys, Home and End move, typed letters jump, Enter or
 * Space activate, Escape and Tab close. Its own chunk: the shell draws the menu's button on every page,
 * and the panel's code comes when the page is idle or the menu first opens (issue 27).
 */
export function MenuPanel({
  id,
  labelledBy,
  openFocus,
  rootRef,
  buttonRef,
  close,
  className,
  children,
}: MenuPanelProps) {
  const [activeId, setActiveId] = useState<string | null>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const typeahead = useRef({ text: '', at: 0 })

  // Focus moves into the panel once it is drawn.
  useEffect(() => {
    const items = enabledItems(panelRef.current)
    const target = openFocus === 'first' ? items[0] : openFocus === 'last' ? items.at(-1) : undefined
    ;(target ?? panelRef.current)?.focus()
  }, [openFocus])

  // The panel is not modal: a press anywhere else closes it and leaves focus where that press put it.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return
      close(false)
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [rootRef, close])

  const select = useCallback(
    (onSelect: () => void) => {
      // Focus returns to the button first, so a dialog the action opens can take focus after it.
      close(true)
      onSelect()
    },
    [close],
  )
  const context = useMemo(() => ({ activeId, setActiveId, panelRef, select }), [activeId, select])

  function jumpTo(text: string, items: HTMLElement[], current: number) {
    const now = Date.now()
    const typed = now - typeahead.current.at < TYPEAHEAD_RESET_MS ? typeahead.current.text + text : text
    typeahead.current = { text: typed, at: now }
    // Repeating one letter ('bb') cycles through the items starting with it, as in a native select.
    const search = [...typed].every((letter) => letter === text) ? text : typed
    // A longer search may still match the current item; a single letter looks past it.
    const start = search.length > 1 ? Math.max(current, 0) : current + 1
    const ordered = [...items.slice(start), ...items.slice(0, start)]
    const match = ordered.find((item) => visibleText(item).trim().toLowerCase().startsWith(search))
    match?.focus()
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = enabledItems(panelRef.current)
    const current = items.findIndex((item) => item.id === activeId)
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        focusAt(current + 1)
        return
      case 'ArrowUp':
        event.preventDefault()
        focusAt(current < 0 ? -1 : current - 1)
        return
      case 'Home':
      case 'PageUp':
        event.preventDefault()
        focusAt(0)
        return
      case 'End':
      case 'PageDown':
        event.preventDefault()
        focusAt(-1)
        return
      case 'Escape':
        event.preventDefault()
        close(true)
        return
      case 'Tab': {
        // The panel hides before the browser would move focus, so move it here to where Tab was going.
        event.preventDefault()
        const next = event.shiftKey || !buttonRef.current ? null : nextTabbable(buttonRef.current, panelRef.current)
        close(next === null)
        next?.focus()
        return
      }
      case 'Enter':
      case ' ':
        // Items handle their own activation; on the bare panel these keys do nothing.
        event.preventDefault()
        return
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault()
      jumpTo(event.key.toLowerCase(), items, current)
    }
  }

  return (
    <MenuContext.Provider value={context}>
      {/* Positioned in place rather than anchored: an anchored panel is portaled out of its landmark. */}
      <div
        ref={panelRef}
        id={id}
        role="menu"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={onPanelKeyDown}
        onFocus={(event) => event.target === event.currentTarget && setActiveId(null)}
        className={`absolute top-full z-50 mt-1.5 min-w-56 rounded-md border border-slate-200 bg-white py-1 text-slate-900 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${className}`}
      >
        {children}
      </div>
    </MenuContext.Provider>
  )
}

function useMenuContext(component: string): MenuContextValue {
  const context = useContext(MenuContext)
  if (!context) throw new Error(`${component} must be rendered inside a Menu`)
  return context
}

export type MenuItemProps = {
  onSelect: () => void
  children: ReactNode
  disabled?: boolean
  danger?: boolean
}

export function MenuItem({ onSelect, children, disabled = false, danger = false }: MenuItemProps) {
  const { activeId, setActiveId, panelRef, select } = useMenuContext('MenuItem')
  const id = useId()
  const active = activeId === id

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    // Handled here, so the panel's own handler does not see it again.
    event.stopPropagation()
    if (!disabled) select(onSelect)
  }

  return (
    // A div rather than a button: the menu handles Enter and Space itself, and a button would click twice.
    <div
      id={id}
      role="menuitem"
      tabIndex={active ? 0 : -1}
      aria-disabled={disabled || undefined}
      data-focus={active || undefined}
      data-disabled={disabled || undefined}
      onClick={() => !disabled && select(onSelect)}
      onKeyDown={onKeyDown}
      onFocus={() => setActiveId(id)}
      // The pointer moves the highlight the way the arrows do, so hover and keyboard never show two items.
      onPointerMove={(event) => !disabled && !active && event.currentTarget.focus({ preventScroll: true })}
      onPointerLeave={() => active && panelRef.current?.focus({ preventScroll: true })}
      className={`flex w-full cursor-default items-center gap-2 px-3 py-2 text-left text-sm focus:outline-none data-disabled:opacity-50 data-focus:bg-slate-100 dark:data-focus:bg-slate-800 ${danger ? 'text-red-700 dark:text-red-400' : ''}`}
    >
      {children}
    </div>
  )
}
