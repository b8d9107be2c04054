import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import { QUICK_SETUP_TEXTS, rolledBackText } from '../types/quick-setup.ts'
import { Button } from '../ui/Button.tsx'
import { inlineLinkClassName } from '../ui/link.ts'
import { Modal } from '../ui/Modal.tsx'
import { Select, type SelectOption } from '../ui/Select.tsx'
import { TextField } from '../ui/TextField.tsx'

export type QuickSetupPage = 'welcome' | 'form' | 'confirm' | 'final'

export type QuickSetupBackend = {
  directorOption: 'new' | 'existing'
  host: string
  port: number | string
  weight: number | string
}

export type QuickSetupWizardDraft = {
  domain_name: string
  backend: QuickSetupBackend
  default_director: string | null
}

/** One field change; `backend` is merged field by field by the machine. */
export type QuickSetupWizardPatch = {
  domain_name?: string
  backend?: Partial<QuickSetupBackend>
  default_director?: string | null
}

export type FollowUpLink = { label: string; to: string }

export type QuickSetupWizardProps = {
  open: boolean
  page: QuickSetupPage
  draft: QuickSetupWizardDraft
  /** The directors the Existing origin can use; undefined while they load. */
  directors: { name: string; display_name: string | null }[] | undefined
  errors: { field: string; message: string }[]
  /** Submitting: every control is disabled and Yes shows a spinner. */
  busy: boolean
  /** The attempt failed and the director it created is being removed; its errors show once that ends. */
  rollingBack: boolean
  /** The director a failed attempt created and then removed, said beside the failure; null otherwise. */
  removedDirector: string | null
  /** The website as the server read it back; null on the final page after 'No' ('Quick links!'). */
  created: { name: string; default_director: string } | null
  /** The CNAME the domain's DNS record should point at; no reminder without it. */
  cnameTarget: string | null
  canPrevious: boolean
  canNext: boolean
  canAnswer: boolean
  canFinish: boolean
  canRestart: boolean
  canClose: boolean
  onEdit: (patch: QuickSetupWizardPatch) => void
  onNext: () => void
  onPrevious: () => void
  onYes: () => void
  onNo: () => void
  onFinish: () => void
  onCancel: () => void
  onRestart: () => void
  onClose: () => void
  /** Renders a follow-up link of the final page with the given class (the caller adds the project to it). */
  renderFollowUpLink: (target: FollowUpLink, children: ReactNode, className: string) => ReactNode
}

/** Spec section 2's placeholder `{host}` stands for a host: the field shows an example of one. */
export const DOMAIN_PLACEHOLDER = 'www.example.com'
export const ORIGIN_HOST_PLACEHOLDER = 'origin.example.com'

export const PORT_CHOICES = [
  { value: '80', label: 'HTTP/80' },
  { value: '443', label: 'HTTPS/443' },
] as const

/** Spec section 2's follow-up links: to the created website and director, or to the lists after 'No'. */
export function followUpLinks(created: { name: string; default_director: string } | null): FollowUpLink[] {
  const website = created ? `/websites-edit/${created.name}` : '/websites'
  const director = created ? `/directors-edit/${created.default_director}` : '/directors'
  return [
    { label: 'Add a domain alias', to: website },
    { label: 'More website options (geotagging, HSTS)', to: website },
    { label: 'Set the default cache TTL', to: website },
    { label: 'Redirect HTTP to HTTPS', to: website },
    { label: 'Add another backend', to: director },
    { label: 'Add health probes', to: director },
    { label: 'Configure the TLS certificate', to: '/managed-certificates' },
    { label: 'Customize the TLS policy', to: '/ssl-policies' },
  ]
}

const portLabel = (port: number | string) =>
  PORT_CHOICES.find((choice) => choice.value === String(port).trim())?.label ?? String(port)

function messagesFor(errors: QuickSetupWizardProps['errors'], field: string): string | undefined {
  const messages = errors.filter((error) => error.field === field).map((error) => error.message)
  return messages.length > 0 ? messages.join(', ') : undefined
}

