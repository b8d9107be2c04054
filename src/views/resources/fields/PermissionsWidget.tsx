import { coveredBy, grantableGroups } from '../../../types/permission-catalog.ts'
import { groupDescription, helpClassName, labelClassName } from './FieldFrame.tsx'
import { fieldId, type WidgetProps } from './types.ts'

/** How an action reads beside its resource: `*` is every action. */
const actionLabel = (permission: string) => {
  const action = permission.split('.')[2] ?? permission
  return action === '*' ? 'all (*)' : action
}

/**
 * A token's permissions, as checkboxes among those the signed-in user holds (the `permissions` fact),
 * grouped by service and then by resource, each group led by its wildcard (`wadp.*.*`, `wadp.websites.*`).
 * A permission a chosen wildcard already grants shows as included rather than as a second choice.
 */
export function PermissionsWidget({ field, path, value, env }: WidgetProps<'permissions'>) {
  const id = fieldId(env, path)
  const selected = Array.isArray(value) ? value.map(String) : []
  const groups = grantableGroups(env.facts?.permissions ?? [])
  const error = env.errors
    .filter((candidate) => candidate.field === path || candidate.field.startsWith(`${path}.`))
    .map((candidate) => candidate.message)
    .join('; ')
  const { describedBy, helpText, errorText } = groupDescription(id, field.help, error || undefined)
  const toggle = (permission: string, on: boolean) =>
    env.onChange(path, on ? [...selected, permission] : selected.filter((item) => item !== permission))
  const box = (permission: string, label: string) => {
    const wider = coveredBy(selected, permission)
    const checked = selected.includes(permission) || wider !== null
    return (
      <label
        key={permission}
        className="inline-flex items-center gap-2 text-sm"
        title={wider ? `Included in ${wider}` : permission}
      >
        <input
          type="checkbox"
          value={permission}
          checked={checked}
          disabled={wider !== null && !selected.includes(permission)}
          onChange={(event) => toggle(permission, event.target.checked)}
          aria-invalid={error ? true : undefined}
          className="size-4 accent-teal-700"
        />
        <span className="font-mono">{label}</span>
      </label>
    )
  }
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-col gap-2">
      <legend className={labelClassName}>{field.label}</legend>
      {groups.length === 0 && <p className={helpClassName}>You hold no permission a token could be given.</p>}
      {groups.map((group) => (
        <fieldset key={group.service} className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">{`Service ${group.service}`}</legend>
          {group.wildcard && <div className="mb-2">{box(group.wildcard, `${group.wildcard} (everything)`)}</div>}
          <div className="flex flex-col gap-1">
            {group.resources.map((resource) => (
              <fieldset key={resource.resource} className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <legend className="sr-only">{`${group.service}.${resource.resource}`}</legend>
                <span aria-hidden="true" className="w-36 font-mono text-sm text-slate-700 dark:text-slate-300">
                  {resource.resource}
                </span>
                {resource.permissions.map((permission) =>
                  box(
                    permission,
                    permission.startsWith(`${group.service}.${resource.resource}.`)
                      ? actionLabel(permission)
                      : permission,
                  ),
                )}
              </fieldset>
            ))}
          </div>
        </fieldset>
      ))}
      {helpText}
      {errorText}
    </fieldset>
  )
}
