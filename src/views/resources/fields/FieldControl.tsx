import { lazy, Suspense } from 'react'
import type { FieldSpec } from '../../../domain/resource-ui.ts'
import { CodeWidget } from './CodeWidget.tsx'
import { RecordsWidget, StringsWidget } from './ListWidgets.tsx'
import { ReferenceWidget } from './ReferenceWidget.tsx'
import {
  BooleanWidget,
  DateWidget,
  MultiselectWidget,
  NumberWidget,
  PresetsWidget,
  SelectWidget,
  TextWidget,
} from './SimpleFields.tsx'
import type { FieldEnv } from './types.ts'

// Widgets only some types use load with the first form that shows one, keeping every form's chunk small.
const RowsWidget = lazy(() => import('./RowsWidget.tsx').then((module) => ({ default: module.RowsWidget })))
const TaggedWidget = lazy(() => import('./KeyWidgets.tsx').then((module) => ({ default: module.TaggedWidget })))
const SecretWidget = lazy(() => import('./KeyWidgets.tsx').then((module) => ({ default: module.SecretWidget })))
const PermissionsWidget = lazy(() =>
  import('./PermissionsWidget.tsx').then((module) => ({ default: module.PermissionsWidget })),
)
const loading = (
  <p data-widget-loading="" className="text-sm text-slate-600 dark:text-slate-400">
    Loading…
  </p>
)

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
      return (
        <Suspense fallback={loading}>
          <TaggedWidget field={field} path={path} value={value} env={env} />
        </Suspense>
      )
    case 'secret':
      return (
        <Suspense fallback={loading}>
          <SecretWidget field={field} path={path} value={value} env={env} />
        </Suspense>
      )
    case 'rows':
      return (
        <Suspense fallback={loading}>
          <RowsWidget field={field} path={path} value={value} env={env} />
        </Suspense>
      )
    case 'code':
      return <CodeWidget field={field} path={path} value={value} env={env} />
    case 'date':
      return <DateWidget field={field} path={path} value={value} env={env} />
    case 'permissions':
      return (
        <Suspense fallback={loading}>
          <PermissionsWidget field={field} path={path} value={value} env={env} />
        </Suspense>
      )
    case 'presets':
      return <PresetsWidget field={field} path={path} value={value} env={env} />
  }
}
