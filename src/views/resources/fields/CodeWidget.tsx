import { LazyCodeEditor } from '../../../ui/LazyCodeEditor.tsx'
import { messageAt } from './errors.ts'
import { FieldFrame } from './FieldFrame.tsx'
import { fieldId, textOf, type WidgetProps } from './types.ts'

const ROWS = 16

/** Where a compiler's message puts the error: `line 2, column 19: …` (the server's VCL check). */
export function errorPlace(message: string | undefined): { line: number; column: number } | null {
  const found = message ? /^line (\d+), column (\d+):/.exec(message) : null
  return found ? { line: Number(found[1]), column: Number(found[2]) } : null
}

export function CodeWidget({ field, path, value, env }: WidgetProps<'code'>) {
  const error = messageAt(env.errors, path)
  return (
    <FieldFrame id={fieldId(env, path)} label={field.label} help={field.help} error={error}>
      {({ id, describedBy, invalid }) => (
        <LazyCodeEditor
          id={id}
          labelledBy={`${id}-label`}
          value={textOf(value)}
          onChange={(next) => env.onChange(path, next)}
          readOnly={env.busy === true}
          invalid={invalid === true}
          describedBy={describedBy}
          minRows={ROWS}
          errorAt={errorPlace(error)}
        />
      )}
    </FieldFrame>
  )
}
