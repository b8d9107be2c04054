import { defaultKeymap, history, historyKeymap, indentMore } from '@codemirror/commands'
import { bracketMatching, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language'
import { search, searchKeymap } from '@codemirror/search'
import { Annotation, Compartment, EditorState, type Extension, Transaction } from '@codemirror/state'
import {
  type Command,
  Decoration,
  drawSelection,
  EditorView,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { useEffect, useRef } from 'react'
import type { CodeEditorProps } from './code-editor-props.ts'
import { vcl } from './vcl-language.ts'

export type { CodeEditorProps }

const INDENT = '  '

/** Marks the transactions that bring a value from outside, which are not reported back as changes. */
const external = Annotation.define<boolean>()

/**
 * Token colours, as Tailwind classes so that they follow the console's theme (`dark:` under `<html class="dark">`),
 * and a `tok-…` class of their own to find them by. No bold or italic: the text keeps one advance width.
 */
const highlightStyle = HighlightStyle.define([
  { tag: tags.keyword, class: 'tok-keyword text-purple-700 dark:text-purple-300' },
  { tag: tags.bool, class: 'tok-bool text-orange-700 dark:text-orange-300' },
  {
    tag: tags.definition(tags.function(tags.variableName)),
    class: 'tok-subroutine text-blue-800 underline decoration-dotted dark:text-blue-200',
  },
  { tag: tags.function(tags.variableName), class: 'tok-function text-blue-700 dark:text-blue-300' },
  { tag: tags.standard(tags.variableName), class: 'tok-variable text-cyan-800 dark:text-cyan-300' },
  { tag: tags.propertyName, class: 'tok-property text-cyan-800 dark:text-cyan-300' },
  { tag: tags.string, class: 'tok-string text-green-700 dark:text-green-300' },
  { tag: tags.comment, class: 'tok-comment text-slate-500 dark:text-slate-400' },
  { tag: [tags.number, tags.unit], class: 'tok-number text-orange-700 dark:text-orange-300' },
  { tag: tags.operator, class: 'tok-operator text-rose-700 dark:text-rose-300' },
  {
    tag: [tags.brace, tags.paren, tags.squareBracket, tags.punctuation],
    class: 'tok-punctuation text-slate-600 dark:text-slate-400',
  },
])

/** The console's colours (Tailwind's theme variables) for each theme: slate text and chrome, teal selection. */
const PALETTES = {
  light: {
    text: 'slate-900',
    gutter: 'slate-500',
    rule: 'slate-200',
    active: 'slate-100',
    activeText: 'slate-700',
    accent: 'teal-600',
    panel: 'slate-100',
    panelRule: 'slate-300',
  },
  dark: {
    text: 'slate-100',
    gutter: 'slate-400',
    rule: 'slate-800',
    active: 'slate-800',
    activeText: 'slate-200',
    accent: 'teal-300',
    panel: 'slate-800',
    panelRule: 'slate-700',
  },
}

/** The editor's chrome in one of the console's themes; the box around it is Tailwind's. */
function themeOf(dark: boolean): Extension {
  const colour = (name: keyof typeof PALETTES.light) => `var(--color-${PALETTES[dark ? 'dark' : 'light'][name]})`
  const tint = (percent: number) => `color-mix(in oklab, ${colour('accent')} ${percent}%, transparent)`
  return EditorView.theme(
    {
      '&': { height: '100%', width: '100%', backgroundColor: 'transparent', color: 'inherit' },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: 'inherit', lineHeight: 'inherit' },
      '.cm-content': { padding: '0.5rem 0', caretColor: colour('text') },
      '.cm-line': { padding: '0 0.5rem' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: colour('text') },
      '.cm-gutters': {
        backgroundColor: 'transparent',
        color: colour('gutter'),
        borderRight: `1px solid ${colour('rule')}`,
      },
      '.cm-activeLineGutter': { backgroundColor: colour('active'), color: colour('activeText') },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: tint(25) },
      '&.cm-focused .cm-matchingBracket': { backgroundColor: tint(20), outline: `1px solid ${colour('accent')}` },
      '&.cm-focused .cm-nonmatchingBracket': {
        backgroundColor: 'transparent',
        outline: '1px solid var(--color-red-500)',
      },
      '.cm-searchMatch': { backgroundColor: 'var(--color-yellow-200)', color: 'var(--color-slate-900)' },
      '.cm-searchMatch-selected': { backgroundColor: 'var(--color-orange-300)' },
      '.cm-panels': { backgroundColor: colour('panel'), color: colour('text') },
      '.cm-panels.cm-panels-top': { borderBottom: `1px solid ${colour('panelRule')}` },
      '.cm-panel.cm-search': { fontFamily: 'system-ui, sans-serif' },
      '.cm-textfield, .cm-button': { borderRadius: '0.25rem' },
      '.cm-vcl-error': {
        backgroundColor: 'color-mix(in oklab, var(--color-red-500) 18%, transparent)',
        boxShadow: 'inset 3px 0 0 var(--color-red-600)',
      },
    },
    { dark },
  )
}

const THEMES = { light: themeOf(false), dark: themeOf(true) }

/**
 * Tab indents (two spaces at the caret, or the selected lines), but never traps focus: Shift+Tab is left to the
 * browser, and after an Escape that nothing else used, CodeMirror lets the next Tab move focus on.
 */
const indentWithTab: Command = (view) => {
  if (view.state.readOnly) return false
  if (view.state.selection.ranges.some((range) => !range.empty)) return indentMore(view)
  view.dispatch(view.state.replaceSelection(INDENT), { scrollIntoView: true, userEvent: 'input' })
  return true
}

/** Whether the console shows its dark theme (src/ui/theme.ts sets `dark` on `<html>`). */
const isDark = () => document.documentElement.classList.contains('dark')

