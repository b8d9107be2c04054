import type { ReactNode } from 'react'

export type PageHeadingProps = {
  title: string
  description?: ReactNode
  /** Buttons or links at the right of the heading. */
  actions?: ReactNode
}

export function PageHeading({ title, description, actions }: PageHeadingProps) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {actions && <div className="flex gap-2">{actions}</div>}
    </header>
  )
}

export type ComingSoonPageProps = {
  title: string
  /** The resource the URL names (a detail or edit page's parameter), when there is one. */
  subject?: string
}

/** A route whose screen arrives with its resource type's issue. */
export function ComingSoonPage({ title, subject }: ComingSoonPageProps) {
  return (
    <PageHeading
      title={title}
      description={
        <>
          {subject && (
            <span className="mb-1 block font-mono text-sm text-slate-700 dark:text-slate-300">{subject}</span>
          )}
          This screen is built with its resource type; the platform API already serves it.
        </>
      }
    />
  )
}
