import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { chunkReloadMachine } from '../../machines/chunk-reload.ts'
import { globalSearchMachine } from '../../machines/global-search.ts'
import { invalidationMachine } from '../../machines/invalidation.ts'
import { ipImportMachine } from '../../machines/ip-import.ts'
import { liveTrafficMachine } from '../../machines/live-traffic.ts'
import { isNotProvided } from '../../machines/not-provided.ts'
import { projectMachine } from '../../machines/project.ts'
import { projectSelectorMachine } from '../../machines/project-selector.ts'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import { quickSetupSubmissionMachine } from '../../machines/quick-setup-submission.ts'
import { resourceDeletionMachine } from '../../machines/resource-deletion.ts'
import { resourceFormMachine } from '../../machines/resource-form.ts'
import { secretRotationMachine } from '../../machines/secret-rotation.ts'
import { sessionMachine } from '../../machines/session.ts'
import { syncStatusMachine } from '../../machines/sync-status.ts'
import { tenancyDeletionMachine } from '../../machines/tenancy-deletion.ts'

/**
 * Renders docs/machines.md from the machine definitions themselves, so the document cannot drift:
 * tests/machine-docs.test.ts compares the file with this output.
 */

export const DOCS_PATH = resolve(import.meta.dirname, '../../docs/machines.md')

const MACHINES: { file: string; name: string; machine: AnyStateMachine }[] = [
  { file: 'machines/session.ts', name: 'sessionMachine', machine: sessionMachine },
  { file: 'machines/project.ts', name: 'projectMachine', machine: projectMachine },
  { file: 'machines/project-selector.ts', name: 'projectSelectorMachine', machine: projectSelectorMachine },
  { file: 'machines/global-search.ts', name: 'globalSearchMachine', machine: globalSearchMachine },
  { file: 'machines/chunk-reload.ts', name: 'chunkReloadMachine', machine: chunkReloadMachine },
  { file: 'machines/quick-setup.ts', name: 'quickSetupMachine', machine: quickSetupMachine },
  {
    file: 'machines/quick-setup-submission.ts',
    name: 'quickSetupSubmissionMachine',
    machine: quickSetupSubmissionMachine,
  },
  { file: 'machines/sync-status.ts', name: 'syncStatusMachine', machine: syncStatusMachine },
  { file: 'machines/resource-form.ts', name: 'resourceFormMachine', machine: resourceFormMachine },
  { file: 'machines/resource-deletion.ts', name: 'resourceDeletionMachine', machine: resourceDeletionMachine },
  { file: 'machines/invalidation.ts', name: 'invalidationMachine', machine: invalidationMachine },
  { file: 'machines/ip-import.ts', name: 'ipImportMachine', machine: ipImportMachine },
  { file: 'machines/tenancy-deletion.ts', name: 'tenancyDeletionMachine', machine: tenancyDeletionMachine },
  { file: 'machines/secret-rotation.ts', name: 'secretRotationMachine', machine: secretRotationMachine },
  { file: 'machines/live-traffic.ts', name: 'liveTrafficMachine', machine: liveTrafficMachine },
]

type ActionLike = string | { type?: unknown; event?: unknown } | ((...args: never[]) => unknown)

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states)
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)]
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat()
}

function actionsOf(node: AnyStateNode): ActionLike[] {
  return [...node.entry, ...node.exit, ...transitionsOf(node).flatMap((t) => t.actions)] as ActionLike[]
}

/** Stands for any context or event: every property read and every call gives it back. */
const anything: unknown = new Proxy(() => anything, {
  get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : anything),
})

/**
 * The type of an `emit(...)` action, written in place or named in `setup({ actions })` (resolved through
 * the machine's implementations); an expression is called with stand-in arguments just to read it.
 */
function emittedType(written: ActionLike, machine: AnyStateMachine): string | null {
  const name = typeof written === 'string' ? written : typeof written === 'object' ? written.type : undefined
  const named = typeof name === 'string' ? (machine.implementations.actions[name] as ActionLike | undefined) : undefined
  const action = named ?? written
  if (typeof action !== 'function' || !('type' in action) || action.type !== 'xstate.emit') return null
  const event: unknown = 'event' in action ? action.event : undefined
  const resolved: unknown =
    typeof event === 'function'
      ? (event as (args: object, params: unknown) => unknown)({ context: anything, event: anything }, anything)
      : event
  return typeof resolved === 'object' && resolved !== null && 'type' in resolved ? String(resolved.type) : null
}

