import type { ReactNode } from 'react'
import type { Flag as FlagCode } from '../../domain/sync.ts'

/**
 * Simplified national flags drawn on a 30 × 20 box (3:2), bundled with the sync modal so no flag is ever
 * fetched. The svg's own viewport clips anything drawn past the edges, so the shapes need no clip paths
 * (and no ids that could collide when a table shows the same flag twice).
 */

/** A regular star's points, first point up; `inner` is the inner radius as a share of the outer one. */
function starPoints(cx: number, cy: number, radius: number, points = 5, inner = 0.4): string {
  return Array.from({ length: points * 2 }, (_, index) => {
    const r = index % 2 === 0 ? radius : radius * inner
    const angle = (Math.PI * index) / points - Math.PI / 2
    return `${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`
  }).join(' ')
}

function Star(props: { cx: number; cy: number; r: number; points?: number; fill?: string }) {
  return <polygon points={starPoints(props.cx, props.cy, props.r, props.points)} fill={props.fill ?? '#fff'} />
}

/** The Union Jack on a `width` × `height` area at the origin (the whole British flag, or Australia's canton). */
function UnionJack({ width, height }: { width: number; height: number }) {
  const diagonals = `M0,0L${width},${height}M${width},0L0,${height}`
  const cross = `M${width / 2},0V${height}M0,${height / 2}H${width}`
  const unit = height / 20
  return (
    <g>
      <rect width={width} height={height} fill="#012169" />
      <path d={diagonals} stroke="#fff" strokeWidth={4 * unit} />
      <path d={diagonals} stroke="#C8102E" strokeWidth={1.4 * unit} />
      <path d={cross} stroke="#fff" strokeWidth={6 * unit} />
      <path d={cross} stroke="#C8102E" strokeWidth={3.4 * unit} />
    </g>
  )
}

// The right half of a maple leaf around x = 15, top to bottom; the left half mirrors it.
const MAPLE_RIGHT: readonly (readonly [number, number])[] = [
  [15, 3.6],
  [16.2, 5.9],
  [17.4, 5.3],
  [17, 8.6],
  [18.9, 6.7],
  [19.3, 7.8],
  [21.2, 7.4],
  [20.6, 9.4],
  [21.4, 9.8],
  [18.2, 12.6],
  [18.5, 13.7],
  [15.4, 13.3],
  [15.4, 16.2],
]
const MAPLE_LEAF = [...MAPLE_RIGHT, ...[...MAPLE_RIGHT].reverse().map(([x, y]) => [30 - x, y] as const)]
  .map(([x, y]) => `${x},${y}`)
  .join(' ')

const US_STRIPE = 20 / 13

export const FLAG_ART: Record<FlagCode, ReactNode> = {
  au: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <UnionJack width={15} height={10} />
      <Star cx={7.5} cy={15} r={2.6} points={7} />
      <Star cx={22.5} cy={16.6} r={1.5} points={7} />
      <Star cx={19} cy={8.6} r={1.4} points={7} />
      <Star cx={22.5} cy={3.6} r={1.4} points={7} />
      <Star cx={25.8} cy={7.6} r={1.4} points={7} />
      <Star cx={24.2} cy={10.8} r={0.8} />
    </>
  ),
  br: (
    <>
      <rect width="30" height="20" fill="#009C3B" />
      <polygon points="2.5,10 15,1.8 27.5,10 15,18.2" fill="#FFDF00" />
      <circle cx="15" cy="10" r="5" fill="#002776" />
      <path d="M10.2,9.1Q15,7.6 19.8,11.2" stroke="#fff" strokeWidth="0.9" fill="none" />
    </>
  ),
  ca: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="7.5" height="20" fill="#D80621" />
      <rect x="22.5" width="7.5" height="20" fill="#D80621" />
      <polygon points={MAPLE_LEAF} fill="#D80621" />
    </>
  ),
  de: (
    <>
      <rect width="30" height="20" fill="#FFCE00" />
      <rect width="30" height="13.34" fill="#DD0000" />
      <rect width="30" height="6.67" fill="#000" />
    </>
  ),
  es: (
    <>
      <rect width="30" height="20" fill="#AA151B" />
      <rect y="5" width="30" height="10" fill="#F1BF00" />
      <rect x="7" y="7.5" width="3" height="5" rx="0.8" fill="#AA151B" />
    </>
  ),
  fr: (
    <>
      <rect width="30" height="20" fill="#CE1126" />
      <rect width="20" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#002654" />
    </>
  ),
  nl: (
    <>
      <rect width="30" height="20" fill="#21468B" />
      <rect width="30" height="13.34" fill="#fff" />
      <rect width="30" height="6.67" fill="#AE1C28" />
    </>
  ),
  pt: (
    <>
      <rect width="30" height="20" fill="#FF0000" />
      <rect width="12" height="20" fill="#006600" />
      <circle cx="12" cy="10" r="4" fill="#FFE000" />
      <path d="M10,7.6H14V11Q14,13 12,13Q10,13 10,11Z" fill="#fff" stroke="#FF0000" strokeWidth="0.8" />
    </>
  ),
  sg: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="10" fill="#EF3340" />
      <circle cx="6.4" cy="5" r="3.2" fill="#fff" />
      <circle cx="7.6" cy="5" r="3" fill="#EF3340" />
      <Star cx={9.4} cy={3.2} r={0.7} />
      <Star cx={11.1} cy={4.5} r={0.7} />
      <Star cx={10.5} cy={6.6} r={0.7} />
      <Star cx={8.3} cy={6.6} r={0.7} />
      <Star cx={7.7} cy={4.5} r={0.7} />
    </>
  ),
  gb: <UnionJack width={30} height={20} />,
  us: (
    <>
      <rect width="30" height="20" fill="#B22234" />
      {[1, 3, 5, 7, 9, 11].map((stripe) => (
        <rect key={stripe} y={stripe * US_STRIPE} width="30" height={US_STRIPE} fill="#fff" />
      ))}
      <rect width="12" height={7 * US_STRIPE} fill="#3C3B6E" />
      {[2.6, 5.4, 8.2].map((y) =>
        [2, 4.7, 7.3, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.55" fill="#fff" />),
      )}
    </>
  ),
  generic: (
    <>
      <rect width="30" height="20" fill="#CBD5E1" />
      <g fill="none" stroke="#475569" strokeWidth="1">
        <circle cx="15" cy="10" r="6" />
        <ellipse cx="15" cy="10" rx="2.6" ry="6" />
        <path d="M9,10H21M10,6.8H20M10,13.2H20" />
      </g>
    </>
  ),
}
