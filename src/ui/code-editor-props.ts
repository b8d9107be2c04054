/** What a VCL editor takes: the lazily loaded CodeMirror editor and its stand-in alike. */
export type CodeEditorProps = {
  id: string
  value: string
  onChange?: (value: string) => void
  readOnly?: boolean
  invalid?: boolean
  /** Ids of the field's description and error, announced with the editor's own keyboard hint. */
  describedBy?: string
  /** The accessible name, for when no label names the editor. */
  label?: string
  /** The id of the visible label that names the editor (a `<label for>` cannot name a non-form element). */
  labelledBy?: string
  /** Where the compiler found an error (from 1): that line is marked and scrolled into view. */
  errorAt?: { line: number; column: number } | null
  /** Visible height in lines; the editor can be resized taller or shorter by dragging its corner. */
  minRows?: number
}
