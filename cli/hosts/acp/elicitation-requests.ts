/**
 * The agent's `elicitation/create` as a question for first-answer.ts (issue 43 item 2): asked in
 * Cast as one decision (elicitation-card.ts) in the agent's ACP session, and in the editor too
 * when the editor advertised that mode itself. The card's answer goes back as ACP's action
 * (elicitation-answer.ts); an answer that does not fit the form is said on stderr and in the
 * session's log, and the agent hears `decline`.
 */
import { randomUUID } from 'node:crypto';
import type { AnyRequest, CreateElicitationRequest } from '@agentclientprotocol/sdk';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { normalizeQuestion } from '../../../domain/question-key';
import { hostSession } from '../../config';
import type { Client } from '../../http';
import { ask, type FileCard } from '../../../client/host-core/ask';
import type { HostPrompt } from '../../../client/host-core/prompt';
import { castApi } from './ask-cast';
import { elicitationAnswer, elicitationResult } from './elicitation-answer';
import { elicitationCard, type CardContent } from './elicitation-card';
import type { ElicitationModes } from './elicitation-capabilities';
import type { Asking, CastVerdict } from './first-answer';
import { unansweredWords } from './permission-outcome';

export type ElicitationContext = {
  /** The modes the editor advertised itself (none without an editor): it is asked those too. */
  editorModes: () => ElicitationModes;
  /** The agent's name from its `initialize` answer, for the card to say who asks. */
  asker: () => string | undefined;
  /** The Cast session for a question asked outside any ACP session (during `authenticate`, say). */
  connectionSession: string;
  scope: string;
  say: (line: string) => void;
};

/** Only the modes Cast turns into cards; any other passes through to the editor untouched. */
export const asksInCast = (request: AnyRequest): boolean => {
  const mode = (request.params as { mode?: unknown } | null | undefined)?.mode;
  return mode === 'form' || mode === 'url';
};

/** Questions open in this `cast acp`, per Cast session: the same words again would rewrite the open card. */
const openQuestions = new Map<string, Set<string>>();

export function elicitationAsking(request: AnyRequest, context: ElicitationContext): Asking {
  const params = request.params as CreateElicitationRequest;
  const sessionId = 'sessionId' in params && typeof params.sessionId === 'string' ? params.sessionId : null;
  return {
    sessionId,
    editorToo: context.editorModes()[params.mode === 'url' ? 'url' : 'form'],
    calledOff: (said) => elicitationResult({ action: 'cancel', said }),
    refused: (said) => elicitationResult({ action: 'decline', said }),
    refusedWords: 'the agent hears decline',
    viaCast: (signal) => askInCast(params, hostSession(sessionId ?? context.connectionSession), context, signal),
  };
}

async function askInCast(
  params: CreateElicitationRequest,
  session: string,
  context: ElicitationContext,
  signal: AbortSignal,
): Promise<CastVerdict> {
  const card = elicitationCard(params, context.asker());
  if (card.mode === 'unaskable') return { failed: `Cast cannot show the agent's question: ${card.why}` };
  const cast = castApi();
  if ('failed' in cast) return { failed: unansweredWords(cast.failed) };
  const { api } = cast;
  const prompt: HostPrompt = {
    session,
    scope: context.scope,
    requestId: randomUUID(),
    tool: 'elicitation',
    toolInput: {},
    deadline: null,
    options: [],
    host: 'the ACP agent',
  };
  const question = distinct(session, card.content.question);
  try {
    const outcome = await ask(prompt, {
      api,
      signal,
      file: fileQuestion({ ...card.content, question: question.text }, context.scope),
      onFiled: (filed) => context.say(`cast: ${filed.id} "${filed.question}" is in the Cast queue.`),
    });
    if (outcome.kind === 'failed' || outcome.kind === 'stopped') return { failed: unansweredWords(outcome) };
    const answer = elicitationAnswer(card, outcome.decision);
    if (answer.misfit) await noteMisfit(api, session, outcome.decision.id, answer.said, context.say);
    return { result: elicitationResult(answer) };
  } finally {
    question.release();
  }
}

/**
 * Files the card in the session (registering it first, as a decision needs). The filing is not
 * cut off by the ask's signal: a decision carries no request id to be found by afterwards, so it
 * is let land, and the core withdraws it at once when the signal has fired meanwhile.
 */
function fileQuestion(content: CardContent, scope: string): FileCard {
  return async (filing) => {
    const { api, prompt } = filing;
    await api.request(sessionRoutes.putSession, { params: { id: prompt.session }, body: { scope } });
    const { decision } = await api.request(decisionRoutes.fileDecision, {
      body: { ...content, mode: 'blocking', session: prompt.session },
    });
    return { wait: (filing.card = decision) };
  };
}

/**
 * Cast rewrites a session's open decision filed with the same question: two questions in flight
 * with the same words would share one card. The second is numbered instead.
 */
function distinct(session: string, question: string): { text: string; release: () => void } {
  const open = openQuestions.get(session) ?? new Set<string>();
  openQuestions.set(session, open);
  let text = question;
  for (let n = 2; open.has(normalizeQuestion(text)); n += 1) text = `${question.slice(0, 990)} (${n})`;
  const key = normalizeQuestion(text);
  open.add(key);
  return {
    text,
    release: () => {
      open.delete(key);
      if (open.size === 0) openQuestions.delete(session);
    },
  };
}

/** The answer that did not fit, kept in the session's log beside the card (and said on stderr). */
async function noteMisfit(api: Client, session: string, card: string, said: string, say: (line: string) => void): Promise<void> {
  say(`cast: ${said} The agent hears decline.`);
  await api
    .request(sessionRoutes.appendMessage, {
      params: { id: session },
      body: { role: 'system', kind: 'notice', body: `${said} The agent was told decline.`, dedupeKey: `acp-elicitation-misfit-${card}` },
    })
    .catch((error: unknown) => say(`cast: the note on ${card} was not kept: ${error instanceof Error ? error.message : String(error)}`));
}
