/**
 * A decision as its workflow keeps it: the snapshot, what is under way (an undo, a delivery),
 * and every transition a message or the main loop makes. The rules themselves are
 * `domain/decision-state`'s pure `check*` / `apply*` pairs; this class runs them in order,
 * mirrors each change to Postgres before the message that made it returns, and delivers.
 *
 * Handlers run concurrently (each to its first `await`, one message at a time), so every
 * transition sets state before it awaits anything: a second answer racing the first then
 * sees it and loses.
 */
import { condition, patched, sleep } from '@temporalio/workflow';
import type { Delivered } from '../activities/deliver-decision';
import type { MirrorOptions } from '../activities/mirror-decision';
import {
  recordOf,
  type DecisionContent,
  type DecisionEdit,
  type DecisionSnapshot,
  type DecisionStart,
  type FilingTarget,
} from '../domain/decision';

import * as rules from '../domain/decision-state';
import type { AnswerCommand, DecisionEvent } from '../domain/decision-state';
import type { Provenance } from '../domain/provenance';
import type { ApprovalPolicy } from '../domain/approval-quorum';
import { actedRejection, checkUndo, restartedBy, undoAnswer } from '../domain/undo';
import type { WebhookSubscribers } from '../domain/webhook';
import {
  cancelRestart,
  deliverDecision,
  deliverWithAnswer,
  holdTask,
  mirrorDecision,
  postWithdrawal,
  releaseTaskHold,
  reopenRecord,
  settleRecord,
} from './decision-activities';
import { DecisionAnnouncer } from './decision-announcer';
import type { Expiring } from './messages';
import { reject, rejectExpired, rejectIf } from './reject';
import { DecisionReach } from './decision-reach';
import { StackSide, type StackedDecision } from './stack-side';
import { AutomaticAnswers } from './automatic-answers';
import type { AutomaticAnswer } from '../domain/automatic-answer';
import { REMINDER_DEFAULTS } from '../domain/reminders';

/**
 * Marks the histories, of decisions filed before `DECISION_WORKFLOW_VERSION` was stamped,
 * whose resolving answer delivers in its own local activity; older ones replay without it.
 */
const DELIVER_WITH_ANSWER = 'deliver-with-answer';
/** How long after a host prompt's deadline Cast withdraws a card its hook left open. */
const LAPSE_GRACE_MS = 30_000;

const member = (command: Expiring): DecisionEvent['actor'] => ({ kind: 'member', id: command.by ?? null });
/** The channel a command came through, for its activity entry (commands before issue 38 carry none). */
const through = (command: Expiring): Record<string, unknown> => (command.channel ? { channel: command.channel } : {});
/** Decisions filed at this workflow version or later record each answer's provenance. */
const RECORDS_PROVENANCE = 3;
/**
 * Decisions filed at this workflow version or later announce nothing themselves: their mirror
 * writes each change's events to the outbox, and the notifier hands them to webhooks and the other
 * channels (issue 40 item 1). Older ones keep announcing, as their histories recorded.
 */
const ANNOUNCES_BY_OUTBOX = 4;
/** Decisions filed at this workflow version or later remind and warn with timers of their own (issue 40 items 7, 8). */
const REACHES_PEOPLE = 5;
/** Decisions filed at this workflow version or later count approvers and bar the asker, as their start's policy says (issue 41). */
const COUNTS_APPROVERS = 6;
/** Decisions filed at this workflow version or later write their mirror in the order of their changes. */
const MIRRORS_IN_ORDER = 6;
/** Decisions filed at this workflow version or later take the rules' answers their start carries (issue 42 item 1). */
const TAKES_RULE_ANSWERS = 7;

