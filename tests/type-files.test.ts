import { describe, expect, it } from 'vitest'
import { expectedTypeFiles, staleTypeFiles, typeFolders } from './tools/type-files.ts'

describe('the files the type registry implies (npm run types)', () => {
  it('are checked in as the generator writes them: route files, the screens, the server types', async () => {
    // A new type's folder and registry line without `npm run types`, or a generated file edited by hand.
    expect(await staleTypeFiles()).toEqual([])
  })

  it('finds a folder for every registry line and writes the generic pages of each type', async () => {
    const folders = await typeFolders()
    expect(folders.map((folder) => folder.folder)).toContain('waf-policies')
    const files = await expectedTypeFiles()
    expect(files.get('routes/waf-policies-edit.{-$waf_policy_name}.tsx')).toContain(
      '<ResourceFormRoute ui={wafPoliciesUi} mode="edit" name={name} />',
    )
    // A page written by hand (the Blocklist's list has its paste and sync buttons) is left alone.
    expect(files.has('routes/access-list.tsx')).toBe(false)
    expect(files.get('src/platform/resource-types.ts')).toContain('blocklistRoutes.routes')
  })
})
