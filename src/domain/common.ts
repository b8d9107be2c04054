import * as v from 'valibot'

/** Resource names: lowercase slug, unique in their scope, immutable after creation (API.md). */
export const Slug = v.pipe(
  v.string('must be a string'),
  v.regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'use 1-63 lowercase letters, digits or dashes, starting with a letter or digit'),
)

export const DisplayName = v.pipe(v.string('must be a string'), v.trim(), v.maxLength(200, 'at most 200 characters'))

const HOSTNAME_PATTERN =
  /^(?=.{1,253}$)(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i
const IPV4_PATTERN = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export function isHostname(value: string): boolean {
  return HOSTNAME_PATTERN.test(value) && !value.startsWith('*.')
}

export function isIpAddress(value: string): boolean {
  return IPV4_PATTERN.test(value) || (value.includes(':') && /^[0-9a-f:.]+$/i.test(value))
}

/** A DNS host name (lowercased), such as `shop.example.com`. */
export const Hostname = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.toLowerCase(),
  v.check(isHostname, 'must be a host name such as shop.example.com'),
)

/** A backend address: a host name or an IP address. */
export const HostOrIp = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.toLowerCase(),
  v.check((value) => isHostname(value) || isIpAddress(value), 'must be a host name or an IP address'),
)

export const Email = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.toLowerCase(),
  v.email('must be an e-mail address'),
  v.maxLength(254, 'at most 254 characters'),
)

/**
 * Whether a time read from a text lies in the years 1 to 9999: PostgreSQL stores no year 0 and refuses
 * some of JavaScript's far years (to ±275760), which would otherwise reach the database and fail there.
 */
export function isStorableTime(value: string): boolean {
  const year = new Date(Date.parse(value)).getUTCFullYear()
  return year >= 1 && year <= 9999
}
export const STORABLE_TIME_MESSAGE = 'must be in the years 1 to 9999'

/**
 * Whether a time's date, when it starts with one (`2026-02-30T10:00`), is a day its month has: `Date.parse`
 * reads 30 February as 2 March, and the time asked for was stored or searched for as that.
 */
export function isCalendarDate(value: string): boolean {
  const date = /^\d{4}-\d\d-\d\d/.exec(value.trim())?.[0]
  return !date || new Date(Date.parse(date)).toISOString().startsWith(date)
}
export const CALENDAR_DATE_MESSAGE = 'must be a day its month has'

/**
 * A time the server sets, as `Date.prototype.toISOString` writes it: `format: date-time` (RFC 3339) in
 * openapi.json, so a client generated from it reads a time. Answers only: a request's times are
 * `IsoDateTime`, which takes any date and time `Date.parse` reads.
 */
export const Timestamp = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'))

export const IsoDateTime = v.pipe(
  v.string('must be a date and time'),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date and time'),
  v.check(isCalendarDate, CALENDAR_DATE_MESSAGE),
  v.check(isStorableTime, STORABLE_TIME_MESSAGE),
)

export function uniqueItems<T>(message = 'must not contain duplicates') {
  return v.check<T[], string>((items) => new Set(items).size === items.length, message)
}

/**
 * An integer within bounds. A JSON integer, or a string of digits that is read as that integer: the
 * console's forms send what was typed (spec section 5). The string's own pipe ends in the same number
 * schema, so openapi.json describes a request field as either form with its bounds on the number, and
 * an answer (which always carries the number) as the integer alone.
 */
export function integer(min: number, max: number) {
  const whole = v.pipe(
    v.number('must be a whole number'),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  )
  return v.union(
    [whole, v.pipe(v.string(), v.regex(/^-?\d+$/, 'must be a whole number'), v.transform(Number), whole)],
    // A form's field left empty sends '': a missing value, said as one.
    (issue) => (issue.input === '' ? 'is required' : 'must be a whole number'),
  )
}

/**
 * An object schema that refuses a list. valibot's `object` takes any non-null object, a list too, whose
 * keys are then all missing: `"probe": []` read as a probe of defaults, so an update silently reset it.
 * Every object a resource holds is one of these.
 */
export function jsonObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
): v.ObjectSchema<TEntries, undefined>
export function jsonObject<
  const TEntries extends v.ObjectEntries,
  const TMessage extends v.ErrorMessage<v.ObjectIssue> | undefined,
>(entries: TEntries, message: TMessage): v.ObjectSchema<TEntries, TMessage>
export function jsonObject(entries: v.ObjectEntries, message?: v.ErrorMessage<v.ObjectIssue>) {
  const schema = v.object(entries, message)
  const run = schema['~run']
  return Object.assign(schema, {
    '~run'(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      if (!Array.isArray(dataset.value)) return run.call(schema, dataset, config)
      v._addIssue(schema, 'type', dataset, config)
      return dataset
    },
  })
}

/** A field-level error in the contract's error format. */
export type FieldError = { field: string; message: string }

/** Maps valibot issues onto the contract's `errors: [{field, message}]`. */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.map((issue) => ({
    field: v.getDotPath(issue) ?? '',
    message: readableMessage(issue),
  }))
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  loose_object: 'must be an object',
  strict_object: 'must be an object',
}

/**
 * An issue's message as the API's errors say it. A schema given its own message keeps it; valibot's
 * defaults ('Invalid key: Expected "query" but received undefined', 'Invalid length: Expected <=200 but
 * received 5000') are said in the same words as the rest: 'is required', 'must be a string', 'at most 200
 * characters'.
 */
function readableMessage(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid ')) return issue.message
  if (issue.kind === 'schema' && issue.input === undefined && issue.path?.length) return 'is required'
  const requirement = (issue as { requirement?: unknown }).requirement
  const unit = Array.isArray(issue.input) ? 'items' : 'characters'
  if (issue.type === 'max_length') return `at most ${String(requirement)} ${unit}`
  if (issue.type === 'min_length') return `at least ${String(requirement)} ${unit}`
  return TYPE_WORDS[issue.type] ?? issue.message
}
