/**
 * What each `cast mcp` tool returns (its MCP `structuredContent`), one schema per tool: the tool
 * declares it as its output schema and builds its result as its type. Every object is strict
 * because MCP clients validate results against the declared JSON Schema, where an object
 * allows no property it does not name (the official SDK's `Client.callTool` refuses the whole
 * result over one extra key, issue 38 item 5); strict here makes `cast mcp`'s own check of
 * its output refuse the same thing before it is sent.
 */
import { z } from 'zod';
import { DecisionMode, DecisionStatus } from './decision';
import { EscalationStatus } from './escalation';

/** An option of a choice as the tools number it (1–9). */
const NumberedOption = z.strictObject({ n: z.int(), label: z.string(), consequence: z.string().nullable() });
/** The option a choice was answered with. */
const ChosenOption = z.strictObject({ n: z.int(), label: z.string() });

export const DecideResult = z.strictObject({
  id: z.string(),
  created: z.boolean().describe('false: the same question from this session was still open and was updated in place'),
  state: z.enum(DecisionStatus),
  mode: z.enum(DecisionMode),
  question: z.string(),
  options: z.array(NumberedOption),
  default: z.int().nullable(),
  notes: z.array(z.string()).describe("the server's notes on how to make the ask easier to answer"),
  openEarlier: z.array(z.strictObject({ id: z.string(), question: z.string(), askedAgo: z.string(), messagesSince: z.int() })),
  url: z.string().describe("the decision's page in the web queue, where a person answers it"),
  stack: z
    .strictObject({ id: z.string(), title: z.string(), position: z.int(), of: z.int(), autoDefaultAt: z.string().nullable() })
    .nullable(),
  next: z.string(),
  answered: z
    .strictObject({
      outcome: z.enum(['answered', 'withdrawn', 'archived']),
      message: z.string().nullable().describe('the answer as your session received it ("Decision: …"); null unless answered'),
      answer: ChosenOption.nullable().describe('the chosen option, for a choice'),
    })
    .optional()
    .describe("only in a task's completed result (MCP 2026-07-28 Tasks): how the decision left the queue, and the answer"),
});
export type DecideResult = z.infer<typeof DecideResult>;

export const WaitOutcome = ['answered', 'pending', 'withdrawn', 'archived'] as const;

export const WaitResult = z.strictObject({
  id: z.string(),
  outcome: z.enum(WaitOutcome),
  message: z.string().nullable().describe('the answer as your session received it ("Decision: …"); null unless answered'),
  answer: ChosenOption.nullable().describe('the chosen option, for a choice'),
  waitedSeconds: z.number(),
});
export type WaitResult = z.infer<typeof WaitResult>;

export const ListedDecision = z.strictObject({
  id: z.string(),
  state: z.enum(DecisionStatus),
  mode: z.enum(DecisionMode),
  question: z.string(),
  answer: ChosenOption.nullable(),
  askedAt: z.string(),
  sessionId: z.string().nullable(),
  messagesSince: z.int().nullable().describe('session view: messages since it was asked'),
  stale: z.boolean().nullable().describe('session view: open for 2 h or 30 messages — cancel or update it'),
});
export type ListedDecision = z.infer<typeof ListedDecision>;

export const ListResult = z.strictObject({
  view: z.enum(['session', 'queue']),
  session: z.string().nullable(),
  decisions: z.array(ListedDecision),
  counts: z.strictObject({ open: z.int(), blocking: z.int() }).nullable().describe('queue view: the whole open queue'),
});
export type ListResult = z.infer<typeof ListResult>;

export const ResolveEscalationResult = z.strictObject({
  id: z.string(),
  status: z.enum(EscalationStatus),
  mustDecide: z.string(),
  resolution: z.string().nullable(),
  decisionId: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type ResolveEscalationResult = z.infer<typeof ResolveEscalationResult>;
