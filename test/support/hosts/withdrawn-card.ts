/**
 * A card its host took back (Esc in the terminal, "Yes" there, a stopped hook), as the person
 * sees it: out of Open, listed in Answered as withdrawn, and an approve given late reaches no
 * one (409 nobody_waiting) and records nothing.
 */
import { expect } from 'vitest';
import { decisionRoutes } from '../../../domain/routes/decisions';
import type { world } from '../agent-world';
import { expectProblem } from '../problem';

type Person = ReturnType<typeof world>;

/** The person's queue tab, as id and status. */
export async function queueTab(person: Person, tab: 'open' | 'answered'): Promise<{ id: string; status: string }[]> {
  return (await person.send(decisionRoutes.listQueue, { query: { tab } })).decisions.map(({ id, status }) => ({ id, status }));
}

/**
 * How long to look for the withdrawal: far past what a loaded machine takes, far short of the
 * card's own deadline (the hook's 10-minute --timeout and its lease), which would withdraw it too
 * had the hook not.
 */
const LOOK_FOR_MS = 60_000;

/**
 * Waits for the card to be withdrawn (a wait that times out says what the terminal showed), then
 * checks the rest.
 */
export async function expectWithdrawnForGood(person: Person, id: string, opts: { screen: () => string }): Promise<void> {
  await expect
    .poll(async () => (await person.decision(id)).status, {
      timeout: LOOK_FOR_MS,
      message: `the card was not withdrawn; the terminal showed:\n${opts.screen().slice(-2000)}`,
    })
    .toBe('withdrawn');
  expect(await queueTab(person, 'open')).not.toContainEqual(expect.objectContaining({ id }));
  expect(await queueTab(person, 'answered')).toContainEqual({ id, status: 'withdrawn' });
  await expectProblem(person.answer(id, 1, { kind: 'approval', decision: 'approve' }), 409, 'nobody_waiting');
  expect((await person.decision(id)).asks[0]?.answer).toBeNull();
}
