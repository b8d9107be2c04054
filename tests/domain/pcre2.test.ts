/**
 * What Varnish's PCRE2 (10.42, 8-bit, no UTF) refuses of regular expressions JavaScript takes, told
 * without Varnish (src/domain/pcre2.ts). The cases are also compiled by varnishd -C, where it is
 * installed, in tests/server/edge-vcl.test.ts: each verdict here is Varnish's.
 */
import { describe, expect, it } from 'vitest'
import { pcre2Problem } from '../../src/domain/pcre2.ts'
import { PCRE2_CASES, UNCHECKED } from '../tools/pcre2-cases.ts'

describe("Varnish's PCRE2, read without Varnish", () => {
  it.each(PCRE2_CASES)('reads %j as PCRE2 does', (pattern, problem) => {
    expect(() => new RegExp(pattern)).not.toThrow()
    expect(pcre2Problem(pattern)).toBe(UNCHECKED.get(pattern) ?? problem)
  })
})
