// @vitest-environment happy-dom
import { EditorView } from '@codemirror/view'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import CodeEditor, { type CodeEditorProps } from '../../src/ui/CodeEditor.tsx'

// happy-dom fires `selectionchange` synchronously, inside CodeMirror's own DOM update (browsers fire it later),
// which CodeMirror refuses as a nested update. The tests set the selection through the editor, so its
// listener has nothing to read: it is left out.
const addListener = document.addEventListener.bind(document)
beforeEach(() => {
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type !== 'selectionchange') addListener(type, listener, options)
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

type HarnessProps = Partial<CodeEditorProps> & { initial?: string }

/** A controlled editor between two buttons, to see where focus goes, and a button that replaces the text. */
function Harness({ initial = '', onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <button type="button">Before</button>
      <CodeEditor
        id="snippet"
        label="VCL snippet"
        value={value}
        onChange={(next) => {
          setValue(next)
          onChange?.(next)
        }}
        {...props}
      />
      <button type="button">After</button>
      <button type="button" onClick={() => setValue('sub replaced {}')}>
        Replace
      </button>
    </>
  )
}

function renderEditor(props: HarnessProps = {}) {
  const onChange = vi.fn()
  render(<Harness onChange={onChange} {...props} />)
  const content = screen.getByRole('textbox', { name: 'VCL snippet' })
  const view = EditorView.findFromDOM(content)
  if (!view) throw new Error('no editor view')
  return { onChange, content, view, user: userEvent.setup() }
}

/** What typing does: a change at the caret, as CodeMirror's input handling dispatches it. */
function type(view: EditorView, text: string) {
  act(() => view.dispatch(view.state.replaceSelection(text), { userEvent: 'input.type' }))
}

function placeCaret(view: EditorView, at: number) {
  act(() => {
    view.focus()
    view.dispatch({ selection: { anchor: at } })
  })
}

describe('CodeEditor', () => {
  it('shows the text and reports every change as the whole new text', () => {
    const { view, onChange } = renderEditor({ initial: 'sub vcl_recv {\n}' })
    expect(view.state.doc.toString()).toBe('sub vcl_recv {\n}')
    placeCaret(view, 14)
    type(view, '\n  return (pass);')
    expect(onChange).toHaveBeenLastCalledWith('sub vcl_recv {\n  return (pass);\n}')
  })

  it('takes a new value from outside without reporting it back, and keeps it out of the undo history', async () => {
    const { view, onChange, user } = renderEditor({ initial: 'x' })
    await user.click(screen.getByRole('button', { name: 'Replace' }))
    expect(view.state.doc.toString()).toBe('sub replaced {}')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('numbers the lines in a gutter that assistive technology skips', () => {
    const { view } = renderEditor({ initial: 'sub vcl_recv {\n  return (pass);\n}' })
    const gutter = view.dom.querySelector('.cm-lineNumbers') as HTMLElement
    const numbers = [...gutter.querySelectorAll('.cm-gutterElement')].map((element) => element.textContent)
    expect(numbers).toEqual(expect.arrayContaining(['1', '2', '3']))
    expect(view.dom.querySelector('.cm-gutters')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('highlights keywords, variables, calls, strings, comments and numbers with the VCL mode', () => {
    const source = '# strip\nsub vcl_recv {\n  set req.http.X-Foo = regsub(req.url, "\\?.*$", "");\n  set x = 10s;\n}'
    const { view } = renderEditor({ initial: source })
    const tokens = (name: string) =>
      [...view.dom.querySelectorAll(`.tok-${name}`)].map((element) => element.textContent)
    expect(tokens('comment')).toEqual(['# strip'])
    expect(tokens('keyword')).toEqual(['sub', 'set', 'set'])
    expect(tokens('subroutine')).toEqual(['vcl_recv'])
    expect(tokens('variable')).toEqual(['req.http.X-Foo', 'req.url'])
    expect(tokens('function')).toEqual(['regsub'])
    expect(tokens('string')).toEqual(['"\\?.*$"', '""'])
    expect(tokens('number')).toEqual(['10s'])
  })

  it('indents with Tab, two spaces at the caret, and keeps focus', async () => {
    const { view, content, onChange, user } = renderEditor({ initial: 'sub x {\n}' })
    placeCaret(view, 8)
    await user.keyboard('{Tab}')
    expect(onChange).toHaveBeenLastCalledWith('sub x {\n  }')
    expect(document.activeElement).toBe(content)
    expect(view.state.selection.main.head).toBe(10)
  })

  it('indents every line a selection spans', async () => {
    const { view, onChange, user } = renderEditor({ initial: 'a;\nb;\nc;' })
    act(() => {
      view.focus()
      view.dispatch({ selection: { anchor: 1, head: 4 } })
    })
    await user.keyboard('{Tab}')
    expect(onChange).toHaveBeenLastCalledWith('  a;\n  b;\nc;')
  })

  it('undoes and redoes with the keyboard', async () => {
    const { view, onChange, user } = renderEditor({ initial: 'x' })
    placeCaret(view, 1)
    await user.keyboard('{Tab}')
    expect(onChange).toHaveBeenLastCalledWith('x  ')
    await user.keyboard('{Control>}z{/Control}')
    expect(onChange).toHaveBeenLastCalledWith('x')
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    expect(onChange).toHaveBeenLastCalledWith('x  ')
  })

  it('lets keyboard users leave: after Escape, Tab is left to the browser, which moves focus on', () => {
    const { view, content, onChange } = renderEditor({ initial: 'x' })
    placeCaret(view, 1)
    // CodeMirror reads the key codes, which happy-dom leaves at 0 (and user-event does not set): sent by hand.
    const press = (key: string, code: number) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
      Object.defineProperty(event, 'keyCode', { value: code })
      content.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(press('Escape', 27)).toBe(false)
    expect(press('Tab', 9)).toBe(false)
    expect(onChange).not.toHaveBeenCalled()
    // Any other key ends it: Tab indents again.
    press('ArrowLeft', 37)
    expect(press('Tab', 9)).toBe(true)
    expect(onChange).toHaveBeenLastCalledWith('  x')
  })

  it('never traps Shift+Tab: it moves focus back', async () => {
    const { view, content, onChange, user } = renderEditor({ initial: 'x' })
    placeCaret(view, 1)
    expect(document.activeElement).toBe(content)
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }))
    expect(onChange).not.toHaveBeenCalled()
  })

  it('opens the search panel with Ctrl+F', async () => {
    const { view, user } = renderEditor({ initial: 'set req.url = "/";' })
    placeCaret(view, 0)
    await user.keyboard('{Control>}f{/Control}')
    expect(screen.getByRole('textbox', { name: 'Find' })).toBeTruthy()
  })

  it('describes the keyboard convention along with the given description, and marks an invalid value', () => {
    render(
      <>
        <p id="snippet-help">Runs in vcl_recv.</p>
        <CodeEditor id="snippet" value="" onChange={() => {}} label="VCL snippet" describedBy="snippet-help" invalid />
      </>,
    )
    const content = screen.getByRole('textbox', { name: 'VCL snippet' })
    expect(content.id).toBe('snippet')
    expect(content.getAttribute('aria-describedby')).toBe('snippet-help snippet-keyboard-hint')
    expect(document.getElementById('snippet-keyboard-hint')?.textContent).toMatch(/Escape, then Tab/)
    expect(content.getAttribute('aria-invalid')).toBe('true')
    expect(content.getAttribute('aria-multiline')).toBe('true')
  })

  it('follows its invalid mark and read-only state as they change, once made', () => {
    const editor = (props: Partial<CodeEditorProps>) => (
      <CodeEditor id="snippet" value="sub vcl_recv {}" onChange={() => {}} label="VCL snippet" {...props} />
    )
    const { rerender } = render(editor({}))
    const content = screen.getByRole('textbox', { name: 'VCL snippet' })
    expect(content.getAttribute('aria-invalid')).toBeNull()
    rerender(editor({ invalid: true }))
    expect(content.getAttribute('aria-invalid')).toBe('true')
    rerender(editor({ invalid: true, readOnly: true }))
    expect(EditorView.findFromDOM(content)?.state.readOnly).toBe(true)
    rerender(editor({}))
    expect(content.getAttribute('aria-invalid')).toBeNull()
    expect(EditorView.findFromDOM(content)?.state.readOnly).toBe(false)
  })

  it('takes its name from the visible label, which focuses it when clicked', async () => {
    const user = userEvent.setup()
    render(
      <>
        <label id="snippet-label" htmlFor="snippet">
          Content
        </label>
        <CodeEditor id="snippet" labelledBy="snippet-label" value="" onChange={() => {}} />
      </>,
    )
    const content = screen.getByRole('textbox', { name: 'Content' })
    await user.click(screen.getByText('Content'))
    expect(document.activeElement).toBe(content)
  })

  it('is read-only on request: focusable, highlighted, numbered, but never changed', async () => {
    const source = 'sub vcl_recv {\n  return (pass);\n}'
    const { view, content, onChange, user } = renderEditor({ initial: source, readOnly: true })
    expect(content.getAttribute('aria-readonly')).toBe('true')
    expect(content.getAttribute('aria-describedby')).toBeNull()
    expect(view.dom.querySelector('.tok-keyword')?.textContent).toBe('sub')

    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(content)
    // Tab has nothing to indent: it moves on at once.
    await user.keyboard('{Tab}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }))
    expect(view.state.doc.toString()).toBe(source)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('follows the console theme: dark when <html> has the dark class', async () => {
    const { view } = renderEditor({ initial: 'x' })
    expect(view.state.facet(EditorView.darkTheme)).toBe(false)
    document.documentElement.classList.add('dark')
    try {
      await vi.waitFor(() => expect(view.state.facet(EditorView.darkTheme)).toBe(true))
    } finally {
      document.documentElement.classList.remove('dark')
    }
  })
})
