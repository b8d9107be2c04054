// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadMenuPanel, Menu, MenuItem, MenuSection, MenuSeparator } from '../../src/ui/Menu.tsx'

afterEach(cleanup)

function renderMenu() {
  const onSelect = { apple: vi.fn(), banana: vi.fn(), blueberry: vi.fn(), cherry: vi.fn(), date: vi.fn() }
  render(
    <>
      <Menu label="Fruit" button="🍒">
        <MenuItem onSelect={onSelect.apple}>Apple</MenuItem>
        <MenuSection heading="Berries">
          <MenuItem onSelect={onSelect.banana}>
            <span aria-hidden="true">✓</span>Banana
          </MenuItem>
          <MenuItem onSelect={onSelect.blueberry}>Blueberry</MenuItem>
        </MenuSection>
        <MenuSeparator />
        <MenuItem onSelect={onSelect.cherry}>Cherry</MenuItem>
        <MenuItem onSelect={onSelect.date} disabled>
          Date
        </MenuItem>
      </Menu>
      <button type="button">After the menu</button>
    </>,
  )
  const button = screen.getByRole('button', { name: 'Fruit' })
  return { onSelect, button, user: userEvent.setup() }
}

const focusedName = () => document.activeElement?.textContent
const menu = () => screen.queryByRole('menu')

describe('Menu, before its panel has been opened anywhere', () => {
  it('draws only its button; opened, its panel comes with its code and the keyboard lands on the first item', async () => {
    const { button, onSelect, user } = renderMenu()
    expect(document.querySelector('[role="menu"], [role="menuitem"]')).toBeNull()
    button.focus()
    await user.keyboard('{Enter}')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(focusedName()).toBe('Apple'))
    await user.keyboard('{ArrowDown}{Enter}')
    expect(onSelect.banana).toHaveBeenCalledOnce()
    expect(document.activeElement).toBe(button)
  })
})

describe('Menu', () => {
  // The panel's code is here from the start, as when the page has been idle once.
  beforeAll(loadMenuPanel)

  it('says when it opens, by pointer or keyboard, so what it shows can be fetched then', async () => {
    const onOpen = vi.fn()
    render(
      <Menu label="Profile" button="P" onOpen={onOpen}>
        <MenuItem onSelect={vi.fn()}>Sign out</MenuItem>
      </Menu>,
    )
    const user = userEvent.setup()
    expect(onOpen).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Profile' }))
    await user.keyboard('{Escape}')
    screen.getByRole('button', { name: 'Profile' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(onOpen).toHaveBeenCalledTimes(2)
  })

  it('is a menu button: haspopup, expanded state, and a panel labelled by the button', async () => {
    const { button, user } = renderMenu()
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(menu()).toBeNull()
    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const panel = screen.getByRole('menu', { name: 'Fruit' })
    expect(button.getAttribute('aria-controls')).toBe(panel.id)
    expect(screen.getByRole('group', { name: 'Berries' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Date' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('opens on Enter at the first item and moves with the arrows, Home and End, skipping disabled items', async () => {
    const { button, user } = renderMenu()
    button.focus()
    await user.keyboard('{Enter}')
    expect(focusedName()).toBe('Apple')
    await user.keyboard('{ArrowDown}')
    expect(focusedName()).toBe('✓Banana')
    await user.keyboard('{End}')
    expect(focusedName()).toBe('Cherry')
    await user.keyboard('{ArrowDown}')
    expect(focusedName()).toBe('Apple')
    await user.keyboard('{ArrowUp}')
    expect(focusedName()).toBe('Cherry')
    await user.keyboard('{Home}')
    expect(focusedName()).toBe('Apple')
  })

  it('keeps only the focused item in the tab order (roving tabindex)', async () => {
    const { button, user } = renderMenu()
    button.focus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const tabbable = screen.getAllByRole('menuitem').filter((item) => item.tabIndex === 0)
    expect(tabbable.map((item) => item.textContent)).toEqual(['✓Banana'])
  })

  it('opens on ArrowUp at the last enabled item, and on Space or ArrowDown at the first', async () => {
    const { button, user } = renderMenu()
    button.focus()
    await user.keyboard('{ArrowUp}')
    expect(focusedName()).toBe('Cherry')
    await user.keyboard('{Escape}')
    await user.keyboard(' ')
    expect(focusedName()).toBe('Apple')
    await user.keyboard('{Escape}')
    await user.keyboard('{ArrowDown}')
    expect(focusedName()).toBe('Apple')
  })

  it('jumps to the item starting with the typed letters, ignoring hidden marks and disabled items', async () => {
    const { button, user } = renderMenu()
    button.focus()
    await user.keyboard('{Enter}')
    await user.keyboard('c')
    expect(focusedName()).toBe('Cherry')
    await user.keyboard('b')
    expect(focusedName()).toBe('Cherry')
    cleanup()
    const second = renderMenu()
    second.button.focus()
    await second.user.keyboard('{Enter}bl')
    expect(focusedName()).toBe('Blueberry')
    cleanup()
    const third = renderMenu()
    third.button.focus()
    await third.user.keyboard('{Enter}bb')
    expect(focusedName()).toBe('Blueberry')
    await third.user.keyboard('d')
    expect(focusedName()).toBe('Blueberry')
  })

  it('activates the item on Enter or Space, closes and returns focus to the button', async () => {
    const { button, onSelect, user } = renderMenu()
    button.focus()
    await user.keyboard('{Enter}{ArrowDown}{Enter}')
    expect(onSelect.banana).toHaveBeenCalledOnce()
    expect(menu()).toBeNull()
    expect(document.activeElement).toBe(button)
    await user.keyboard('{ArrowUp} ')
    expect(onSelect.cherry).toHaveBeenCalledOnce()
    expect(menu()).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('does nothing when a disabled item is clicked', async () => {
    const { button, onSelect, user } = renderMenu()
    await user.click(button)
    await user.click(screen.getByRole('menuitem', { name: 'Date' }))
    expect(onSelect.date).not.toHaveBeenCalled()
    expect(menu()).not.toBeNull()
  })

  it('closes on Escape and gives focus back to the button', async () => {
    const { button, onSelect, user } = renderMenu()
    button.focus()
    await user.keyboard('{Enter}{Escape}')
    expect(menu()).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
    expect(Object.values(onSelect).every((fn) => fn.mock.calls.length === 0)).toBe(true)
  })

  it('closes on Tab, moving focus on to what follows the menu', async () => {
    const { button, user } = renderMenu()
    button.focus()
    await user.keyboard('{Enter}')
    await user.tab()
    expect(menu()).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the menu' }))
    button.focus()
    await user.keyboard('{Enter}')
    await user.tab({ shift: true })
    expect(menu()).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('closes on a click outside and toggles from its button', async () => {
    const { button, user } = renderMenu()
    await user.click(button)
    expect(menu()).not.toBeNull()
    await user.click(document.body)
    expect(menu()).toBeNull()
    await user.click(button)
    expect(menu()).not.toBeNull()
    await user.click(button)
    expect(menu()).toBeNull()
  })
})