function dynamicExtensions(props: CodeEditorProps, hintId: string): Extension {
  const describedBy = [props.describedBy, props.readOnly ? null : hintId].filter(Boolean).join(' ')
  const attributes: Record<string, string> = { id: props.id, 'aria-multiline': 'true' }
  if (props.label) attributes['aria-label'] = props.label
  if (props.labelledBy) attributes['aria-labelledby'] = props.labelledBy
  if (describedBy) attributes['aria-describedby'] = describedBy
  if (props.invalid) attributes['aria-invalid'] = 'true'
  if (props.readOnly) attributes['aria-readonly'] = 'true'
  // Read-only keeps the text focusable and selectable (editable), only refusing changes.
  return [
    EditorState.readOnly.of(props.readOnly === true),
    EditorView.contentAttributes.of(attributes),
    errorLine(props.errorAt),
  ]
}

/** The line the compiler's error is on, marked (and titled with where the error is). */
function errorLine(errorAt: CodeEditorProps['errorAt']): Extension {
  if (!errorAt) return []
  return EditorView.decorations.of((view) => {
    if (errorAt.line < 1 || errorAt.line > view.state.doc.lines) return Decoration.none
    const line = view.state.doc.line(errorAt.line)
    const mark = Decoration.line({
      class: 'cm-vcl-error',
      attributes: { title: `The compiler's error is here: line ${errorAt.line}, column ${errorAt.column}` },
    })
    return Decoration.set([mark.range(line.from)])
  })
}

/**
 * The VCL editor, on CodeMirror 6: it renders only the lines on screen and highlights incrementally, so a
 * 1 MiB snippet types as fast as a short one. Line numbers, search (Ctrl+F), undo history, bracket matching.
 * Loaded with React.lazy (src/ui/LazyCodeEditor.tsx, src/views/resources/ResourceDetail.tsx), hence the default
 * export.
 */
export default function CodeEditor(props: CodeEditorProps) {
  const { id, value, onChange, readOnly = false, invalid = false, describedBy, label, labelledBy, errorAt } = props
  const hostRef = useRef<HTMLDivElement>(null)
  const viewRef = useRef<EditorView | null>(null)
  // The text last reported or received: a value prop equal to it needs no change to the document.
  const known = useRef(value)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const dynamic = useRef(new Compartment())
  const darkness = useRef(new Compartment())
  const hintId = `${id}-keyboard-hint`

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; later props reach it below
  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: known.current,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentUnit.of(INDENT),
          indentOnInput(),
          vcl,
          syntaxHighlighting(highlightStyle),
          bracketMatching(),
          search({ top: true }),
          keymap.of([{ key: 'Tab', run: indentWithTab }, ...defaultKeymap, ...searchKeymap, ...historyKeymap]),
          darkness.current.of(THEMES[isDark() ? 'dark' : 'light']),
          dynamic.current.of(dynamicExtensions(props, hintId)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.every((tr) => tr.annotation(external))) return
            known.current = update.state.doc.toString()
            onChangeRef.current?.(known.current)
          }),
        ],
      }),
    })
    viewRef.current = view
    // The theme switcher flips `dark` on <html>: CodeMirror's own parts (search panel, cursor) follow.
    const observer = new MutationObserver(() =>
      view.dispatch({ effects: darkness.current.reconfigure(THEMES[isDark() ? 'dark' : 'light']) }),
    )
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    return () => {
      observer.disconnect()
      view.destroy()
      viewRef.current = null
    }
  }, [])

  // The view was just made with these: reconfiguring it again at once cost a fifth of its making.
  const configured = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: props holds exactly these, read by dynamicExtensions
  useEffect(() => {
    if (!configured.current) {
      configured.current = true
      return
    }
    viewRef.current?.dispatch({ effects: dynamic.current.reconfigure(dynamicExtensions(props, hintId)) })
  }, [id, readOnly, invalid, describedBy, label, labelledBy, hintId, errorAt?.line, errorAt?.column])

  // The compiler's error is brought into view, with the caret at its column.
  const errorLineNumber = errorAt?.line
  const errorColumn = errorAt?.column ?? 1
  useEffect(() => {
    const view = viewRef.current
    if (!view || errorLineNumber === undefined || errorLineNumber < 1 || errorLineNumber > view.state.doc.lines) return
    const line = view.state.doc.line(errorLineNumber)
    const at = Math.min(line.from + Math.max(errorColumn - 1, 0), line.to)
    view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) })
  }, [errorLineNumber, errorColumn])

  // A value from outside (the form reset, a draft restored): the document takes it, outside the undo history.
  useEffect(() => {
    const view = viewRef.current
    if (!view || value === known.current) return
    known.current = value
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: value },
      annotations: [external.of(true), Transaction.addToHistory.of(false)],
    })
  }, [value])

  // A `<label for>` cannot focus a non-form element: a click on the visible label focuses the editor.
  useEffect(() => {
    const labelElement = labelledBy ? document.getElementById(labelledBy) : null
    if (!labelElement) return
    const focus = () => viewRef.current?.focus()
    labelElement.addEventListener('click', focus)
    return () => labelElement.removeEventListener('click', focus)
  }, [labelledBy])

  // The box around it is the caller's (LazyCodeEditor, ResourceDetail), shared with what shows while this loads.
  return (
    <>
      <div ref={hostRef} className="flex h-full min-w-0 flex-1" data-code-editor="" />
      {!readOnly && (
        <p id={hintId} className="sr-only">
          Tab inserts two spaces. To move focus out of the editor, press Escape, then Tab, or press Shift+Tab. Ctrl+F
          searches.
        </p>
      )}
    </>
  )
}
