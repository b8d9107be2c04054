import { useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Modal } from '../../ui/Modal.tsx'
import { inputClassName } from '../../ui/TextField.tsx'

type SecretDialogProps = {
  /** What was created, in a sentence: 'token', 'access token'. */
  one: string
  name: string
  /** The secret's label ('Token') and how it is used. */
  label: string
  usage: string
  secret: string
  /** The dialog's title, where the secret does not come with a create ('The node "x" has a new secret'). */
  title?: string
  /** What the server keeps of it, in a sentence (the default: a token's first characters). */
  kept?: string
  /** Writes the secret to the clipboard; rejects when the browser refuses. */
  onCopy: (secret: string) => Promise<void>
  /** The user has it: the form forgets it and goes on. */
  onDone: () => void
}

const PREFIX_KEPT = 'Only its first 6 characters are kept, so nobody can show it to you later.'

/**
 * The secret a create (or a rotation) revealed, shown once: a copy button, and a warning that it will not be
 * shown again. Only its explicit button closes it, so an outside click cannot lose the secret before it was copied.
 */
export default function SecretDialog({
  one,
  name,
  label,
  usage,
  secret,
  title = `The ${one} "${name}" was created`,
  kept = PREFIX_KEPT,
  onCopy,
  onDone,
}: SecretDialogProps) {
  const [copied, setCopied] = useState<'copied' | 'refused' | null>(null)
  const copy = () =>
    onCopy(secret).then(
      () => setCopied('copied'),
      () => setCopied('refused'),
    )
  return (
    <Modal
      open
      title={title}
      onClose={onDone}
      dismissible={false}
      footer={<Button onClick={onDone}>I have copied it</Button>}
    >
      <p
        role="alert"
        className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        {`Copy it now: it will not be shown again. ${kept}`}
      </p>
      <label htmlFor="revealed-secret" className="mt-4 block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="revealed-secret"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby="revealed-secret-usage"
          autoComplete="off"
          spellCheck={false}
          className={`${inputClassName} font-mono text-sm`}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p id="revealed-secret-usage" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {usage}
      </p>
      <p aria-live="polite" className="mt-2 min-h-5 text-sm">
        {copied === 'copied' && 'Copied to the clipboard.'}
        {copied === 'refused' && 'The clipboard refused the copy: select the text and copy it yourself.'}
      </p>
    </Modal>
  )
}
