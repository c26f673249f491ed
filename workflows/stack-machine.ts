/**
 * A stack as its workflow keeps it: the snapshot and every transition a message makes. The
 * rules are `domain/stack`'s pure `check*` / apply pairs; this class runs them, mirrors each
 * change to Postgres before the message that made it returns, and tells the members' decision
 * workflows which stack they are in and when their auto-default is due.
 *
 * Handlers run concurrently (each to its first `await`, one message at a time), so every
 * transition sets state before it awaits anything.
 */
import { condition, getExternalWorkflowHandle, workflowInfo } from '@temporalio/workflow';
import type { Deployment } from '../domain/deployment';
import * as rules from '../domain/stack';
import type { StackPolicy, StackSnapshot } from '../domain/stack';
import { stackMembershipSignal, type MemberStatus } from './membership-signals';
import { decisionWorkflowId, type Expiring } from './messages';
import { rejectExpired, rejectIf } from './reject';
import { mirrorStack } from './stack-activities';
import type { StackInput } from './stack-messages';

export class StackMachine {
  state: StackSnapshot;
  /** A new stack is ready once `open` has mirrored it and told its members; a continued one already was. */
  ready: boolean;
  /** Whose workflow ids its members run under (absent for a stack created before ids carried one). */
  private readonly deployment: Deployment | undefined;

  constructor(input: StackInput) {
    this.state = 'continued' in input ? input.continued : rules.openStack(input.start, new Date());
    this.ready = 'continued' in input;
    this.deployment = input.deployment;
  }

  // Validators: synchronous, so a refusal is thrown before the update reaches history.

  validateAddMembers(command: { members: Array<{ decisionId: string }> } & Expiring): void {
    rejectExpired(command);
    const decisionIds = command.members.map((member) => member.decisionId);
    rejectIf(rules.checkAddMembers(this.state, decisionIds));
  }

  validateRemoveMember(command: { decisionId: string } & Expiring): void {
    rejectExpired(command);
    rejectIf(rules.checkRemoveMember(this.state, command.decisionId));
  }

  validateReorder(command: { order: string[] } & Expiring): void {
    rejectExpired(command);
    rejectIf(rules.checkReorder(this.state, command.order));
  }

  validatePolicy(command: Expiring): void {
    rejectExpired(command);
    rejectIf(rules.checkPolicy(this.state));
  }

  // Transitions.

  /** Mirrors the new stack and tells its first members; a waiting create update returns after this. */
  async open(): Promise<void> {
    await this.commit(this.state);
    await this.tell(this.state.members.map((member) => member.decisionId));
    this.ready = true;
  }

  /** The create update, sent with update-with-start, returns the stack once `open` has run. */
  async created(): Promise<StackSnapshot> {
    await condition(() => this.ready);
    return this.state;
  }

  async addMembers({ members }: { members: MemberStatus[] }): Promise<StackSnapshot> {
    const next = await this.commit(rules.addMembers(this.state, members, new Date()));
    await this.tell(members.map((member) => member.decisionId));
    return next;
  }

  async removeMember({ decisionId }: { decisionId: string }): Promise<StackSnapshot> {
    const next = await this.commit(rules.removeMember(this.state, decisionId, new Date()));
    // Leaving the stack cancels the member's pending deadline.
    await this.tell([decisionId], false);
    return next;
  }

  async reorder({ order }: { order: string[] }): Promise<StackSnapshot> {
    return this.commit(rules.reorder(this.state, order, new Date()));
  }

  async setPolicy({ expiresAt: _expires, by: _by, ...policy }: StackPolicy & Expiring): Promise<StackSnapshot> {
    const moved = policy.autoDefaultMs !== undefined && policy.autoDefaultMs !== this.state.autoDefaultMs;
    const next = await this.commit(rules.setPolicy(this.state, policy, new Date()));
    // A new duration moves every open member's pending deadline.
    if (moved) await this.tell(next.members.filter((member) => member.open).map((member) => member.decisionId));
    return next;
  }

  /** A member's decision opened or closed; the stack closes with its last open member, and reopens with it. */
  async memberChanged({ decisionId, open }: MemberStatus): Promise<void> {
    const next = rules.memberChanged(this.state, decisionId, open, new Date());
    if (next !== this.state) await this.commit(next);
  }

  // Writing changes down, and telling the members.

  private async commit(next: StackSnapshot): Promise<StackSnapshot> {
    this.state = next;
    await mirrorStack(next);
    return next;
  }

  /** Tells members their stack and deadline; a closed decision's finished workflow cannot hear it. */
  private async tell(decisionIds: string[], member = true): Promise<void> {
    const state = this.state;
    await Promise.allSettled(
      decisionIds.map((decisionId) => {
        const joined = state.members.find((candidate) => candidate.decisionId === decisionId);
        const deadline = member && joined ? rules.memberDeadline(joined, state.autoDefaultMs) : null;
        return getExternalWorkflowHandle(decisionWorkflowId(decisionId, this.deployment)).signal(stackMembershipSignal, {
          stackId: state.id,
          member,
          deadline,
          revision: state.revision,
          stackWorkflowId: workflowInfo().workflowId,
        });
      }),
    );
  }
}
