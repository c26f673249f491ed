/**
 * Joining someone's words into a sentence of ours: "…: Legal wants 90." must not become
 * "Legal wants 90.." when their text already ends a sentence.
 */

/** The text, ending with a full stop unless it already ends with one (or ? ! …, maybe inside quotes or brackets). */
export function endSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["'”’)\]]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
