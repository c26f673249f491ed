/**
 * Filing with a thousand rules (issue 42, Figures: P95 ≤ 1.1× filing with none). Two workspaces
 * of the same API: one with no rules, one with 1,000 that are on and match nothing the bench
 * files — Bash prefixes, other agents' choices, and recurring clusters Cedar must read for every
 * choice ask — so every filing asks them all, and each answers nothing. Filings alternate between
 * the two at one pace, so the ratio compares them at the same moments.
 */
import type { Pool } from 'pg';
import { compileRule } from '../../domain/rules/compile-rule';
import type { RuleConditions } from '../../domain/rules/rule-conditions';
import type { RuleEffect } from '../../domain/rules/rule-effect';
import { createRule } from '../../db/rules';
import { decisionBody } from '../support/fixtures';
import type { HttpClient } from './http-client';
import { summarize, timeEach, timeInterleaved, type Summary } from './stats';

export type RulesFiling = { none: Summary; thousand: Summary; rules: number };

function ruleNumber(index: number): { conditions: RuleConditions; effect: RuleEffect } {
  switch (index % 4) {
    case 0:
    case 1:
      return { conditions: { tool: { name: 'Bash', commandPrefix: `make target-${index}` } }, effect: { kind: 'approve' } };
    case 2:
      return { conditions: { askKind: 'decision', agent: `ag_elsewhere${index}` }, effect: { kind: 'choose', option: 1 } };
    default:
      return { conditions: { askKind: 'decision', cluster: `ag_bench|decide|question number ${index}` }, effect: { kind: 'choose', option: 2 } };
  }
}

/** Saves `count` rules, each on, by the workspace's member (an owner), as the API would store them. */
export async function seedRules(pool: Pool, member: { workspaceId: string; memberId: string }, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const { conditions, effect } = ruleNumber(index);
    await createRule(
      pool,
      member.workspaceId,
      { memberId: member.memberId, role: 'owner' },
      { name: `bench rule ${index}`, reason: 'Seeded for the bench.', endsAt: null, mode: 'on', conditions, effect, cedar: compileRule(conditions, effect), handWritten: false },
      { kind: 'member', id: member.memberId },
    );
  }
}

export async function rulesFiling(
  { none, thousand }: { none: HttpClient; thousand: HttpClient },
  count: number,
  paceMs: number,
  rules: number,
): Promise<RulesFiling> {
  const file = (http: HttpClient, question: string) => http.json('POST', '/api/v1/decisions', decisionBody(question));
  // Warm both: the first filing with rules also parses them (the engine keeps them until they change).
  await timeEach(20, (index) => file(none, `Warm-up ${index}?`));
  await timeEach(20, (index) => file(thousand, `Warm-up ${index}?`));
  const [withNone, withThousand] = await timeInterleaved(count, paceMs, [
    (index) => file(none, `No rules ${index}?`),
    (index) => file(thousand, `A thousand rules ${index}?`),
  ]);
  return { none: summarize(withNone), thousand: summarize(withThousand), rules };
}

export function rulesFilingRows(figures: RulesFiling, times: (summary: Summary) => string, met: (ok: boolean) => string): string[] {
  const ratio = figures.thousand.p95 / figures.none.p95;
  return [
    `| filing, a workspace with no rules, in turn with the row below | ${times(figures.none)} | | |`,
    `| filing, a workspace with ${figures.rules} rules on (each asked, none matching) | ${times(figures.thousand)} | | |`,
    `| rules filing ratio (P95 with ${figures.rules} rules / P95 with none) | | ${ratio.toFixed(2)}× | | ≤ 1.1× | ${met(ratio <= 1.1)} |`,
  ];
}
