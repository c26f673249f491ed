/**
 * Archive all (FR-44, FR-45, FR-47, E14): the oldest open decisions matching the queue's
 * filter, at most 200, each archived through its own workflow. A decision answered between
 * the dialog and the confirmation is skipped and counted — never reopened as archived: one
 * answered while the archive runs is refused by its workflow; one answered before it began
 * is found by its answer's time, after `since` (when the dialog showed the count).
 */
import { readerOf } from '../../db/assignments';
import { ARCHIVE_ALL_MAX, type ArchiveAllBody, type ArchiveAllResult } from '../../domain/queue';
import { DomainError } from '../../domain/errors';
import { countResolvedSince, decisionStatuses, openDecisionIds } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import type { Principal } from '../../domain/principal';
import type { TemporalGateway } from '../temporal-gateway';

/** Enough parallel updates to finish 200 in about a second, few enough not to crowd the worker. */
const PARALLEL = 8;

export async function archiveAll(
  deps: { pool: Pool; temporal: TemporalGateway },
  principal: Principal,
  filter: ArchiveAllBody,
): Promise<ArchiveAllResult> {
  const { q, since, for: audience, ...rest } = filter;
  const query = { ...rest, forMe: audience === 'me', ...(q ? { search: q } : {}) };
  // "For me" archives what the person sees there (issue 41 item 1).
  const reader = audience === 'me' ? await readerOf(deps.pool, principal) : undefined;
  const { ids, matched } = await openDecisionIds(deps.pool, principal.workspaceId, query, ARCHIVE_ALL_MAX, reader);
  const refused: string[] = [];
  let archived = 0;
  let failed = 0;
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        try {
          // `null`: the workflow has completed, so the decision is closed already.
          if (await deps.temporal.archiveDecision(id, principal.memberId)) archived += 1;
          else refused.push(id);
        } catch (error) {
          if (error instanceof DomainError && (error.code === 'decision_not_open' || error.code === 'decision_archived')) refused.push(id);
          else failed += 1;
        }
      }
    }),
  );
  const statuses = await decisionStatuses(deps.pool, principal.workspaceId, refused);
  const refusedAnswered = refused.filter((id) => statuses.get(id) === 'resolved').length;
  // Answered after the person saw the count and before the confirmation read the open ones.
  const answeredMeanwhile = since ? await countResolvedSince(deps.pool, principal.workspaceId, query, since, ids, reader) : 0;
  return {
    archived,
    alreadyAnswered: refusedAnswered + answeredMeanwhile,
    alreadyClosed: refused.length - refusedAnswered,
    failed,
    remaining: matched - archived - refused.length,
  };
}
