/**
 * The charts' colours (src/ui/TimeSeriesChart.tsx draws with uPlot, src/ui/SvgPlot.tsx with SVG): the
 * same lines and grid on both.
 */

/** Line colours that read on both backgrounds (Tailwind's 600 shades for light, 400 for dark). */
const PALETTE = {
  light: [
    '#0d9488',
    '#4f46e5',
    '#d97706',
    '#e11d48',
    '#0284c7',
    '#65a30d',
    '#9333ea',
    '#c2410c',
    '#0f766e',
    '#db2777',
    '#475569',
    '#ca8a04',
  ],
  dark: [
    '#2dd4bf',
    '#818cf8',
    '#fbbf24',
    '#fb7185',
    '#38bdf8',
    '#a3e635',
    '#c084fc',
    '#fb923c',
    '#5eead4',
    '#f472b6',
    '#94a3b8',
    '#facc15',
  ],
} as const

export const colourOf = (index: number, dark: boolean) => {
  const palette = dark ? PALETTE.dark : PALETTE.light
  return palette[index % palette.length] ?? palette[0]
}

/** The grid's lines, faint on either background. */
export const gridColour = (dark: boolean) => (dark ? 'rgba(148, 163, 184, 0.15)' : 'rgba(100, 116, 139, 0.15)')
