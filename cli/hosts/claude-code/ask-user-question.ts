/**
 * Claude Code's own question tool, AskUserQuestion, answered from the queue (issue 31 item 11).
 * Interactively (the tool is disabled in `claude -p`) a PreToolUse hook matching it gets the
 * questions before the terminal shows its dialog. They are filed as one blocking decision in the
 * session — each question a choice ask, its options' labels and descriptions as the options and
 * their consequences — and the person's answer goes back as the tool's own input,
 * `updatedInput: {questions, answers: {"<question>": "<label>"}}` (a multi-select's labels joined
 * with ", "), which Claude Code takes as the user's answers: no dialog, and the model reads
 * `Your questions have been answered: "<question>"="<label>". …`.
 * Shapes: `AskUserQuestionInput` / `AskUserQuestionOutput` in @anthropic-ai/claude-code's sdk-tools.d.ts.
 */
import type { DecisionView } from '../../../domain/decision';
import { decisionRoutes } from '../../../domain/routes/decisions';
import type { Client } from '../../http';
import { CliError, Exit } from '../../output';
import { ask, type Verdict } from './verdict';

export const ASK_USER_QUESTION = 'AskUserQuestion';

type Question = { question: string; header?: string; multiSelect?: boolean; options: { label: string; description?: string }[] };

function questionsOf(input: Record<string, unknown>): Question[] {
  const questions = Array.isArray(input.questions) ? (input.questions as Question[]) : [];
  const usable = questions.filter(
    (question) =>
      typeof question?.question === 'string' &&
      Array.isArray(question.options) &&
      question.options.length >= 2 &&
      question.options.every((option) => typeof option?.label === 'string'),
  );
  if (usable.length === 0 || usable.length !== questions.length)
    throw new CliError('AskUserQuestion came without questions Cast can show (each needs a question and 2+ labelled options).', Exit.error);
  return usable;
}

/** Files the questions as one blocking decision of the session (the same questions again rewrite the open one). */
export async function fileQuestions(
  api: Client,
  session: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
): Promise<DecisionView> {
  const questions = questionsOf(input);
  const title =
    questions.length === 1 ? questions[0]!.question : `Claude asks: ${questions.map((q) => q.header ?? q.question).join(' · ')}`;
  const { decision } = await api.request(
    decisionRoutes.fileDecision,
    {
      body: {
        question: title.slice(0, 1000),
        mode: 'blocking',
        session,
        asks: questions.map((question) => ({
          kind: 'decision' as const,
          prompt: question.question,
          options: question.options.map((option) => ({
            label: option.label,
            ...(option.description?.trim() ? { consequence: option.description } : {}),
          })),
          multiple: Boolean(question.multiSelect),
        })),
      },
    },
    signal,
  );
  return decision;
}

/** The answers as Claude Code's dialog would have given them; no answer (withdrawn, archived) lets the terminal ask. */
export function questionVerdict(decision: DecisionView, input: Record<string, unknown>): Verdict {
  const questions = questionsOf(input);
  if (decision.status !== 'resolved') return ask(`${decision.id} was ${decision.status} in Cast without an answer; asking here.`);
  const answers: Record<string, string> = {};
  questions.forEach((question, index) => {
    const value = decision.asks[index]?.answer?.value;
    if (value?.kind !== 'decision') return;
    answers[question.question] = value.selected.map((number) => question.options[number - 1]?.label ?? '').join(', ');
  });
  return {
    decision: 'allow',
    reason: `Answered in Cast (${decision.id}).`,
    updatedInput: { ...input, questions: input.questions, answers },
  };
}
