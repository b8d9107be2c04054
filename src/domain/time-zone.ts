/**
 * The time zone the console's times are in (src/domain/datetime.ts formats them in the browser's), said
 * once a page. Apart from the formatting, which the signed-in frame carries: only pages that say it load it.
 */

let zone: string | null = null
/** The browser's time zone (`Europe/Paris`), read once: the first Intl formatter loads locale data. */
export function localTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  return zone
}

/** The one sentence a page with times says about them. */
export const timesNote = (): string => `Times are local (${localTimeZone()}).`
