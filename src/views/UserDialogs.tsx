import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { type FieldError, toFieldErrors } from '../domain/common.ts'
import { ROLE_NAMES, type RoleName } from '../domain/role-names.ts'
import { UserInvite, type UserInviteData } from '../types/users/fields.ts'
import { Button } from '../ui/Button.tsx'
import { focusFirstInvalid } from '../ui/focus-invalid.ts'
import { Modal } from '../ui/Modal.tsx'
import { TextField } from '../ui/TextField.tsx'

/**
 * What a dialog's request is doing: the server's reason stays shown until the next try, with what it
 * said of each field (an address already taken) on that field.
 */
export type DialogRequest = { busy: boolean; error: string | null; fieldErrors?: readonly FieldError[] }

const checkboxClassName = 'size-4 rounded border-slate-300 accent-teal-700 dark:border-slate-600'
const ROLE_HELP: Record<RoleName, string> = {
  admin: 'everything, users and tenancy included',
  operator: 'changes configuration and purges',
  viewer: 'reads configuration and statistics',
}

/** What the server said of each field, by field. */
const byField = (errors: readonly FieldError[] | undefined): Record<string, string> =>
  Object.fromEntries((errors ?? []).map(({ field, message }) => [field, message]))

/**
 * The server's reason as the dialog's alert says it: none when the answer's field errors (its `errors`,
 * docs/api.md) all show on fields of the dialog ('you cannot grant admin: …' beside the roles, 'is already
 * taken' under E-mail), whose sentence would only read the same again; kept when one of them has no field
 * here (the dialog's only word on it), or when the answer names no field (a stale revision).
 */
function alertOf(request: DialogRequest, shown: readonly string[]): string | null {
  const errors = request.fieldErrors ?? []
  const allShown = errors.length > 0 && errors.every(({ field }) => shown.includes(field))
  return allShown ? null : request.error
}

function ServerError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null
}

/**
 * The frame of the users' dialogs: Cancel and the action in the footer, both held while the request runs
 * (the dialog cannot be dismissed then), and the server's reason under the content, which describes the
 * action. With `formId` the action submits that form; without, it is a plain button. When an answer
 * marks a field of the form invalid, that field takes the focus, its error read with it.
 */
function RequestDialog({
  open,
  title,
  action,
  request,
  onAction,
  onClose,
  formId,
  danger = false,
  size,
  children,
}: {
  open: boolean
  title: string
  action: string
  request: DialogRequest
  onAction?: () => void
  onClose: () => void
  formId?: string
  danger?: boolean
  size?: 'sm'
  children: ReactNode
}) {
  const errorId = useId()
  const described = request.error ? errorId : undefined
  const wasBusy = useRef(false)
  useEffect(() => {
    if (request.busy) wasBusy.current = true
    else if (wasBusy.current) {
      wasBusy.current = false
      if (formId) focusFirstInvalid(document.getElementById(formId))
    }
  }, [request.busy, formId])
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      {...(size ? { size } : {})}
      dismissible={!request.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={request.busy}>
            Cancel
          </Button>
          {formId ? (
            <Button type="submit" form={formId} busy={request.busy} aria-describedby={described}>
              {action}
            </Button>
          ) : (
            <Button
              variant={danger ? 'danger' : 'primary'}
              onClick={onAction}
              busy={request.busy}
              aria-describedby={described}
            >
              {action}
            </Button>
          )}
        </>
      }
    >
      {children}
      <ServerError id={errorId} error={request.error} />
    </Modal>
  )
}

