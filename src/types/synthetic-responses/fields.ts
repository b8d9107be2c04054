import * as v from 'valibot'
import { integer, jsonObject } from '../../domain/common.ts'
import { objectMessage } from '../../domain/field-rules.ts'
import { HeaderName, HeaderValue } from '../page-rules/fields.ts'

/** The largest body a synthetic response may carry, in UTF-8 bytes. */
export const SYNTHETIC_BODY_MAX_BYTES = 256 * 1024

/** Headers the edge derives from the response itself; setting them by hand would contradict it. */
const DERIVED_HEADERS = new Set(['content-type', 'content-length'])

export const SyntheticHeader = v.pipe(
  jsonObject(
    {
      name: v.pipe(HeaderName, v.description('Header name')),
      value: v.optional(v.pipe(HeaderValue, v.description('Header value')), ''),
    },
    objectMessage,
  ),
  v.forward(
    v.partialCheck(
      [['name']],
      (header) => !DERIVED_HEADERS.has(header.name.toLowerCase()),
      'is set from the response itself',
    ),
    ['name'],
  ),
)

/** A response the edge answers with itself (a maintenance page, a fixed JSON, a robots.txt). */
export const SyntheticFields = jsonObject(
  {
    status: v.optional(v.pipe(integer(100, 599), v.description('HTTP status of the response')), 200),
    content_type: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.trim(),
        v.maxLength(255, 'at most 255 characters'),
        v.regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'must be a media type such as text/html; charset=utf-8'),
        v.check((value) => !/[\r\n]/.test(value), 'must not contain line breaks'),
        // It is the Content-Type header a node sends: a NUL broke the project's VCL, another a 503.
        v.check(
          (value) => ![...value].some((char) => (char < ' ' && !'\t\r\n'.includes(char)) || char === '\u007f'),
          'must not contain control characters',
        ),
        v.description('Media type of the body'),
      ),
      'text/html; charset=utf-8',
    ),
    body: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.maxBytes(SYNTHETIC_BODY_MAX_BYTES, 'must be at most 256 KiB'),
        // VCL has no way to write it: a body holding one broke the whole project's VCL on every node.
        v.check((value) => !value.includes('\u0000'), 'must not contain the NUL character'),
        v.description('The response body, at most 256 KiB'),
      ),
      '',
    ),
    headers: v.optional(
      v.pipe(
        v.array(SyntheticHeader, 'must be a list of headers'),
        v.maxLength(100, 'at most 100 headers'),
        v.description('Extra response headers (not Content-Type or Content-Length)'),
      ),
      [],
    ),
    ttl_s: v.optional(
      v.pipe(integer(0, 31_536_000), v.description('Seconds the edge may cache it; 0 answers afresh every time')),
      0,
    ),
  },
  objectMessage,
)
export type SyntheticInput = v.InferInput<typeof SyntheticFields>
export type SyntheticData = v.InferOutput<typeof SyntheticFields>
