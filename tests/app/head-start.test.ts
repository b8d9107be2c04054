import { describe, expect, it, vi } from 'vitest'
import { createHeadStart } from '../../src/app/head-start.ts'

describe('head start of the sign-in requests', () => {
  it('hands the early request to the first caller and fetches anew for the next', async () => {
    const headStart = createHeadStart()
    const early = vi.fn(async () => ['wadp.*.*'])
    headStart.start('permissions', early)
    const late = vi.fn(async () => ['wadp.websites.list'])
    await expect(headStart.take('permissions', late)).resolves.toEqual(['wadp.*.*'])
    await expect(headStart.take('permissions', late)).resolves.toEqual(['wadp.websites.list'])
    expect(early).toHaveBeenCalledTimes(1)
    expect(late).toHaveBeenCalledTimes(1)
  })

  it('passes an early failure to whoever takes it', async () => {
    const headStart = createHeadStart()
    headStart.start('user', async () => {
      throw new Error('user gone')
    })
    await expect(headStart.take('user', async () => 'fresh')).rejects.toThrow('user gone')
  })

  it('ignores an early answer older than 10 s: a late caller wants the current state', async () => {
    let now = 0
    const headStart = createHeadStart(() => now)
    headStart.start('project-permissions:shop', async () => ['old'])
    now = 10_001
    await expect(headStart.take('project-permissions:shop', async () => ['current'])).resolves.toEqual(['current'])
  })

  it('drops what nobody took when the session ends, so the next session cannot inherit it', async () => {
    const headStart = createHeadStart()
    headStart.start('permissions', async () => ['first user'])
    headStart.clear()
    await expect(headStart.take('permissions', async () => ['second user'])).resolves.toEqual(['second user'])
  })
})
