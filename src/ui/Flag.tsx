import type { Flag as FlagCode } from '../domain/sync.ts'
import { FLAG_ART } from './flags/art.tsx'

/** The name a flag is announced by (English short names); the generic flag stands for any other country. */
export const FLAG_NAMES: Record<FlagCode, string> = {
  au: 'Australia',
  br: 'Brazil',
  ca: 'Canada',
  de: 'Germany',
  es: 'Spain',
  fr: 'France',
  nl: 'Netherlands',
  pt: 'Portugal',
  sg: 'Singapore',
  gb: 'United Kingdom',
  us: 'United States',
  generic: 'Other country',
}

export type FlagProps = {
  /** A country with a local flag, or 'generic' (what `flagOf` in src/domain/sync.ts returns). */
  code: FlagCode
  /** The accessible name and tooltip; the country's name by default. `''` makes the flag decorative. */
  title?: string
  className?: string
}

/** A small (21 × 14 px, 3:2) country flag drawn inline: no request, no image file. */
export function Flag({ code, title, className = '' }: FlagProps) {
  const name = title ?? FLAG_NAMES[code]
  const decorative = name === ''
  return (
    <svg
      viewBox="0 0 30 20"
      width="21"
      height="14"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
      data-flag={code}
      className={`inline-block shrink-0 rounded-[2px] ring-1 ring-slate-900/15 dark:ring-slate-100/20 ${className}`}
    >
      {!decorative && <title>{name}</title>}
      {FLAG_ART[code]}
    </svg>
  )
}