export class DecisionMachine implements StackedDecision {
  state: DecisionSnapshot;
  readonly stack: StackSide;
  /** The machine's answers: the rules' at filing, the stack's default at its deadline (issue 42 item 1). */
  readonly automatic: AutomaticAnswers;
  /** Reminders and expiry warnings; null for decisions filed before version 5. */
  readonly reach: DecisionReach | null;
  readonly announcer = new DecisionAnnouncer();
  /** The newest revision known to be in Postgres. */
  private mirroredRevision = 0;
  /** The filing returns once the decision is in place: its row written and its task held. */
  private filed = false;
  /** One undo at a time; while it runs, delivery and a stack's default wait and "Run now" is refused. */
  private undoing = false;
  /** One delivery at a time: a second "Run now" while one runs is refused, not doubled. */
  private delivering = false;
  /** The latest mirror write, settled either way (`inOrder`, version 6 on). */
  private lastWrite: Promise<void> | null = null;
  /** A host prompt's lapse is writing its withdrawal (`lapseAt`). */
  private lapsing = false;
  /** Who subscribes to what the latest delivery may announce, as that delivery read them. */
  private subscribers: WebhookSubscribers = {};

  /** The agent token the decision was filed with: its `opened` entry names it. */
  private readonly filedVia: string | undefined;
  /** The workflow behaviour it was filed under; 0 for a decision filed before it was stamped. */
  private readonly filedAtVersion: number;
  /** The mirror's last argument: the outbox from version 4 on; none before, as recorded histories call it. */
  private readonly mirrorOptions: [] | [MirrorOptions];
  /** Issue 41 items 3, 4: how many people its approval asks need, and who may not approve them (version 6 on). */
  private readonly approvalPolicy: ApprovalPolicy | undefined;
  /** The rules' answers its start carries, applied once it is open (version 7 on; none before). */
  private readonly ruleAnswers: readonly AutomaticAnswer[];
  /** Who it was filed for, to tell a filing meant for it from one that only shares its id. */
  private readonly filedFor: { workspaceId: string; sessionId: string | null; question: string; filing?: string };

  constructor(start: DecisionStart) {
    this.filedAtVersion = start.workflowVersion ?? 0;
    this.approvalPolicy = this.filedAtVersion >= COUNTS_APPROVERS ? start.approvalPolicy : undefined;
    this.ruleAnswers = this.filedAtVersion >= TAKES_RULE_ANSWERS ? (start.automaticAnswers ?? []) : [];
    const { approvalPolicy: _policy, automaticAnswers: _answers, ...asFiled } = start;
    this.state = rules.openDecision(this.approvalPolicy ? { ...asFiled, approvalPolicy: this.approvalPolicy } : asFiled, new Date());
    this.filedVia = start.filedVia;
    this.mirrorOptions = this.announcesItself ? [] : [{ outbox: true }];
    this.filedFor = {
      workspaceId: start.workspaceId,
      sessionId: start.links.sessionId,
      question: start.question,
      ...(start.filing ? { filing: start.filing } : {}),
    };
    this.reach = this.filedAtVersion >= REACHES_PEOPLE ? new DecisionReach(this, start.reminders ?? REMINDER_DEFAULTS) : null;
    const reach = this.reach;
    this.automatic = new AutomaticAnswers(this);
    this.stack = new StackSide(this, reach && { leadMs: reach.plan.deadlineLeadMs, warn: (deadline) => reach.warnBeforeDefault(deadline) });
  }

  /** Filed before version 4: its workflow pushes its own webhook events (DecisionAnnouncer). */
  get announcesItself(): boolean {
    return this.filedAtVersion < ANNOUNCES_BY_OUTBOX;
  }

  get idle(): boolean {
    return !this.undoing;
  }

  /** Resolved with nothing under way, or withdrawn: the main loop's turn. Archived is not an end (it can be restored). */
  get readyToDeliverOrClose(): boolean {
    return (this.state.status === 'resolved' && !this.undoing && !this.delivering) || this.state.status === 'withdrawn';
  }

  // Validators: synchronous, so a refusal is thrown before the update reaches history.

  /** Filing again and withdrawing are the agent's, and only while no answer is in. */
  validateRewrite(command: Expiring): void {
    rejectExpired(command);
    rejectIf(rules.checkRewrite(this.state));
  }

  /** A filing must be meant for this decision (filings before the check carry no target). */
  validateFiling(content: DecisionContent & Expiring & { target?: FilingTarget }): void {
    rejectExpired(content);
    if (content.target) rejectIf(rules.checkFilingTarget(this.filedFor, content.target, content.question));
    rejectIf(rules.checkRewrite(this.state));
  }

