// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactElement, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FieldError } from '../../src/domain/common.ts'
import { initialDraft } from '../../src/domain/resource-body.ts'
import { allowedReference, type Draft, type ResourceUi, setPath } from '../../src/domain/resource-ui.ts'
import { captchasUi } from '../../src/types/captchas/screen.ts'
import { codeSnippetsUi } from '../../src/types/code-snippets/screen.ts'
import { directorsUi } from '../../src/types/directors/screen.ts'
import { nodesUi } from '../../src/types/nodes/screen.ts'
import { pageRulesUi } from '../../src/types/page-rules/screen.ts'
import { projectsUi } from '../../src/types/projects/screen.ts'
import { rateLimitsUi } from '../../src/types/rate-limits/screen.ts'
import { syntheticResponsesUi } from '../../src/types/synthetic-responses/screen.ts'
import { websitesUi } from '../../src/types/websites/screen.ts'
import { type ReferenceChoices, ResourceForm, type ResourceFormProps } from '../../src/views/resources/ResourceForm.tsx'

afterEach(cleanup)

const noOptions = (): ReferenceChoices => ({ options: [], loading: false })
const draftOf = (ui: ResourceUi) => initialDraft(ui.fields, ui.newDraft?.())

function props(ui: ResourceUi, overrides: Partial<ResourceFormProps> = {}): ResourceFormProps {
  return {
    ui,
    mode: 'create',
    values: draftOf(ui),
    fieldErrors: [],
    formError: null,
    saving: false,
    conflict: null,
    onChange: vi.fn(),
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    onReload: vi.fn(),
    onOverwrite: vi.fn(),
    onDismissConflict: vi.fn(),
    referenceOptions: noOptions,
    ...overrides,
  }
}

/** The form with its values kept in state, as the machine keeps them: changes show up. */
function Harness({ initial, ...rest }: Omit<ResourceFormProps, 'values' | 'onChange'> & { initial: Draft }) {
  const [values, setValues] = useState(initial)
  return (
    <ResourceForm
      {...rest}
      values={values}
      onChange={(path, value) => setValues((current) => setPath(current, path, value))}
    />
  )
}

