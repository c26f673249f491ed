/**
 * A permission card's ACTION (issue 31 item 2): what the tool call will do, from the whole
 * input its host sent. Bash: its description, then the command. Write: the file, then the
 * content it will hold, with line numbers and no soft wrap (issue 39 item 8). Edit (and each
 * edit of a MultiEdit): the file, then the change word by word — removed words struck through,
 * added ones underlined, the rest as it was. Each is code in a monospace block that scrolls
 * inside its own box, so even a long unbroken line never widens the page.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLines } from './code-lines';
import { diffWords } from './word-diff';

/**
 * The telling text (the card's context) and, when the host sent it, the tool's whole input; the
 * rules its host keeps on an "always" approve, where it keeps one (issue 31 item 9); and whether
 * its host runs an edited call (issue 43 item 6).
 */
export type ToolCall = { text: string; input: Record<string, unknown> | null; alwaysAllows: string[]; editable?: boolean };

type Edit = { old: string; new: string };

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function editsOf(input: Record<string, unknown>): Edit[] {
  const one = (value: unknown): Edit | null => {
    if (!value || typeof value !== 'object') return null;
    const { old_string: before, new_string: after } = value as Record<string, unknown>;
    return typeof before === 'string' && typeof after === 'string' ? { old: before, new: after } : null;
  };
  if (Array.isArray(input.edits)) return input.edits.map(one).filter((edit): edit is Edit => edit !== null);
  const edit = one(input);
  return edit ? [edit] : [];
}

export function ToolCallView({ call }: { call: ToolCall }) {
  const { t } = useTranslation();
  const id = useId();
  const input = call.input ?? {};
  const description = text(input.description);
  const content = text(input.content);
  const edits = editsOf(input);
  return (
    <div className="command">
      <span className="label" id={`${id}-action`}>
        {t('ask.action')}
      </span>
      {description && description.trim() !== call.text && (
        <p className="tool-description" data-testid="tool-description">
          {description}
        </p>
      )}
      {/* Tool input, as text: a region a keyboard can scroll when a line is longer than the box. */}
      <pre tabIndex={0} aria-labelledby={`${id}-action`} data-testid="command">
        <code>{call.text}</code>
      </pre>
      {content !== null && (
        <>
          <span className="label" id={`${id}-content`}>
            {t('ask.writes')}
          </span>
          <CodeLines text={content} labelledBy={`${id}-content`} testId="write-content" />
        </>
      )}
      {edits.map((edit, index) => (
        <EditDiff key={index} edit={edit} labelId={`${id}-edit-${index}`} />
      ))}
    </div>
  );
}

function EditDiff({ edit, labelId }: { edit: Edit; labelId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="label" id={labelId}>
        {t('ask.changes')}
      </span>
      <pre tabIndex={0} aria-labelledby={labelId} className="code diff" data-testid="edit-diff">
        <code>
          {diffWords(edit.old, edit.new).map((part, index) => {
            // Removed and added words are <del> and <ins>, so assistive technology says so; strike and underline are for the eye.
            const Part = PART_ELEMENT[part.kind];
            return (
              <Part key={index} className={`diff-part diff-${part.kind}`} data-kind={part.kind}>
                {part.text}
              </Part>
            );
          })}
        </code>
      </pre>
    </>
  );
}

const PART_ELEMENT = { removed: 'del', added: 'ins', kept: 'span' } as const;
