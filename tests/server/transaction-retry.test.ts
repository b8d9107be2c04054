/**
 * A transaction PostgreSQL ends for a deadlock (40P01) or a serialization failure (40001) is run again
 * from its start, and one that keeps meeting them is a 503 with Retry-After, never a 500. The writers
 * take their locks in one order (docs/architecture.md), so this is the safety net under it.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import {
  openDatabase,
  retryContendedTransactions,
  TRANSACTION_ATTEMPTS,
  transactionContended,
} from '../../server/db/client.ts'
import { CONTENDED_CODE } from '../../src/domain/write-deadline.ts'
import { ON_POSTGRES, setUpPlatform, testDatabase } from './support.ts'

const platform = setUpPlatform()

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code })
/** As drizzle throws a failed query: its own error, the driver's as `cause`. */
const wrapped = (code: string) => new Error('Failed query: update …', { cause: pgError(code) })

/** A database whose transactions fail with `failures` in turn, then run their work. */
function failingDb(failures: Error[]) {
  let attempts = 0
  const db = retryContendedTransactions({
    transaction: async <T>(work: () => Promise<T>): Promise<T> => {
      attempts += 1
      const failure = failures[attempts - 1]
      if (failure) throw failure
      return work()
    },
  })
  return { db, attempts: () => attempts }
}

describe('a transaction that met another', () => {
  it('is a deadlock or a serialization failure, also inside drizzle’s wrapping; nothing else', () => {
    expect(transactionContended(pgError('40P01'))).toBe(true)
    expect(transactionContended(wrapped('40001'))).toBe(true)
    expect(transactionContended(wrapped('23505'))).toBe(false)
    expect(transactionContended(new Error('deadlock'))).toBe(false)
  })

  it('is run again until it goes through, and only for those', async () => {
    const retried = failingDb([wrapped('40P01'), wrapped('40001')])
    expect(await retried.db.transaction(async () => 'done')).toBe('done')
    expect(retried.attempts()).toBe(3)
    const constraint = failingDb([wrapped('23505')])
    await expect(constraint.db.transaction(async () => 'done')).rejects.toThrow('Failed query')
    expect(constraint.attempts()).toBe(1)
    const stuck = failingDb(Array.from({ length: TRANSACTION_ATTEMPTS + 1 }, () => wrapped('40P01')))
    await expect(stuck.db.transaction(async () => 'done')).rejects.toThrow('Failed query')
    expect(stuck.attempts()).toBe(TRANSACTION_ATTEMPTS)
  })

  it.skipIf(!ON_POSTGRES)('goes through when PostgreSQL ends one of two deadlocked transactions', async () => {
    const target = await testDatabase()
    const database = await openDatabase({ url: target.url, dataDir: '' })
    try {
      // Each takes its first lock, waits for the other to hold its own, then asks for the other's: the first
      // time round they deadlock, and PostgreSQL ends one of them.
      let runs = 0
      let arrived = 0
      let bothHold: () => void = () => {}
      const holding = new Promise<void>((resolve) => (bothHold = resolve))
      const run = (first: number, second: number) =>
        database.db.transaction(async (tx) => {
          runs += 1
          await tx.execute(sql`select pg_advisory_xact_lock(${first})`)
          arrived += 1
          if (arrived === 2) bothHold()
          await holding
          await tx.execute(sql`select pg_advisory_xact_lock(${second})`)
          return first
        })
      expect(await Promise.all([run(1, 2), run(2, 1)])).toEqual([1, 2])
      expect(runs).toBe(3)
    } finally {
      await database.close()
      await target.drop()
    }
  })

  it('answers 503 with Retry-After when every attempt met another', async () => {
    vi.spyOn(platform.server.ctx.db, 'transaction').mockRejectedValue(wrapped('40P01'))
    const res = await platform.call('POST', '/api/core/v0/projects/shop/directors', {
      body: { name: 'contended', backends: [{ host: 'origin.example.com', port: 443 }] },
    })
    // Every attempt rolled back: the answer's code says that nothing was stored.
    expect([res.status, res.headers.get('retry-after'), res.body.message, res.body.code]).toEqual([
      503,
      '2',
      'the platform is busy with other changes to the same data; try again shortly',
      CONTENDED_CODE,
    ])
  })

  it('fails one node of a maintenance so, the others keeping their change, and the answer says so', async () => {
    // The 503 marked contended would say nothing was stored, untrue for the node already changed.
    const service = platform.server.ctx.resources
    const update = service.update.bind(service)
    let calls = 0
    vi.spyOn(service, 'update').mockImplementation((...args) => {
      calls += 1
      return calls === 1 ? update(...args) : Promise.reject(wrapped('40P01'))
    })
    const res = await platform.call('POST', '/api/core/v0/nodes/maintenance', {
      body: { nodes: ['pop-de-fra-1', 'pop-nl-ams-1'], maintenance: true },
    })
    expect([res.status, res.body.data]).toEqual([
      200,
      [
        { name: 'pop-de-fra-1', result: 'succeeded', status: 'maintenance', changed: true, message: null },
        {
          name: 'pop-nl-ams-1',
          result: 'failed',
          status: null,
          changed: false,
          message: 'the platform is busy with other changes to the same data; try again shortly',
        },
      ],
    ])
  })

  it('answers quick setup without the mark when its director could not be removed again', async () => {
    // The website met other changes at every attempt, and so did the removal of the director made for it:
    // the director stays, so the answer must not say that nothing was stored.
    const service = platform.server.ctx.resources
    const create = service.create.bind(service)
    vi.spyOn(service, 'create').mockImplementation((definition, ...rest) =>
      definition.type === 'websites' ? Promise.reject(wrapped('40P01')) : create(definition, ...rest),
    )
    vi.spyOn(service, 'remove').mockRejectedValue(wrapped('40P01'))
    const res = await platform.call('POST', '/api/core/v0/projects/shop/quick-setup', {
      body: {
        domain_name: 'busy.shop.example.com',
        backend: { directorOption: 'new', host: 'busy.origin.example.com', port: 443, weight: 1 },
      },
    })
    expect([res.status, res.body.message, res.body.code]).toEqual([
      503,
      'the platform is busy with other changes to the same data; try again shortly',
      undefined,
    ])
  })
})
