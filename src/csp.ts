import { createHash } from 'node:crypto'

/**
 * The CSP sources (`'sha256-…'`) of every inline script of an HTML page, as a browser hashes them:
 * the exact text between `<script…>` and `</script>` of each script element without a `src`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const text = match[1] ?? ''
    if (text.trim() === '') continue
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  }
  return hashes
}
