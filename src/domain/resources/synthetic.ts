import * as v from 'valibot'
import { integer, jsonObject } from '../common.ts'
import { HeaderName, HeaderValue, objectMessage } from './page-rule.ts'

/** The largest body a synthetic response may carry, in UTF-8 bytes. */
export const SYNTHETIC_BODY_MAX_BYTES = 256 * 1024

/** Headers the edge derives from the response itself; setting them by hand would contradict it. */
const DERIVED_HEADERS = new Set(['content-type', 'content-length'])

export const SyntheticHeader = v.pipe(
  jsonObject({ name: HeaderName, value: v.optional(HeaderValue, '') }, objectMessage),
  v.forward(
    v.check((header) => !DERIVED_HEADERS.has(header.name.toLowerCase()), 'is set from the response itself'),
    ['name'],
  ),
)

/** A response the edge answers with itself (a maintenance page, a fixed JSON, a robots.txt). */
export const SyntheticFields = jsonObject(
  {
    status: v.optional(integer(100, 599), 200),
    content_type: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.trim(),
        v.maxLength(255, 'at most 255 characters'),
        v.regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'must be a media type such as text/html; charset=utf-8'),
        v.check((value) => !/[\r\n]/.test(value), 'must not contain line breaks'),
      ),
      'text/html; charset=utf-8',
    ),
    body: v.optional(
      v.pipe(v.string('must be a string'), v.maxBytes(SYNTHETIC_BODY_MAX_BYTES, 'must be at most 256 KiB')),
      '',
    ),
    headers: v.optional(
      v.pipe(v.array(SyntheticHeader, 'must be a list of headers'), v.maxLength(100, 'at most 100 headers')),
      [],
    ),
    /** How long the edge may cache the response; 0 answers it afresh every time. */
    ttl_s: v.optional(integer(0, 31_536_000), 0),
  },
  objectMessage,
)
export type SyntheticInput = v.InferInput<typeof SyntheticFields>
export type SyntheticData = v.InferOutput<typeof SyntheticFields>
