import { startTransition, useEffect, useState } from 'react'

/*
 * Heavy widgets that mount together (a form's dropdowns, once their library has loaded) take turns: one
 * mounts in a task of its own, and the next turn is given only after it has been drawn. Mounted all at
 * once they made one task of ~200 ms on a phone, in which nothing could answer a tap. A turn is a
 * transition, so React draws even one widget in short tasks (all but its commit).
 */
const waiting: (() => void)[] = []
let pending = false

function giveNextTurn(): void {
  pending = false
  waiting.shift()?.()
}

function scheduleTurn(): void {
  if (pending || waiting.length === 0) return
  pending = true
  setTimeout(giveNextTurn, 0)
}

/**
 * False until this component's turn has come, then true for good. Ask only while `asking` is true (the
 * widget's code has loaded, say); a component that unmounts before its turn leaves the queue.
 */
export function useTurn(asking = true): boolean {
  const [turn, setTurn] = useState(false)
  useEffect(() => {
    if (!asking || turn) return
    const take = () => startTransition(() => setTurn(true))
    waiting.push(take)
    scheduleTurn()
    // Runs once the turn has been drawn (`turn` changed), or when the component goes before it: either
    // way the next one may go.
    return () => {
      const index = waiting.indexOf(take)
      if (index >= 0) waiting.splice(index, 1)
      scheduleTurn()
    }
  }, [asking, turn])
  return turn
}
