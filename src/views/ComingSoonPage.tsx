import { PageHeading } from './PageHeading.tsx'

export { PageHeading }

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
