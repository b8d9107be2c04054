import { useEffect } from 'react'

/**
 * The browser's title names the page shown (WCAG 2.4.2): a screen reader says it on every navigation, and
 * a tab or a history entry is told apart by it. Called by the page's heading, so the two always agree.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · WADP Console`
  }, [title])
}
