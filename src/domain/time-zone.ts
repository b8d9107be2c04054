/**
 * The time zone the console's times are in (src/domain/datetime.ts formats them in the browser's), said
 * once a page. Apart from the formatting, which the signed-in frame carries: only pages that say it load it.
 */

/** Temporal's clock, where the browser has it (Chromium 144 and later); not in TypeScript's library yet. */
type TemporalNow = { Now?: { timeZoneId?: () => string } }

let zone: string | null = null
/**
 * The browser's time zone (`Europe/Paris`), read once. Temporal names it at no cost; `Intl.DateTimeFormat`,
 * the fallback, first sets up the locale's formatter: 27-100 ms on a desktop, four times that on a phone,
 * for every page that says its times are local (docs/benchmarks.md, issue 27).
 */
export function localTimeZone(): string {
  zone ??=
    (globalThis as { Temporal?: TemporalNow }).Temporal?.Now?.timeZoneId?.() ||
    Intl.DateTimeFormat().resolvedOptions().timeZone ||
    'UTC'
  return zone
}

/** The one sentence a page with times says about them, `{zone}` for the time zone (index.html's script writes it too). */
export const TIMES_NOTE = 'Times are local ({zone}).'
export const ZONE_MARK = '{zone}'
export const timesNote = (): string => TIMES_NOTE.split(ZONE_MARK).join(localTimeZone())
