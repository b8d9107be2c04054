import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type LinkProps } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use } from 'react'
import { selectProjectName } from '../../machines/project.selectors.ts'
import {
  selectCanAnswer,
  selectCanClose,
  selectCanFinish,
  selectCanGoNext,
  selectCanGoPrevious,
  selectCanRestart,
  selectCreatedDomain,
  selectCreatedWebsite,
  selectDraft,
  selectErrors,
  selectIsBusy,
  selectIsOpen,
  selectIsRollingBack,
  selectPage,
  selectRemovedDirector,
} from '../../machines/quick-setup.selectors.ts'
import { QuickSetupWizard } from '../../src/views/QuickSetupWizard.tsx'

const root = getRouteApi('__root__')

/** The quick-setup wizard (loaded on first use), driven by its machine. */
export default function QuickSetup() {
  const { actors, queries, quickSetup } = root.useRouteContext()
  const wizard = use(quickSetup())
  const send = wizard.send
  const open = useSelector(wizard, selectIsOpen)
  const page = useSelector(wizard, selectPage)
  const draft = useSelector(wizard, selectDraft)
  const project = useSelector(actors.project, selectProjectName) ?? ''
  const domain = useSelector(wizard, selectCreatedDomain)
  const directors = useQuery({
    ...queries.configuration.directorNames(project),
    enabled: open && project !== '' && draft.backend.directorOption === 'existing',
  })
  const config = useQuery({ ...queries.platform.config(), enabled: open })
  const errors = useSelector(wizard, selectErrors)
  const busy = useSelector(wizard, selectIsBusy)
  const rollingBack = useSelector(wizard, selectIsRollingBack)
  const removedDirector = useSelector(wizard, selectRemovedDirector)
  const created = useSelector(wizard, selectCreatedWebsite)
  const canPrevious = useSelector(wizard, selectCanGoPrevious)
  const canNext = useSelector(wizard, selectCanGoNext)
  const canAnswer = useSelector(wizard, selectCanAnswer)
  const canFinish = useSelector(wizard, selectCanFinish)
  const canRestart = useSelector(wizard, selectCanRestart)
  const canClose = useSelector(wizard, selectCanClose)
  const cnameSuffix = config.data?.cname_suffix
  return (
    <QuickSetupWizard
      open={open}
      page={page ?? 'welcome'}
      draft={draft}
      directors={directors.data}
      errors={errors}
      busy={busy}
      rollingBack={rollingBack}
      removedDirector={removedDirector}
      created={created}
      cnameTarget={domain && cnameSuffix ? `${domain}.${cnameSuffix}` : null}
      canPrevious={canPrevious}
      canNext={canNext}
      canAnswer={canAnswer}
      canFinish={canFinish}
      canRestart={canRestart}
      canClose={canClose}
      onEdit={(patch) => send({ type: 'wizard.edit', draft: patch })}
      onNext={() => send({ type: 'wizard.next' })}
      onPrevious={() => send({ type: 'wizard.previous' })}
      onYes={() => send({ type: 'wizard.yes' })}
      onNo={() => send({ type: 'wizard.no' })}
      onFinish={() => send({ type: 'wizard.finish' })}
      onCancel={() => send({ type: 'wizard.cancel' })}
      onRestart={() => send({ type: 'wizard.restart' })}
      onClose={() => send({ type: 'wizard.close' })}
      renderFollowUpLink={(target, content, className) => (
        <Link to={target.to as LinkProps['to']} className={className} onClick={() => send({ type: 'wizard.close' })}>
          {content}
        </Link>
      )}
    />
  )
}
