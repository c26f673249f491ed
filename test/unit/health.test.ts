/** FR-51…FR-53: the health bands at each boundary the acceptance criteria list, and the overrides. */
import { describe, expect, it } from 'vitest';
import {
  HealthSettingsBody,
  fromHostPrompts,
  healthLine,
  isMajority,
  median,
  visibleHealth,
  type HealthSnapshot,
} from '../../domain/health';

const now = new Date('2026-11-29T12:00:00Z');
const defaults = { healthyCeiling: 5, quietDays: 14 };

/** A snapshot whose 7 complete days each opened `perDay` (today opened `today`). */
function snapshot(perDay: number, today = 0, older = 0, byAgent: HealthSnapshot['byAgent'] = []): HealthSnapshot {
  return { computedAt: now.toISOString(), opened: [today, ...Array(7).fill(perDay), ...Array(82).fill(older)], byAgent };
}

const editor = { agentId: 'agent-editor', name: 'Editor', opened: 60 };
const ops = { agentId: 'agent-ops', name: 'Ops', opened: 17 };

describe('the bands (FR-52) at each boundary', () => {
  it('0 opened in the trailing 14 days is quiet', () => {
    expect(healthLine(snapshot(0), 0, defaults)).toMatchObject({ band: 'quiet', n: 14 });
  });
  it('something opened 13 days ago is not quiet; 15 days ago is', () => {
    const opened13 = { computedAt: now.toISOString(), opened: [...Array(13).fill(0), 1, ...Array(76).fill(0)], byAgent: [] };
    const opened15 = { computedAt: now.toISOString(), opened: [...Array(15).fill(0), 1, ...Array(74).fill(0)], byAgent: [] };
    expect(healthLine(opened13, 0, defaults).band).toBe('healthy');
    expect(healthLine(opened15, 0, defaults).band).toBe('quiet');
  });
  it('1 a day is healthy, about 1', () => expect(healthLine(snapshot(1), 3, defaults)).toMatchObject({ band: 'healthy', n: 1 }));
  it('5 a day is healthy, about 5', () => expect(healthLine(snapshot(5), 3, defaults)).toMatchObject({ band: 'healthy', n: 5 }));
  it('6 a day is heavy, naming the agent behind most of them', () => {
    expect(
      healthLine(
        snapshot(6, 0, 0, [
          { ...ops, opened: 12 },
          { ...editor, opened: 30 },
        ]),
        3,
        defaults,
      ),
    ).toEqual({
      band: 'heavy',
      n: 6,
      median: 6,
      open: 3,
      lastDay: 0,
      burst: false,
      culprit: { agentId: 'agent-editor', name: 'Editor', opened: 30, of: 42, hostPrompts: 0 },
    });
  });
  it('15 a day is heavy', () => expect(healthLine(snapshot(15), 3, defaults)).toMatchObject({ band: 'heavy', n: 15 }));
  it('16 a day is flooded, and n is the number open', () =>
    expect(healthLine(snapshot(16, 0, 0, [editor]), 20, defaults)).toMatchObject({ band: 'flooded', n: 20, culprit: { name: 'Editor' } }));
  it('25 open is not flooded by itself; 26 open is, whatever the median', () => {
    expect(healthLine(snapshot(2), 25, defaults).band).toBe('healthy');
    expect(healthLine(snapshot(2), 26, defaults)).toMatchObject({ band: 'flooded', n: 26 });
    expect(healthLine(snapshot(0), 26, defaults).band).toBe('flooded');
  });
  it('the median is over the 7 complete days, not today', () => {
    expect(healthLine(snapshot(2, 40), 3, defaults)).toMatchObject({ band: 'healthy', median: 2 });
    const spiky = { computedAt: now.toISOString(), opened: [0, 11, 11, 11, 11, 0, 0, 0, ...Array(83).fill(0)], byAgent: [] };
    expect(healthLine(spiky, 3, defaults)).toMatchObject({ band: 'heavy', median: 11, n: 11 });
  });
  it('a median of 0 with something inside the quiet window reads about 1 a day', () => {
    const sparse = { computedAt: now.toISOString(), opened: [0, 1, 0, 0, 0, 0, 0, 0, ...Array(83).fill(0)], byAgent: [] };
    expect(healthLine(sparse, 1, defaults)).toMatchObject({ band: 'healthy', n: 1, median: 0 });
  });
  it('the median of an even count is the mean of the middle two', () => expect(median([1, 2, 3, 4])).toBe(2.5));
});