/** A guard's name; `and([a, b])`, `or(…)` and `not(a)` read as `a and b`, `not a`. */
function guardText(guard: unknown): string {
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  if (typeof guard === 'function' && 'guards' in guard && Array.isArray(guard.guards)) {
    const parts = guard.guards.map(guardText)
    return guard.name === 'not' ? `not ${parts.join(', ')}` : parts.join(` ${guard.name} `)
  }
  return 'inline guard'
}

function guardName(transition: AnyTransitionDefinition): string | null {
  return transition.guard === undefined ? null : guardText(transition.guard)
}

function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `${done[1]} done`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `${error[1]} failed`
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (after) return `after ${after[1]}`
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(eventType)
  if (snapshot) return `${snapshot[1]} changed`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  return eventType
}

function relativeKey(node: AnyStateNode): string {
  return node.path.join('.')
}

// Mermaid ids must be unique in a diagram; a composite is titled by its id, so keep it readable.
function mermaidId(node: AnyStateNode): string {
  return node.path.length === 0 ? '[*]' : node.path.join('_')
}

function stateLine(node: AnyStateNode, depth: number): string[] {
  const facts = [
    node.type === 'parallel' ? 'parallel' : null,
    node.type === 'final' ? 'final' : null,
    node.parent?.initial?.target.includes(node) ? 'initial' : null,
    node.tags.length ? `tags: ${node.tags.join(', ')}` : null,
    node.invoke.length ? `invokes ${node.invoke.map((i) => `\`${i.src}\``).join(', ')}` : null,
  ].filter((fact) => fact !== null)
  const description = node.description ? ` ${node.description}` : ''
  const line = `${'  '.repeat(depth)}- \`${node.key}\`${facts.length ? ` (${facts.join('; ')})` : ''}${description}`
  return [line, ...children(node).flatMap((child) => stateLine(child, depth + 1))]
}

function mermaidState(node: AnyStateNode, indent: string): string[] {
  const id = mermaidId(node)
  const inner = children(node)
  if (inner.length === 0) return [`${indent}state "${node.key}" as ${id}`]
  const body: string[] = []
  if (node.type === 'parallel') {
    inner.forEach((region, index) => {
      if (index > 0) body.push(`${indent}  --`)
      body.push(...mermaidState(region, `${indent}  `))
    })
  } else {
    for (const child of inner) body.push(...mermaidState(child, `${indent}  `))
    const initial = node.initial?.target[0]
    if (initial) body.push(`${indent}  [*] --> ${mermaidId(initial)}`)
    for (const child of inner.filter((c) => c.type === 'final')) body.push(`${indent}  ${mermaidId(child)} --> [*]`)
  }
  return [`${indent}state ${id} {`, ...body, `${indent}}`]
}

