import { constraintsOf, enumValuesOf, type JsonSchema, shapesOf, typeLabel } from '../../domain/api-docs.ts'

/** Past this depth a schema is only named, so a self-similar one cannot grow the page without end. */
const MAX_DEPTH = 8

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** The shapes a property's value nests: its object (or variant) fields, or those of its list's items. */
function nestedShapes(schema: JsonSchema): JsonSchema[] {
  const shapes = shapesOf(schema)
  if (shapes.length > 0) return shapes
  const list = schema.items ? schema : (schema.anyOf ?? schema.oneOf ?? []).find((option) => option.items)
  return list?.items ? shapesOf(list.items) : []
}

function Facts({ schema }: { schema: JsonSchema }) {
  const values = enumValuesOf(schema)
  const constraints = constraintsOf(schema)
  return (
    <>
      {schema.description && <p className="text-slate-700 dark:text-slate-300">{schema.description}</p>}
      {values.length > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          One of:{' '}
          {values.map((value, index) => (
            <span key={show(value)}>
              {index > 0 && ', '}
              <code className="font-mono">{show(value)}</code>
            </span>
          ))}
        </p>
      )}
      {schema.default !== undefined && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Default: <code className="font-mono">{show(schema.default)}</code>
        </p>
      )}
      {constraints.length > 0 && <p className="text-xs text-slate-600 dark:text-slate-400">{constraints.join('; ')}</p>}
    </>
  )
}

function Properties({ schema, depth }: { schema: JsonSchema; depth: number }) {
  const required = new Set(schema.required ?? [])
  return (
    <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
      {Object.entries(schema.properties ?? {}).map(([name, property]) => (
        <li key={name} className="flex flex-col gap-1 py-2">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono font-medium">{name}</code>
            <span className="text-xs text-slate-600 dark:text-slate-400">{typeLabel(property)}</span>
            {required.has(name) && (
              <span className="text-xs font-medium text-amber-800 dark:text-amber-300">required</span>
            )}
          </div>
          <Facts schema={property} />
          {depth < MAX_DEPTH && <Shapes shapes={nestedShapes(property)} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  )
}

function Shapes({ shapes, depth }: { shapes: JsonSchema[]; depth: number }) {
  if (shapes.length === 0) return null
  return (
    <div className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
      {shapes.map((shape, index) => (
        // A variant's shapes have no names of their own: their order is the document's.
        // biome-ignore lint/suspicious/noArrayIndexKey: the shapes of one schema never reorder.
        <div key={index}>
          {shapes.length > 1 && (
            <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{`Shape ${index + 1} of ${shapes.length}`}</p>
          )}
          <Properties schema={shape} depth={depth} />
        </div>
      ))}
    </div>
  )
}

/**
 * A request or response schema as documentation: each property with its type, whether it is
 * required, its description, allowed values, default and limits; nested objects, lists of objects and
 * variants below their property. Everything is text: nothing from the document is read as HTML.
 */
export function SchemaTree({ schema }: { schema: JsonSchema }) {
  const shapes = shapesOf(schema)
  if (shapes.length > 0) return <Shapes shapes={shapes} depth={0} />
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="text-xs text-slate-600 dark:text-slate-400">{typeLabel(schema)}</span>
      <Facts schema={schema} />
      <Shapes shapes={nestedShapes(schema)} depth={1} />
    </div>
  )
}
