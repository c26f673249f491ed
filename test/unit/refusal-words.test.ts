/**
 * How refusals read (issue 21, "Inputs and words"): fields named in words, not paths; an
 * option label there and its own once trimmed and case-folded; someone's sentence joined to
 * ours without a double full stop.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { splitOption } from '../../cli/commands/decide/decision-input';
import { labelIssues } from '../../domain/option-labels';
import { fieldWords, refusalOf, refusalWords } from '../../domain/refusal-words';
import { endSentence } from '../../domain/sentence';

describe('field words', () => {
  it("names a field by its place in words: the question, ask 2's prompt, ask 1's option 3's label, the request itself", () => {
    expect(fieldWords(['question'])).toBe('the question');
    expect(fieldWords(['asks', 1, 'prompt'])).toBe("ask 2's prompt");
    expect(fieldWords(['asks', 0, 'options', 2, 'label'])).toBe("ask 1's option 3's label");
    expect(fieldWords(['optionPages', 0])).toBe('option page 1');
    expect(fieldWords(['defaultOption'])).toBe('defaultOption');
    expect(fieldWords([])).toBe('the request');
  });

  it("every issue zod raises reads as a sentence that starts with the field, with the door's own names", () => {
    const schema = z.strictObject({
      question: z.string().trim().min(1).max(10),
      asks: z.array(z.strictObject({ prompt: z.string(), options: z.array(z.string()).min(2) })).min(1),
      mode: z.enum(['blocking', 'advisory']).optional(),
    });
    const refusal = (value: unknown, names?: (path: readonly PropertyKey[]) => readonly PropertyKey[]) => {
      const parsed = schema.safeParse(value, { error: refusalWords(names) });
      return parsed.success ? null : refusalOf(parsed.error);
    };
    expect(refusal({ question: 'x'.repeat(5000), asks: [{ prompt: 'P', options: ['a'] }], mode: 'soon', extra: 1 })).toBe(
      'The question is 5,000 characters; the limit is 10. Ask 1 has 1 option; at least 2 options are needed. ' +
        'The mode is "soon"; use "blocking" or "advisory". The request has no field "extra"; leave it out.',
    );
    expect(refusal({ question: '   ', asks: [] })).toBe('The question is empty. There are 0 asks; at least 1 ask is needed.');
    expect(refusal({ question: 7 })).toBe('The question must be text, not 7. The asks are missing.');
    // A door that shows the one ask as the decision itself names its options directly.
    const draft = (path: readonly PropertyKey[]) => (path[0] === 'asks' && path[1] === 0 ? path.slice(2) : path);
    expect(refusal({ question: 'Q', asks: [{ prompt: 'P', options: ['a'] }] }, draft)).toBe(
      'There is 1 option; at least 2 options are needed.',
    );
  });
});

describe('option labels', () => {
  it('an empty label once trimmed, and a label equal to an earlier one once trimmed and case-folded, are each named', () => {
    expect(labelIssues(['Ship', 'Hold'])).toEqual([]);
    expect(labelIssues(['Same', '  ', ' SAME ', 'Straße', 'STRASSE'])).toEqual([
      { problem: 'option_label_empty', option: 2 },
      { problem: 'option_label_duplicate', option: 3, first: 1, label: 'SAME' },
      { problem: 'option_label_duplicate', option: 5, first: 4, label: 'STRASSE' },
    ]);
  });

  it('"Label :: consequence" splits on the first free-standing "::"; a leading one leaves the label empty', () => {
    expect(splitOption('Ship :: users see it today')).toEqual({ label: 'Ship', consequence: 'users see it today' });
    expect(splitOption(':: only consequence')).toEqual({ label: '', consequence: 'only consequence' });
    expect(splitOption(' :: only consequence')).toEqual({ label: '', consequence: 'only consequence' });
    expect(splitOption('C++::std')).toEqual({ label: 'C++::std' });
    expect(splitOption('A :: b :: c')).toEqual({ label: 'A', consequence: 'b :: c' });
  });
});

describe('joining sentences', () => {
  it('adds a full stop only where the text does not already end a sentence', () => {
    expect(endSentence('Legal wants 90.')).toBe('Legal wants 90.');
    expect(endSentence('23%')).toBe('23%.');
    expect(endSentence('Really?')).toBe('Really?');
    expect(endSentence('1. Ship (reason: it works.)')).toBe('1. Ship (reason: it works.)');
  });
});
