import { fromPromise, type NonReducibleUnknown } from 'xstate'

const placeholders = new WeakSet<object>()

/**
 * Default implementation of a side-effecting actor: the machine declares what it needs, and the
 * composition layer (src/app) or a test must supply it with `.provide()`. Failing loudly beats a
 * silent no-op when someone forgets. An actor without input keeps fromPromise's default input type, so
 * a fake written as `fromPromise<Output>(…)` fits it exactly.
 */
export function notProvided<Output, Input = NonReducibleUnknown>(name: string) {
  const logic = fromPromise<Output, Input>(async () => {
    throw new Error(`${name} not provided`)
  })
  placeholders.add(logic)
  return logic
}

/** The same contract for actions (storage writes, page reloads); `Params` types a parameterized action. */
export function actionNotProvided<Params = undefined>(name: string) {
  const action = (_args: unknown, _params: Params): void => {
    throw new Error(`${name} not provided`)
  }
  placeholders.add(action)
  return action
}

/** Whether an implementation is still the placeholder, i.e. the composition layer must provide it. */
export function isNotProvided(implementation: unknown): boolean {
  return typeof implementation === 'object' || typeof implementation === 'function'
    ? implementation !== null && placeholders.has(implementation)
    : false
}
