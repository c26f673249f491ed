/**
 * "The same question" (cast-decide): equal after trimming, collapsing whitespace and case,
 * and dropping a trailing question mark.
 */
export function normalizeQuestion(question: string): string {
  return question
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/\s*\?+$/, '');
}
