/**
 * Where a refused submit puts the focus: on the first control of `container` marked `aria-invalid="true"`,
 * whose error (its description) is then read out with it, or on `fallback` (a form's message at its top)
 * when no control is marked. Returns the element focused, if any. The forms, the audit log's filters,
 * Invalidate, Statistics' range and the users' dialogs all go through it.
 */
export function focusFirstInvalid(
  container: ParentNode | null | undefined,
  fallback?: HTMLElement | null,
): HTMLElement | null {
  const target = container?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fallback ?? null
  target?.focus()
  return target
}
