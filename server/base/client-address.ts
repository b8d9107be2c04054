/**
 * The address a request came from, as the audit log records it. `X-Forwarded-For` is written by whoever
 * sends the request, so it is believed only as far as the platform's own proxies wrote it: with
 * `trustedProxies` (`WADP_TRUSTED_PROXIES`) at 0, the default, the connection's own address; with n, the
 * address the n-th proxy from the server saw (each proxy appends the address it was reached from), never
 * a value further left, which the client itself may have sent.
 */
export function clientAddress(forwardedFor: string | undefined, socket: string | undefined, trustedProxies: number) {
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== ''),
    socket ?? 'unknown',
  ]
  return chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? 'unknown'
}

/**
 * The most of a User-Agent header the audit log keeps: real ones are a few hundred characters, and a
 * caller (one not signed in, on a failed sign-in) must not store up to 16 KB a request.
 */
export const USER_AGENT_KEPT = 512

/** Where a request came from and with what, as the audit log records it. */
export function requestOriginOf(
  headers: { forwardedFor: string | undefined; userAgent: string | undefined },
  socket: string | undefined,
  trustedProxies: number,
): { ip: string; userAgent: string } {
  return {
    ip: clientAddress(headers.forwardedFor, socket, trustedProxies).slice(0, 100),
    userAgent: (headers.userAgent ?? '').slice(0, USER_AGENT_KEPT),
  }
}
