/**
 * FNV-1a over a text's UTF-16 code units: a stable number per name, the seed of every simulation that
 * must give the same answer on every process (a node's delay, a website's traffic).
 */
export function stableHash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}
