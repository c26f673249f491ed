/**
 * "Group into a stack" (cast-decide "Decision stacks"): asks the new stack's title; the
 * selected cards join it in the order the list shows them. A refusal (a card joined another
 * stack meanwhile) is shown here, in the server's words, and the dialog stays open.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../shared/dialog-footer';
import { ModalDialog } from '../../shared/modal-dialog';

export function GroupStackDialog({
  count,
  onCreate,
  onClose,
}: {
  count: number;
  /** Creates the stack; resolves to the refusal's words, or null once it is made. */
  onCreate: (title: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    setProblem(null);
    const refusal = await onCreate(trimmed);
    setBusy(false);
    setProblem(refusal);
  }

  return (
    // Esc closes it, and focus goes back to "Group into a stack".
    <ModalDialog onClose={onClose} labelledBy="group-stack-title" className="group-stack" testId="group-stack-dialog">
      <form onSubmit={(event) => void submit(event)}>
        <h2 id="group-stack-title">{t('stack.group')}</h2>
        <p>{t('stack.groupBody', { count })}</p>
        <label htmlFor="group-stack-name">{t('stack.titleLabel')}</label>
        <input
          id="group-stack-name"
          type="text"
          required
          maxLength={200}
          autoComplete="off"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={problem ? 'group-stack-problem' : undefined}
        />
        {problem && (
          <p role="alert" id="group-stack-problem">
            {problem}
          </p>
        )}
        <DialogFooter label={t('stack.create')} onCancel={onClose} disabled={busy || count === 0} />
      </form>
    </ModalDialog>
  );
}
