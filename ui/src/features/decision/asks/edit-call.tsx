/**
 * "Edit, then approve" (issue 43 item 6): on a permission card whose host runs an edited call
 * (Claude Code's PermissionRequest), the person changes what is proposed and approves that
 * instead. The field a person would change is offered as text — a Bash command, a Write's
 * content, an Edit's replacement — and any other tool's input as its JSON. Nothing is sent until
 * "Approve edited"; an edit that is not a JSON object says so where it is typed.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusSoon } from './ask-commands';

/** The one field of a tool input a person edits as text, most telling first; null: the whole input as JSON. */
export function editedField(input: Record<string, unknown>): 'command' | 'content' | 'new_string' | null {
  for (const field of ['command', 'content', 'new_string'] as const) if (typeof input[field] === 'string') return field;
  return null;
}

/** The input the edit makes, or null when the JSON typed is not an object. */
function editedInput(input: Record<string, unknown>, field: ReturnType<typeof editedField>, text: string): Record<string, unknown> | null {
  if (field) return { ...input, [field]: text };
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function EditCall({ input, onApprove }: { input: Record<string, unknown>; onApprove: (edited: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const field = editedField(input);
  const original = field ? (input[field] as string) : JSON.stringify(input, null, 2);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(original);
  const [invalid, setInvalid] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  if (!editing)
    return (
      <button
        type="button"
        data-answer="edit"
        onClick={() => {
          setEditing(true);
          focusSoon(() => box.current);
        }}
      >
        {t('ask.edit')}
      </button>
    );
  const approve = () => {
    const edited = editedInput(input, field, text);
    if (!edited) return setInvalid(true);
    onApprove(edited);
  };
  return (
    <div className="edit-call" data-testid="edit-call">
      <label htmlFor={`${id}-text`}>{field ? t(`ask.editField.${field}`) : t('ask.editField.json')}</label>
      <textarea
        id={`${id}-text`}
        ref={box}
        className="code"
        spellCheck={false}
        rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-invalid` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          // Ctrl/⌘+Enter approves the edit, as it confirms a reason elsewhere; a plain Enter is a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            approve();
          }
          if (event.key === 'Escape') setEditing(false);
        }}
      />
      {invalid && (
        <p className="error" id={`${id}-invalid`} role="alert">
          {t('ask.editInvalid')}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="primary" data-answer="approve-edited" disabled={text === original} onClick={approve}>
          {t('ask.approveEdited')}
        </button>
        <button type="button" className="quiet" onClick={() => setEditing(false)}>
          {t('ask.cancel')}
        </button>
      </div>
    </div>
  );
}