const value = (element: HTMLElement) => (element as HTMLInputElement).value
const checked = (name: string) => (screen.getByRole('switch', { name }) as HTMLInputElement).checked
const spin = (name: string) => value(screen.getByRole('spinbutton', { name }))
/** Renders, then waits for the dropdowns, which load after the form (lazily) the first time. */
async function show(element: ReactElement) {
  const result = render(element)
  await waitFor(() => expect(document.querySelector('[data-dropdown-loading], [data-widget-loading]')).toBeNull())
  return result
}
/** The text of the elements an input's aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

const BACKENDS = [
  { host: 'a.example.com', port: 443, weight: 1 },
  { host: 'b.example.com', port: 80, weight: 2 },
]

describe('ResourceForm: add forms start from the definitions’ defaults', () => {
  it('website: name first, the default rules as switches, the cache TTL and empty pickers', async () => {
    await show(<ResourceForm {...props(websitesUi)} />)
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement
    expect(name.value).toBe('')
    expect(name.required).toBe(true)
    expect(name.disabled).toBe(false)
    expect(value(screen.getByRole('textbox', { name: 'Display name' }))).toBe('')
    expect(screen.getByRole('group', { name: 'Domains and origin' })).toBeTruthy()
    expect(checked('Retry on 5xx errors')).toBe(true)
    expect(checked('Trust X-Forwarded-For')).toBe(false)
    expect(checked('HSTS')).toBe(false)
    expect(checked('Redirect HTTP to HTTPS')).toBe(false)
    // The API path prefix shows only once the API path is on.
    expect(screen.queryByRole('textbox', { name: 'API path prefix' })).toBeNull()
    expect(spin('Default TTL')).toBe('3600')
    expect(screen.getByRole('button', { name: /Default director/ }).textContent).toContain('No selection')
    expect(screen.getByRole('button', { name: /vcl_recv/ }).textContent).toContain('No selection')
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('director: Round-robin, one backend on 443, probe 3/2/10/5 (Medium), timeouts of 30 s', async () => {
    await show(<ResourceForm {...props(directorsUi)} />)
    expect(screen.getByRole('button', { name: /^Type/ }).textContent).toContain('Round-robin')
    const backend = screen.getByRole('group', { name: 'Backend 1' })
    expect(value(within(backend).getByRole('textbox', { name: 'Host' }))).toBe('')
    expect(value(within(backend).getByRole('spinbutton', { name: 'Port' }))).toBe('443')
    expect(value(within(backend).getByRole('spinbutton', { name: 'Weight' }))).toBe('1')
    expect(screen.queryByRole('group', { name: 'Backend 2' })).toBeNull()
    expect(checked('Probe enabled')).toBe(true)
    expect(screen.getByRole('button', { name: /^Method/ }).textContent).toContain('GET')
    expect(value(screen.getByRole('textbox', { name: 'Path' }))).toBe('/')
    expect(spin('Expected status')).toBe('200')
    expect([spin('Window'), spin('Threshold'), spin('Interval'), spin('Timeout')]).toEqual(['3', '2', '10', '5'])
    expect(screen.getByRole('button', { name: 'Medium (default)' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'High' }).getAttribute('aria-pressed')).toBe('false')
    expect([spin('Connect'), spin('Read'), spin('Send')]).toEqual(['30', '30', '30'])
    expect(checked('TLS enabled')).toBe(false)
    expect(checked('Session reuse')).toBe(true)
    const protocols = screen.getByRole('group', { name: 'Protocols' })
    expect(
      within(protocols)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true)
    expect(screen.queryByRole('textbox', { name: 'Sticky cookie' })).toBeNull()
  })

  it('page rule: enabled, glob match, a standard cache action of 3600 s', async () => {
    await show(<ResourceForm {...props(pageRulesUi)} />)
    expect(checked('Enabled')).toBe(true)
    expect(value(screen.getByRole('textbox', { name: 'Path' }))).toBe('/')
    expect(screen.getByRole('button', { name: /^Match type/ }).textContent).toContain('glob')
    expect(screen.getByRole('button', { name: /^Action/ }).textContent).toContain('Cache')
    expect(screen.getByRole('button', { name: /^Cache mode/ }).textContent).toContain('Standard')
    expect(spin('Edge TTL')).toBe('3600')
    expect(spin('Browser TTL')).toBe('0')
    expect(screen.queryByRole('textbox', { name: 'Redirect to' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Add request header' })).toBeTruthy()
  })

  it('synthetic response: status 200, HTML content type, TTL 0 and an empty body', async () => {
    await show(<ResourceForm {...props(syntheticResponsesUi)} />)
    expect(spin('Status')).toBe('200')
    expect(value(screen.getByRole('textbox', { name: 'Content type' }))).toBe('text/html; charset=utf-8')
    expect(spin('TTL')).toBe('0')
    const body = screen.getByRole('textbox', { name: 'Body' })
    expect(body.tagName).toBe('TEXTAREA')
    expect(description(body)).toContain('At most 256 KiB.')
  })

  it('VCL snippet: no hook yet, priority 100, enabled, and a code editor', async () => {
    await show(<ResourceForm {...props(codeSnippetsUi)} />)
    expect(screen.getByRole('button', { name: /^Hook/ }).textContent).toContain('No selection')
    expect(spin('Priority')).toBe('100')
    expect(checked('Enabled')).toBe(true)
    // The editor (CodeMirror) arrives lazily, in place of a text area with the same label.
    await waitFor(() => expect(document.querySelector('.cm-lineNumbers')).toBeTruthy())
    const editor = screen.getByRole('textbox', { name: 'VCL' })
    expect(editor.getAttribute('contenteditable')).toBe('true')
    expect(screen.getByLabelText('VCL')).toBe(editor)
  })

  it('shows an edit form’s name read-only, with its value', async () => {
    const values = { ...draftOf(directorsUi), name: 'shop-origin', display_name: null, backends: BACKENDS }
    await show(<ResourceForm {...props(directorsUi, { mode: 'edit', values })} />)
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement
    expect(name.disabled).toBe(true)
    expect(name.value).toBe('shop-origin')
    expect(value(screen.getByRole('textbox', { name: 'Display name' }))).toBe('')
  })
})

describe('ResourceForm: fields', () => {
  it('shows the sticky cookie only for the *_cookie director types', async () => {
    const user = userEvent.setup()
    await show(<Harness {...props(directorsUi)} initial={draftOf(directorsUi)} />)
    expect(screen.queryByRole('textbox', { name: 'Sticky cookie' })).toBeNull()
    await user.click(screen.getByRole('button', { name: /^Type/ }))
    await user.click(screen.getByRole('option', { name: 'Shard, sticky by cookie' }))
    expect(screen.getByRole('textbox', { name: 'Sticky cookie' })).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Sticky header' })).toBeNull()
    await user.click(screen.getByRole('button', { name: /^Type/ }))
    await user.click(screen.getByRole('option', { name: 'Round-robin, sticky by header' }))
    expect(screen.queryByRole('textbox', { name: 'Sticky cookie' })).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Sticky header' })).toBeTruthy()
  })

  it('adds, removes and reorders backends as whole lists, and edits a row by its path', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const values = { ...draftOf(directorsUi), backends: BACKENDS }
    await show(<ResourceForm {...props(directorsUi, { values, onChange })} />)
    await user.click(screen.getByRole('button', { name: 'Add backend' }))
    expect(onChange).toHaveBeenLastCalledWith('backends', [...BACKENDS, { host: '', port: 443, weight: 1 }])
    await user.click(screen.getByRole('button', { name: 'Remove backend 1' }))
    expect(onChange).toHaveBeenLastCalledWith('backends', [BACKENDS[1]])
    await user.click(screen.getByRole('button', { name: 'Move down backend 1' }))
    expect(onChange).toHaveBeenLastCalledWith('backends', [BACKENDS[1], BACKENDS[0]])
    await user.click(screen.getByRole('button', { name: 'Move up backend 2' }))
    expect(onChange).toHaveBeenLastCalledWith('backends', [BACKENDS[1], BACKENDS[0]])
    expect((screen.getByRole('button', { name: 'Move up backend 1' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Move down backend 2' }) as HTMLButtonElement).disabled).toBe(true)
    const second = screen.getByRole('group', { name: 'Backend 2' })
    await user.type(within(second).getByRole('textbox', { name: 'Host' }), 'x')
    expect(onChange).toHaveBeenLastCalledWith('backends.1.host', 'b.example.comx')
    await user.type(within(second).getByRole('spinbutton', { name: 'Port' }), '8')
    expect(onChange).toHaveBeenLastCalledWith('backends.1.port', '808')
  })

  it('keeps at least one backend and at most 64', async () => {
    const { rerender } = await show(<ResourceForm {...props(directorsUi)} />)
    expect((screen.getByRole('button', { name: 'Remove backend 1' }) as HTMLButtonElement).disabled).toBe(true)
    const full = Array.from({ length: 64 }, (_, index) => ({ host: `h${index}.example.com`, port: 80, weight: 1 }))
    rerender(<ResourceForm {...props(directorsUi, { values: { ...draftOf(directorsUi), backends: full } })} />)
    expect((screen.getByRole('button', { name: 'Add backend' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Remove backend 64' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('fills the probe from a preset and marks the preset the values match', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    await show(<ResourceForm {...props(directorsUi, { onChange })} />)
    await user.click(screen.getByRole('button', { name: 'High' }))
    expect(onChange.mock.calls).toEqual([
      ['probe.window', 5],
      ['probe.threshold', 3],
      ['probe.interval_seconds', 5],
      ['probe.timeout_seconds', 5],
    ])
    cleanup()
    await show(<Harness {...props(directorsUi)} initial={draftOf(directorsUi)} />)
    await user.click(screen.getByRole('button', { name: 'High' }))
    expect([spin('Window'), spin('Threshold'), spin('Interval'), spin('Timeout')]).toEqual(['5', '3', '5', '5'])
    expect(screen.getByRole('button', { name: 'High' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'Medium (default)' }).getAttribute('aria-pressed')).toBe('false')
    // Typed values count as numbers: 15 s is Low.
    await user.clear(screen.getByRole('spinbutton', { name: 'Interval' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Interval' }), '15')
    await user.clear(screen.getByRole('spinbutton', { name: 'Window' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Window' }), '3')
    await user.clear(screen.getByRole('spinbutton', { name: 'Threshold' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Threshold' }), '2')
    expect(screen.getByRole('button', { name: 'Low' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('edits a list of strings: add, Enter in the last item adds one, remove', async () => {
    // No pause between the 30 keys (each renders the whole form): on a loaded machine they added up to
    // more than half of the test's time-out.
    const user = userEvent.setup({ delay: null })
    const onSubmit = vi.fn()
    await show(<Harness {...props(websitesUi, { onSubmit })} initial={draftOf(websitesUi)} />)
    await user.click(screen.getByRole('button', { name: 'Add alias' }))
    const first = screen.getByRole('textbox', { name: 'Alias 1' })
    expect(document.activeElement).toBe(first)
    await user.type(first, 'www.example.com{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Alias 2' }))
    await user.type(screen.getByRole('textbox', { name: 'Alias 2' }), 'shop.example.com')
    await user.click(screen.getByRole('button', { name: 'Remove alias 1' }))
    expect(screen.getAllByRole('textbox', { name: /^Alias/ }).map(value)).toEqual(['shop.example.com'])
  })

  it('picks references from the options the page gives, with No selection for nullable ones', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const referenceOptions = ({ type }: { type: string }): ReferenceChoices =>
      type === 'directors' || type === 'codesnippets' || type === 'sslpolicies'
        ? {
            options: [
              { value: `${type}-a`, label: `${type}-a` },
              { value: `${type}-b`, label: `${type}-b (B)` },
            ],
            loading: false,
          }
        : { options: [], loading: false }
    const values = { ...draftOf(websitesUi), ssl_policies: ['sslpolicies-b'] }
    await show(<ResourceForm {...props(websitesUi, { values, onChange, referenceOptions })} />)

    await user.click(screen.getByRole('button', { name: /Default director/ }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'directors-a',
      'directors-b (B)',
    ])
    await user.click(screen.getByRole('option', { name: 'directors-b (B)' }))
    expect(onChange).toHaveBeenLastCalledWith('default_director', 'directors-b')

    await user.click(screen.getByRole('button', { name: /vcl_deliver/ }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No selection',
      'codesnippets-a',
      'codesnippets-b (B)',
    ])
    await user.click(screen.getByRole('option', { name: 'No selection' }))
    expect(onChange).toHaveBeenLastCalledWith('default_rules.custom_vcl_deliver', null)

    // Several TLS policies at once: the listbox adds to what is selected.
    const policies = screen.getByRole('button', { name: /TLS policies/ })
    expect(policies.textContent).toContain('sslpolicies-b')
    await user.click(policies)
    await user.click(screen.getByRole('option', { name: /sslpolicies-a/ }))
    expect(onChange).toHaveBeenLastCalledWith('ssl_policies', ['sslpolicies-b', 'sslpolicies-a'])
  })

  it('with one onChange for its life (as the page gives it), still redraws what a change touches', async () => {
    const user = userEvent.setup({ delay: null })
    // Page rules of two websites: the picker offers those of the website being named.
    const rules = [
      { name: 'rule-shop', values: { website: 'shop' } },
      { name: 'rule-blog', values: { website: 'blog' } },
    ]
    const referenceOptions = (
      field: Parameters<ResourceFormProps['referenceOptions']>[0],
      values: Draft,
    ): ReferenceChoices => ({
      options:
        field.type === 'pagerules'
          ? rules
              .filter((rule) => allowedReference(field.where, values, rule.values))
              .map((rule) => ({ value: rule.name, label: rule.name }))
          : [],
      loading: false,
    })
    let setErrors: (errors: FieldError[]) => void = () => {}
    function StableHarness() {
      const [values, setValues] = useState<Draft>({ ...draftOf(websitesUi), name: 'shop' })
      const [errors, keepErrors] = useState<FieldError[]>([])
      setErrors = keepErrors
      const [onChange] = useState(
        () => (path: string, value: unknown) => setValues((current) => setPath(current, path, value)),
      )
      return (
        <ResourceForm
          {...props(websitesUi, { referenceOptions })}
          values={values}
          fieldErrors={errors}
          onChange={onChange}
        />
      )
    }
    await show(<StableHarness />)
    const options = async () => {
      await user.click(screen.getByRole('button', { name: /Page rules/ }))
      const names = screen.queryAllByRole('option').map((option) => option.textContent)
      await user.keyboard('{Escape}')
      return names
    }
    expect(await options()).toEqual(['rule-shop'])

    // The picker reads the name: renaming the website offers the other's rules.
    const name = screen.getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'blog')
    expect(await options()).toEqual(['rule-blog'])

    // An error that arrives for one field shows on it, and goes when it is gone.
    const ttl = screen.getByRole('spinbutton', { name: /Default TTL/ })
    act(() => setErrors([{ field: 'cache.default_ttl_s', message: 'Too long.' }]))
    expect(ttl.getAttribute('aria-invalid')).toBe('true')
    expect(description(ttl)).toContain('Too long.')
    act(() => setErrors([]))
    expect(ttl.getAttribute('aria-invalid')).not.toBe('true')
  })

  it('offers a filter for a type with more names than one picker holds, and only then', async () => {
    const user = userEvent.setup()
    const onFilter = vi.fn()
    const referenceOptions = ({ type }: { type: string }): ReferenceChoices =>
      type === 'directors'
        ? { options: [{ value: 'origin-0001', label: 'origin-0001' }], loading: false, filter: '', onFilter }
        : { options: [], loading: false, filter: null, onFilter: vi.fn() }
    await show(<ResourceForm {...props(websitesUi, { referenceOptions })} />)
    await user.type(screen.getByRole('searchbox', { name: 'Filter Default director' }), 'e')
    expect(onFilter).toHaveBeenLastCalledWith('e')
    expect(screen.queryByRole('searchbox', { name: 'Filter Rate limits' })).toBeNull()
  })

  it("says 'No options' when the referenced type has none, and waits while they load", async () => {
    const user = userEvent.setup()
    const { rerender } = await show(<ResourceForm {...props(websitesUi)} />)
    await user.click(screen.getByRole('button', { name: /Rate limits/ }))
    expect(screen.getByText('No options')).toBeTruthy()
    await user.keyboard('{Escape}')
    rerender(<ResourceForm {...props(websitesUi, { referenceOptions: () => ({ options: [], loading: true }) })} />)
    const director = screen.getByRole('button', { name: /Default director/ }) as HTMLButtonElement
    expect(director.disabled).toBe(true)
    expect(screen.getAllByText('Loading the options…').length).toBeGreaterThan(0)
  })

  it('checks and unchecks the options of a multiselect in their order', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const values = setPath(draftOf(directorsUi), 'tls.protocols', ['TLSv1.3'])
    await show(<ResourceForm {...props(directorsUi, { values, onChange })} />)
    await user.click(screen.getByRole('checkbox', { name: 'TLSv1.2' }))
    expect(onChange).toHaveBeenLastCalledWith('tls.protocols', ['TLSv1.2', 'TLSv1.3'])
    await user.click(screen.getByRole('checkbox', { name: 'TLSv1.3' }))
    expect(onChange).toHaveBeenLastCalledWith('tls.protocols', [])
  })

  it('switches a boolean and sends an emptied nullable text as null', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const values = setPath(draftOf(directorsUi), 'probe.host', 'h')
    await show(<ResourceForm {...props(directorsUi, { values, onChange })} />)
    await user.click(screen.getByRole('switch', { name: 'TLS enabled' }))
    expect(onChange).toHaveBeenLastCalledWith('tls.enabled', true)
    await user.clear(screen.getByRole('textbox', { name: 'Host header' }))
    expect(onChange).toHaveBeenLastCalledWith('probe.host', null)
  })
})

describe('ResourceForm: errors, saving and submit', () => {
  it('shows each field error on its input, list rows included, linked and marked invalid', async () => {
    const fieldErrors: FieldError[] = [
      { field: 'name', message: 'use 1-63 lowercase letters' },
      { field: 'backends.0.port', message: 'must be at most 65535' },
      { field: 'probe.threshold', message: 'must not exceed the window' },
    ]
    await show(<ResourceForm {...props(directorsUi, { fieldErrors })} />)
    const name = screen.getByRole('textbox', { name: 'Name' })
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(description(name)).toContain('use 1-63 lowercase letters')
    const port = within(screen.getByRole('group', { name: 'Backend 1' })).getByRole('spinbutton', { name: 'Port' })
    expect(port.getAttribute('aria-invalid')).toBe('true')
    expect(description(port)).toBe('must be at most 65535')
    const host = within(screen.getByRole('group', { name: 'Backend 1' })).getByRole('textbox', { name: 'Host' })
    expect(host.getAttribute('aria-invalid')).toBeNull()
    const threshold = screen.getByRole('spinbutton', { name: 'Threshold' })
    expect(description(threshold)).toBe('Healthy probes needed within the window. must not exceed the window')
    // Every error has its input: the summary only counts them.
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Correct the 3 errors before saving.')
  })

  it('lists the errors no visible input shows in the summary at the top', async () => {
    const fieldErrors: FieldError[] = [
      { field: 'sticky_cookie', message: 'a cookie name is required for this director type' },
      { field: 'unknown', message: 'is not a field of this resource' },
      { field: 'backends', message: 'add at least one backend' },
    ]
    await show(<ResourceForm {...props(directorsUi, { fieldErrors, formError: 'The request is invalid.' })} />)
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('The request is invalid.')).toBeTruthy()
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Sticky cookie: a cookie name is required for this director type',
      'unknown: is not a field of this resource',
    ])
    // The list's own error shows under the list.
    const list = screen.getAllByRole('group', { name: 'Backends' }).at(-1) as HTMLElement
    expect(description(list)).toBe('add at least one backend')
  })

  it("says the server's refusal in the form's words when every error it gave shows on its field", async () => {
    // The server's sentence names the field as the API does; the field's own message says it in place.
    const fieldErrors: FieldError[] = [{ field: 'backends.0.port', message: 'must be at most 65535' }]
    await show(
      <ResourceForm {...props(directorsUi, { fieldErrors, formError: 'backends.0.port must be at most 65535' })} />,
    )
    expect(screen.getByRole('alert').textContent).toBe('Correct the error before saving.')
    const port = within(screen.getByRole('group', { name: 'Backend 1' })).getByRole('spinbutton', { name: 'Port' })
    expect(description(port)).toBe('must be at most 65535')
    expect(screen.queryByText(/backends\.0\.port/)).toBeNull()
  })

  it('says a refusal once, on its fields, whatever words the server’s sentence uses', async () => {
    const user = userEvent.setup()
    // The platform's 409 for a name taken: its sentence names the website, its field error the field.
    const taken: Partial<ResourceFormProps> = {
      fieldErrors: [{ field: 'name', message: 'is already taken' }],
      formError: 'website copycat already exists',
    }
    const { rerender } = await show(<ResourceForm {...props(websitesUi)} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    rerender(<ResourceForm {...props(websitesUi, taken)} />)
    expect(screen.getByRole('alert').textContent).toBe('Correct the error before saving.')
    expect(screen.queryByText('website copycat already exists')).toBeNull()
    const name = screen.getByRole('textbox', { name: 'Name' })
    expect(description(name)).toContain('is already taken')
    // The focus goes to the field, read with its error, not to the alert.
    expect(document.activeElement).toBe(name)
    // A domain another website holds: the sentence is the field's error, said on the field alone.
    const domain = 'shop.example.com is already used by website shop-example-com'
    rerender(
      <ResourceForm
        {...props(websitesUi, { fieldErrors: [{ field: 'domain_name', message: domain }], formError: domain })}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('Correct the error before saving.')
    expect(screen.getAllByText(domain)).toHaveLength(1)
    // An answer naming no field (a stale revision) keeps its sentence: it is the form's only word on it.
    const stale = 'website copycat was changed meanwhile (now at revision 3)'
    rerender(<ResourceForm {...props(websitesUi, { formError: stale })} />)
    expect(screen.getByRole('alert').textContent).toBe(stale)
  })

  it('holds Save (Saving…) and the inputs while saving, leaving them focusable', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const onSubmit = vi.fn()
    await show(<ResourceForm {...props(directorsUi, { saving: true, onChange, onSubmit })} />)
    const save = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement
    // Not pressable a second time, but focusable: the focus of whoever pressed it stays on it.
    expect(save.getAttribute('aria-disabled')).toBe('true')
    expect(save.type).toBe('submit')
    save.focus()
    await user.keyboard('{Enter}')
    await user.click(save)
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(save)
    // The inputs take no change, but are not disabled: a disabled input holding the focus drops it to the
    // page's body (a browser does; the e2e test shows it), and a keyboard user starts over from the top.
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement
    expect(name.disabled).toBe(false)
    expect(name.closest('fieldset')?.disabled).toBe(false)
    expect(name.closest('fieldset[aria-disabled="true"]')).not.toBeNull()
    await user.type(name, 'x')
    expect(document.activeElement).toBe(name)
    expect(name.value).toBe('')
    await user.click(screen.getByRole('switch', { name: 'Probe enabled' }))
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('submits on Enter in an input, and focuses the first invalid field when errors come back', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    const { rerender } = await show(<ResourceForm {...props(directorsUi, { onSubmit })} />)
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}')
    expect(onSubmit).toHaveBeenCalledOnce()
    rerender(<ResourceForm {...props(directorsUi, { onSubmit, saving: true })} />)
    const fieldErrors = [{ field: 'backends.0.host', message: 'must be a host name or an IP address' }]
    rerender(<ResourceForm {...props(directorsUi, { onSubmit, fieldErrors })} />)
    const host = within(screen.getByRole('group', { name: 'Backend 1' })).getByRole('textbox', { name: 'Host' })
    expect(document.activeElement).toBe(host)
  })

  it('says the alert again when a submit is refused again with the same errors, and once when it comes', async () => {
    // The form's own check, as the machine runs it: each refused submit gives the same errors afresh.
    const refused: FieldError[] = [{ field: 'name', message: 'use 1-63 lowercase letters' }]
    function Refusing() {
      const [fieldErrors, setFieldErrors] = useState<FieldError[]>([])
      return <ResourceForm {...props(directorsUi, { fieldErrors, onSubmit: () => setFieldErrors([...refused]) })} />
    }
    const user = userEvent.setup()
    const { container } = await show(<Refusing />)
    // What the alert is given to say: the text of each node added to or changed in it (read out by screen readers).
    let records: MutationRecord[] = []
    const observer = new MutationObserver((delivered) => records.push(...delivered))
    observer.observe(container, { childList: true, subtree: true, characterData: true })
    const said = () => {
      const alert = container.querySelector('[role="alert"]')
      const taken = [...records, ...observer.takeRecords()]
      records = []
      return taken.flatMap((record) =>
        record.type === 'characterData'
          ? alert?.contains(record.target)
            ? [record.target.textContent ?? '']
            : []
          : [...record.addedNodes]
              .filter((node) => alert && (alert === node || alert.contains(node)))
              .map((node) => node.textContent ?? ''),
      )
    }
    const name = screen.getByRole('textbox', { name: 'Name' })
    await user.type(name, 'Bad{Enter}')
    expect(said()).toEqual(['Correct the error before saving.'])
    expect(document.activeElement).toBe(name)
    // Enter again in the refused field: the focus stays, and the alert, in place, says it again, once.
    await user.type(name, '{Enter}')
    expect(said()).toEqual(['Correct the error before saving.'])
    // Save from the button: the focus moves to the field, and the alert says it again as the first time.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(document.activeElement).toBe(name)
    expect(said()).toEqual(['Correct the error before saving.'])
    observer.disconnect()
  })

  it('says the refused field’s error when Enter is pressed in it, again at each press, not when the focus moves', async () => {
    // The form's own check, as the machine runs it: each refused submit gives the same errors afresh.
    const refused: FieldError[] = [{ field: 'name', message: 'use 1-63 lowercase letters, digits and dashes' }]
    function Refusing() {
      const [fieldErrors, setFieldErrors] = useState<FieldError[]>([])
      return <ResourceForm {...props(websitesUi, { fieldErrors, onSubmit: () => setFieldErrors([...refused]) })} />
    }
    const user = userEvent.setup()
    const { container } = await show(<Refusing />)
    // What the form's live regions (aria-live; the alert is watched by the test above) are given to say: the
    // text of each node added to one or changed in one.
    let records: MutationRecord[] = []
    const observer = new MutationObserver((delivered) => records.push(...delivered))
    observer.observe(container, { childList: true, subtree: true, characterData: true })
    const inLiveRegion = (node: Node) => !!(node instanceof Element ? node : node.parentElement)?.closest('[aria-live]')
    const said = () => {
      const taken = [...records, ...observer.takeRecords()]
      records = []
      return taken
        .filter((record) => inLiveRegion(record.target))
        .flatMap((record) => (record.type === 'characterData' ? [record.target] : [...record.addedNodes]))
        .map((node) => node.textContent ?? '')
        .filter((text) => text.trim() !== '')
    }
    const liveText = () => [...container.querySelectorAll('form [aria-live]')].map((region) => region.textContent)
    const name = screen.getByRole('textbox', { name: 'Name' })
    await user.type(name, 'Bad Name{Enter}')
    // The focus was in the field already: nothing moved, so the live region says its error, which only the
    // alert's count would have been read without.
    expect(document.activeElement).toBe(name)
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('Correct the error before saving.')
    expect(said()).toEqual(['use 1-63 lowercase letters, digits and dashes'])
    // The same words, but the press did something: said again, once.
    await user.type(name, '{Enter}')
    expect(said()).toEqual(['use 1-63 lowercase letters, digits and dashes'])
    // A change takes the copy back, so that browse mode does not read it again below the field's own error.
    await user.type(name, 'x')
    expect(liveText()).toEqual([''])
    // From the button the focus moves to the field, which is read with its error: the live region is silent.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(document.activeElement).toBe(name)
    expect(said()).toEqual([])
    // Enter in another field, the focus moving to the refused one: the same.
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), 'Shop{Enter}')
    expect(document.activeElement).toBe(name)
    expect(said()).toEqual([])
    observer.disconnect()
  })

  it('calls onCancel from Cancel', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    await show(<ResourceForm {...props(syntheticResponsesUi, { onCancel })} />)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
  })
})

describe('ResourceForm: conflict', () => {
  const mine: Draft = {
    ...draftOf(directorsUi),
    name: 'shop-origin',
    display_name: 'Shop',
    backends: BACKENDS,
  }
  const theirs = {
    ...mine,
    name: 'shop-origin',
    type: 'weighted',
    probe: { ...(mine.probe as Draft), window: 5, interval_seconds: '10' },
    backends: [BACKENDS[0]],
    revision: 7,
    created_at: '2026-01-01T00:00:00.000Z',
    created_by: 'admin',
    updated_at: '2026-03-04T10:20:30.000Z',
    updated_by: 'alice@example.com',
  }

  it('says who changed it and when, lists what differs, and offers the three ways on', async () => {
    const user = userEvent.setup()
    const onReload = vi.fn()
    const onOverwrite = vi.fn()
    const onDismissConflict = vi.fn()
    await show(
      <ResourceForm
        {...props(directorsUi, {
          mode: 'edit',
          values: mine,
          conflict: theirs,
          onReload,
          onOverwrite,
          onDismissConflict,
        })}
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'This director was changed by someone else' })
    expect(dialog.textContent).toContain('alice@example.com')
    expect(dialog.textContent).toMatch(/04-03-2026 \d\d:20:30/)
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    // A typed '10' equals 10: only real differences are listed, with labels and option labels.
    expect(rows).toEqual([
      ['Type', 'Round-robin', 'Random Weighted'],
      ['Backends', 'a.example.com · 443 · 1; b.example.com · 80 · 2', 'a.example.com · 443 · 1'],
      ['Window', '3', '5'],
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Load their version' }))
    expect(onReload).toHaveBeenCalledOnce()
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }))
    expect(onOverwrite).toHaveBeenCalledOnce()
    await user.click(within(dialog).getByRole('button', { name: 'Back to my edit' }))
    expect(onDismissConflict).toHaveBeenCalledOnce()
  })
})

describe('ResourceForm: conflict over what the server keeps up', () => {
  it('lists only what a save writes, not a node’s last report or sync state, nor a project’s organization', async () => {
    const node: Draft = {
      ...draftOf(nodesUi),
      name: 'pop-fr-par-1',
      display_name: 'Mine',
      hostname: 'pop-fr-par-1.edge.example.net',
      pool: 'europe',
      pop_code: 'par',
      country: 'fr',
      // What the GET the form started from carried beside the node's fields.
      last_seen_at: '2026-03-04T10:20:00.000Z',
      applied_revision: 18,
      target_revision: 18,
      sync_state: 'in_sync',
    }
    const theirs = {
      ...node,
      name: 'pop-fr-par-1',
      display_name: 'Theirs',
      last_seen_at: '2026-03-04T10:20:30.000Z',
      applied_revision: 19,
      target_revision: undefined,
      sync_state: undefined,
      revision: 4,
      updated_at: '2026-03-04T10:20:30.000Z',
      updated_by: 'alice@example.com',
    }
    const rowsOf = async (title: string) => {
      const dialog = await screen.findByRole('dialog', { name: title })
      return within(dialog)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    }
    await show(<ResourceForm {...props(nodesUi, { mode: 'edit', values: node, conflict: theirs })} />)
    expect(await rowsOf('This node was changed by someone else')).toEqual([['Display name', 'Mine', 'Theirs']])
    cleanup()

    const project: Draft = { name: 'shop', display_name: 'Mine', customer: 'acme-retail', organization: 'acme' }
    const stored = {
      ...project,
      name: 'shop',
      display_name: 'Theirs',
      organization: undefined,
      revision: 4,
      updated_by: 'alice@example.com',
    }
    await show(<ResourceForm {...props(projectsUi, { mode: 'edit', values: project, conflict: stored })} />)
    expect(await rowsOf('This project was changed by someone else')).toEqual([['Display name', 'Mine', 'Theirs']])
  })
})

describe('ResourceForm: rate limit keys and the per-node note', () => {
  it('counts by typed keys: a header key asks for its name, and the value is kind:name', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    let latest: Draft = draftOf(rateLimitsUi)
    function Spy() {
      const [values, setValues] = useState(draftOf(rateLimitsUi))
      latest = values
      return (
        <ResourceForm
          {...props(rateLimitsUi, { onSubmit })}
          values={values}
          onChange={(path, next) => setValues((current) => setPath(current, path, next))}
        />
      )
    }
    await show(<Spy />)
    const first = screen.getByRole('combobox', { name: 'Key 1' }) as HTMLSelectElement
    expect(first.value).toBe('ip')
    expect(screen.queryByRole('textbox', { name: /Header name/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add key' }))
    const second = screen.getByRole('combobox', { name: 'Key 2' })
    await user.selectOptions(second, 'header')
    const headerName = screen.getByRole('textbox', { name: 'Header name of key 2' })
    await user.type(headerName, 'X-Api-Key')
    expect(latest.keys).toEqual(['ip', 'header:X-Api-Key'])
    await user.selectOptions(second, 'cookie')
    expect(latest.keys).toEqual(['ip', 'cookie:X-Api-Key'])
    await user.click(screen.getByRole('button', { name: 'Remove key 1' }))
    expect(latest.keys).toEqual(['cookie:X-Api-Key'])
  })

  it('shows a key’s error on its row', async () => {
    const values = { ...draftOf(rateLimitsUi), keys: ['ip', 'header:'] }
    await show(
      <ResourceForm
        {...props(rateLimitsUi, { values, fieldErrors: [{ field: 'keys.1', message: 'name the header' }] })}
      />,
    )
    const input = screen.getByRole('textbox', { name: 'Header name of key 2' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(description(input)).toBe('name the header')
    // Shown on its row, so not listed again at the top.
    expect(screen.getAllByText('name the header')).toHaveLength(1)
  })

  it('says per-node limits multiply by the number of nodes, with the current count', async () => {
    const values = { ...draftOf(rateLimitsUi), limit: 50 }
    const { rerender } = await show(<ResourceForm {...props(rateLimitsUi, { values, facts: { nodeCount: 12 } })} />)
    expect(
      screen.getByText(
        'Each node counts on its own: per-node limits multiply by 12 nodes. With 12 nodes today, a client spread over every node gets up to 600 requests a period.',
      ),
    ).toBeTruthy()
    rerender(<ResourceForm {...props(rateLimitsUi, { values, facts: { nodeCount: null } })} />)
    expect(
      screen.getByText('Each node counts on its own: per-node limits multiply by the number of nodes.'),
    ).toBeTruthy()
    rerender(
      <ResourceForm
        {...props(rateLimitsUi, { values: { ...values, counter_scope: 'global' }, facts: { nodeCount: 12 } })}
      />,
    )
    expect(screen.queryByText(/multiply/)).toBeNull()
  })

  it('offers the captcha picker only when the action is challenge', async () => {
    await show(<Harness {...props(rateLimitsUi)} initial={draftOf(rateLimitsUi)} />)
    expect(screen.queryByText('Captcha')).toBeNull()
    expect(screen.getByRole('spinbutton', { name: 'Response status' })).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: /Action/ }))
    await userEvent.setup().click(await screen.findByRole('option', { name: 'Challenge with a captcha' }))
    expect(await screen.findByText('Captcha')).toBeTruthy()
    expect(screen.queryByRole('spinbutton', { name: 'Response status' })).toBeNull()
  })
})

describe('ResourceForm: a write-only secret', () => {
  const provider = { ...draftOf(captchasUi), type: 'turnstile', site_key: 'site' }

  it('says "not set" on a new captcha and takes one after Set', async () => {
    const user = userEvent.setup()
    await show(<Harness {...props(captchasUi)} initial={provider} />)
    expect(screen.getByText('not set')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Set secret' }))
    const input = screen.getByLabelText('Secret') as HTMLInputElement
    expect(input.type).toBe('password')
  })

  it('opens the input of a missing one refused, with its error, and keeps it open while it is typed', async () => {
    const user = userEvent.setup()
    const message = 'the provider’s secret is required for this type'
    const { rerender } = await show(
      <Harness {...props(captchasUi, { fieldErrors: [{ field: 'secret', message }] })} initial={provider} />,
    )
    const input = screen.getByLabelText('Secret')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(description(input)).toContain(message)
    rerender(<Harness {...props(captchasUi)} initial={provider} />)
    await user.type(screen.getByLabelText('Secret'), 'one')
    expect(value(screen.getByLabelText('Secret'))).toBe('one')
  })

  it('says "set" for a stored one, replaces it only on request, and Keep sends nothing', async () => {
    const user = userEvent.setup()
    let latest: Draft = {}
    function Spy() {
      const [values, setValues] = useState<Draft>({ ...provider, name: 'ts', secret_set: true })
      latest = values
      return (
        <ResourceForm
          {...props(captchasUi, { mode: 'edit' })}
          values={values}
          onChange={(path, next) => setValues((current) => setPath(current, path, next))}
        />
      )
    }
    await show(<Spy />)
    expect(screen.getByText('set')).toBeTruthy()
    expect(screen.queryByLabelText(/secret/i, { selector: 'input' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Replace secret' }))
    await user.type(screen.getByLabelText('New secret'), 'new-one')
    expect(latest.secret).toBe('new-one')
    await user.click(screen.getByRole('button', { name: 'Keep the current one' }))
    expect(latest.secret).toBeUndefined()
    expect(screen.getByText('set')).toBeTruthy()
  })

  it('hides the site key and secret for the built-in types', async () => {
    await show(<ResourceForm {...props(captchasUi)} />)
    expect(screen.queryByRole('textbox', { name: 'Site key' })).toBeNull()
    expect(screen.queryByText('not set')).toBeNull()
  })
})