describe('what opened since the roll-up (FR-51, FR-54): the band never contradicts the queue under it', () => {
  const researcher = { agentId: 'agent-researcher', name: 'Researcher', opened: 37 };
  // A roll-up that saw none of them; the live read saw them all, inside the last 24 hours too.
  const sinceRollup = { ...snapshot(0), since: { opened: 37, byAgent: [researcher] }, lastDay: { opened: 37, byAgent: [researcher] } };
  it('37 opened after a roll-up that saw none is not quiet', () => {
    expect(healthLine({ ...snapshot(0), since: { opened: 37, byAgent: [researcher] } }, 25, defaults)).toMatchObject({
      band: 'healthy',
      open: 25,
    });
    expect(healthLine(sinceRollup, 25, defaults).band).not.toBe('quiet');
  });
  it('at 26 open the flooded line names the agent behind them, though the roll-up never saw them', () => {
    expect(healthLine(sinceRollup, 26, defaults)).toEqual({
      band: 'flooded',
      n: 26,
      median: 0,
      open: 26,
      lastDay: 37,
      burst: true,
      culprit: { agentId: 'agent-researcher', name: 'Researcher', opened: 37, of: 37, hostPrompts: 0 },
    });
  });
  it("an agent's count is its roll-up's and its live count added up", () => {
    const both = { ...snapshot(16, 0, 0, [editor, { ...researcher, opened: 30 }]), since: { opened: 40, byAgent: [researcher] } };
    expect(healthLine(both, 3, defaults).culprit).toMatchObject({ agentId: 'agent-researcher', name: 'Researcher', opened: 67 });
  });
});

describe('a burst today shows (issue #30): the last 24 hours band heavier than the median', () => {
  // About 1 a day for the last 7 complete days: the median cannot see today.
  const ops = { agentId: 'agent-ops', name: 'Ops bot', opened: 11 };
  const researcher = { agentId: 'agent-researcher', name: 'Researcher', opened: 8 };
  const editorToday = { agentId: 'agent-editor', name: 'Editor', opened: 7 };
  const history = {
    ...snapshot(1, 0, 1, [
      { ...ops, opened: 3 },
      { ...researcher, opened: 4 },
    ]),
  };
  const burst = {
    ...history,
    since: { opened: 26, byAgent: [ops, researcher, editorToday] },
    lastDay: { opened: 26, byAgent: [ops, researcher, editorToday] },
  };

  it('26 filed in five minutes, 25 still open, is Flooded, not "Healthy — about 1 decision a day"', () => {
    expect(healthLine(burst, 25, defaults)).toEqual({
      band: 'flooded',
      n: 25,
      median: 1,
      open: 25,
      lastDay: 26,
      burst: true,
      culprit: { agentId: 'agent-ops', name: 'Ops bot', opened: 11, of: 26, hostPrompts: 0 },
    });
  });
  it('the burst is read the same whether the roll-up was taken before it or after it', () => {
    const rolledUpAfter = { ...history, opened: [26, ...history.opened.slice(1)], lastDay: burst.lastDay };
    expect(healthLine(rolledUpAfter, 25, defaults)).toMatchObject({ band: 'flooded', burst: true, culprit: { opened: 11, of: 26 } });
  });
  it('8 in the last 24 hours over a median of 1 is Heavy, with 8 as its n', () => {
    const eight = { ...history, lastDay: { opened: 8, byAgent: [{ ...ops, opened: 8 }] } };
    expect(healthLine(eight, 8, defaults)).toMatchObject({
      band: 'heavy',
      n: 8,
      burst: true,
      culprit: { name: 'Ops bot', opened: 8, of: 8 },
    });
  });
  it("a day that stays inside the median's band is no burst: the line is the median's", () => {
    const five = { ...history, lastDay: { opened: 5, byAgent: [{ ...ops, opened: 5 }] } };
    expect(healthLine(five, 5, defaults)).toMatchObject({ band: 'healthy', n: 1, burst: false, culprit: null });
    // Already heavy by the median, a heavy day is no burst either.
    const heavy = { ...snapshot(11, 0, 0, [{ ...ops, opened: 77 }]), lastDay: { opened: 12, byAgent: [{ ...ops, opened: 12 }] } };
    expect(healthLine(heavy, 5, defaults)).toMatchObject({ band: 'heavy', n: 11, burst: false, culprit: { opened: 77, of: 77 } });
  });
  it('the ceiling moves the burst with it (FR-53)', () => {
    const eight = { ...history, lastDay: { opened: 8, byAgent: [{ ...ops, opened: 8 }] } };
    expect(healthLine(eight, 8, { ...defaults, healthyCeiling: 10 })).toMatchObject({ band: 'healthy', burst: false });
  });
});

