/**
 * The second half of an ACP "always" test with a real agent: the same call (`touch a.txt`), in a
 * new session in another project — where the agent's own "always" does not reach — runs with no
 * card, answered at filing by the rule the first card's "always" left.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sessionDecisionRoutes } from '../../../../domain/routes/session-decisions';
import type { HostProject } from '../host-project';
import type { attachEditor } from './run-acp';

export async function sameCallElsewhereRunsOnRule(
  place: HostProject,
  editor: Awaited<ReturnType<typeof attachEditor>>,
  ruleId: string,
): Promise<void> {
  const elsewhere = join(place.root, 'other-project');
  mkdirSync(elsewhere);
  const second = await editor.newSession(elsewhere);
  expect(await editor.prompt(second, 'Make a.txt here too')).toMatchObject({ stopReason: 'end_turn' });
  expect(existsSync(join(elsewhere, 'a.txt'))).toBe(true);
  const { decisions } = await place.person.send(sessionDecisionRoutes.listSessionDecisions, { params: { id: second } });
  expect(decisions).toHaveLength(1);
  expect(decisions[0]!.decision.asks[0]!.answer).toMatchObject({ automatic: true, provenance: { actor: { kind: 'rule', id: ruleId } } });
}
