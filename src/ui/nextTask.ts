/**
 * Resolves in a later task: the browser may paint and handle input in between. Work that would make one
 * long task on a phone is cut at its seams with it (the console's start-up, charts drawn one per task,
 * Home's panels and their tools asked for apart).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