function mermaidEdges(machine: AnyStateMachine): string[] {
  return allNodes(machine.root)
    .filter((node) => node !== machine.root)
    .flatMap((node) =>
      transitionsOf(node).flatMap((transition) => {
        const guard = guardName(transition)
        const emits = (transition.actions as ActionLike[]).flatMap((action) => emittedType(action, machine) ?? [])
        const label = [
          eventLabel(transition.eventType),
          guard ? `if ${guard}` : '',
          emits.length ? `emits ${emits.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' ')
        return (transition.target ?? []).map((target) => `  ${mermaidId(node)} --> ${mermaidId(target)} : ${label}`)
      }),
    )
}

function mermaid(machine: AnyStateMachine): string[] {
  const root = machine.root
  const initial = root.initial?.target[0]
  return [
    '```mermaid',
    'stateDiagram-v2',
    ...children(root).flatMap((child) => mermaidState(child, '  ')),
    ...(initial ? [`  [*] --> ${mermaidId(initial)}`] : []),
    ...mermaidEdges(machine),
    '```',
  ]
}

function list(items: string[]): string[] {
  return items.length ? items.map((item) => `- ${item}`) : ['- none']
}

function renderMachine({ file, name, machine }: (typeof MACHINES)[number]): string[] {
  const nodes = allNodes(machine.root)
  const events = [
    ...new Set(nodes.flatMap((n) => transitionsOf(n).map((t) => t.eventType)).filter((t) => !t.startsWith('xstate.'))),
  ].sort()
  const emitted = [...new Set(nodes.flatMap(actionsOf).flatMap((a) => emittedType(a, machine) ?? []))].sort()
  const { actors, actions, guards, delays } = machine.implementations
  const invokedBy = (src: string) =>
    nodes
      .filter((n) => n.invoke.some((i) => i.src === src))
      .map((n) => `\`${relativeKey(n)}\``)
      .join(', ')
  const everywhere = transitionsOf(machine.root).map((t) => {
    const guard = guardName(t)
    const targets = (t.target ?? []).map((target) => `\`${relativeKey(target)}\``).join(', ') || 'stays'
    const emits = (t.actions as ActionLike[]).flatMap((action) => emittedType(action, machine) ?? [])
    return `\`${t.eventType}\`${guard ? ` if \`${guard}\`` : ''} → ${targets}${emits.length ? `, emits ${emits.map((e) => `\`${e}\``).join(', ')}` : ''}`
  })
  return [
    `## \`${name}\` (id \`${machine.id}\`)`,
    '',
    `Source: [\`${file}\`](../${file}). ${machine.root.description ?? ''}`.trimEnd(),
    '',
    '### States',
    '',
    ...children(machine.root).flatMap((child) => stateLine(child, 0)),
    '',
    '### Events it accepts',
    '',
    ...list(events.map((event) => `\`${event}\``)),
    ...(everywhere.length ? ['', 'Handled in every state:', '', ...list(everywhere)] : []),
    '',
    '### Events it emits (`actor.on(type, …)`)',
    '',
    ...list(emitted.map((event) => `\`${event}\``)),
    '',
    '### What the composition layer provides',
    '',
    ...list(
      Object.keys(actors)
        .sort()
        .map(
          (src) => `actor \`${src}\`${isNotProvided(actors[src]) ? ' (required)' : ''}, invoked in ${invokedBy(src)}`,
        ),
    ),
    ...list(
      Object.keys(actions)
        .filter((action) => isNotProvided(actions[action]))
        .sort()
        .map((action) => `action \`${action}\` (required)`),
    ).filter((line) => line !== '- none'),
    '',
    '### Internal actions, guards and delays',
    '',
    ...list([
      ...Object.keys(actions)
        .filter((action) => !isNotProvided(actions[action]))
        .sort()
        .map((action) => `action \`${action}\``),
      ...Object.keys(guards)
        .sort()
        .map((guard) => `guard \`${guard}\``),
      ...Object.entries(delays)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([delay, ms]) => `delay \`${delay}\`: ${typeof ms === 'number' ? `${ms} ms` : 'computed'}`),
    ]),
    '',
    '### Diagram',
    '',
    ...mermaid(machine),
    '',
  ]
}

export function renderMachineDocs(): string {
  return [
    '# Machines',
    '',
    '<!-- Generated by tests/tools/machine-docs.ts from the machine definitions: do not edit by hand.',
    '     Regenerate with `npm run docs:machines`; tests/machine-docs.test.ts fails when this file drifts. -->',
    '',
    'Every flow of the console is a statechart in `machines/`. Machines import only `xstate` and `src/domain`;',
    'every side effect is a named actor or action whose default throws "not provided", and `src/app` supplies',
    'the real ones with `.provide(...)`. Machines talk back to the app through emitted events, which the app',
    'turns into navigation and notifications.',
    '',
    '## Watching a machine run',
    '',
    'In development (`npm run dev`), add `?inspect` to the URL (for example `http://127.0.0.1:8080/?inspect`).',
    '`src/app/inspector.ts` then loads `@statelyai/inspect` (never in a production build) and opens the Stately',
    'inspector in a new window; every actor created with its `inspect` callback shows up there by machine id',
    '(`session`, `project`, …) with its live state, context and events. Allow the pop-up if the browser blocks it.',
    '',
    '## Generated paths (for QA)',
    '',
    '`npm run paths -- <machine> [--json] [--simple]` prints the paths `xstate/graph` generates from a machine of',
    '`src/app/machine-registry.ts` (session, project, project-selector, global-search, chunk-reload,',
    'quick-setup, quick-setup-submission, sync-status, …) as numbered steps, each the event sent and the state',
    'reached, for example `1. listDomains done [] → creatingDirector`. The default is the shortest path to every',
    'state; `--simple` gives every simple path (many more); `--json` gives the same as JSON for other tools.',
    'Actor outcomes appear as events (`createWebsite failed`, `createWebsite refused` when the platform said',
    'no), so a path reads as a test script. A machine that invokes another sees only its outcome',
    '(`submission done: not created`): the invoked machine has paths of its own. The model tests in',
    '`tests/model/` assert their invariants on these same paths.',
    '',
    ...MACHINES.flatMap(renderMachine),
  ].join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(DOCS_PATH, renderMachineDocs())
  console.log(`wrote ${DOCS_PATH}`)
}
