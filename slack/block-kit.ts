/**
 * The Block Kit shapes Cast sends (https://docs.slack.dev/reference/block-kit), as types, with
 * Slack's documented limits as constants: the renderer cuts text to them, and the tests' stand-in
 * checks every payload against a schema of the same limits written from Slack's reference.
 */
export const BLOCK_KIT_LIMITS = {
  blocksPerMessage: 50,
  elementsPerActions: 25,
  elementsPerContext: 10,
  headerText: 150,
  sectionText: 3000,
  contextText: 3000,
  buttonText: 75,
  actionId: 255,
  buttonValue: 2000,
  url: 3000,
  /** The top-level `text`, Slack's notification and accessibility fallback (Slack truncates past 40,000). */
  messageText: 4000,
} as const;

export type PlainText = { type: 'plain_text'; text: string; emoji?: boolean };
export type Mrkdwn = { type: 'mrkdwn'; text: string };

export type Button = {
  type: 'button';
  text: PlainText;
  action_id: string;
  value?: string;
  url?: string;
  style?: 'primary' | 'danger';
};

export type Block =
  | { type: 'header'; text: PlainText }
  | { type: 'section'; text: PlainText | Mrkdwn }
  | { type: 'context'; elements: (PlainText | Mrkdwn)[] }
  | { type: 'actions'; block_id?: string; elements: Button[] }
  | { type: 'divider' };

/** What chat.postMessage and chat.update take besides the channel. */
export type SlackMessage = { text: string; blocks: Block[] };

/** `text` cut to `max` characters (by code point, never inside a surrogate pair), with an ellipsis when cut. */
export function cut(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

export function plain(text: string, max: number): PlainText {
  return { type: 'plain_text', text: cut(text, max), emoji: false };
}
