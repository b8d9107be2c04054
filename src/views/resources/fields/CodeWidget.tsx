import { LazyCodeEditor } from '../../../ui/LazyCodeEditor.tsx'
import { messageAt } from './errors.ts'
import { FieldFrame } from './FieldFrame.tsx'
import { fieldId, textOf, type WidgetProps } from './types.ts'

const ROWS = 16

export function CodeWidget({ field, path, value, env }: WidgetProps<'code'>) {
  return (
    <FieldFrame id={fieldId(env, path)} label={field.label} help={field.help} error={messageAt(env.errors, path)}>
      {({ id, describedBy, invalid }) => (
        <LazyCodeEditor
          id={id}
          labelledBy={`${id}-label`}
          value={textOf(value)}
          onChange={(next) => env.onChange(path, next)}
          invalid={invalid === true}
          describedBy={describedBy}
          minRows={ROWS}
        />
      )}
    </FieldFrame>
  )
}
