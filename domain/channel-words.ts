/**
 * A channel in the words of a sentence about an answer (issue 40 item 6): "Dana answered this
 * from an email". The web's catalogue (ui/src/i18n) words the same channels for its own lines;
 * these are the server's, for the answer-link pages and the refusals an API client reads.
 */
import type { Channel } from './provenance';

export const CHANNEL_PHRASES: Record<Channel, string> = {
  web: 'on the web',
  cli: 'from the cast command line',
  api: 'through the API',
  mcp: 'through an agent tool (cast mcp)',
  inbox: 'by an Inbox reply',
  'host-terminal': "in the agent's own terminal",
  email: 'from an email',
  slack: 'from Slack',
  push: 'from a notification',
};

/** The phrase for a recorded channel; an answer without one (automatic, or before issue 38) gets none. */
export function channelPhrase(channel: Channel | null | undefined): string | null {
  return channel ? CHANNEL_PHRASES[channel] : null;
}
