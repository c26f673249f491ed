/** What `cast decide ls` does: lists the session's decisions, and says which open ones went stale. */
import { STALE_HINT } from '../../../domain/staleness';
import { bold, emit } from '../../output';
import { answerLine, answerOf, answersJson } from './present';
import { connect, sessionDecisions, sessionOf } from './target';

export async function run(opts: { json?: boolean }): Promise<void> {
  const session = sessionOf();
  const entries = await sessionDecisions(connect(), session);
  const lines = entries.length === 0 ? [`No decisions in session ${session}.`] : [];
  for (const { decision, askedAgo, messagesSince, stale } of entries) {
    const state =
      decision.status === 'open'
        ? `open, asked ${askedAgo}, ${messagesSince} messages since${stale ? ' — stale' : ''}`
        : decision.status === 'resolved'
          ? `answered: ${answerLine(decision)}`
          : decision.status;
    lines.push(`${bold(decision.id)}: ${decision.question} — ${state}`);
  }
  const staleOnes = entries.filter((entry) => entry.stale).map((entry) => entry.decision.id);
  if (staleOnes.length > 0) {
    lines.push(`${STALE_HINT} (${staleOnes.map((id) => `cast decide cancel ${id} or cast decide edit ${id}`).join('; ')})`);
  }
  emit(Boolean(opts.json), lines, {
    decisions: entries.map(({ decision, messagesSince, stale }) => ({
      id: decision.id,
      state: decision.status,
      question: decision.question,
      answer: answerOf(decision),
      answers: answersJson(decision),
      askedAt: decision.createdAt,
      messagesSince,
      stale,
    })),
  });
}
