import { type CSSProperties, memo, type ReactNode, useDeferredValue, useEffect, useId, useRef, useState } from 'react'
import {
  type ApiOperation,
  type ApiTagGroup,
  matchesFilter,
  type TryRequest,
  type TryResponse,
} from '../domain/api-docs.ts'
import { PAGE_HEADINGS } from '../domain/page-headings.ts'
import { Button } from '../ui/Button.tsx'
import { inputClassName } from '../ui/TextField.tsx'
import { SchemaTree } from './api-docs/SchemaTree.tsx'
import { TryIt } from './api-docs/TryIt.tsx'
import { PageHeading } from './PageHeading.tsx'

export type ApiDocsService = {
  service: string
  status: 'loading' | 'error' | 'ready'
  error?: string
  title?: string
  version?: string
  groups: ApiTagGroup[]
}

export type ApiDocsPageProps = {
  services: ApiDocsService[]
  /** The operation the URL's fragment names: opened and scrolled to once its document is there. */
  linkedId?: string
  /** Starting values of path parameters in "Try it" (the selected project). */
  defaults: Record<string, string>
  onRetry: (service: string) => void
  onSend: (request: TryRequest) => Promise<TryResponse>
}

const METHOD_TONES: Record<string, string> = {
  get: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  post: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200',
  put: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  patch: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  delete: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
}

function Method({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${METHOD_TONES[method] ?? ''}`}
    >
      {method.toUpperCase()}
    </span>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </div>
  )
}

function OperationDetails({
  operation,
  defaults,
  onSend,
}: { operation: ApiOperation } & Pick<ApiDocsPageProps, 'defaults' | 'onSend'>) {
  const parameters = operation.parameters
  return (
    <div className="flex flex-col gap-4 px-3 pt-2 pb-4">
      {operation.description && (
        <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{operation.description}</p>
      )}
      {parameters.length > 0 && (
        <Section title="Parameters">
          <ul className="flex flex-col divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {parameters.map((p) => (
              <li key={`${p.in}:${p.name}`} className="flex flex-col gap-1 py-2">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <code className="font-mono font-medium">{p.name}</code>
                  <span className="text-xs text-slate-600 dark:text-slate-400">{`in ${p.in}`}</span>
                  {p.required && (
                    <span className="text-xs font-medium text-amber-800 dark:text-amber-300">required</span>
                  )}
                </div>
                <SchemaTree schema={{ ...p.schema, ...(p.description ? { description: p.description } : {}) }} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {operation.body && (
        <Section title="Request body">
          <div className="text-sm">
            <SchemaTree schema={operation.body} />
          </div>
        </Section>
      )}
      <Section title="Responses">
        <ul className="flex flex-col gap-3 text-sm">
          {operation.responses.map((response) => (
            <li key={response.status} className="flex flex-col gap-1">
              <p>
                <span className="font-mono font-semibold">{response.status}</span>{' '}
                <span className="text-slate-700 dark:text-slate-300">{response.description}</span>
              </p>
              {response.schema && <SchemaTree schema={response.schema} />}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Try it">
        <TryIt operation={operation} defaults={defaults} onSend={onSend} />
      </Section>
    </div>
  )
}

function Operation(
  props: { operation: ApiOperation; linked: boolean } & Pick<ApiDocsPageProps, 'defaults' | 'onSend'>,
) {
  const { operation, linked } = props
  const [open, setOpen] = useState(linked)
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (linked) ref.current?.scrollIntoView({ block: 'start' })
  }, [linked])
  return (
    <details
      ref={ref}
      id={operation.id}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="scroll-mt-4 rounded-md border border-slate-200 dark:border-slate-800"
    >
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 hover:bg-slate-50 dark:hover:bg-slate-900">
        <Method method={operation.method} />
        <code className="font-mono text-sm break-all">{operation.path}</code>
        <span className="text-sm text-slate-700 dark:text-slate-300">{operation.summary}</span>
        <span className="ml-auto font-mono text-xs text-slate-600 dark:text-slate-400">{operation.permission}</span>
      </summary>
      {/* Rendered when opened: a service holds a hundred operations, each with its schemas. */}
      {open && (
        <>
          <p className="px-3 text-xs">
            <a href={`#${operation.id}`} className="text-teal-800 underline dark:text-teal-300">
              Link to this operation
            </a>
          </p>
          <OperationDetails operation={operation} defaults={props.defaults} onSend={props.onSend} />
        </>
      )}
    </details>
  )
}