/** The roles as checkboxes; `error` is the schema's or the server's word on them. */
function RoleChoice({
  roles,
  onChange,
  error,
}: {
  roles: readonly RoleName[]
  onChange: (roles: RoleName[]) => void
  error?: string | undefined
}) {
  const errorId = useId()
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Roles (in every project)</legend>
      {ROLE_NAMES.map((role) => (
        <label key={role} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className={checkboxClassName}
            checked={roles.includes(role)}
            aria-invalid={error ? true : undefined}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? ROLE_NAMES.filter((r) => r === role || roles.includes(r))
                  : roles.filter((r) => r !== role),
              )
            }
          />
          <span>
            <span className="font-medium">{role.charAt(0).toUpperCase() + role.slice(1)}</span>
            <span className="text-slate-600 dark:text-slate-400"> — {ROLE_HELP[role]}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/**
 * Invite a user (/users): e-mail, names and roles, checked with the schema the server uses; the user is
 * created with status invited and becomes active at their first sign-in.
 */
export function InviteUserDialog({
  open,
  request,
  onInvite,
  onClose,
}: {
  open: boolean
  request: DialogRequest
  onInvite: (invite: UserInviteData) => void
  onClose: () => void
}) {
  const [values, setValues] = useState({ email: '', first_name: '', last_name: '', roles: ['viewer'] as RoleName[] })
  const [errors, setErrors] = useState<Record<string, string>>({})
  // The last try was refused here, before sending: the server's reason for an earlier one (another
  // address already taken) is no longer what is wrong, and would contradict the field's message.
  const [refusedHere, setRefusedHere] = useState(false)
  const change = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(UserInvite, values)
    if (!parsed.success) {
      setErrors(Object.fromEntries(toFieldErrors(parsed.issues).map(({ field, message }) => [field, message])))
      setRefusedHere(true)
      return
    }
    setErrors({})
    setRefusedHere(false)
    onInvite(parsed.output)
  }
  const formId = useId()
  // A try refused here puts the focus on the first field it refused, as the server's refusal does.
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(document.getElementById(formId))
  }, [errors, formId])
  // The server's word on a field, for the address it refused, until the next try (not one refused here).
  const shown: Record<string, string> = refusedHere ? errors : { ...byField(request.fieldErrors), ...errors }
  return (
    <RequestDialog
      open={open}
      title="Invite a user"
      action="Invite"
      request={{ ...request, error: refusedHere ? null : alertOf(request, Object.keys(UserInvite.entries)) }}
      onClose={onClose}
      formId={formId}
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(event) => change({ email: event.target.value })}
          error={shown.email}
          description="They sign in with this address; until then their status is invited."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            value={values.first_name}
            onChange={(event) => change({ first_name: event.target.value })}
            error={shown.first_name}
          />
          <TextField
            label="Last name"
            value={values.last_name}
            onChange={(event) => change({ last_name: event.target.value })}
            error={shown.last_name}
          />
        </div>
        <RoleChoice roles={values.roles} onChange={(roles) => change({ roles })} error={shown.roles} />
      </form>
    </RequestDialog>
  )
}

/** Change a user's roles; the answer replaces the user shown (a stale revision says who changed it). */
export function RolesDialog({
  open,
  email,
  roles,
  request,
  onSave,
  onClose,
}: {
  open: boolean
  email: string
  roles: readonly RoleName[]
  request: DialogRequest
  onSave: (roles: RoleName[]) => void
  onClose: () => void
}) {
  // What the user chose stays chosen through a refusal, which shows on the roles.
  const [chosen, setChosen] = useState<RoleName[]>([...roles])
  const formId = useId()
  return (
    <RequestDialog
      open={open}
      title={`Roles of ${email}`}
      action="Save roles"
      request={{ ...request, error: alertOf(request, ['roles']) }}
      onClose={onClose}
      formId={formId}
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault()
          onSave(chosen)
        }}
      >
        <RoleChoice roles={chosen} onChange={setChosen} error={byField(request.fieldErrors).roles} />
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Roles from SSO group mappings come on top of these at each sign-in through SSO.
        </p>
      </form>
    </RequestDialog>
  )
}

/** Disabling or enabling a user, asked first: a disabled user cannot sign in and their tokens stop working. */
export function StatusDialog({
  open,
  email,
  disable,
  request,
  onConfirm,
  onClose,
}: {
  open: boolean
  email: string
  /** True to disable, false to enable again. */
  disable: boolean
  request: DialogRequest
  onConfirm: () => void
  onClose: () => void
}) {
  // The server's word on the status (yourself, who may not be disabled) is what the alert says, and what
  // describes the action it refused, rather than the sentence naming the field by its API name.
  const statusError = byField(request.fieldErrors).status
  return (
    <RequestDialog
      open={open}
      title={disable ? `Disable ${email}?` : `Enable ${email} again?`}
      action={disable ? 'Disable' : 'Enable'}
      request={{
        ...request,
        error: statusError ? statusError.charAt(0).toUpperCase() + statusError.slice(1) : request.error,
      }}
      onClose={onClose}
      onAction={onConfirm}
      danger={disable}
      size="sm"
    >
      <p>
        {disable
          ? 'They can no longer sign in, and every API token they own stops working at once.'
          : 'They can sign in again, and their API tokens work again unless revoked or expired.'}
      </p>
    </RequestDialog>
  )
}
