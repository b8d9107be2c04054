import type { ReactNode } from 'react'
import { usePageTitle } from '../ui/usePageTitle.ts'

export type PageHeadingProps = {
  title: string
  description?: ReactNode
  /** Buttons or links at the right of the heading. */
  actions?: ReactNode
}

export function PageHeading({ title, description, actions }: PageHeadingProps) {
  usePageTitle(title)
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
