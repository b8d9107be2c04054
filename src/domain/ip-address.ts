/*
 * IP addresses and networks as text, parsed and normalised. Apart from the IP list schema so that a type
 * needing only the rule (the blocklist) loads it without the lists' schemas.
 */

/**
 * An IPv4 or IPv6 address or network, normalised: lowercase canonical IPv6 (RFC 5952), the network
 * address of a CIDR (`10.1.2.3/24` -> `10.1.2.0/24`), and a single address written bare (`10.0.0.1`,
 * never `10.0.0.1/32`). `null` with the reason when the text is neither.
 */
export function normaliseCidr(text: string): { cidr: string } | { error: string } {
  const trimmed = text.trim()
  const slash = trimmed.indexOf('/')
  const address = slash === -1 ? trimmed : trimmed.slice(0, slash)
  const prefixText = slash === -1 ? null : trimmed.slice(slash + 1)
  const v4 = parseIpv4(address)
  const v6 = v4 !== null ? null : parseIpv6(address)
  if (v4 === null && v6 === null) return { error: 'must be an IPv4 or IPv6 address, optionally with a /prefix' }
  const bits = v4 !== null ? 32 : 128
  let prefix = bits
  if (prefixText !== null) {
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) {
      return { error: `the prefix must be a number from 0 to ${bits}` }
    }
    prefix = Number(prefixText)
  }
  if (v4 !== null) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
    const network = (v4 & mask) >>> 0
    const dotted = [24, 16, 8, 0].map((shift) => (network >>> shift) & 255).join('.')
    return { cidr: prefix === 32 ? dotted : `${dotted}/${prefix}` }
  }
  const groups = v6 as number[]
  const masked = groups.map((group, index) => {
    const kept = Math.max(0, Math.min(16, prefix - index * 16))
    return kept === 0 ? 0 : group & ((0xffff << (16 - kept)) & 0xffff)
  })
  const canonical = formatIpv6(masked)
  return { cidr: prefix === 128 ? canonical : `${canonical}/${prefix}` }
}

/** A dotted-quad IPv4 address as a 32-bit number; no leading zeros (`010` is ambiguous: octal or not). */
function parseIpv4(text: string): number | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  let value = 0
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null
    value = value * 256 + Number(part)
  }
  return value
}

/** An IPv6 address as eight 16-bit groups (`::` compression and an IPv4 tail allowed). */
function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45 || !text.includes(':')) return null
  let hexText = text
  if (text.includes('.')) {
    // An IPv4 tail (`::ffff:10.0.0.1`) stands for the last two groups.
    const lastColon = text.lastIndexOf(':')
    const v4 = parseIpv4(text.slice(lastColon + 1))
    if (v4 === null) return null
    hexText = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = hexText.split('::')
  if (halves.length > 2) return null
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'))
  const left = groupsOf(halves[0] ?? '')
  const right = halves.length === 2 ? groupsOf(halves[1] ?? '') : []
  if ([...left, ...right].some((group) => !/^[0-9a-fA-F]{1,4}$/.test(group))) return null
  const missing = 8 - left.length - right.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((g) => Number.parseInt(g, 16))
}

/** RFC 5952: lowercase, no leading zeros, the longest run of two or more zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  // An IPv4-mapped address keeps its IPv4 part dotted (RFC 5952, section 5).
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return `::ffff:${high >>> 8}.${high & 255}.${low >>> 8}.${low & 255}`
  }
  let bestStart = -1
  let bestLength = 1
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start += 1
      continue
    }
    let end = start
    while (end < 8 && groups[end] === 0) end += 1
    if (end - start > bestLength) {
      bestStart = start
      bestLength = end - start
    }
    start = end
  }
  const hex = groups.map((group) => group.toString(16))
  if (bestStart === -1) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`
}

/** One meaningful line of a paste: its 1-based number, the text before any `#`, and what follows it. */
export type PastedLine = { line: number; raw: string; body: string; comment: string }

/**
 * The lines of pasted text (an IP list's addresses, the blocklist's values): blank lines and whole-line
 * `#` comments are skipped; text after `#` is the line's comment, cut to `maxComment` characters.
 */
export function pastedLines(text: string, maxComment: number): PastedLine[] {
  const lines: PastedLine[] = []
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const hash = raw.indexOf('#')
    const body = (hash === -1 ? raw : raw.slice(0, hash)).trim()
    if (body === '') continue
    const comment =
      hash === -1
        ? ''
        : raw
            .slice(hash + 1)
            .trim()
            .slice(0, maxComment)
    lines.push({ line: index + 1, raw, body, comment })
  }
  return lines
}
