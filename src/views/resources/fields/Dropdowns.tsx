import type { Option } from '../../../domain/resource-ui.ts'
import { useLoaded } from '../../../ui/useLoadedWhenIdle.ts'
import { useTurn } from '../../../ui/useTurn.ts'
import { errorClassName, helpClassName, labelClassName } from './FieldFrame.tsx'

/*
 * The dropdowns (Headless UI's Listbox, with its positioning) are most of a form page's weight: they
 * load right after the page's own code, while the form already shows. Until then each shows its
 * current choice, inert. Once loaded they mount one at a time (useTurn), each in a task of its own.
 */
type Widgets = typeof import('./deferred.tsx')
let widgetsLoading: Promise<Widgets | null> | null = null

/**
 * The dropdowns' code, asked for once. A chunk that fails to load reloads the page (the chunkReload
 * actor); until then the dropdowns stay inert, and the next form to show one asks again.
 */
function loadWidgets(): Promise<Widgets | null> {
  widgetsLoading ??= import('./deferred.tsx').catch(() => {
    widgetsLoading = null
    return null
  })
  return widgetsLoading
}

/** The dropdowns' code once it has loaded and this dropdown's turn to mount has come. */
function useMountedWidgets(): Widgets | null {
  const loaded = useLoaded(loadWidgets)
  const turn = useTurn(loaded !== null)
  return turn ? loaded : null
}

type DropdownProps = {
  label: string
  options: readonly Option[]
  description?: string | undefined
  error?: string | undefined
  disabled?: boolean
}

function Placeholder({ label, text, description, error }: DropdownProps & { text: string | null }) {
  return (
    <div className="flex flex-col gap-1" aria-busy="true" data-dropdown-loading="">
      <span className={labelClassName}>{label}</span>
      {/* Inert but legible: no fading, whose contrast an accessibility check (and a reader) would fail. */}
      <div className="flex w-full items-center rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        <span className={text ? 'truncate' : 'text-slate-600 dark:text-slate-400'}>{text ?? 'No selection'}</span>
      </div>
      {description && <p className={helpClassName}>{description}</p>}
      {error && <p className={errorClassName}>{error}</p>}
    </div>
  )
}

function labelsOf(options: readonly Option[], values: readonly string[]): string | null {
  if (values.length === 0) return null
  return values.map((value) => options.find((option) => option.value === value)?.label ?? value).join(', ')
}

/** The spec's dropdown (the Select primitive): one value, or null for none. */
export function Dropdown(props: DropdownProps & { value: string | null; onChange: (value: string) => void }) {
  const loaded = useMountedWidgets()
  if (!loaded) return <Placeholder {...props} text={labelsOf(props.options, props.value ? [props.value] : [])} />
  const Select = loaded.Select<string>
  return <Select {...props} />
}

/** A dropdown of several values at once. */
export function MultiDropdown(
  props: DropdownProps & { value: readonly string[]; onChange: (value: string[]) => void },
) {
  const loaded = useMountedWidgets()
  if (!loaded) return <Placeholder {...props} text={labelsOf(props.options, props.value)} />
  return <loaded.MultiListbox {...props} />
}
