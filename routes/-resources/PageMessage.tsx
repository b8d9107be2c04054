import type { ReactNode } from 'react'
import { PageHeading } from '../../src/views/PageHeading.tsx'

/** A resource page that cannot show its resource: why (no project, no permission, not found) and a way on. */
export function PageMessage({ title, text, link }: { title: string; text: ReactNode; link?: ReactNode }) {
  return (
    <>
      <PageHeading title={title} />
      <p className="text-slate-600 dark:text-slate-400">{text}</p>
      {link && <p className="mt-4">{link}</p>}
    </>
  )
}
