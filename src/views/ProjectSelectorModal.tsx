import { type KeyboardEvent, type ReactNode, useMemo, useRef } from 'react'
import { PROJECT_SELECTOR_MESSAGES, type ProjectSummary, projectMatches } from '../domain/project.ts'
import { Button } from '../ui/Button.tsx'
import { Modal } from '../ui/Modal.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import type { Column } from '../ui/Table.tsx'
import { inputClassName } from '../ui/TextField.tsx'
import { VirtualTable } from '../ui/VirtualTable.tsx'

export type ProjectSelectorModalProps = {
  open: boolean
  /** Cancel, Close, Escape and a click outside. */
  onCancel: () => void
  /** undefined until the list has loaded (or when it failed). */
  projects: ProjectSummary[] | undefined
  status: 'loading' | 'loaded' | 'failed'
  /** The filter text; the machine holds it, this view filters with `projectMatches`. */
  filter: string
  onFilter: (text: string) => void
  /** Called with the project's name (its ID). */
  onSelect: (name: string) => void
  /** Name of the selected project, marked in the table. */
  currentProject?: string | null
  showCreateCustomer?: boolean
  onCreateCustomer?: () => void
  showCreateProject?: boolean
  onCreateProject?: () => void
}

/** Spec section 9: the project table area is 350 px high. */
export const PROJECT_TABLE_HEIGHT = 350

const parentLabel = (parent: ProjectSummary['customer']) => parent.display_name ?? parent.name

const COLUMNS: readonly Column<ProjectSummary>[] = [
  { id: 'name', header: 'Name', rowHeader: true, width: '30%', cell: (p) => p.display_name ?? p.name },
  { id: 'id', header: 'ID', width: '22%', cell: (p) => <span className="font-mono text-xs">{p.name}</span> },
  { id: 'organisation', header: 'Organisation', width: '24%', cell: (p) => parentLabel(p.organization) },
  { id: 'customer', header: 'Customer', width: '24%', cell: (p) => parentLabel(p.customer) },
]

const projectKey = (project: ProjectSummary) => project.name

export function ProjectSelectorModal({
  open,
  onCancel,
  projects,
  status,
  filter,
  onFilter,
  onSelect,
  currentProject,
  showCreateCustomer = false,
  onCreateCustomer,
  showCreateProject = false,
  onCreateProject,
}: ProjectSelectorModalProps) {
  const tableArea = useRef<HTMLDivElement>(null)
  const matching = useMemo(
    () => (projects ?? []).filter((project) => projectMatches(project, filter)),
    [projects, filter],
  )
  const available = status !== 'failed' && (projects?.length ?? 0) > 0

  // From the search box, the down arrow enters the table (on the row that last had focus).
  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowDown') return
    const row =
      tableArea.current?.querySelector<HTMLElement>('tr[data-index][tabindex="0"]') ??
      tableArea.current?.querySelector<HTMLElement>('tr[data-index]')
    if (row) {
      event.preventDefault()
      row.focus()
    }
  }

  let body: ReactNode
  if (status === 'loading') {
    body = (
      <div style={{ height: PROJECT_TABLE_HEIGHT }} className="flex items-center justify-center">
        <Spinner size="lg" label="Loading projects" />
      </div>
    )
  } else if (!available) {
    body = (
      <p
        style={{ height: PROJECT_TABLE_HEIGHT }}
        className="flex items-center justify-center text-slate-500 dark:text-slate-400"
      >
        {PROJECT_SELECTOR_MESSAGES.noProject}
      </p>
    )
  } else {
    body = (
      <VirtualTable
        label="Projects"
        columns={COLUMNS}
        rows={matching}
        rowKey={projectKey}
        height={PROJECT_TABLE_HEIGHT}
        onSelect={(project) => onSelect(project.name)}
        isCurrent={(project) => project.name === currentProject}
        empty={PROJECT_SELECTOR_MESSAGES.noMatch}
      />
    )
  }

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={PROJECT_SELECTOR_MESSAGES.title}
      size="xl"
      footer={
        <>
          {showCreateCustomer && onCreateCustomer && (
            <Button variant="secondary" onClick={onCreateCustomer} className="mr-auto">
              Create customer
            </Button>
          )}
          {showCreateProject && onCreateProject && (
            <Button variant="secondary" onClick={onCreateProject}>
              Create project
            </Button>
          )}
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Search projects</span>
          <input
            type="search"
            value={filter}
            onChange={(event) => onFilter(event.target.value)}
            onKeyDown={onSearchKeyDown}
            data-autofocus
            autoComplete="off"
            className={inputClassName}
          />
        </label>
        <div ref={tableArea} aria-busy={status === 'loading'}>
          {body}
        </div>
        {available && (
          <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
            {matching.length === projects?.length
              ? `${matching.length} projects`
              : `${matching.length} of ${projects?.length ?? 0} projects`}
          </p>
        )}
      </div>
    </Modal>
  )
}
