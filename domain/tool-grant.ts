/**
 * Tool grants: what an agent may call. A grant's pattern is a glob over tool names, where
 * `*` stands for any run of characters ("mcp__analytics__*"); a deny beats any allow, and a
 * tool no grant matches is denied.
 */
import { z } from 'zod';
import { filledText } from './text-fields';
import { naming } from './refusal-words';

export const GrantEffect = ['allow', 'deny'] as const;
export type GrantEffect = (typeof GrantEffect)[number];

const PATTERN_CHARACTER = '[A-Za-z0-9_.:*-]';
const PATTERN_CHARACTERS = new RegExp(`^${PATTERN_CHARACTER}+$`);

/** Only these characters, so a pattern means the same to every matcher (no regex, no paths). */
export function isEvaluablePattern(pattern: string): boolean {
  return PATTERN_CHARACTERS.test(pattern);
}

/** Trimmed before it is checked, so the document's pattern allows white space around it. */
export const ToolPattern = filledText(200)
  .refine(isEvaluablePattern, {
    error: naming((field) => `${field} may use only letters, digits, _ . : - and * (any run of characters).`),
  })
  .meta({ pattern: `^\\s*${PATTERN_CHARACTER}+\\s*$` });

export const AddGrantBody = z.strictObject({
  toolPattern: ToolPattern,
  effect: z.enum(GrantEffect),
});
export type AddGrantBody = z.infer<typeof AddGrantBody>;

export const ToolGrant = z
  .object({
    id: z.string(),
    agentId: z.string(),
    toolPattern: z.string(),
    effect: z.enum(GrantEffect),
    createdBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ToolGrant' });
export type ToolGrant = z.infer<typeof ToolGrant>;

/** Glob match where `*` is any run of characters (also none); everything else is literal. */
export function matchesToolPattern(tool: string, pattern: string): boolean {
  if (!isEvaluablePattern(pattern)) return false;
  // Greedy match with backtracking to the last star: linear in practice, no regex built from input.
  let t = 0;
  let p = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (t < tool.length) {
    if (p < pattern.length && pattern[p] === '*') {
      starAt = p++;
      resumeAt = t;
    } else if (p < pattern.length && pattern[p] === tool[t]) {
      p++;
      t++;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

export function evaluateToolAccess(
  tool: string,
  grants: ReadonlyArray<{ toolPattern: string; effect: GrantEffect }>,
): 'allowed' | 'denied' {
  const matching = grants.filter((grant) => matchesToolPattern(tool, grant.toolPattern));
  if (matching.some((grant) => grant.effect === 'deny')) return 'denied';
  return matching.length > 0 ? 'allowed' : 'denied';
}
