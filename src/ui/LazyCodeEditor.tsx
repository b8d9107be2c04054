import { type CSSProperties, lazy, Suspense } from 'react'
import type { CodeEditorProps } from './code-editor-props.ts'

/** The height of an editor of `rows` lines: rows of 1.5rem (leading-6), 0.5rem of padding above and below, 1px borders. */
export const editorHeight = (rows: number) => `calc(${rows} * 1.5rem + 1rem + 2px)`

/** The box around the editor, and around its stand-in while CodeMirror loads. */
export function editorFrame({ invalid = false, readOnly = false, minRows = 12 }: CodeEditorProps): {
  className: string
  style: CSSProperties
} {
  const border = invalid
    ? 'border-red-600 dark:border-red-400'
    : 'border-slate-300 focus-within:border-teal-600 dark:border-slate-700'
  const background = readOnly ? 'bg-slate-50 dark:bg-slate-900' : 'bg-white dark:bg-slate-950'
  return {
    className: `relative flex min-h-20 resize-y overflow-hidden rounded-md border font-mono text-sm leading-6 text-slate-900 focus-within:outline-2 focus-within:outline-teal-600/40 dark:text-slate-100 ${border} ${background}`,
    style: { height: editorHeight(minRows) },
  }
}

// CodeMirror and the VCL mode: loaded with the first editor shown, only on the pages that have one (the read-only
// display of src/views/resources/ResourceDetail.tsx loads it the same way).
const CodeEditor = lazy(() => import('./CodeEditor.tsx'))

/** Plain text in the editor's box, usable (and named, described) until the editor replaces it. */
function Standin(props: CodeEditorProps) {
  return (
    <textarea
      id={props.id}
      value={props.value}
      onChange={(event) => props.onChange?.(event.target.value)}
      readOnly={props.readOnly}
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      spellCheck={false}
      wrap="off"
      className="h-full w-full resize-none bg-transparent p-2 pl-10 outline-none"
    />
  )
}

/**
 * The VCL editor of a form (src/ui/CodeEditor.tsx) in its box, loaded on first use; a plain text area in the same
 * box meanwhile, so nothing moves when it arrives.
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  const { className, style } = editorFrame(props)
  return (
    <div className={className} style={style}>
      <Suspense fallback={<Standin {...props} />}>
        <CodeEditor {...props} />
      </Suspense>
    </div>
  )
}
