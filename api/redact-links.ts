/**
 * An answer link's token is a credential (issue 40 item 5): request logs and traces name the
 * link's route, never the token itself.
 */
const LINK_TOKEN = /(\/a\/|\/api\/v1\/answer-links\/)[^/?#]+/g;

export function redactLinks(path: string): string {
  return path.replace(LINK_TOKEN, '$1<link>');
}
