/**
 * Changing a decision other than by answering it: an agent edits or withdraws its own open
 * decision (cast-decide "Keeping an ask correct"); a person archives, restores or re-runs a
 * failed restart of one. The workflow's validators decide; once the workflow has completed,
 * the same rules, applied to the final row, say why nothing can change.
 */
import { decisionNumberOf, type DecisionSnapshot, type DecisionView } from '../../domain/decision';
import type { EditDecisionBody } from '../../domain/decision-schema';
import { resolveAskTargets } from '../../db/assignments';
import { checkArchive, checkRestore, checkRewrite, checkRunNow, mergeEdit, toDecisionView } from '../../domain/decision-state';
import { optionKey, type DocumentPatch } from '../../domain/documents';
import { DomainError, type Rejection, notFound } from '../../domain/errors';
import { checkUndo } from '../../domain/undo';
import { getDecision } from '../../db/decision-queries';
import type { Pool } from '../../db/pool';
import { viaOf, type Principal } from '../../domain/principal';
import type { Channel } from '../../domain/provenance';
import type { TemporalGateway } from '../temporal-gateway';
import { storeDocuments } from './store-documents';

type Deps = { pool: Pool; temporal: TemporalGateway };

async function change(
  deps: Deps,
  principal: Principal,
  id: string,
  send: (id: string) => Promise<DecisionSnapshot | null>,
  rule: (current: DecisionView) => Rejection | null,
): Promise<DecisionView> {
  const current = await getDecision(deps.pool, principal, id);
  if (!current) throw notFound('decision');
  const snapshot = await send(id);
  if (snapshot) return toDecisionView(snapshot, current.firstViewedAt);
  throw DomainError.from(
    rule(current) ?? { code: 'decision_not_open', message: `Decision ${id} is ${current.status}; it can no longer change.` },
  );
}

export async function editDecision(deps: Deps, principal: Principal, id: string, body: EditDecisionBody): Promise<DecisionView> {
  const { report, doc, optionPages, ...given } = body;
  // An edit's asks addressed to someone are kept by id, as a filing's are (issue 41 item 1).
  const rest = given.asks ? { ...given, asks: await resolveAskTargets(deps.pool, principal.workspaceId, given.asks) } : given;
  if (report !== undefined || doc !== undefined || optionPages !== undefined) {
    await refuseBeforeStoring(deps, principal, id, rest, { report, doc, optionPages });
  }
  const documents = await storeDocuments(deps.pool, principal.workspaceId, { report, doc, optionPages });
  const edit = Object.keys(documents).length > 0 ? { ...rest, documents } : rest;
  return change(
    deps,
    principal,
    id,
    (target) => deps.temporal.editDecision(target, edit, principal.memberId, viaOf(principal)),
    checkRewrite,
  );
}

/**
 * The workflow has the last word on an edit, but an edit it would refuse must not leave its
 * documents stored: the same merge is tried against the decision as last mirrored, with the
 * documents named but not yet stored, and a refusal is given before anything is written.
 */
async function refuseBeforeStoring(
  deps: Deps,
  principal: Principal,
  id: string,
  edit: Omit<EditDecisionBody, 'report' | 'doc' | 'optionPages'>,
  documents: Pick<EditDecisionBody, 'report' | 'doc' | 'optionPages'>,
): Promise<void> {
  const current = await getDecision(deps.pool, principal, id);
  if (!current) throw notFound('decision');
  const ref = (content: string | null) => (content === null ? null : 'unstored');
  const patch: DocumentPatch = {
    ...(documents.report !== undefined ? { report: ref(documents.report) } : {}),
    ...(documents.doc !== undefined ? { doc: ref(documents.doc) } : {}),
    ...(documents.optionPages?.length
      ? { options: Object.fromEntries(documents.optionPages.map((page) => [optionKey(page.ask, page.option), 'unstored'])) }
      : {}),
  };
  const snapshot: DecisionSnapshot = { ...current, workspaceId: principal.workspaceId, number: decisionNumberOf(current.id) };
  const refusal = checkRewrite(snapshot) ?? refusalOf(mergeEdit(snapshot, { ...edit, documents: patch }));
  if (refusal) throw DomainError.from(refusal);
}

function refusalOf(merged: ReturnType<typeof mergeEdit>): Rejection | null {
  return 'code' in merged ? merged : null;
}

export function withdrawDecision(deps: Deps, principal: Principal, id: string, channel?: Channel): Promise<DecisionView> {
  return change(
    deps,
    principal,
    id,
    (target) => deps.temporal.withdrawDecision(target, principal.memberId, viaOf(principal), channel),
    checkRewrite,
  );
}

export function archiveDecision(deps: Deps, principal: Principal, id: string, channel?: Channel): Promise<DecisionView> {
  return change(deps, principal, id, (target) => deps.temporal.archiveDecision(target, principal.memberId, channel), checkArchive);
}

export function restoreDecision(deps: Deps, principal: Principal, id: string, channel?: Channel): Promise<DecisionView> {
  return change(deps, principal, id, (target) => deps.temporal.restoreDecision(target, principal.memberId, channel), checkRestore);
}

export function runNow(deps: Deps, principal: Principal, id: string): Promise<DecisionView> {
  return change(deps, principal, id, (target) => deps.temporal.runNow(target, principal.memberId), checkRunNow);
}

/** Undo one answer (FR-37…FR-42); once the workflow has completed, its window has long passed. */
export function undoAnswer(deps: Deps, principal: Principal, id: string, ask: number, channel?: Channel): Promise<DecisionView> {
  return change(
    deps,
    principal,
    id,
    (target) => deps.temporal.undoAnswer(target, ask, principal.memberId, channel),
    (current) => checkUndo(current, ask, new Date()),
  );
}