describe('the culprit: "Most of them" only for a majority (issue #30)', () => {
  it('11 of 26 is a plurality, not most of them; 14 of 26 is', () => {
    expect(isMajority({ opened: 11, of: 26 })).toBe(false);
    expect(isMajority({ opened: 13, of: 26 })).toBe(false);
    expect(isMajority({ opened: 14, of: 26 })).toBe(true);
  });
  it("the window's total counts every decision opened in it, an agent's or not", () => {
    // 7 complete days of 6, and 4 today: 46 opened in the median's days and today.
    const line = healthLine(
      snapshot(6, 4, 0, [
        { ...editor, opened: 20 },
        { ...ops, opened: 18 },
      ]),
      3,
      defaults,
    );
    expect(line.culprit).toEqual({ agentId: 'agent-editor', name: 'Editor', opened: 20, of: 46, hostPrompts: 0 });
    expect(isMajority(line.culprit!)).toBe(false);
  });
});

describe("FR-54, issue 39 item 3: the culprit counts its host's permission prompts apart", () => {
  // Claude Code's host asked "Allow Bash?" 20 times and its agent filed 4; Editor filed 18.
  const claude = { agentId: 'agent-claude', name: 'Claude Code', opened: 24, hostPrompts: 20 };
  const filing = { ...editor, opened: 18, hostPrompts: 0 };

  it("most of the culprit's openings are host permission prompts: the line carries them, and the advice is the host's", () => {
    const line = healthLine(snapshot(6, 0, 0, [claude, filing]), 3, defaults);
    // The band still counts everything that arrived: 6 a day is Heavy, whoever asked.
    expect(line).toMatchObject({ band: 'heavy', n: 6 });
    expect(line.culprit).toEqual({ agentId: 'agent-claude', name: 'Claude Code', opened: 24, of: 42, hostPrompts: 20 });
    expect(fromHostPrompts(line.culprit!)).toBe(true);
  });

  it("filed decisions dominate: today's culprit and advice", () => {
    const filed = { agentId: 'agent-claude', name: 'Claude Code', opened: 24, hostPrompts: 2 };
    const line = healthLine(snapshot(6, 0, 0, [filed, filing]), 3, defaults);
    expect(line.culprit).toEqual({ agentId: 'agent-claude', name: 'Claude Code', opened: 24, of: 42, hostPrompts: 2 });
    expect(fromHostPrompts(line.culprit!)).toBe(false);
  });

  it('mixed: half is not most; the roll-up and the live read add up, and the burst counts its own 24 hours', () => {
    expect(fromHostPrompts({ opened: 24, hostPrompts: 12 })).toBe(false);
    expect(fromHostPrompts({ opened: 24, hostPrompts: 13 })).toBe(true);
    // The roll-up saw 12 of 24 (half: the instructions' advice); 6 more prompts since tip it over.
    const half = { ...claude, hostPrompts: 12 };
    const since = { opened: 6, byAgent: [{ agentId: 'agent-claude', name: 'Claude Code', opened: 6, hostPrompts: 6 }] };
    const rolledUp = healthLine(snapshot(6, 0, 0, [half, filing]), 3, defaults);
    expect(fromHostPrompts(rolledUp.culprit!)).toBe(false);
    const withSince = healthLine({ ...snapshot(6, 0, 0, [half, filing]), since }, 3, defaults);
    expect(withSince.culprit).toEqual({ agentId: 'agent-claude', name: 'Claude Code', opened: 30, of: 48, hostPrompts: 18 });
    expect(fromHostPrompts(withSince.culprit!)).toBe(true);
    // A burst's culprit is the last 24 hours': there, Editor's filed decisions are the most.
    const lastDay = {
      opened: 26,
      byAgent: [
        { agentId: 'agent-claude', name: 'Claude Code', opened: 9, hostPrompts: 9 },
        { ...editor, opened: 17, hostPrompts: 0 },
      ],
    };
    const burst = healthLine({ ...snapshot(1, 0, 0, [half]), lastDay }, 26, defaults);
    expect(burst).toMatchObject({ band: 'flooded', burst: true, culprit: { name: 'Editor', opened: 17, of: 26, hostPrompts: 0 } });
  });

  it('an agent counted without host prompts has none', () => {
    expect(healthLine(snapshot(6, 0, 0, [editor]), 3, defaults).culprit).toMatchObject({ hostPrompts: 0 });
  });
});