  validateEdit(edit: DecisionEdit & Expiring): void {
    this.validateRewrite(edit);
    const merged = rules.mergeEdit(this.state, edit);
    if ('code' in merged) reject(merged);
  }

  validateArchive(command: Expiring): void {
    rejectExpired(command);
    rejectIf(rules.checkArchive(this.state));
  }

  validateRestore(command: Expiring): void {
    rejectExpired(command);
    rejectIf(rules.checkRestore(this.state));
  }

  /** While a delivery or an undo runs there is nothing for "Run now" to retry yet. */
  validateRunNow(command: Expiring): void {
    rejectExpired(command);
    rejectIf(rules.checkRunNow({ ...this.state, delivery: this.delivering || this.undoing ? null : this.state.delivery }));
  }

  validateUndo(command: { ask: number } & Expiring): void {
    rejectExpired(command);
    if (this.undoing)
      reject({ code: 'undo_in_progress', message: 'An undo of this decision is already under way; try again in a moment.' });
    rejectIf(checkUndo(this.state, command.ask, new Date(), command.by));
  }

  validateAnswer(command: AnswerCommand): void {
    rejectExpired(command);
    rejectIf(rules.checkAnswer(this.state, command));
  }

  validateSettle(command: AnswerCommand): void {
    rejectExpired(command);
    if (!recordOf(this.state.source) || command.ask !== 1) {
      reject({
        code: 'invalid_request',
        message: 'Only a decision carrying an approval or escalation settles through its record, on its first ask.',
      });
    }
    rejectIf(rules.checkAnswer(this.state, command));
  }

  // Transitions.

  /** Writes the new decision's row and holds its task; a waiting filing returns after this. */
  async open(): Promise<void> {
    // E10: the over-limit event is kept in the activity history, so the agent's instructions can be fixed.
    const overLimit = this.state.droppedAsks > 0 ? { detail: { droppedAsks: this.state.droppedAsks } } : {};
    await this.commit(this.state, { kind: 'opened', actor: rules.agentActor(this.state, this.state.filedBy, this.filedVia), ...overLimit });
    const holding = this.holdTheTask(this.state);
    if (holding) await holding;
    // Issue 42 item 1: the rules answer at once, so the filing returns the decision as they left it.
    if (this.ruleAnswers.length > 0) await this.automatic.atFiling(this.ruleAnswers);
    this.filed = true;
  }

  /** The filing of a new decision waits for `open`; the same question again rewrites it in place. */
  async file({ target: _target, ...content }: DecisionContent & Expiring & { target?: FilingTarget }): Promise<DecisionSnapshot> {
    const next = rules.rewrite(this.state, content, new Date(), this.approvalPolicy);
    if (next) return this.commit(next, { kind: 'edited', actor: rules.agentActor(next, content.by ?? next.filedBy, content.via) });
    await condition(() => this.filed && this.mirroredRevision >= this.state.revision);
    return this.state;
  }

  async edit(edit: DecisionEdit & Expiring): Promise<DecisionSnapshot> {
    const merged = rules.mergeEdit(this.state, edit);
    if ('code' in merged) reject(merged);
    const wasBlocking = this.state.mode === 'blocking';
    const rewritten = rules.rewrite(this.state, merged, new Date(), this.approvalPolicy);
    const next = rewritten
      ? await this.commit(rewritten, { kind: 'edited', actor: rules.agentActor(rewritten, edit.by ?? rewritten.filedBy, edit.via) })
      : this.state;
    // `edit --blocking` turns an advisory decision into one that holds its task.
    if (!wasBlocking && next.mode === 'blocking') await this.holdTheTask(next);
    return next;
  }

  async withdraw(command: Expiring): Promise<DecisionSnapshot> {
    // Its deadline's own withdrawal (lapseAt) may land between this update's validation and now:
    // the card is out of the queue either way, and a second withdrawal would record it twice.
    if (this.state.status === 'withdrawn') return this.state;
    const actor = rules.agentActor(this.state, command.by ?? this.state.filedBy, command.via);
    return this.commit(rules.withdraw(this.state, new Date()), { kind: 'withdrawn', actor, detail: through(command) });
  }

