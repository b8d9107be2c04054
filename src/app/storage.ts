import { keysToClearOnLogout, STORAGE_KEYS } from '../domain/session.ts'

/**
 * The console's local storage (spec section 7). Only the composition layer touches it; machines get
 * it through their actors. Storage can be unavailable (private mode, quota): reads then find nothing
 * and writes are dropped, and the console still works for the current page.
 */
function store(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export const storage = {
  get(key: string): string | null {
    return store()?.getItem(key) ?? null
  },
  set(key: string, value: string): void {
    try {
      store()?.setItem(key, value)
    } catch {
      // Quota or privacy settings: this value lives only as long as the page.
    }
  },
  remove(key: string): void {
    store()?.removeItem(key)
  },
  getJson(key: string): unknown {
    const text = this.get(key)
    if (text === null) return null
    try {
      return JSON.parse(text)
    } catch {
      return null
    }
  },
  setJson(key: string, value: unknown): void {
    this.set(key, JSON.stringify(value))
  },
  /** Logout: every `wadp.` and `auth.` entry goes, except the last selected project. */
  clearSignedOut(): void {
    const local = store()
    if (!local) return
    const keys = Array.from({ length: local.length }, (_, index) => local.key(index)).filter((key) => key !== null)
    for (const key of keysToClearOnLogout(keys)) local.removeItem(key)
  },
  keys: STORAGE_KEYS,
}
