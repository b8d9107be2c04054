// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QuickSetupWizard, type QuickSetupWizardProps } from '../../src/views/QuickSetupWizard.tsx'

afterEach(cleanup)

const DRAFT: QuickSetupWizardProps['draft'] = {
  domain_name: '',
  backend: { directorOption: 'new', host: '', port: 443, weight: 1 },
  default_director: null,
}

const DIRECTORS = [
  { name: 'shop-origin', display_name: 'Shop origin' },
  { name: 'media', display_name: null },
]

function props(overrides: Partial<QuickSetupWizardProps> = {}): QuickSetupWizardProps {
  return {
    open: true,
    page: 'welcome',
    draft: DRAFT,
    directors: DIRECTORS,
    errors: [],
    busy: false,
    rollingBack: false,
    removedDirector: null,
    created: null,
    cnameTarget: null,
    canPrevious: false,
    canNext: false,
    canAnswer: false,
    canFinish: false,
    canRestart: true,
    canClose: true,
    onEdit: vi.fn(),
    onNext: vi.fn(),
    onPrevious: vi.fn(),
    onYes: vi.fn(),
    onNo: vi.fn(),
    onFinish: vi.fn(),
    onCancel: vi.fn(),
    onRestart: vi.fn(),
    onClose: vi.fn(),
    renderFollowUpLink: (target, children: ReactNode, className) => (
      <a href={target.to} className={className}>
        {children}
      </a>
    ),
    ...overrides,
  }
}

const button = (name: string) => screen.queryByRole('button', { name })
const isDisabled = (name: string) => (button(name) as HTMLButtonElement | null)?.disabled

