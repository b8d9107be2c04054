import { type KeyboardEvent, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import { tokenizeVcl, type VclTokenKind } from './vcl-highlight.ts'

export type CodeEditorProps = {
  id: string
  value: string
  onChange?: (value: string) => void
  readOnly?: boolean
  invalid?: boolean
  /** Ids of the field's description and error, announced with the editor's own keyboard hint. */
  describedBy?: string
  /** The accessible name, for when no `<label htmlFor={id}>` names the editor. */
  label?: string
  /** Visible height in lines; the editor can be resized taller or shorter by dragging its corner. */
  minRows?: number
}

const INDENT = '  '

const TOKEN_CLASSES: Record<VclTokenKind, string> = {
  keyword: 'text-purple-700 dark:text-purple-300',
  function: 'text-blue-700 dark:text-blue-300',
  variable: 'text-cyan-800 dark:text-cyan-300',
  string: 'text-green-700 dark:text-green-300',
  comment: 'text-slate-500 dark:text-slate-400',
  number: 'text-orange-700 dark:text-orange-300',
  operator: 'text-rose-700 dark:text-rose-300',
  punctuation: 'text-slate-600 dark:text-slate-400',
  identifier: '',
  whitespace: '',
}

// Every layer shares these metrics, or the caret drifts away from the highlighted text. No bold or italic tokens:
// some monospace fonts change advance width with the weight.
const LAYER = 'm-0 border-0 p-2 font-mono text-sm leading-6 whitespace-pre [tab-size:4]'
// The highlight and the gutter only follow the textarea's scroll position: this room below and after their content
// keeps their scroll range at least as long as the textarea's, whose scrollbars take some of its box.
const SCROLL_ROOM = 'block w-max min-w-full pr-8 pb-8'

function lineNumbers(value: string): string {
  let lines = 1
  for (let at = value.indexOf('\n'); at !== -1; at = value.indexOf('\n', at + 1)) lines++
  return Array.from({ length: lines }, (_, index) => index + 1).join('\n')
}

function highlight(value: string): ReactNode[] {
  let offset = 0
  return tokenizeVcl(value).map(({ kind, text }) => {
    const start = offset
    offset += text.length
    if (kind === 'whitespace') return text
    return (
      <span key={start} data-token={kind} className={TOKEN_CLASSES[kind] || undefined}>
        {text}
      </span>
    )
  })
}

/**
 * Replaces `from`..`to` with `text` through the browser's editing commands when it has them, so the change lands
 * on the undo stack and fires a normal input event; otherwise sets the value and reports it.
 */
function replaceRange(
  textarea: HTMLTextAreaElement,
  from: number,
  to: number,
  text: string,
  report: (value: string) => void,
): void {
  textarea.setSelectionRange(from, to)
  const inserted = typeof document.execCommand === 'function' && document.execCommand('insertText', false, text)
  if (inserted) return
  const next = textarea.value.slice(0, from) + text + textarea.value.slice(to)
  textarea.value = next
  report(next)
}

/** Two spaces at the caret, or before every line the selection touches when it spans several. */
function indent(textarea: HTMLTextAreaElement, report: (value: string) => void): void {
  const { value, selectionStart: start, selectionEnd: end } = textarea
  if (!value.slice(start, end).includes('\n')) {
    replaceRange(textarea, start, end, INDENT, report)
    textarea.setSelectionRange(start + INDENT.length, start + INDENT.length)
    return
  }
  const lineStart = value.lastIndexOf('\n', start - 1) + 1
  const lines = value.slice(lineStart, end).split('\n')
  // A selection of whole lines ends at the start of the next one, which it does not include.
  const indented = lines.map((line, index) => (index === lines.length - 1 && line === '' ? line : INDENT + line))
  const block = indented.join('\n')
  replaceRange(textarea, lineStart, end, block, report)
  textarea.setSelectionRange(start + INDENT.length, lineStart + block.length)
}

/**
 * A VCL editor: a textarea with transparent text over its highlighted copy, and a line-number gutter. Tab indents;
 * Escape then Tab (or Shift+Tab) moves focus on, so keyboard users are never trapped. Loaded with React.lazy,
 * hence the default export.
 */
export default function CodeEditor({
  id,
  value,
  onChange,
  readOnly = false,
  invalid = false,
  describedBy,
  label,
  minRows = 12,
}: CodeEditorProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const highlightRef = useRef<HTMLPreElement>(null)
  const gutterRef = useRef<HTMLPreElement>(null)
  // Set by Escape, consumed by the next key: a Tab right after it leaves the editor instead of indenting.
  const tabLeaves = useRef(false)

  const highlighted = useMemo(() => highlight(value), [value])
  const numbers = useMemo(() => lineNumbers(value), [value])

  const syncScroll = useCallback(() => {
    const textarea = textareaRef.current
    if (!textarea) return
    if (highlightRef.current) {
      highlightRef.current.scrollTop = textarea.scrollTop
      highlightRef.current.scrollLeft = textarea.scrollLeft
    }
    if (gutterRef.current) gutterRef.current.scrollTop = textarea.scrollTop
  }, [])

  // A new value can change the scroll range without a scroll event (text replaced from outside).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-runs on purpose whenever the value changes
  useLayoutEffect(syncScroll, [value, syncScroll])

  const report = (next: string) => onChange?.(next)

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return
    const leaving = tabLeaves.current
    tabLeaves.current = event.key === 'Escape'
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return
    if (readOnly || leaving) return
    event.preventDefault()
    indent(event.currentTarget, report)
  }

  const hintId = `${id}-keyboard-hint`
  const describedByIds = [describedBy, readOnly ? null : hintId].filter(Boolean).join(' ')
  const border = invalid
    ? 'border-red-600 dark:border-red-400'
    : 'border-slate-300 focus-within:border-teal-600 dark:border-slate-700'
  const background = readOnly ? 'bg-slate-50 dark:bg-slate-900' : 'bg-white dark:bg-slate-950'

  return (
    <div
      className={`relative flex min-h-20 resize-y overflow-hidden rounded-md border text-slate-900 focus-within:outline-2 focus-within:outline-teal-600/40 dark:text-slate-100 ${border} ${background}`}
      // Rows of 1.5rem (leading-6), the 0.5rem padding above and below, and the 1px borders.
      style={{ height: `calc(${minRows} * 1.5rem + 1rem + 2px)` }}
    >
      <pre
        ref={gutterRef}
        aria-hidden="true"
        data-line-numbers=""
        className={`${LAYER} shrink-0 select-none overflow-hidden border-r border-slate-200 text-right text-slate-500 dark:border-slate-800 dark:text-slate-400`}
      >
        <span className="block pb-8">{numbers}</span>
      </pre>
      <div className="relative min-w-0 flex-1">
        <pre
          ref={highlightRef}
          aria-hidden="true"
          data-highlight=""
          className={`${LAYER} pointer-events-none absolute inset-0 overflow-hidden`}
        >
          {/* The trailing newline gives a final empty line the height the textarea gives it. */}
          <span className={SCROLL_ROOM}>
            {highlighted}
            {'\n'}
          </span>
        </pre>
        <textarea
          ref={textareaRef}
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            tabLeaves.current = false
          }}
          onScroll={syncScroll}
          readOnly={readOnly}
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={describedByIds || undefined}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          wrap="off"
          className={`${LAYER} absolute inset-0 h-full w-full resize-none overflow-auto bg-transparent text-transparent caret-slate-900 outline-none selection:bg-teal-600/25 dark:caret-slate-100 dark:selection:bg-teal-300/25`}
        />
      </div>
      {!readOnly && (
        <p id={hintId} className="sr-only">
          Tab inserts two spaces. To move focus out of the editor, press Escape, then Tab, or press Shift+Tab.
        </p>
      )}
    </div>
  )
}
