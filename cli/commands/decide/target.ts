/**
 * Which decision `edit`, `cancel`, `answer` and `wait` act on: the id given, or the session's
 * single open decision; and the refusal when it is no longer open.
 */
import type { DecisionView } from '../../../domain/decision';
import { DecisionId } from '../../../domain/decision-schema';
import type { SessionDecision } from '../../../domain/decision-view-schema';
import { decisionRoutes } from '../../../domain/routes/decisions';
import { endSentence } from '../../../domain/sentence';
import { sessionDecisionRoutes } from '../../../domain/routes/session-decisions';
import { sessionRoutes } from '../../../domain/routes/sessions';
import { connection, sessionId } from '../../config';
import { ApiError } from '../../api-error';
import { client, type Client } from '../../http';
import { CliError, Exit, usageError } from '../../output';
import { answerLine, outcomeJson } from './present';

/** `channel`: which `cast` client this is — the CLI itself, `cast mcp`, or a host's hook. */
export function connect(channel: 'cli' | 'mcp' | 'host-terminal' = 'cli'): Client {
  return client(connection(), { channel });
}

export function sessionOf(): string {
  return sessionId(connection().token);
}

export async function sessionDecisions(api: Client, session: string): Promise<SessionDecision[]> {
  // Registering is idempotent and makes a fresh session an empty list, while another
  // member's session is still refused (404 → exit 4).
  await api.request(sessionRoutes.putSession, { params: { id: session }, body: {} });
  return (await api.request(sessionDecisionRoutes.listSessionDecisions, { params: { id: session } })).decisions;
}

export function checkId(id: string): string {
  const parsed = DecisionId.safeParse(id);
  if (!parsed.success) throw usageError(`${id} is not a decision id; they look like sd-41 (cast decide ls lists them).`);
  return parsed.data;
}

export async function targetId(api: Client, id: string | undefined, verb: string): Promise<string> {
  if (id) return checkId(id);
  const session = sessionOf();
  const open = (await sessionDecisions(api, session)).filter((entry) => entry.decision.status === 'open');
  if (open.length === 1) return open[0]!.decision.id;
  if (open.length === 0)
    throw new CliError(`No decision is open in session ${session}; nothing to ${verb}.`, Exit.error, {}, 'nothing_open');
  const list = open.map((entry) => `  ${entry.decision.id}: ${entry.decision.question} — asked ${entry.askedAgo}`).join('\n');
  throw new CliError(
    `${open.length} decisions are open in this session; name one: cast decide ${verb} sd-N\n${list}`,
    Exit.usage,
    { open: open.map((entry) => ({ id: entry.decision.id, question: entry.decision.question })) },
    'several_open',
  );
}

export async function getDecision(api: Client, id: string): Promise<DecisionView> {
  return (await api.request(decisionRoutes.getDecision, { params: { id } })).decision;
}

/** What cannot happen to a closed decision, as the end of a sentence: "it can no longer be edited". */
const NO_LONGER: Record<string, string> = { answer: 'answered again', edit: 'edited', cancel: 'withdrawn', 'wait for': 'waited for' };
const noLonger = (verb: string) => `it can no longer be ${NO_LONGER[verb] ?? 'changed'}`;

/** The refusal for a decision that left open: answered (exit 3, with the answer) or withdrawn/archived (exit 5). */
export function closedError(decision: DecisionView, verb: string): CliError {
  if (decision.status === 'resolved') {
    return new CliError(
      `${decision.id} was already answered: ${endSentence(answerLine(decision))} The first answer stands and ${noLonger(verb)}; nothing changed.`,
      Exit.conflict,
      outcomeJson(decision),
      'already_answered',
    );
  }
  return new CliError(
    `${decision.id} was ${decision.status}; ${noLonger(verb)}.`,
    Exit.closed,
    outcomeJson(decision),
    `decision_${decision.status}`,
  );
}

/** Runs a change; when the server says the decision is no longer open, explains why from its current state. */
export async function whileOpen<T>(api: Client, id: string, verb: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof ApiError && (error.problem.code === 'decision_not_open' || error.problem.code === 'decision_archived')) {
      throw closedError(await getDecision(api, id), verb);
    }
    throw error;
  }
}
