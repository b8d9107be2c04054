import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/**
 * The goals of `npm run bench` (issue 15) and the previous run's numbers beside the new ones. Each
 * measured case reports some of these metrics; a goal holds one of them below or above a bound.
 */
export type Metric = 'p50' | 'p95' | 'p97_5' | 'p99' | 'rps' | 'seconds' | 'perSecond'

export type Goal = { metric: Metric; below?: number; above?: number }

export type Measures = Partial<Record<Metric, number>>

const LABELS: Record<Metric, [string, string]> = {
  p50: ['p50', 'ms'],
  p95: ['p95', 'ms'],
  p97_5: ['p97.5', 'ms'],
  p99: ['p99', 'ms'],
  rps: ['', 'req/s'],
  seconds: ['', 's'],
  perSecond: ['', '/s'],
}

const number = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))

export function format(metric: Metric, value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—'
  const [prefix, unit] = LABELS[metric]
  return `${prefix ? `${prefix} ` : ''}${number(value)} ${unit}`
}

export function goalText(goal: Goal): string {
  const [prefix, unit] = LABELS[goal.metric]
  const bound = goal.below !== undefined ? `< ${goal.below}` : `≥ ${goal.above}`
  return `${prefix ? `${prefix} ` : ''}${bound} ${unit}`
}

export function meets(goal: Goal, measures: Measures): boolean {
  const value = measures[goal.metric]
  if (value === undefined || Number.isNaN(value)) return false
  if (goal.below !== undefined && !(value < goal.below)) return false
  if (goal.above !== undefined && !(value >= goal.above)) return false
  return true
}

/** Every run's goal-bearing numbers, by database and case name (docs/benchmarks.json). */
export type History = Record<string, { date: string; cases: Record<string, Measures> }>

export function readHistory(file: string): History {
  if (!existsSync(file)) return {}
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as History
  } catch {
    return {}
  }
}

export function writeHistory(file: string, history: History): void {
  writeFileSync(file, `${JSON.stringify(history, null, 2)}\n`)
}

export type GoalRow = { name: string; request: string; goals: Goal[]; measures: Measures; previous?: Measures }

/** Markdown: one line per goal, with the previous run's value, this run's and pass/FAIL. */
export function goalTable(rows: GoalRow[], previousDate: string | undefined): string {
  const before = previousDate ? `Previous (${previousDate.slice(0, 10)})` : 'Previous'
  const lines = [`| Case | Goal | ${before} | Now | Verdict |`, '| --- | --- | ---: | ---: | --- |']
  for (const row of rows) {
    for (const goal of row.goals) {
      const previous = row.previous ? format(goal.metric, row.previous[goal.metric]) : '—'
      const now = format(goal.metric, row.measures[goal.metric])
      lines.push(
        `| ${row.name} | ${goalText(goal)} | ${previous} | ${now} | ${meets(goal, row.measures) ? 'pass' : '**FAIL**'} |`,
      )
    }
  }
  return lines.join('\n')
}
