/**
 * Issue 39 item 4: a derived approval's title, its ask's prompt and its action are one sentence
 * (the approval's summary), and the pane said it three times. Two texts are the same sentence
 * when they differ only in case, spacing and the closing punctuation.
 */
const sentence = (text: string) =>
  text
    .trim()
    .replace(/[\s.?!…]+$/u, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

export function sameSentence(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && sentence(a) === sentence(b);
}
