// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import CodeEditor, { type CodeEditorProps } from '../../src/ui/CodeEditor.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

type HarnessProps = Partial<CodeEditorProps> & { initial?: string }

/** A controlled editor between two buttons, to see where focus goes. */
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
    </>
  )
}

function renderEditor(props: HarnessProps = {}) {
  const onChange = vi.fn()
  const view = render(<Harness onChange={onChange} {...props} />)
  const textarea = screen.getByRole('textbox', { name: 'VCL snippet' }) as HTMLTextAreaElement
  const gutter = view.container.querySelector('[data-line-numbers]') as HTMLElement
  const highlight = view.container.querySelector('[data-highlight]') as HTMLElement
  return { onChange, textarea, gutter, highlight, user: userEvent.setup() }
}

function placeCaret(textarea: HTMLTextAreaElement, start: number, end = start) {
  textarea.focus()
  textarea.setSelectionRange(start, end)
}

describe('CodeEditor', () => {
  it('reports every change as the whole new text', async () => {
    const { textarea, onChange, user } = renderEditor({ initial: 'sub vcl_recv {\n}' })
    placeCaret(textarea, 14)
    await user.keyboard('\n  return (pass);')
    expect(onChange).toHaveBeenLastCalledWith('sub vcl_recv {\n  return (pass);\n}')
    expect(textarea.value).toBe('sub vcl_recv {\n  return (pass);\n}')
  })

  it('numbers every line in the gutter, a trailing empty line included', async () => {
    const { gutter, textarea, user } = renderEditor({ initial: 'sub vcl_recv {\n  return (pass);\n}' })
    expect(gutter.textContent?.split('\n')).toEqual(['1', '2', '3'])
    expect(gutter.getAttribute('aria-hidden')).toBe('true')
    placeCaret(textarea, textarea.value.length)
    await user.keyboard('\n')
    expect(gutter.textContent?.split('\n')).toEqual(['1', '2', '3', '4'])
  })

  it('numbers the one line of an empty snippet', () => {
    const { gutter } = renderEditor()
    expect(gutter.textContent).toBe('1')
  })

  it('highlights keywords, variables, functions, strings, comments and numbers with their own tokens', () => {
    const source = '# strip\nsub vcl_recv {\n  set req.http.X-Foo = regsub(req.url, "\\?.*$", "");\n  set x = 10s;\n}'
    const { highlight } = renderEditor({ initial: source })
    const tokens = (kind: string) =>
      [...highlight.querySelectorAll(`[data-token="${kind}"]`)].map((element) => element.textContent)
    expect(tokens('comment')).toEqual(['# strip'])
    expect(tokens('keyword')).toEqual(['sub', 'set', 'set'])
    expect(tokens('variable')).toEqual(['req.http.X-Foo', 'req.url'])
    expect(tokens('function')).toEqual(['regsub'])
    expect(tokens('string')).toEqual(['"\\?.*$"', '""'])
    expect(tokens('number')).toEqual(['10s'])
    expect(highlight.getAttribute('aria-hidden')).toBe('true')
    // The highlighted copy holds the same text as the textarea, plus the newline that sizes a last empty line.
    expect(highlight.textContent).toBe(`${source}\n`)
  })

  it('indents with Tab, keeps the caret after the indentation and keeps focus', async () => {
    const { textarea, onChange, user } = renderEditor({ initial: 'sub x {\n}' })
    placeCaret(textarea, 8)
    await user.keyboard('{Tab}')
    expect(onChange).toHaveBeenLastCalledWith('sub x {\n  }')
    expect(document.activeElement).toBe(textarea)
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([10, 10])
    await user.keyboard('return;')
    expect(onChange).toHaveBeenLastCalledWith('sub x {\n  return;}')
  })

  it('indents every line a selection spans, but not the line after a selection of whole lines', async () => {
    const { textarea, onChange, user } = renderEditor({ initial: 'a;\nb;\nc;' })
    placeCaret(textarea, 1, 6)
    await user.keyboard('{Tab}')
    expect(onChange).toHaveBeenLastCalledWith('  a;\n  b;\nc;')
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([3, 10])
  })

  it("inserts through the browser's editing command when there is one, so undo keeps working", async () => {
    const execCommand = vi.fn(() => true)
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
    try {
      const { textarea, user } = renderEditor({ initial: 'x' })
      placeCaret(textarea, 0)
      await user.keyboard('{Tab}')
      expect(execCommand).toHaveBeenCalledWith('insertText', false, '  ')
    } finally {
      Reflect.deleteProperty(document, 'execCommand')
    }
  })

  it('lets keyboard users leave: Escape then Tab moves focus on, and Tab indents again afterwards', async () => {
    const { textarea, onChange, user } = renderEditor({ initial: 'x' })
    placeCaret(textarea, 1)
    await user.keyboard('{Escape}{Tab}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }))
    expect(onChange).not.toHaveBeenCalled()

    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(document.activeElement).toBe(textarea)
    placeCaret(textarea, 1)
    await user.keyboard('{Tab}')
    expect(document.activeElement).toBe(textarea)
    expect(onChange).toHaveBeenLastCalledWith('x  ')
  })

  it('forgets a pending Escape once another key is typed', async () => {
    const { textarea, onChange, user } = renderEditor({ initial: '' })
    placeCaret(textarea, 0)
    await user.keyboard('{Escape}a{Tab}')
    expect(document.activeElement).toBe(textarea)
    expect(onChange).toHaveBeenLastCalledWith('a  ')
  })

  it('never traps Shift+Tab: it moves focus back', async () => {
    const { textarea, user } = renderEditor({ initial: 'x' })
    placeCaret(textarea, 1)
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' }))
  })

  it('describes the keyboard convention along with the given description', () => {
    render(
      <>
        <p id="snippet-help">Runs in vcl_recv.</p>
        <CodeEditor id="snippet" value="" onChange={() => {}} label="VCL snippet" describedBy="snippet-help" invalid />
      </>,
    )
    const textarea = screen.getByRole('textbox', { name: 'VCL snippet' })
    expect(textarea.getAttribute('aria-describedby')).toBe('snippet-help snippet-keyboard-hint')
    expect(document.getElementById('snippet-keyboard-hint')?.textContent).toMatch(/Escape, then Tab/)
    expect(textarea.getAttribute('aria-invalid')).toBe('true')
    expect(textarea.getAttribute('spellcheck')).toBe('false')
    expect(textarea.getAttribute('autocapitalize')).toBe('off')
    expect(textarea.getAttribute('autocorrect')).toBe('off')
    expect(textarea.getAttribute('wrap')).toBe('off')
  })

  it('takes its name from a label when there is one', () => {
    render(
      <>
        <label htmlFor="snippet">Content</label>
        <CodeEditor id="snippet" value="" onChange={() => {}} />
      </>,
    )
    expect(screen.getByRole('textbox', { name: 'Content' })).toBeTruthy()
  })

  it('is read-only on request: focusable, highlighted, numbered, but never changed', async () => {
    const source = 'sub vcl_recv {\n  return (pass);\n}'
    const { textarea, gutter, highlight, onChange, user } = renderEditor({ initial: source, readOnly: true })
    expect(textarea.readOnly).toBe(true)
    expect(textarea.getAttribute('aria-describedby')).toBeNull()
    expect(gutter.textContent?.split('\n')).toEqual(['1', '2', '3'])
    expect(highlight.querySelector('[data-token="keyword"]')?.textContent).toBe('sub')

    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(textarea)
    await user.keyboard('more text')
    expect(onChange).not.toHaveBeenCalled()
    expect(textarea.value).toBe(source)
    // Tab has nothing to indent: it moves on at once.
    await user.keyboard('{Tab}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }))
    expect(onChange).not.toHaveBeenCalled()
  })

  it('scrolls the highlight and the gutter with the textarea', () => {
    const { textarea, gutter, highlight } = renderEditor({ initial: 'x\n'.repeat(100) })
    textarea.scrollTop = 240
    textarea.scrollLeft = 16
    fireEvent.scroll(textarea)
    expect(textarea.scrollTop).toBe(240)
    expect(highlight.scrollTop).toBe(textarea.scrollTop)
    expect(highlight.scrollLeft).toBe(textarea.scrollLeft)
    expect(gutter.scrollTop).toBe(textarea.scrollTop)
  })
})
