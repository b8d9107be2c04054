// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { focusFirstInvalid } from '../../src/ui/focus-invalid.ts'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('focusFirstInvalid', () => {
  it('focuses the first control marked invalid in the container, in document order', () => {
    document.body.innerHTML = `
      <p id="top" tabindex="-1">Correct the errors</p>
      <form><input id="a"><select id="b" aria-invalid="true"></select><input id="c" aria-invalid="true"></form>`
    const form = document.querySelector('form')
    expect(focusFirstInvalid(form, document.getElementById('top'))?.id).toBe('b')
    expect(document.activeElement?.id).toBe('b')
  })

  it('falls back when no control is marked, and marked ones outside the container do not count', () => {
    document.body.innerHTML = `
      <input id="outside" aria-invalid="true">
      <p id="top" tabindex="-1">The server refused it</p>
      <form><input id="a" aria-invalid="false"></form>`
    const form = document.querySelector('form')
    expect(focusFirstInvalid(form, document.getElementById('top'))?.id).toBe('top')
    expect(document.activeElement?.id).toBe('top')
    expect(focusFirstInvalid(form)).toBeNull()
  })
})
