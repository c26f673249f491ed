/**
 * Issue 31 item 7: a session is waiting on a person while a host prompt of it (a permission
 * card, a terminal question) is open and its host still waits on it — its recorded deadline
 * (`source.waitsUntil`) ahead, or none recorded. Its hook sends no heartbeat while it waits, yet
 * the session can still receive an answer: it reads as `waiting` (domain/session.ts, through
 * db/sessions.ts and the detail pane), and its blocking decisions rank with the live sessions'
 * (db/decision-queries.ts). Every one of them builds on these fragments, so they never disagree.
 *
 * Migration 0022's partial index `decisions_open_host_prompt_idx` is on exactly the first two
 * conditions of `hostPromptWaiting`: keep them identical, or the planner cannot use it.
 */

/** The decision (by its alias) is an open host prompt whose host still waits on it. */
export function hostPromptWaiting(decision: string): string {
  return `(${decision}.status = 'open' and (${decision}.snapshot -> 'source' ->> 'kind') in ('permission', 'terminal')
    and coalesce((${decision}.snapshot -> 'source' ->> 'waitsUntil')::timestamptz > now(), true))`;
}

/** The session (by its alias, of a row of `sessions`) has such a prompt: it waits on a person. */
export function waitingOnPerson(session: string): string {
  return `exists (select 1 from decisions hp
     where hp.workspace_id = ${session}.workspace_id and hp.session_id = ${session}.id and ${hostPromptWaiting('hp')})`;
}
