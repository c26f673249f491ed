/**
 * `/agents/:id/instructions`: an agent's instructions, edited in place. Opened from a
 * recurring decision (`?draft=sd-N`, FR-57), the decision's draft rule is appended as a new
 * paragraph and marked as a draft; nothing is written until the person presses Save.
 */
import { useState, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../shared/use-action';
import { AppLink } from '../../shared/app-link';
import { LiveRegion } from '../../shared/live-region';
import { useInstructionsEditor, useSaveInstructions, type OpenedEditor } from './agent-instructions-queries';
import { pageStateOf } from '../../shared/page-state';
import { useMay } from '../../shared/session';
import { PageFrame } from '../../shared/page-frame';
import { SendHint, sendOnCtrlEnter } from '../../shared/send-hint';

/** The API's limit on an agent's instructions (domain/agent.ts). */
export const INSTRUCTIONS_MAX = 20_000;

/** The rule as a new last paragraph, keeping what is there exactly as it was. */
export function appendParagraph(text: string, paragraph: string): string {
  if (!text) return paragraph;
  const gap = text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return `${text}${gap}${paragraph}`;
}

export function AgentInstructionsPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [draftFrom] = useState(() => new URLSearchParams(location.search).get('draft'));
  const read = useInstructionsEditor(id, draftFrom);
  const title = read.data ? t('instructions.title', { agent: read.data.agent.name }) : t('instructions.label');
  return (
    <PageFrame title={title} loaded={pageStateOf(read)}>
      {read.data && <InstructionsForm opened={read.data} />}
    </PageFrame>
  );
}

function InstructionsForm({ opened }: { opened: OpenedEditor }) {
  const { t, i18n } = useTranslation();
  const { draftFrom } = opened;
  const [agent, setAgent] = useState(opened.agent);
  const [draft, setDraft] = useState(opened.draft);
  const [text, setText] = useState(() => (draft?.kind === 'added' ? appendParagraph(agent.instructions, draft.rule) : agent.instructions));
  const saving = useSaveInstructions(opened.agent.id);
  // Rewriting instructions needs agent.manage: anyone else reads them, and is told why they cannot save.
  const mayEdit = useMay('agent.manage');
  const busy = saving.isPending;
  const [problem, setProblem] = useState<string | null>(null);
  const act = useAction(setProblem);
  const [message, setMessage] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const over = text.length - INSTRUCTIONS_MAX;
  const changed = text !== agent.instructions;
  const drafting = draft?.kind === 'added';

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || over > 0) return;
    setProblem(null);
    setMessage(null);
    await act(async () => {
      const saved = await saving.mutateAsync(text);
      setAgent(saved);
      setText(saved.instructions);
      setDraft(null);
      // Saved: the link's draft is spent, so a reload shows the instructions as they now are.
      if (draftFrom) history.replaceState(null, '', location.pathname);
      setMessage(t('instructions.saved', { agent: saved.name }));
    });
  }

  function discard() {
    setText(agent.instructions);
    setDraft(null);
    setProblem(null);
    field.current?.focus();
  }

  const describedBy = [
    'instructions-help',
    'instructions-count',
    mayEdit ? 'instructions-send' : '',
    over > 0 ? 'instructions-too-long' : '',
    drafting ? 'instructions-draft' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <form className="instructions" onSubmit={(event) => void save(event)} noValidate>
      {draftFrom && (
        <p>
          <AppLink href={`/decisions?id=${encodeURIComponent(draftFrom)}`}>{t('instructions.backToDecision')}</AppLink>
        </p>
      )}
      {draft?.kind === 'added' && (
        <section className="draft-note" id="instructions-draft" data-testid="draft-note" aria-labelledby="draft-title">
          <h2 id="draft-title">{t('instructions.draftTitle')}</h2>
          <p>{t('instructions.draftBody', { question: draft.question, agent: agent.name })}</p>
          <p className="label">{t('instructions.draftRule')}</p>
          {/* The rule quotes agent-written prompts and people's answers: text, never markup. */}
          <blockquote data-testid="draft-rule">{draft.rule}</blockquote>
        </section>
      )}
      {draft?.kind === 'none' && (
        <p className="help" data-testid="no-draft">
          {t('instructions.noDraft')}
        </p>
      )}
      <label htmlFor="instructions-text">{t('instructions.label')}</label>
      <p id="instructions-help" className="help">
        {t('instructions.help', { agent: agent.name })}
      </p>
      <textarea
        id="instructions-text"
        ref={field}
        className={drafting ? 'has-draft' : undefined}
        rows={16}
        spellCheck
        value={text}
        readOnly={!mayEdit}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={mayEdit ? sendOnCtrlEnter : undefined}
        aria-invalid={over > 0 ? 'true' : undefined}
        aria-describedby={describedBy}
      />
      <p id="instructions-count" className="help" data-testid="instructions-count">
        {t('instructions.characters', { count: number(text.length), max: number(INSTRUCTIONS_MAX) })}
      </p>
      {mayEdit && <SendHint id="instructions-send" saves />}
      {over > 0 && (
        <p id="instructions-too-long" className="field-error">
          {t('instructions.tooLong', { count: over, over: number(over), max: number(INSTRUCTIONS_MAX) })}
        </p>
      )}
      {problem && <p role="alert">{problem}</p>}
      {!mayEdit && (
        <p className="help" data-testid="read-only">
          {t('instructions.readOnly')}
        </p>
      )}
      {mayEdit && (
        <div className="field-row">
          <button type="submit" disabled={busy || over > 0 || !changed}>
            {busy ? t('instructions.saving') : t('instructions.save')}
          </button>
          {changed && (
            <button type="button" onClick={discard}>
              {t('instructions.discard')}
            </button>
          )}
          {changed && (
            <span className="help" data-testid="unsaved">
              {t('instructions.unsaved')}
            </span>
          )}
        </div>
      )}
      <LiveRegion message={message} />
    </form>
  );
}
