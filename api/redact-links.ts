/**
 * An answer link's token is a credential (issue 40 item 5), and so is an email's unsubscribe
 * link's (item 3): request logs and traces name the link's route, never the token itself.
 */
const LINK_TOKEN = /(\/a\/|\/u\/|\/api\/v1\/answer-links\/)[^/?#]+/g;

export function redactLinks(path: string): string {
  return path.replace(LINK_TOKEN, '$1<link>');
}
