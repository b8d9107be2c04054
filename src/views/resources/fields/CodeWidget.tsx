import { lazy, Suspense } from 'react'
import { inputClassName } from '../../../ui/TextField.tsx'
import { messageAt } from './errors.ts'
import { FieldFrame } from './FieldFrame.tsx'
import { fieldId, textOf, type WidgetProps } from './types.ts'

// Only the VCL snippet pages have code: the editor loads with the first one shown.
const CodeEditor = lazy(() => import('../../../ui/CodeEditor.tsx'))

const ROWS = 16

export function CodeWidget({ field, path, value, env }: WidgetProps<'code'>) {
  return (
    <FieldFrame id={fieldId(env, path)} label={field.label} help={field.help} error={messageAt(env.errors, path)}>
      {({ id, describedBy, invalid }) => (
        <Suspense
          fallback={
            <textarea
              id={id}
              value={textOf(value)}
              onChange={(event) => env.onChange(path, event.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              rows={ROWS}
              spellCheck={false}
              wrap="off"
              className={`${inputClassName} font-mono text-sm`}
            />
          }
        >
          <CodeEditor
            id={id}
            value={textOf(value)}
            onChange={(next) => env.onChange(path, next)}
            invalid={invalid === true}
            describedBy={describedBy}
            minRows={ROWS}
          />
        </Suspense>
      )}
    </FieldFrame>
  )
}
