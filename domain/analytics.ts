/** `GET /api/v1/analytics`: a workspace's product analytics over a trailing window (db/analytics.ts computes it). */
export type Analytics = {
  days: number;
  decisionsPerDay: Array<{ day: string; opened: number }>;
  timeToDecideMs: { p50: number | null; p90: number | null; decided: number };
  asksPerDecision: number | null;
  restartOutcomes: Record<string, number>;
  undo: { answers: number; undone: number; rate: number | null };
  bandTransitions: Array<{ from: string | null; to: string; at: string }>;
};
