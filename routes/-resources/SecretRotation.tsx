import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import {
  selectIsRotating,
  selectRotatedSecret,
  selectRotationQuestion,
} from '../../machines/secret-rotation.selectors.ts'
import type { StoredRecord } from '../../src/api/resources.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { Button } from '../../src/ui/Button.tsx'
import type { AddonContext, DetailAddons } from './ResourceDetailRoute.tsx'

// The question and the new secret's dialog load when a rotation is first asked for.
const RotateSecretDialog = lazy(() => import('../../src/views/resources/RotateSecretDialog.tsx'))
const SecretDialog = lazy(() => import('../../src/views/resources/SecretDialog.tsx'))

type Props = { ui: ResourceUi; record: StoredRecord; context: AddonContext }

/** "Rotate secret" on a detail page: asked first, then the new secret shown once, as a create shows one. */
export function SecretRotationAction({ ui, record, context }: Props) {
  const [machine] = useState(() => context.page.machines.secretRotation(ui, context.project))
  const actor = useActorRef(machine)
  const question = useSelector(actor, selectRotationQuestion)
  const rotating = useSelector(actor, selectIsRotating)
  const revealed = useSelector(actor, selectRotatedSecret)
  const secret = ui.secretOnCreate
  return (
    <>
      <Button variant="secondary" onClick={() => actor.send({ type: 'secret.rotate', name: record.name })}>
        Rotate secret
      </Button>
      {(question || revealed) && (
        <Suspense fallback={null}>
          {question && (
            <RotateSecretDialog
              one={ui.one}
              name={question.name}
              pending={rotating}
              error={question.error}
              onConfirm={() => actor.send({ type: 'secret.confirm' })}
              onCancel={() => actor.send({ type: 'secret.cancel' })}
            />
          )}
          {revealed && (
            <SecretDialog
              one={ui.one}
              name={revealed.name}
              title={`The ${ui.one} "${revealed.name}" has a new secret`}
              label={secret?.label ?? 'Secret'}
              usage={secret?.usage ?? ''}
              kept={secret?.kept}
              secret={revealed.secret}
              onCopy={(text) => navigator.clipboard.writeText(text)}
              onDone={() => actor.send({ type: 'secret.dismiss' })}
            />
          )}
        </Suspense>
      )}
    </>
  )
}

/** The detail page's addons of a type whose records may hold a secret: Rotate secret, for those who may change it. */
export function secretRotationAddons(ui: ResourceUi, holdsSecret: (record: StoredRecord) => boolean): DetailAddons {
  return {
    actions: (record, context) =>
      context.can.update && holdsSecret(record) ? (
        <SecretRotationAction ui={ui} record={record} context={context} />
      ) : null,
  }
}