describe('overrides (FR-53)', () => {
  it('a healthy ceiling of 10 keeps 8 a day healthy and makes 11 heavy', () => {
    expect(healthLine(snapshot(8), 3, { ...defaults, healthyCeiling: 10 }).band).toBe('healthy');
    expect(healthLine(snapshot(11), 3, { ...defaults, healthyCeiling: 10 }).band).toBe('heavy');
  });
  it('a ceiling above 15 moves the flooded threshold with it', () => {
    expect(healthLine(snapshot(18), 3, { ...defaults, healthyCeiling: 20 }).band).toBe('healthy');
    expect(healthLine(snapshot(21), 3, { ...defaults, healthyCeiling: 20 }).band).toBe('flooded');
  });
  it('a quiet window of 3 days is quiet after 3 empty days', () => {
    const threeQuiet = { computedAt: now.toISOString(), opened: [0, 0, 0, 5, ...Array(87).fill(0)], byAgent: [] };
    expect(healthLine(threeQuiet, 0, { ...defaults, quietDays: 3 })).toMatchObject({ band: 'quiet', n: 3 });
    expect(healthLine(threeQuiet, 0, defaults).band).toBe('healthy');
  });
  it('accepts 1–100 and 3–90 and refuses anything outside', () => {
    for (const ok of [{ healthyCeiling: 1 }, { healthyCeiling: 100 }, { quietDays: 3 }, { quietDays: 90 }]) {
      expect(HealthSettingsBody.safeParse(ok).success).toBe(true);
    }
    for (const bad of [
      { healthyCeiling: 0 },
      { healthyCeiling: 101 },
      { quietDays: 2 },
      { quietDays: 91 },
      { healthyCeiling: 2.5 },
      {},
      { colour: 'red' },
    ]) {
      expect(HealthSettingsBody.safeParse(bad).success).toBe(false);
    }
  });
});

describe('visibility (FR-55)', () => {
  const settings = { ...defaults, hiddenUntil: null };
  it('no snapshot, or one older than 36 hours, hides the line', () => {
    expect(visibleHealth(null, 3, settings, now)).toBeNull();
    const stale = { ...snapshot(2), computedAt: new Date(now.getTime() - 37 * 3600 * 1000).toISOString() };
    expect(visibleHealth(stale, 3, settings, now)).toBeNull();
    expect(visibleHealth(snapshot(2), 3, settings, now)?.band).toBe('healthy');
  });
  it('"Hide for 30 days" hides it until then', () => {
    expect(visibleHealth(snapshot(2), 3, { ...settings, hiddenUntil: '2026-12-29T12:00:00Z' }, now)).toBeNull();
    expect(visibleHealth(snapshot(2), 3, { ...settings, hiddenUntil: '2026-11-28T12:00:00Z' }, now)?.band).toBe('healthy');
  });
});
