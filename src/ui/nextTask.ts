/**
 * Resolves in a later task: the browser may paint and handle input in between. Work that would make one
 * long task on a phone is cut at its seams with it (the console's start-up, charts drawn one per task,
 * Home's panels and their tools asked for apart).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

let lastTurn: Promise<void> = Promise.resolve()

/**
 * Resolves a task after the previous caller's turn: callers that all ask in one task go one a task. A
 * form's reference lists ask for their requests this way: each `fetch()` is a few ms of the main thread on
 * a phone (more under a trace), and six started in the effects of one render made it a long task (issue 27).
 */
export function nextTurn(): Promise<void> {
  const turn = lastTurn.then(nextTask)
  lastTurn = turn
  return turn
}
