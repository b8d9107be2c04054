import { MenuItem, MenuSection } from './Menu.tsx'
import { THEMES, type Theme } from './theme.ts'

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' }

type ThemeSwitcherProps = {
  value: Theme
  onChange: (theme: Theme) => void
}

/** A three-way radio group (Light, Dark, System) for pages and forms. */
export function ThemeSwitcher({ value, onChange }: ThemeSwitcherProps) {
  return (
    <fieldset className="inline-flex rounded-md border border-slate-300 p-0.5 text-sm dark:border-slate-700">
      <legend className="sr-only">Theme</legend>
      {THEMES.map((theme) => (
        <label
          key={theme}
          className="cursor-pointer rounded px-2.5 py-1 has-checked:bg-teal-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-teal-600"
        >
          <input
            type="radio"
            name="theme"
            value={theme}
            checked={value === theme}
            onChange={() => onChange(theme)}
            className="sr-only"
          />
          {LABELS[theme]}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * The same choice inside a dropdown menu: a menu cannot hold a radio group (its keyboard handling
 * would swallow the arrows), so each theme is a menu item and the current one is marked.
 */
export function ThemeMenuSection({ value, onChange }: ThemeSwitcherProps) {
  return (
    <MenuSection heading="Theme">
      {THEMES.map((theme) => (
        <MenuItem key={theme} onSelect={() => onChange(theme)}>
          <span aria-hidden="true" className="w-4 text-teal-700 dark:text-teal-400">
            {value === theme ? '✓' : ''}
          </span>
          {LABELS[theme]}
          {value === theme && <span className="sr-only"> (current)</span>}
        </MenuItem>
      ))}
    </MenuSection>
  )
}