describe('QuickSetupWizard', () => {
  it('opens on a welcome page titled Quick Setup', () => {
    render(<QuickSetupWizard {...props({ canNext: true })} />)
    expect(screen.getByRole('dialog', { name: 'Quick Setup' })).toBeTruthy()
    expect(screen.getByText('Add a website and its origin to this project in a few steps.')).toBeTruthy()
    expect(button('Next')).toBeTruthy()
    expect(button('Previous')).toBeNull()
  })

  it('gives the form page’s first field the focus as it comes, from the welcome page’s Next', () => {
    const { rerender } = render(<QuickSetupWizard {...props({ canNext: true })} />)
    ;(button('Next') as HTMLButtonElement).focus()
    rerender(<QuickSetupWizard {...props({ page: 'form', canNext: true, canPrevious: true })} />)
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'What is the domain name for the website?' }),
    )
  })

  it('asks for the domain and the origin on the form page', () => {
    render(<QuickSetupWizard {...props({ page: 'form' })} />)
    const domain = screen.getByRole('textbox', { name: 'What is the domain name for the website?' })
    // An example of what to type, not the spec's template: no braces.
    expect(domain.getAttribute('placeholder')).toBe('www.example.com')
    expect(screen.getByRole('textbox', { name: 'Host' }).getAttribute('placeholder')).toBe('origin.example.com')
    const origin = screen.getByRole('group', { name: 'What is the origin of this website?' })
    expect((within(origin).getByRole('radio', { name: 'New' }) as HTMLInputElement).checked).toBe(true)
    expect(within(origin).getByRole('radio', { name: 'Existing' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Host' })).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'HTTPS/443' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('radio', { name: 'HTTP/80' }) as HTMLInputElement).checked).toBe(false)
    expect((screen.getByRole('spinbutton', { name: 'Weight' }) as HTMLInputElement).value).toBe('1')
  })

  it('reports each edit as a patch of the draft, the port and weight as typed strings', async () => {
    const user = userEvent.setup()
    const onEdit = vi.fn()
    render(<QuickSetupWizard {...props({ page: 'form', onEdit })} />)
    await user.type(screen.getByRole('textbox', { name: 'What is the domain name for the website?' }), 'a')
    expect(onEdit).toHaveBeenLastCalledWith({ domain_name: 'a' })
    await user.type(screen.getByRole('textbox', { name: 'Host' }), 'o')
    expect(onEdit).toHaveBeenLastCalledWith({ backend: { host: 'o' } })
    await user.click(screen.getByRole('radio', { name: 'HTTP/80' }))
    expect(onEdit).toHaveBeenLastCalledWith({ backend: { port: '80' } })
    await user.type(screen.getByRole('spinbutton', { name: 'Weight' }), '0')
    expect(onEdit).toHaveBeenLastCalledWith({ backend: { weight: '10' } })
    await user.click(screen.getByRole('radio', { name: 'Existing' }))
    expect(onEdit).toHaveBeenLastCalledWith({ backend: { directorOption: 'existing' } })
  })

  it('chooses an existing director by name, or None', async () => {
    const user = userEvent.setup()
    const onEdit = vi.fn()
    const existing = { ...DRAFT, backend: { ...DRAFT.backend, directorOption: 'existing' as const } }
    const { rerender } = render(<QuickSetupWizard {...props({ page: 'form', draft: existing, onEdit })} />)
    expect(screen.queryByRole('textbox', { name: 'Host' })).toBeNull()
    const select = screen.getByRole('button', { name: /Director/ })
    expect(select.textContent).toContain('No selection')
    await user.click(select)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None',
      'shop-origin (Shop origin)',
      'media',
    ])
    await user.click(screen.getByRole('option', { name: 'media' }))
    expect(onEdit).toHaveBeenLastCalledWith({ default_director: 'media' })

    rerender(
      <QuickSetupWizard {...props({ page: 'form', draft: { ...existing, default_director: 'media' }, onEdit })} />,
    )
    await user.click(screen.getByRole('button', { name: /Director/ }))
    await user.click(screen.getByRole('option', { name: 'None' }))
    expect(onEdit).toHaveBeenLastCalledWith({ default_director: null })
  })

  it("says 'No options' when the project has no director, and waits while they load", async () => {
    const user = userEvent.setup()
    const existing = { ...DRAFT, backend: { ...DRAFT.backend, directorOption: 'existing' as const } }
    const { rerender } = render(<QuickSetupWizard {...props({ page: 'form', draft: existing, directors: [] })} />)
    await user.click(screen.getByRole('button', { name: /Director/ }))
    expect(screen.getByText('No options')).toBeTruthy()
    rerender(<QuickSetupWizard {...props({ page: 'form', draft: existing, directors: undefined })} />)
    expect((screen.getByRole('button', { name: /Director/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Loading directors…')).toBeTruthy()
  })

  it('goes to the next page on Enter in a field of the form', async () => {
    const user = userEvent.setup()
    const onNext = vi.fn()
    const { rerender } = render(<QuickSetupWizard {...props({ page: 'form', canNext: true, onNext })} />)
    await user.type(screen.getByRole('textbox', { name: 'What is the domain name for the website?' }), '{Enter}')
    await user.type(screen.getByRole('textbox', { name: 'Host' }), '{Enter}')
    expect(onNext).toHaveBeenCalledTimes(2)
    rerender(<QuickSetupWizard {...props({ page: 'form', canNext: false, onNext })} />)
    await user.type(screen.getByRole('textbox', { name: 'Host' }), '{Enter}')
    expect(onNext).toHaveBeenCalledTimes(2)
  })

  it('asks for confirmation with a summary of the draft, and answers Yes or No', async () => {
    const user = userEvent.setup()
    const onYes = vi.fn()
    const onNo = vi.fn()
    const draft = {
      ...DRAFT,
      domain_name: 'shop.example.com',
      backend: { ...DRAFT.backend, host: 'origin.example.com' },
    }
    render(<QuickSetupWizard {...props({ page: 'confirm', draft, canAnswer: true, canPrevious: true, onYes, onNo })} />)
    expect(screen.getByText('Are you happy to go forward and add this website?')).toBeTruthy()
    const summary = screen.getAllByRole('definition').map((value) => value.textContent)
    expect(summary).toEqual(['shop.example.com', 'New', 'origin.example.com', 'HTTPS/443', '1'])
    await user.click(screen.getByRole('button', { name: 'Yes' }))
    await user.click(screen.getByRole('button', { name: 'No' }))
    expect(onYes).toHaveBeenCalledOnce()
    expect(onNo).toHaveBeenCalledOnce()
  })

  it('disables everything while submitting and shows a spinner on Yes, which keeps its focus', async () => {
    const user = userEvent.setup()
    const { rerender } = render(
      <QuickSetupWizard {...props({ page: 'confirm', canAnswer: true, canPrevious: true, canFinish: true })} />,
    )
    ;(button('Yes') as HTMLButtonElement).focus()
    const onYes = vi.fn()
    const onFinish = vi.fn()
    rerender(
      <QuickSetupWizard
        {...props({ page: 'confirm', busy: true, canRestart: false, canClose: false, onYes, onFinish })}
      />,
    )
    const yes = button('Yes') as HTMLButtonElement
    // Yes and Finish, which submit, say they are unavailable but stay focusable: a disabled button would
    // drop the focus of whoever pressed it to the page's body.
    expect(document.activeElement).toBe(yes)
    for (const name of ['Yes', 'Finish']) expect(button(name)?.getAttribute('aria-disabled')).toBe('true')
    expect(yes.getAttribute('aria-busy')).toBe('true')
    expect(yes.querySelector('svg.animate-spin')).toBeTruthy()
    await user.keyboard('{Enter}')
    await user.click(button('Finish') as HTMLButtonElement)
    expect(onYes).not.toHaveBeenCalled()
    expect(onFinish).not.toHaveBeenCalled()
    for (const name of ['No', 'Previous', 'Cancel', 'Restart']) expect(isDisabled(name)).toBe(true)
    // No way out while an attempt may have created a director.
    expect(button('Close')).toBeNull()
  })

  it('says while a failed attempt removes its director, and says nothing of it otherwise', () => {
    const { rerender } = render(<QuickSetupWizard {...props({ page: 'confirm', busy: true, rollingBack: true })} />)
    expect(screen.getByRole('status').textContent).toBe(
      'Adding the website failed: removing the director created for it…',
    )
    rerender(<QuickSetupWizard {...props({ page: 'confirm', busy: true })} />)
    expect(screen.getByRole('status').textContent).toBe('')
    rerender(<QuickSetupWizard {...props({ page: 'confirm', removedDirector: 'shop-example-com-abcde' })} />)
    expect(screen.getByRole('status').textContent).toBe(
      'The director shop-example-com-abcde, created for this website, was removed: nothing was left behind.',
    )
  })

  it("lists a submission's errors with 'Error:' and 'Message:' on the confirmation page", () => {
    const errors = [
      { field: 'website', message: 'domain name already used' },
      { field: 'server', message: 'website quota exceeded' },
    ]
    render(<QuickSetupWizard {...props({ page: 'confirm', errors, canAnswer: true })} />)
    const items = within(screen.getByRole('alert')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Error: websiteMessage: domain name already used',
      'Error: serverMessage: website quota exceeded',
    ])
  })

  it("shows the form page's errors on their fields, not in the submission's list", () => {
    const errors = [
      { field: 'website', message: 'invalid domain name' },
      { field: 'backend', message: 'invalid backend' },
    ]
    render(<QuickSetupWizard {...props({ page: 'form', errors })} />)
    expect(within(screen.getByRole('alert')).queryAllByRole('listitem')).toEqual([])
    expect(screen.queryByText('Error:')).toBeNull()
    expect(screen.getByText('invalid domain name')).toBeTruthy()
    const domain = screen.getByRole('textbox', { name: 'What is the domain name for the website?' })
    expect(domain.getAttribute('aria-invalid')).toBe('true')
    expect(domain.getAttribute('aria-describedby')).toBeTruthy()
    const origin = screen.getByRole('group', { name: 'What is the origin of this website?' })
    expect(origin.getAttribute('aria-invalid')).toBe('true')
    expect(within(origin).getByText('invalid backend')).toBeTruthy()
    // The fields the error is about say it too: focused, they are read with it.
    for (const name of ['Host', 'Weight']) {
      const field = name === 'Host' ? screen.getByRole('textbox', { name }) : screen.getByRole('spinbutton', { name })
      expect(field.getAttribute('aria-invalid')).toBe('true')
      const described = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
      expect(described.map((element) => element?.textContent)).toEqual(['invalid backend'])
    }
  })

  it('shows a director error on the director select', () => {
    const existing = { ...DRAFT, backend: { ...DRAFT.backend, directorOption: 'existing' as const } }
    const errors = [{ field: 'director', message: 'shop-abcde: Not found' }]
    render(<QuickSetupWizard {...props({ page: 'form', draft: existing, errors })} />)
    const select = screen.getByRole('button', { name: /Director/ })
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getAllByText('shop-abcde: Not found')).toHaveLength(1)
  })

  it('moves the focus to the first field Next refused, so its error is read out', async () => {
    const user = userEvent.setup()
    const onNext = vi.fn()
    const form = { page: 'form' as const, canNext: true, onNext }
    const { rerender } = render(<QuickSetupWizard {...props(form)} />)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onNext).toHaveBeenCalledTimes(1)
    rerender(<QuickSetupWizard {...props({ ...form, errors: [{ field: 'backend', message: 'invalid backend' }] })} />)
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Host' }))
    // Errors that change while typing (the page checks again at each edit) leave the focus where it is.
    await user.click(screen.getByRole('textbox', { name: 'What is the domain name for the website?' }))
    rerender(
      <QuickSetupWizard {...props({ ...form, errors: [{ field: 'website', message: 'invalid domain name' }] })} />,
    )
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'What is the domain name for the website?' }),
    )
    rerender(<QuickSetupWizard {...props({ ...form, errors: [{ field: 'backend', message: 'invalid backend' }] })} />)
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'What is the domain name for the website?' }),
    )
  })

  it('gives the new page its focus when the pressed button left with the old one', async () => {
    const user = userEvent.setup()
    const form = { page: 'form' as const, canNext: true, canPrevious: true }
    const { rerender } = render(<QuickSetupWizard {...props(form)} />)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    // The confirmation page has no Next: its Yes gets the focus.
    rerender(<QuickSetupWizard {...props({ page: 'confirm', canAnswer: true, canPrevious: true })} />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }))
    // A button that stays (Previous) keeps it.
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    rerender(<QuickSetupWizard {...props(form)} />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }))
  })

  it('thanks the user and links to the created website and director, with the CNAME reminder', () => {
    render(
      <QuickSetupWizard
        {...props({
          page: 'final',
          draft: { ...DRAFT, domain_name: 'shop.example.com' },
          created: { name: 'shop-example-com', default_director: 'shop-example-com-qwert' },
          cnameTarget: 'shop.example.com.cdn.example.net',
          canFinish: true,
        })}
      />,
    )
    expect(screen.getByText('Thank you, your website is being configured as we speak!')).toBeTruthy()
    expect(screen.queryByText('Quick links!')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Next steps' })).toBeTruthy()
    // Visibly links: underlined in the link colour, not plain text.
    for (const link of screen.getAllByRole('link')) expect(link.className).toMatch(/(^| )underline( |$)/)
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Add a domain alias', '/websites-edit/shop-example-com'],
      ['More website options (geotagging, HSTS)', '/websites-edit/shop-example-com'],
      ['Set the default cache TTL', '/websites-edit/shop-example-com'],
      ['Redirect HTTP to HTTPS', '/websites-edit/shop-example-com'],
      ['Add another backend', '/directors-edit/shop-example-com-qwert'],
      ['Add health probes', '/directors-edit/shop-example-com-qwert'],
      ['Configure the TLS certificate', '/managed-certificates'],
      ['Customize the TLS policy', '/ssl-policies'],
    ])
    const reminder = screen.getByText(
      (_, element) => element?.tagName === 'P' && /^Point the DNS/.test(element.textContent ?? ''),
    )
    expect(reminder.textContent).toBe(
      'Point the DNS record of shop.example.com at the CNAME shop.example.com.cdn.example.net.',
    )
  })

  it("shows 'Quick links!' to the list pages when nothing was created", () => {
    render(<QuickSetupWizard {...props({ page: 'final', canFinish: true })} />)
    expect(screen.getByText('Thank you, your website is being configured as we speak!')).toBeTruthy()
    expect(screen.getByText('Quick links!')).toBeTruthy()
    const targets = new Set(screen.getAllByRole('link').map((link) => link.getAttribute('href')))
    expect(targets).toEqual(new Set(['/websites', '/directors', '/managed-certificates', '/ssl-policies']))
    expect(screen.queryByText(/Point the DNS record/)).toBeNull()
  })

  it('shows and enables the buttons the machine accepts, and calls back', async () => {
    const user = userEvent.setup()
    const callbacks = {
      onPrevious: vi.fn(),
      onNext: vi.fn(),
      onFinish: vi.fn(),
      onCancel: vi.fn(),
      onRestart: vi.fn(),
      onClose: vi.fn(),
    }
    const { rerender } = render(
      <QuickSetupWizard {...props({ page: 'form', canPrevious: true, canNext: true, ...callbacks })} />,
    )
    expect(button('Finish')).toBeNull()
    for (const name of ['Previous', 'Next', 'Cancel', 'Restart', 'Close']) await user.click(button(name) as HTMLElement)
    expect(callbacks.onPrevious).toHaveBeenCalledOnce()
    expect(callbacks.onNext).toHaveBeenCalledOnce()
    expect(callbacks.onCancel).toHaveBeenCalledOnce()
    expect(callbacks.onRestart).toHaveBeenCalledOnce()
    expect(callbacks.onClose).toHaveBeenCalledOnce()

    rerender(<QuickSetupWizard {...props({ page: 'final', canFinish: true, canRestart: false, ...callbacks })} />)
    expect(button('Previous')).toBeNull()
    expect(button('Next')).toBeNull()
    expect(button('Restart')).toBeNull()
    await user.click(button('Finish') as HTMLElement)
    expect(callbacks.onFinish).toHaveBeenCalledOnce()
  })

  it('offers Yes and No only on the confirmation page, enabled when the machine accepts an answer', () => {
    const { rerender } = render(<QuickSetupWizard {...props({ page: 'form' })} />)
    expect(button('Yes')).toBeNull()
    rerender(<QuickSetupWizard {...props({ page: 'confirm', canAnswer: false })} />)
    expect(isDisabled('Yes')).toBe(true)
    expect(isDisabled('No')).toBe(true)
  })
})