  async archive(command: Expiring): Promise<DecisionSnapshot> {
    const next = rules.archive(this.state, new Date(), { by: command.by ?? null, reason: 'member' });
    return this.commit(next, { kind: 'archived', actor: member(command), detail: through(command) });
  }

  /**
   * Issue 31 item 5: at the moment its host stops waiting, a host prompt still open is withdrawn,
   * by Cast, for nobody is left to act on its answer. A durable timer, so it fires even when the
   * hook could not withdraw its card (Cast was down, or the withdrawal came too late), once a
   * worker runs again. An answer afterwards is refused as reaching no one (`nobody_waiting`).
   */
  async lapseAt(waitsUntil: string): Promise<void> {
    // A grace past the deadline: a hook alive at it withdraws its own card then, and this timer
    // only takes out cards whose hook could not (two withdrawals at one moment race).
    const ms = Date.parse(waitsUntil) + LAPSE_GRACE_MS - Date.now();
    if (ms > 0) await sleep(ms);
    // Answered in time (or archived), nothing to do; an undo under way is the person's to finish.
    if (this.state.status !== 'open' || this.undoing) return;
    this.lapsing = true;
    try {
      await this.commit(rules.withdraw(this.state, new Date()), {
        kind: 'withdrawn',
        actor: { kind: 'system', id: null },
        detail: { reason: 'nobody_waiting', waitsUntil },
      });
    } finally {
      this.lapsing = false;
    }
  }

  /**
   * The lapse's withdrawal is mirrored by the timer's own task, which no handler covers: the
   * workflow must not end before its row (and its outbox events) are written. Before version 4 the
   * announcer's activities happened to hold the workflow open until then; now nothing else does.
   */
  get lapseWritten(): boolean {
    return this.announcesItself || !this.lapsing;
  }

  /** FR-49: the work is gone (the sweep or the API says so); only an open decision is set aside. */
  async autoArchive(): Promise<void> {
    if (this.state.status !== 'open') return;
    const next = rules.archive(this.state, new Date(), { by: null, reason: 'work_gone' });
    await this.commit(next, { kind: 'archived', actor: { kind: 'system', id: null }, detail: { reason: 'work_gone' } });
  }

  async restore(command: Expiring): Promise<DecisionSnapshot> {
    return this.commit(rules.restore(this.state, new Date()), { kind: 'restored', actor: member(command), detail: through(command) });
  }

  // Not `async`: it only passes recordAnswer's promise on (the SDK awaits the handler, so a throw still rejects).
  answer(command: AnswerCommand): Promise<DecisionSnapshot> {
    const actor = { kind: 'member' as const, id: command.answeredBy };
    const provenance = this.provenanceFor(command);
    return this.recordAnswer(rules.applyAnswer(this.state, command, new Date(), provenance), {
      kind: 'answered',
      actor,
      detail: { ask: command.ask, ...this.approvalCount(command), ...(provenance ? { provenance } : {}) },
    });
  }

  /**
   * Issue 41 item 3: an approval of an ask that needs several people says which one it is
   * (`approvals` of `required`), and whether it left the ask waiting for more (`partial`).
   */
  private approvalCount(command: AnswerCommand): Record<string, unknown> {
    const ask = this.state.asks[command.ask - 1];
    if (ask?.kind !== 'approval' || !ask.quorum || command.value.kind !== 'approval' || command.value.decision !== 'approve') return {};
    const approvals = ask.quorum.approvals.length + 1;
    return { approvals, required: ask.quorum.required, ...(approvals < ask.quorum.required ? { partial: true } : {}) };
  }

  /** The record's own door answers its derived ask (FR-29) and returns with the record settled too. */
  async settle(command: AnswerCommand): Promise<DecisionSnapshot> {
    const provenance = this.provenanceFor(command);
    const partial = rules.isPartialApproval(this.state, command);
    const count = this.approvalCount(command);
    const next = rules.settle(this.state, command, new Date(), provenance);
    const actor = { kind: 'member' as const, id: command.answeredBy };
    const door = this.state.source?.kind ?? null;
    const answered: DecisionEvent = {
      kind: 'answered',
      actor,
      detail: { ask: command.ask, door, ...count, ...(provenance ? { provenance } : {}) },
    };
    // Short of its quorum (issue 41 item 3), the approval is counted and the record stays pending.
    if (partial) return this.commit(next, answered);
    await this.commit(next, answered, { kind: 'resolved', actor });
    await settleRecord(next);
    return next;
  }

