/** Where the queue sends a person to see their agents (§6.8) and the safety rails (§6.7); a module of its own, so the queue's bundle need not carry the Agents page. */
export const AGENTS_HREF = '/agents';
export const SAFETY_RAILS_HREF = '/agents#safety-rails';
