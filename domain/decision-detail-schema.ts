/**
 * What the detail pane shows beside a decision (FR-10, FR-11, FR-60): the names behind its
 * links, whether its run and task are holding work, who answered, and the lines §6.18 says.
 * Read by db/decision-detail.ts; `undo.ts` takes `UndoState` from here with `import type`.
 */
import { z } from 'zod';
import { RuleConditions } from './rules/rule-conditions';
import { RuleEffect } from './rules/rule-effect';
import { RunStatus } from './run';
import { Liveness } from './session';
import { TaskStatus } from './task';
import { Timestamp } from './decision-view-schema';
import { RiskFlag } from './approval';
import { Pickup } from './pickup';
import { Assignment } from './assignment';

const Named = z.object({ id: z.string(), name: z.string() });

/** Why Undo is shown disabled (E6, E7), or until when it is available. */
export const UndoState = z
  .discriminatedUnion('available', [
    z.object({ available: z.literal(true), until: Timestamp }),
    z.object({ available: z.literal(false), reason: z.enum(['acted', 'window', 'closed']) }),
  ])
  .meta({ id: 'UndoState' });
export type UndoState = z.infer<typeof UndoState>;

export const DecisionDetail = z
  .object({
    /** Whom it is for, who is on it, and whether the reader may answer (issue 41 items 1-2). */
    assignment: Assignment,
    agent: Named.nullable(),
    task: z
      .object({
        id: z.string(),
        title: z.string(),
        status: z.enum(TaskStatus),
        /**
         * What holds the task now, read with the decision (never the count taken when it was
         * answered): whether this decision does, and how many other decisions and other blockers.
         */
        holds: z.object({ self: z.boolean(), decisions: z.int().min(0), other: z.int().min(0) }),
      })
      .nullable(),
    mission: Named.nullable(),
    session: z
      .object({ id: z.string(), liveness: z.enum(Liveness), messageCount: z.int().min(0), scope: z.string().nullable() })
      .nullable(),
    run: z.object({ id: z.string(), status: z.enum(RunStatus) }).nullable(),
    /** While it is open: what answering its last required ask would do now (FR-31); null once closed. */
    pickup: z.enum(Pickup).nullable(),
    /** FR-11: it holds work — posted blocking (domain/blocking.ts); `run` and `task` name what it holds. An advisory decision never is. */
    blocking: z.boolean(),
    /** Names of the members who filed or answered it, by id. */
    members: z.record(z.string(), z.string()),
    lines: z.object({ pending: z.string().nullable(), delivery: z.string().nullable() }),
    /** What Undo offers on each answered ask, keyed by its position (FR-37, FR-38). */
    undo: z.record(z.string().regex(/^[1-9]\d*$/), UndoState),
    /**
     * FR-56, FR-57: its agent keeps asking this; the draft rule comes from the latest answer.
     * `permission`: the cluster is a host's permission prompts for one tool and input pattern
     * (issue 39 item 3) — the host's allow list answers those, not the agent's instructions, so
     * there is no draft rule.
     */
    recurring: z
      .object({
        count: z.int().min(1),
        agent: Named,
        draftRule: z.string().nullable(),
        permission: z.object({ tool: z.string(), pattern: z.string().nullable() }).nullable(),
        /** Issue 42 item 4: the rule "Make this a rule" prefills, from the latest answer; null when no rule can give it. */
        rule: z.object({ name: z.string(), reason: z.string(), conditions: RuleConditions, effect: RuleEffect }).nullable(),
      })
      .nullable(),
    /**
     * The risk flags of the approval this decision carries (its first ask says them in English,
     * in `risks`), so a client words them itself (FR-63); null for any other decision.
     */
    riskFlags: z.array(z.enum(RiskFlag)).nullable(),
  })
  .meta({
    id: 'DecisionDetail',
    description:
      'What the detail pane adds: the names behind its links, whether it is blocking, session liveness, who answered, ' +
      'the pending and delivery lines, undo per ask, recurrence.',
  });
export type DecisionDetail = z.infer<typeof DecisionDetail>;