  /**
   * Records an answer (a person's, or the machine's: workflows/automatic-answers.ts). The one
   * that resolves the decision is delivered in the same local activity that mirrors it, so the
   * agent has it without further round trips through the server and the answering update
   * returns it delivered. A record's decision (whose record settles first, FR-29), a delivery or
   * undo already under way, or a delivery that failed there leaves delivery to the main loop's
   * activity, which retries.
   */
  async recordAnswer(next: DecisionSnapshot, answered: DecisionEvent): Promise<DecisionSnapshot> {
    if (next.status !== 'resolved') return this.commit(next, answered);
    const resolved: DecisionEvent = { kind: 'resolved', actor: answered.actor };
    if (this.delivering || this.undoing || recordOf(next.source) || !this.deliversWithAnswer()) {
      return this.commit(next, answered, resolved);
    }
    this.delivering = true;
    this.state = next;
    try {
      const delivered = await this.inOrder(() => deliverWithAnswer(next, [answered, resolved], ...this.mirrorOptions));
      if (delivered) await this.takeDelivery(next, delivered);
      // Undelivered, the resolution itself was mirrored (a change landing meanwhile mirrors itself).
      else this.mirroredRevision = Math.max(this.mirroredRevision, next.revision);
    } finally {
      this.delivering = false;
    }
    const reporting = this.stack.report();
    if (reporting) await reporting;
    return this.state;
  }

  /** A person takes back one answer inside the window (FR-37…FR-42); a resolved decision reopens. */
  async undo(command: { ask: number } & Expiring): Promise<DecisionSnapshot> {
    this.undoing = true;
    try {
      // A delivery under way may be creating the restart this undo must cancel: let it finish.
      await condition(() => !this.delivering);
      const runId = restartedBy(this.state);
      const reopening = this.state.status === 'resolved';
      // Issue 41 item 3: an approval that had not answered its ask yet reached no agent; nothing to tell it.
      const undone = this.state.asks[command.ask - 1];
      const toldAgent = !(undone?.kind === 'approval' && undone.quorum && !undone.answer);
      // Issue 42 item 4: whose answer it was (a rule's, say), so its entry can offer to disable the rule.
      const actor = undone?.answer?.provenance?.actor;
      if (runId) {
        const cancel = await cancelRestart(this.state, runId);
        if (cancel.began) reject(actedRejection(cancel.agentName, runId));
      }
      const next = undoAnswer(this.state, command.ask, command.by ?? '', new Date());
      await this.commit(next, {
        kind: 'undone',
        actor: member(command),
        detail: {
          ask: command.ask,
          cancelledRun: runId,
          ...through(command),
          ...(toldAgent ? {} : { approval: true }),
          ...(actor ? { undone: { actor } } : {}),
        },
      });
      if (toldAgent) {
        const message = await postWithdrawal(next, command.ask);
        if (this.announcesItself) this.announcer.announceWithdrawal(next, command.ask, message);
      }
      // Reopened, a blocking decision holds its task again, and its record is pending again.
      if (reopening) await this.holdTheTask(next);
      if (reopening && recordOf(next.source)) await reopenRecord(next);
      return this.state;
    } finally {
      this.undoing = false;
    }
  }

  /** Delivers the answers to the agent ("Run now" retries it after a failed restart, E5). */
  async deliver(): Promise<DecisionSnapshot> {
    this.delivering = true;
    // A delivery that fails reads no subscribers; announcing then asks for them afresh.
    this.subscribers = {};
    const sent = this.state;
    const delivered = await deliverDecision(sent, ...this.mirrorOptions).then(
      (done) => this.takeDelivery(sent, done),
      (error: unknown) =>
        this.commit(
          rules.recordDelivery(this.state, {
            kind: 'failed',
            runId: null,
            otherBlockers: 0,
            failure: error instanceof Error ? error.message : String(error),
            at: new Date().toISOString(),
          }),
          // Recorded with the failure, so the mirror that writes it raises the error report (§10).
          {
            kind: 'delivered',
            actor: { kind: 'system', id: null },
            detail: { outcome: 'failed', runId: null, otherBlockers: 0, from: this.state.links.runId, reason: 'delivery_error' },
          },
        ),
    );
    this.delivering = false;
    if (this.announcesItself) await this.announcer.announce(this.state, this.subscribers);
    return delivered;
  }

