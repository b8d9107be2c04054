import { describe, expect, it } from 'vitest'
import { BUDGET, budgetProblems } from './bundle.ts'

const SIGN_IN = 'sign-in page (/)'
const SIGN_IN_KB = BUDGET.upFrontKb[SIGN_IN]

describe('the bundle budget', () => {
  const within = {
    upFront: [{ page: '/home', kb: 150, files: 7 }],
    routes: [{ route: 'routes/home.tsx', kb: 2 }],
    libraries: [{ library: 'uplot', kb: 23, routes: ['routes/statistics.tsx'] }],
  }

  it('passes a build within every budget', () => {
    expect(budgetProblems(within)).toEqual([])
  })

  it('names the page that loads too much or too many files up front, and the route chunk too large', () => {
    expect(
      budgetProblems({
        upFront: [
          { page: SIGN_IN, kb: SIGN_IN_KB + 1, files: 4 },
          { page: '/home', kb: 150, files: BUDGET.upFrontFiles + 5 },
        ],
        routes: [{ route: 'routes/websites.tsx', kb: BUDGET.routeChunkKb + 0.5 }],
        libraries: [],
      }),
    ).toEqual([
      `sign-in page (/): ${(SIGN_IN_KB + 1).toFixed(1)} kB up front > ${SIGN_IN_KB} kB`,
      `/home: ${BUDGET.upFrontFiles + 5} JavaScript files up front > ${BUDGET.upFrontFiles}`,
      `routes/websites.tsx: ${(BUDGET.routeChunkKb + 0.5).toFixed(1)} kB > ${BUDGET.routeChunkKb} kB`,
    ])
  })

  it('holds each page to its own line', () => {
    const home = BUDGET.upFrontKb['/home']
    const atHomeLine = { ...within, upFront: [{ page: '/home', kb: home, files: 7 }] }
    expect(budgetProblems(atHomeLine)).toEqual([])
    expect(budgetProblems({ ...within, upFront: [{ page: SIGN_IN, kb: home, files: 5 }] })).toEqual([
      `sign-in page (/): ${home.toFixed(1)} kB up front > ${SIGN_IN_KB} kB`,
    ])
    expect(budgetProblems({ ...within, upFront: [{ page: SIGN_IN, kb: SIGN_IN_KB + 0.1, files: 5 }] })).toEqual([
      `sign-in page (/): ${(SIGN_IN_KB + 0.1).toFixed(1)} kB up front > ${SIGN_IN_KB} kB`,
    ])
  })

  it('names a start-up chunk that lost its compile hint', () => {
    const hints = [
      { chunk: 'framework', hinted: true },
      { chunk: 'start', hinted: false },
    ]
    expect(budgetProblems({ ...within, compileHints: hints })).toEqual([
      "the start chunk does not begin with V8's compile hint (//# allFunctionsCalledOnLoad)",
    ])
  })

  it("names an entry that imports the start chunk statically, whose modules would then run in the framework's task", () => {
    expect(budgetProblems({ ...within, startWithEntry: false })).toEqual([])
    expect(budgetProblems({ ...within, startWithEntry: true })).toEqual([
      "the entry imports the start chunk statically: the console's modules would run in the framework's task",
    ])
  })

  it('refuses a page-only library (uPlot) in what a page loads up front', () => {
    expect(budgetProblems({ ...within, upFront: [{ page: '/home', kb: 150, files: 7, pageOnly: ['uplot'] }] })).toEqual(
      ['/home: loads uplot up front; it belongs to the pages that use it'],
    )
  })
})
