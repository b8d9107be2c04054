import { ApiError, conflict } from '../../../server/base/errors.ts'
import type { ServerContext } from '../../../server/context.ts'
import { DATABASE_CONTENDED_MESSAGE, transactionContended } from '../../../server/db/client.ts'
import type { Caller } from '../../../server/resources/definition.ts'
import { getResource } from '../../../server/resources/store.ts'
import {
  QUICK_WEBSITE_MESSAGES,
  type QuickSetupDraft,
  quickSetupDirector,
  randomSuffix,
  suffixedName,
  usesExistingDirector,
  validateQuickSetupDraft,
  websiteNameFor,
} from '../quick-setup.ts'
import { domainClaims } from './server.ts'

function quickError(status: 400 | 409, field: string, message: string) {
  return new ApiError(status, message, [{ field, message }])
}

/**
 * The server-side counterpart of the console's quick website sequence (spec section 4): validate,
 * check the domain is free, create a director when none was chosen, find a free website name, create
 * the website, and delete the auto-created director again if the website cannot be created. With a
 * `deadline` in `caller`, each creation commits before it or not at all (server/resources/deadline.ts); the
 * director's removal after a failure has none: it runs to its end, so nothing of the attempt is left.
 */
export async function quickSetup(
  ctx: ServerContext,
  project: string,
  draft: QuickSetupDraft,
  caller: Caller,
): Promise<{ name: string; default_director: string }> {
  const websites = ctx.resources.registered('websites')
  const directors = ctx.resources.registered('directors')
  const [invalid] = validateQuickSetupDraft(draft)
  if (invalid) throw quickError(400, invalid.field, invalid.message)
  if ((await domainClaims(ctx.db, [draft.domain_name])).has(draft.domain_name)) {
    throw quickError(409, 'website', QUICK_WEBSITE_MESSAGES.domainUsed)
  }

  let directorName = draft.default_director ?? ''
  let createdDirector = false
  if (usesExistingDirector(draft)) {
    if (!(await getResource(ctx.db, 'directors', project, directorName))) {
      throw quickError(400, 'director', `director ${directorName} does not exist`)
    }
  } else {
    directorName = suffixedName(draft.domain_name, randomSuffix(ctx.random))
    await ctx.resources.create(directors, project, quickSetupDirector(draft, directorName), caller)
    createdDirector = true
  }

  try {
    const name = await freeWebsiteName(ctx, project, draft.domain_name)
    await ctx.resources.create(
      websites,
      project,
      { name, domain_name: draft.domain_name, default_director: directorName },
      caller,
    )
    return { name, default_director: directorName }
  } catch (error) {
    // The director exists only because of this attempt: remove it before reporting the failure.
    if (createdDirector) {
      const { deadline: _past, ...cleanup } = caller
      await ctx.resources.remove(directors, project, directorName, '*', cleanup).catch((removal: unknown) => {
        // The director stays: the removal's own 503 marked `contended` would say that nothing was stored.
        if (transactionContended(removal)) throw new ApiError(503, DATABASE_CONTENDED_MESSAGE)
        throw removal
      })
    }
    throw error
  }
}

async function freeWebsiteName(ctx: ServerContext, project: string, domain: string): Promise<string> {
  for (const name of [websiteNameFor(domain), suffixedName(domain, randomSuffix(ctx.random))]) {
    if (!(await getResource(ctx.db, 'websites', project, name))) return name
  }
  throw conflict(QUICK_WEBSITE_MESSAGES.invalidWebsiteName, undefined, [
    { field: 'website', message: QUICK_WEBSITE_MESSAGES.invalidWebsiteName },
  ])
}