  // The main loop's steps.

  /** A withdrawn decision lets go of its task and says so. */
  async closeWithdrawn(): Promise<void> {
    if (this.state.links.taskId) await releaseTaskHold(this.state);
    if (this.announcesItself) await this.announcer.announce(this.state);
  }

  /** Resolved: settles a record's decision and delivers, unless the resolving answer delivered already. */
  async deliverResolution(): Promise<void> {
    // A record's decision settles its record and delivers here, after the answering update returned (FR-28, FR-29).
    if (recordOf(this.state.source)) await settleRecord(this.state);
    // Delivered with the answer that resolved it, the decision has only to announce it (its mirror did, from version 4).
    if (this.state.delivery) {
      if (!this.announcesItself) return;
      const announcing = this.announcer.announce(this.state, this.subscribers);
      if (announcing) await announcing;
    } else await this.deliver();
  }

  // Writing changes down.

  /** Sets the new state, mirrors it with its events, and tells the stack (if any) what changed. */
  async commit(next: DecisionSnapshot, ...events: DecisionEvent[]): Promise<DecisionSnapshot> {
    this.state = next;
    await this.inOrder(() => mirrorDecision(next, events, ...this.mirrorOptions));
    this.mirroredRevision = Math.max(this.mirroredRevision, next.revision);
    const reporting = this.stack.report();
    if (reporting) await reporting;
    return next;
  }

  /**
   * From version 6, one decision's mirror writes go out one after another, in the order their
   * changes were made. Concurrent approvals (issue 41) otherwise race: the later revision may land
   * first, and the earlier one — stale by the mirror rule — would write its activity entry nowhere.
   * The state is set before this waits, so the first writer still wins. Older decisions write as
   * their histories recorded, concurrently.
   */
  private inOrder<T>(write: () => Promise<T>): Promise<T> {
    if (this.filedAtVersion < MIRRORS_IN_ORDER) return write();
    const previous = this.lastWrite;
    const mine = previous ? previous.then(write, write) : write();
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.lastWrite = settled;
    return mine;
  }

  /** A snapshot an activity has already mirrored, in the same transaction as its own work. */
  private adopt(next: DecisionSnapshot): DecisionSnapshot {
    this.state = next;
    this.mirroredRevision = Math.max(this.mirroredRevision, next.revision);
    return next;
  }

  /** Takes a delivery in: its activity mirrored it too, unless a change (a stack's signal) landed meanwhile. */
  private takeDelivery(sent: DecisionSnapshot, delivered: Delivered): DecisionSnapshot | Promise<DecisionSnapshot> {
    this.subscribers = delivered.subscribers;
    return this.state === sent
      ? this.adopt(rules.recordDelivery(sent, delivered.outcome))
      : this.commit(rules.recordDelivery(this.state, delivered.outcome));
  }

  /**
   * Issue 38 item 10: who gave this answer, through which channel, and a digest of what it
   * approved, computed here from the state it answers; none for decisions filed before version 3.
   */
  provenanceFor(command: AnswerCommand): Provenance | undefined {
    return this.filedAtVersion >= RECORDS_PROVENANCE ? rules.answerProvenance(this.state, command) : undefined;
  }

  /**
   * Filed at version 1 or later; or filed before and its history marked by the patch. Asked
   * only where `patched()` always was, so a recorded history meets the same commands.
   */
  private deliversWithAnswer(): boolean {
    return this.filedAtVersion >= 1 || patched(DELIVER_WITH_ANSWER);
  }

  // Most decisions link no task: skip the activity's round trip through the server for them,
  // and the promise too (undefined: nothing to await).
  private holdTheTask(snapshot: DecisionSnapshot): Promise<void> | undefined {
    return snapshot.links.taskId && snapshot.mode === 'blocking' ? holdTask(snapshot) : undefined;
  }
}
