/**
 * A session's message log. Hosts append what the conversation says; Cast appends what it
 * delivers (a decision's answer, a withdrawal, a notice), each at most once per dedupe key.
 * `seq` orders the log and is the cursor for long-poll and server-sent events.
 */
import { z } from 'zod';
import { characters, filledText } from './text-fields';

export const MessageRole = ['user', 'assistant', 'system'] as const;
export type MessageRole = (typeof MessageRole)[number];

export const MessageKind = ['message', 'decision_answer', 'withdrawal', 'notice'] as const;
export type MessageKind = (typeof MessageKind)[number];

/** Kinds a host may append itself; the others are Cast's own deliveries. */
export const HostMessageKind = ['message', 'notice'] as const;

export const MessageBodyText = characters(20_000).min(1);
export const DedupeKey = filledText(200);

export const AppendMessageBody = z.strictObject({
  role: z.enum(MessageRole),
  kind: z.enum(HostMessageKind).default('message'),
  body: MessageBodyText,
  dedupeKey: DedupeKey.optional(),
});
export type AppendMessageBody = z.infer<typeof AppendMessageBody>;

export const SessionMessage = z
  .object({
    seq: z.number().int(),
    sessionId: z.string(),
    role: z.enum(MessageRole),
    kind: z.enum(MessageKind),
    body: z.string(),
    decisionId: z.string().nullable(),
    dedupeKey: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SessionMessage' });
export type SessionMessage = z.infer<typeof SessionMessage>;

/** Longest a long-poll may hold a request, in seconds. */
export const MAX_MESSAGE_WAIT_SECONDS = 30;