function ErrorList({ errors }: { errors: QuickSetupWizardProps['errors'] }) {
  return (
    <div role="alert" className="mb-4">
      {errors.length > 0 && (
        <ul className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {errors.map((error) => (
            <li key={`${error.field}: ${error.message}`}>
              <p>
                <span className="font-semibold">{QUICK_SETUP_TEXTS.errorLabel}</span> {error.field}
              </p>
              <p>
                <span className="font-semibold">{QUICK_SETUP_TEXTS.messageLabel}</span> {error.message}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

type RadioChoice<T extends string> = { value: T; label: string }

function RadioGroup<T extends string>(props: {
  legend: ReactNode
  name: string
  choices: readonly RadioChoice<T>[]
  value: string
  onChange: (value: T) => void
  disabled: boolean
  error?: string
  /** The error's id, for the controls inside that the error is about (a new origin's host and weight). */
  errorId?: string
  children?: ReactNode
}) {
  const generatedId = useId()
  const errorId = props.errorId ?? generatedId
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{props.legend}</legend>
      <div className="flex flex-wrap gap-4">
        {props.choices.map((choice) => (
          <label key={choice.value} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={props.name}
              value={choice.value}
              checked={props.value === choice.value}
              onChange={() => props.onChange(choice.value)}
              disabled={props.disabled}
              className="size-4 accent-teal-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {props.error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
      {props.children}
    </fieldset>
  )
}

/** Value of the 'None' choice of the Existing origin; no director name is empty. */
const NO_DIRECTOR = ''

function FormPage({
  draft,
  directors,
  errors,
  busy,
  canNext,
  onEdit,
  onNext,
}: Pick<QuickSetupWizardProps, 'draft' | 'directors' | 'errors' | 'busy' | 'canNext' | 'onEdit' | 'onNext'>) {
  const name = useId()
  const next = () => {
    if (canNext && !busy) onNext()
  }
  // Enter in a field moves on, as a form's submit would; the director list keeps Enter for itself.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(event.target instanceof HTMLInputElement)) return
    event.preventDefault()
    next()
  }
  const backend = draft.backend
  const editBackend = (patch: Partial<QuickSetupBackend>) => onEdit({ backend: patch })
  const directorOptions: SelectOption<string>[] =
    directors === undefined || directors.length === 0
      ? []
      : [
          { value: NO_DIRECTOR, label: 'None' },
          ...directors.map((director) => ({
            value: director.name,
            label:
              director.display_name && director.display_name !== director.name
                ? `${director.name} (${director.display_name})`
                : director.name,
          })),
        ]
  const originError = messagesFor(errors, 'backend')
  const originErrorId = useId()
  return (
    <form
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        next()
      }}
      className="flex flex-col gap-5"
    >
      <TextField
        label={QUICK_SETUP_TEXTS.domainQuestion}
        value={draft.domain_name}
        placeholder={DOMAIN_PLACEHOLDER}
        onChange={(event) => onEdit({ domain_name: event.target.value })}
        error={messagesFor(errors, 'website')}
        disabled={busy}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
      />
      <RadioGroup
        legend={QUICK_SETUP_TEXTS.originQuestion}
        name={`${name}-origin`}
        choices={[
          { value: 'new', label: 'New' },
          { value: 'existing', label: 'Existing' },
        ]}
        value={backend.directorOption}
        onChange={(directorOption) => editBackend({ directorOption })}
        disabled={busy}
        error={originError}
        errorId={originErrorId}
      >
        {backend.directorOption === 'new' ? (
          <div className="mt-2 flex flex-col gap-4 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
            <TextField
              label="Host"
              value={backend.host}
              placeholder={ORIGIN_HOST_PLACEHOLDER}
              onChange={(event) => editBackend({ host: event.target.value })}
              aria-invalid={originError ? true : undefined}
              aria-describedby={originError ? originErrorId : undefined}
              disabled={busy}
              autoComplete="off"
              spellCheck={false}
            />
            <RadioGroup
              legend="Port"
              name={`${name}-port`}
              choices={PORT_CHOICES}
              value={String(backend.port).trim()}
              onChange={(port) => editBackend({ port })}
              disabled={busy}
            />
            <TextField
              label="Weight"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={backend.weight}
              onChange={(event) => editBackend({ weight: event.target.value })}
              aria-invalid={originError ? true : undefined}
              aria-describedby={originError ? originErrorId : undefined}
              disabled={busy}
              className="max-w-40"
            />
          </div>
        ) : (
          <div className="mt-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
            <Select
              label="Director"
              options={directorOptions}
              value={draft.default_director}
              onChange={(value) => onEdit({ default_director: value === NO_DIRECTOR ? null : value })}
              error={messagesFor(errors, 'director')}
              description={directors === undefined ? 'Loading directors…' : undefined}
              disabled={busy || directors === undefined}
            />
          </div>
        )}
      </RadioGroup>
    </form>
  )
}

function Summary({ draft }: { draft: QuickSetupWizardDraft }) {
  const rows: [string, string][] = [['Domain name', draft.domain_name]]
  if (draft.backend.directorOption === 'new') {
    rows.push(
      ['Origin', 'New'],
      ['Host', draft.backend.host],
      ['Port', portLabel(draft.backend.port)],
      ['Weight', String(draft.backend.weight)],
    )
  } else {
    rows.push(['Origin', 'Existing'], ['Director', draft.default_director ?? 'None'])
  }
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{term}</dt>
          <dd className="break-all font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The first control marked invalid, else the chosen option of the first group marked invalid. */
function firstInvalidControl(container: HTMLElement | null): HTMLElement | null {
  return (
    container?.querySelector<HTMLElement>('input[aria-invalid="true"], button[aria-invalid="true"]') ??
    container?.querySelector<HTMLElement>('fieldset[aria-invalid="true"] input:checked') ??
    null
  )
}

export function QuickSetupWizard(props: QuickSetupWizardProps) {
  const { open, page, draft, errors, busy, created, cnameTarget } = props
  const can = {
    previous: props.canPrevious,
    next: props.canNext,
    finish: props.canFinish,
    restart: props.canRestart,
    close: props.canClose,
  }
  // While submitting the machine accepts nothing, so every can* is false: keep the buttons that were
  // there (disabled) rather than emptying the footer under the user's pointer.
  const shown = useRef(can)
  if (!busy) shown.current = can
  const visible = busy ? shown.current : can

  // Next on a form page may be refused: the first field marked invalid then gets the focus, so its error
  // is read out and the user is where the fix goes. Every Next gives a new errors list, moving on or not.
  const content = useRef<HTMLDivElement>(null)
  const checking = useRef(false)
  useEffect(() => {
    if (!checking.current) return
    checking.current = false
    if (errors.length > 0) firstInvalidControl(content.current)?.focus()
  }, [errors])
  const next = () => {
    checking.current = true
    props.onNext()
  }
  // Leaving the console (a reload, the tab closed) while it submits would abandon a director it may have
  // created, with no rollback: the browser asks first. Navigation inside the console keeps the wizard.
  useEffect(() => {
    if (!busy) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [busy])

  // A double-click counts once: its second click lands wherever the new page has put something, a button
  // never seen (Yes, No) or nothing, outside the wizard, which closes it. Window listeners, in the capture
  // phase, stop it before the dialog's outside-click watch (a pointerup) and React's click handlers see it;
  // a field's second click (selecting a word) goes on as usual.
  useEffect(() => {
    if (!open) return
    let second = false
    const inField = (target: EventTarget | null) =>
      target instanceof Element && target.closest('input, textarea, select, label') !== null
    const mousedown = (event: MouseEvent) => {
      second = event.detail >= 2 && !inField(event.target)
    }
    const pointerup = (event: PointerEvent) => {
      if (second) event.stopPropagation()
    }
    const click = (event: MouseEvent) => {
      if (event.detail >= 2 && !inField(event.target)) {
        event.stopPropagation()
        event.preventDefault()
      }
      second = false
    }
    window.addEventListener('mousedown', mousedown, true)
    window.addEventListener('pointerup', pointerup, true)
    window.addEventListener('click', click, true)
    return () => {
      window.removeEventListener('mousedown', mousedown, true)
      window.removeEventListener('pointerup', pointerup, true)
      window.removeEventListener('click', click, true)
    }
  }, [open])

  // A new page may have taken the pressed button with the old one (Next on the form page, Yes): focus
  // would fall to the page's body, outside the dialog. The new page's first control gets it instead. So
  // does the form page's first field from the welcome page, whose Next stays in the footer: the keyboard
  // left on it would type nowhere. A Previous that stays keeps it, to be pressed again.
  const shownPage = useRef(page)
  useEffect(() => {
    const from = shownPage.current
    if (from === page) return
    shownPage.current = page
    const active = document.activeElement
    const onward = from === 'welcome' && page === 'form'
    if (!onward && active && active !== document.body && active.isConnected) return
    content.current?.querySelector<HTMLElement>('input, select, textarea, button, a[href]')?.focus()
  }, [page])

  let body: ReactNode
  if (page === 'welcome') {
    body = (
      <div className="flex flex-col gap-3">
        <p>Add a website and its origin to this project in a few steps.</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Give the website's domain name and say where its content comes from: a new backend (host, port and weight) or
          an existing director. After you confirm, the console creates the director if needed and the website, then
          starts configuring the platform.
        </p>
      </div>
    )
  } else if (page === 'form') {
    body = <FormPage {...props} onNext={next} />
  } else if (page === 'confirm') {
    body = (
      <div className="flex flex-col gap-4">
        <p className="font-medium">{QUICK_SETUP_TEXTS.confirmQuestion}</p>
        <Summary draft={draft} />
        <div className="flex gap-2">
          {/* Busy, not disabled, while it submits: a disabled button drops its focus to the page's body. */}
          <Button onClick={props.onYes} disabled={!props.canAnswer && !busy} busy={busy}>
            Yes
          </Button>
          <Button variant="secondary" onClick={props.onNo} disabled={!props.canAnswer || busy}>
            No
          </Button>
        </div>
      </div>
    )
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="font-medium">{QUICK_SETUP_TEXTS.thanks}</p>
        <h3 className="font-semibold">{created === null ? QUICK_SETUP_TEXTS.quickLinks : 'Next steps'}</h3>
        <ul className="grid list-disc gap-1 pl-5 text-sm marker:text-teal-700 sm:grid-cols-2 dark:marker:text-teal-300">
          {followUpLinks(created).map((link) => (
            <li key={link.label}>{props.renderFollowUpLink(link, link.label, inlineLinkClassName)}</li>
          ))}
        </ul>
        {cnameTarget && (
          <p className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
            Point the DNS record of <strong className="break-all">{draft.domain_name}</strong> at the CNAME{' '}
            <code className="break-all">{cnameTarget}</code>.
          </p>
        )}
      </div>
    )
  }

  const status = props.rollingBack
    ? QUICK_SETUP_TEXTS.rollingBack
    : props.removedDirector && page === 'confirm'
      ? rolledBackText(props.removedDirector)
      : ''

  const footer = (
    <>
      {visible.restart && (
        <Button variant="ghost" onClick={props.onRestart} disabled={busy || !can.restart} className="mr-auto">
          Restart
        </Button>
      )}
      <Button variant="ghost" onClick={props.onCancel} disabled={busy || !can.close}>
        Cancel
      </Button>
      {visible.previous && (
        <Button variant="secondary" onClick={props.onPrevious} disabled={busy || !can.previous}>
          Previous
        </Button>
      )}
      {visible.next && (
        <Button onClick={next} disabled={busy || !can.next}>
          Next
        </Button>
      )}
      {/* Finish submits on the confirmation page: like Yes, it keeps the focus while that runs. */}
      {visible.finish && (
        <Button
          onClick={busy ? undefined : props.onFinish}
          disabled={!busy && !can.finish}
          aria-disabled={busy || undefined}
        >
          Finish
        </Button>
      )}
    </>
  )

  return (
    <Modal
      open={open}
      title="Quick Setup"
      onClose={props.onClose}
      dismissible={can.close && !busy}
      size="lg"
      footer={footer}
    >
      {/* A form page shows its errors on its fields; the list is the submission's. */}
      <ErrorList errors={page === 'form' ? [] : errors} />
      <p role="status" className={status ? 'mb-4 text-sm text-amber-800 dark:text-amber-300' : 'sr-only'}>
        {status}
      </p>
      <div ref={content}>{body}</div>
    </Modal>
  )
}
