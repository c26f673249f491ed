/**
 * An agent's question, ACP's `elicitation/create` (issue 43 item 2), as one Cast decision.
 *   Form mode: the message is the question, each property an ask (elicitation-fields.ts). A form
 *   with no required property ends with a required "Accept / Decline" ask, so the card waits for
 *   the person to say they are done (Cast closes a card whose asks are all optional at its first
 *   answer) and a form with no fields at all is still a question.
 *   URL mode: the message, the whole URL and its host, as text Cast never opens, and a choice:
 *   "Opened it and finished" or "Decline".
 * The card is checked with Cast's own filing schema first: a form Cast cannot show (more fields
 * than a card holds, a kind of property it has no ask for, labels alike) is `unaskable`, and the
 * reason is said rather than a card half filed.
 */
import type { CreateElicitationRequest, ElicitationSchema } from '@agentclientprotocol/sdk';
import { MAX_ASKS } from '../../../domain/decision';
import { FileDecisionBody } from '../../../domain/decision-schema';
import { clip, fieldOf, type AskInput, type Field } from './elicitation-fields';

export type CardContent = { question: string; context: string; asks: AskInput[] };

export type ElicitationCard =
  /** `fields[i]` is ask i + 1; the last ask is the Accept / Decline one. */
  | { mode: 'form'; content: CardContent; fields: Field[] }
  | { mode: 'url'; content: CardContent; url: string }
  | { mode: 'unaskable'; why: string };

const QUESTION_MAX = 1000;
const CONTEXT_MAX = 4000;

export const ACCEPT = 1;
export const DECLINE = 2;

const verdictAsk = (fields: number): AskInput => ({
  kind: 'decision',
  prompt: fields ? 'Send these answers to the agent?' : 'Accept?',
  options: [
    {
      label: 'Accept',
      consequence: fields ? 'The agent gets the answers above; any left empty are left out.' : 'The agent hears that you accept.',
    },
    { label: 'Decline', consequence: 'The agent hears that you declined; nothing is sent.' },
  ],
});

const urlAsk: AskInput = {
  kind: 'decision',
  prompt: 'Open the page yourself, then say so here.',
  options: [
    { label: 'Opened it and finished', consequence: 'The agent hears that you accepted: you opened the URL and did what it asks there.' },
    { label: 'Decline', consequence: 'The agent hears that you declined. Do not open the URL.' },
  ],
};

/** The question, and the whole message in the context when it is too long for one. */
function questionOf(message: string): { question: string; whole: string[] } {
  const text = message.trim() || 'The agent asks for your input.';
  const question = clip(text.replace(/\s+/g, ' '), QUESTION_MAX);
  return { question, whole: question === text ? [] : [text] };
}

function formCard(params: { message: string; requestedSchema?: ElicitationSchema | null }, asker: string): ElicitationCard {
  const schema = params.requestedSchema ?? {};
  const required = new Set(schema.required ?? []);
  const fields: Field[] = [];
  const asks: AskInput[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const made = fieldOf(key, property, required.has(key));
    if ('why' in made) return { mode: 'unaskable', why: made.why };
    fields.push(made.field);
    asks.push(made.ask);
  }
  // ACP asks a client to let the person review the answers before they go: the form goes only
  // on this last ask's Accept, never on whichever field happened to be answered last.
  asks.push(verdictAsk(fields.length));
  if (asks.length > MAX_ASKS) return { mode: 'unaskable', why: `the form has ${fields.length} fields, more than a Cast card holds` };
  const { question, whole } = questionOf(params.message);
  const about = [schema.title, schema.description].filter((text): text is string => Boolean(text?.trim()));
  const context = [`${asker} asks this through ACP.`, ...whole, ...about].join('\n\n');
  return checked({ mode: 'form', content: { question, context: clip(context, CONTEXT_MAX), asks }, fields });
}

/** Words that make a look-alike host stand out: Punycode, or an address with no https. */
function hostWarnings(url: URL): string[] {
  return [
    ...(url.hostname.split('.').some((label) => label.startsWith('xn--'))
      ? ['The host is written in Punycode (xn--…): it may imitate another site’s name.']
      : []),
    ...(url.protocol === 'https:' ? [] : [`The address is not https (${url.protocol}).`]),
  ];
}

function urlCard(params: { message: string; url?: unknown }, asker: string): ElicitationCard {
  let url: URL;
  try {
    url = new URL(String(params.url));
  } catch {
    return { mode: 'unaskable', why: 'the agent sent a URL that is not one' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { mode: 'unaskable', why: `Cast shows web pages only, not ${url.protocol} addresses` };
  const { question, whole } = questionOf(params.message);
  const context = [
    `${asker} asks you to open this page, through ACP:`,
    url.href,
    `Host: ${url.host}`,
    ...hostWarnings(url),
    'Cast does not open it: copy it into your browser if you trust the host.',
    ...whole,
  ].join('\n\n');
  return checked({ mode: 'url', content: { question, context: clip(context, CONTEXT_MAX), asks: [urlAsk] }, url: url.href });
}

/** The card as Cast would take it, or why not: the filing schema's first problem. */
function checked(card: Extract<ElicitationCard, { content: CardContent }>): ElicitationCard {
  const parsed = FileDecisionBody.safeParse({ ...card.content, mode: 'blocking' });
  if (parsed.success) return card;
  const issue = parsed.error.issues[0]!;
  return { mode: 'unaskable', why: `Cast cannot file it as a card (${issue.path.join('.')}: ${issue.message})` };
}

/** `asker`: the agent's name as it gave it in `initialize`, for the card to say who asks. */
export function elicitationCard(params: CreateElicitationRequest, asker = 'The ACP agent'): ElicitationCard {
  if (params.mode === 'form') return formCard(params as { message: string; requestedSchema?: ElicitationSchema }, asker);
  if (params.mode === 'url') return urlCard(params as { message: string; url?: unknown }, asker);
  return { mode: 'unaskable', why: `Cast does not know the mode ${String(params.mode)}` };
}
