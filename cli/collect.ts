/** Commander's parser for a repeatable flag (`-o A -o B`, `--option-page 1=a.html …`): every value, in order. */
export const collect = (value: string, previous: string[]) => [...previous, value];
