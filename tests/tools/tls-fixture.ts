import { createHash, X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * A self-signed certificate for localhost and 127.0.0.1 (P-256, valid until 2126) and its key, for the
 * tests and benchmarks that run the server over HTTPS (`WADP_TLS_CERT`, `WADP_TLS_KEY`). Never for a
 * deployment: its key is in the repository.
 */
export const TEST_TLS = {
  certFile: fileURLToPath(new URL('../fixtures/tls/localhost-cert.pem', import.meta.url)),
  keyFile: fileURLToPath(new URL('../fixtures/tls/localhost-key.pem', import.meta.url)),
}

/**
 * The certificate's public key hash, as Chromium's `--ignore-certificate-errors-spki-list` takes it: the
 * browser then trusts the certificate (and caches what it serves, as it would not after an ignored error).
 */
export function testTlsSpkiHash(): string {
  const spki = new X509Certificate(readFileSync(TEST_TLS.certFile)).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(spki).digest('base64')
}
