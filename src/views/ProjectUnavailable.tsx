import { PROJECT_MESSAGES } from '../domain/project.ts'
import { SESSION_MESSAGES } from '../domain/session.ts'
import { Button } from '../ui/Button.tsx'
import { usePageTitle } from '../ui/usePageTitle.ts'

export type ProjectUnavailableProps = {
  /** The name from the URL, shown as text (it is whatever was typed there). */
  project: string
  /** Given when loading the project failed (rather than the platform saying it is not there): Try again. */
  onRetry?: (() => void) | undefined
  onChooseProject: () => void
}

/**
 * In place of any page while the project in the URL does not exist or is not the user's, or could not be
 * loaded: a page would otherwise judge on no permissions and say the user may not see it.
 */
export function ProjectUnavailable({ project, onRetry, onChooseProject }: ProjectUnavailableProps) {
  const title = onRetry ? SESSION_MESSAGES.projectInfoFailed : PROJECT_MESSAGES.unavailableTitle
  usePageTitle(title)
  return (
    <section aria-labelledby="project-unavailable-title" className="max-w-xl space-y-4">
      <h1 id="project-unavailable-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p role="alert" className="break-words text-slate-700 dark:text-slate-300">
        {onRetry
          ? `The project "${project}" could not be opened: the platform did not answer, or failed, while its details and your permissions in it were read.`
          : PROJECT_MESSAGES.unavailable(project)}
      </p>
      <div className="flex flex-wrap gap-2">
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        <Button onClick={onChooseProject} aria-haspopup="dialog" variant={onRetry ? 'secondary' : 'primary'}>
          {PROJECT_MESSAGES.chooseProject}
        </Button>
      </div>
    </section>
  )
}