type ServiceSectionProps = { service: ApiDocsService; filter: string; first: boolean } & Omit<
  ApiDocsPageProps,
  'services'
>

/** Skipped by layout and paint until near the screen, a summary's height for each operation meanwhile. */
const farAway = (operations: number): CSSProperties => ({
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${operations * 48}px`,
})

/** One service's operations; drawn again only when its own view, the filter or the page's props change. */
const ServiceSection = memo(function ServiceSection(props: ServiceSectionProps) {
  const { service, filter } = props
  const headingId = useId()
  const groups = service.groups
    .map((group) => ({ ...group, operations: group.operations.filter((op) => matchesFilter(op, filter)) }))
    .filter((group) => group.operations.length > 0)
  if (service.status === 'ready' && groups.length === 0 && filter.trim()) return null
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {`${service.service} service`}
        {service.version && (
          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">{`${service.title} ${service.version} · /api/${service.service}/v0`}</span>
        )}
      </h2>
      {service.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
          {`The ${service.service} API document could not be loaded: ${service.error ?? 'unknown error'}`}
          <Button variant="secondary" size="sm" onClick={() => props.onRetry(service.service)}>
            Retry
          </Button>
        </div>
      )}
      {groups.map((group) => (
        <details key={group.tag} open className="flex flex-col gap-2">
          <summary className="cursor-pointer py-1">
            <h3 className="inline text-base font-semibold">{group.tag}</h3>
            <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">{`${group.operations.length} ${group.operations.length === 1 ? 'operation' : 'operations'}`}</span>
          </summary>
          {/* Below the first service, laid out and painted only near the screen: a service lists up to a few
              hundred operations, whose layout in one piece was a long task on a phone (issue 27). The size
              stands in until then; the first service fills the first screen, so nothing in sight moves. */}
          <div className="mt-2 flex flex-col gap-2" style={props.first ? undefined : farAway(group.operations.length)}>
            {group.operations.map((operation) => (
              <Operation
                key={operation.id}
                operation={operation}
                linked={operation.id === props.linkedId}
                defaults={props.defaults}
                onSend={props.onSend}
              />
            ))}
          </div>
        </details>
      ))}
    </section>
  )
})

/**
 * The API docs page (issue 12): the five services' OpenAPI documents, operations grouped by service
 * and tag, each with its permission, parameters, request and response schemas and a "Try it".
 */
export function ApiDocsPage(props: ApiDocsPageProps) {
  const [filter, setFilter] = useState('')
  const filterId = useId()
  // A document's arrival draws its section (about a hundred operations, ~100 ms on a phone) as a
  // transition, which React splits into short tasks; the sections already drawn stay as they are.
  const services = useDeferredValue(props.services)
  // The sections come in the services' order, each once every one above it has loaded or failed: a
  // document that arrives adds to the bottom of the page instead of pushing down the sections under it
  // (a layout shift of 0.20-0.27 in Lighthouse's runs). What is still loading is said above them.
  const firstLoading = services.findIndex((service) => service.status === 'loading')
  const shown = firstLoading === -1 ? services : services.slice(0, firstLoading)
  const loading = services.filter((service) => service.status === 'loading').length
  const matching = shown
    .flatMap((service) => service.groups.flatMap((group) => group.operations))
    .filter((operation) => matchesFilter(operation, filter)).length
  return (
    <>
      <PageHeading title={PAGE_HEADINGS['/api-docs'].title} description={PAGE_HEADINGS['/api-docs'].description} />
      <div className="mb-6 flex max-w-xl flex-col gap-1">
        <label htmlFor={filterId} className="text-sm font-medium">
          Filter operations
        </label>
        <input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="websites, POST, wadp.purge.create…"
          className={inputClassName}
          aria-describedby={`${filterId}-count`}
        />
        <p id={`${filterId}-count`} aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
          {`${matching} ${matching === 1 ? 'operation' : 'operations'}${filter.trim() ? ' match' : ''}`}
          {loading > 0 && ` · loading ${loading} of ${services.length} API documents…`}
        </p>
      </div>
      <div className="flex flex-col gap-10">
        {shown.map((service, index) => (
          <ServiceSection
            key={service.service}
            service={service}
            first={index === 0}
            filter={filter}
            linkedId={props.linkedId}
            defaults={props.defaults}
            onRetry={props.onRetry}
            onSend={props.onSend}
          />
        ))}
      </div>
    </>
  )
}
