import { PROJECT_MESSAGES } from '../domain/project.ts'
import { Button } from '../ui/Button.tsx'
import { usePageTitle } from '../ui/usePageTitle.ts'

export type ProjectUnavailableProps = {
  /** The name from the URL, shown as text (it is whatever was typed there). */
  project: string
  onChooseProject: () => void
}

/** In place of any page while the project in the URL does not exist or is not the user's. */
export function ProjectUnavailable({ project, onChooseProject }: ProjectUnavailableProps) {
  usePageTitle(PROJECT_MESSAGES.unavailableTitle)
  return (
    <section aria-labelledby="project-unavailable-title" className="max-w-xl space-y-4">
      <h1 id="project-unavailable-title" className="text-2xl font-semibold">
        {PROJECT_MESSAGES.unavailableTitle}
      </h1>
      <p role="alert" className="break-words text-slate-700 dark:text-slate-300">
        {PROJECT_MESSAGES.unavailable(project)}
      </p>
      <Button onClick={onChooseProject} aria-haspopup="dialog">
        {PROJECT_MESSAGES.chooseProject}
      </Button>
    </section>
  )
}
