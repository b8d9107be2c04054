import type { FieldSpec } from '../../../domain/resource-ui.ts'
import { CodeWidget } from './CodeWidget.tsx'
import { SecretWidget, TaggedWidget } from './KeyWidgets.tsx'
import { RecordsWidget, StringsWidget } from './ListWidgets.tsx'
import { ReferenceWidget } from './ReferenceWidget.tsx'
import { RowsWidget } from './RowsWidget.tsx'
import {
  BooleanWidget,
  MultiselectWidget,
  NumberWidget,
  PresetsWidget,
  SelectWidget,
  TextWidget,
} from './SimpleFields.tsx'
import type { FieldEnv } from './types.ts'

type FieldControlProps = { field: FieldSpec; path: string; value: unknown; env: FieldEnv }

/** The input of one field of a resource definition, by its kind. */
export function FieldControl({ field, path, value, env }: FieldControlProps) {
  switch (field.kind) {
    case 'text':
      return <TextWidget field={field} path={path} value={value} env={env} />
    case 'number':
      return <NumberWidget field={field} path={path} value={value} env={env} />
    case 'boolean':
      return <BooleanWidget field={field} path={path} value={value} env={env} />
    case 'select':
      return <SelectWidget field={field} path={path} value={value} env={env} />
    case 'multiselect':
      return <MultiselectWidget field={field} path={path} value={value} env={env} />
    case 'reference':
      return <ReferenceWidget field={field} path={path} value={value} env={env} />
    case 'strings':
      return <StringsWidget field={field} path={path} value={value} env={env} />
    case 'records':
      return <RecordsWidget field={field} path={path} value={value} env={env} renderField={FieldControl} />
    case 'tagged':
      return <TaggedWidget field={field} path={path} value={value} env={env} />
    case 'secret':
      return <SecretWidget field={field} path={path} value={value} env={env} />
    case 'rows':
      return <RowsWidget field={field} path={path} value={value} env={env} />
    case 'referrers':
      return null
    case 'code':
      return <CodeWidget field={field} path={path} value={value} env={env} />
    case 'presets':
      return <PresetsWidget field={field} path={path} value={value} env={env} />
  }
}
