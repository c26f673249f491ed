/**
 * The decide snippet (cast-decide): what an agent needs to know to ask through the queue.
 * One marked block, so installing again replaces it.
 */
export const SNIPPET_START = '<!-- cast:decide:start -->';
export const SNIPPET_END = '<!-- cast:decide:end -->';

export const DECIDE_SNIPPET = `${SNIPPET_START}
## Asking the person: \`cast decide\`

When you reach a real fork (which approach, which schema wins, may I drop this table,
should I spend this), ask with \`cast decide\` instead of choosing alone. A queued question
costs the person almost nothing: it waits in a queue they clear in one sitting. So a choice
you would have made silently and mentioned in passing goes to the queue instead.

\`\`\`sh
cast decide "Which schema wins?" \\
  -o "Frontmatter wins :: renames keep the id, the daemon changes" \\
  -o "Path wins :: the web index changes, old links break" \\
  --context - <<'EOF'
What happened, what each option changes, and what you recommend.
EOF
\`\`\`

- Give 2–9 options, each as "Label :: what choosing it changes", and the context the person
  needs to answer without opening this session (\`--context\`, or \`--report FILE\` / \`--doc FILE\`).
- Blocking is the default: after the command, end your turn. The answer arrives as a
  message, \`Decision: <label>\`.
- \`--advisory --default N\` keeps you working on option N, and only for a default that is
  cheap to undo: answers land about an hour later and often disagree, and everything built
  on the default in that hour is work to remove. If reversing would cost more than waiting, block.
- After the command, write nothing about the decision in prose: the card already holds it.
- Keep your asks correct: \`cast decide ls\` lists this session's decisions; \`cast decide edit\`
  rewrites the open one in place and \`cast decide cancel\` withdraws it. Cancel or edit any
  ask the CLI calls stale.
${SNIPPET_END}`;

/** The file with the snippet in it: the marked block replaced, or appended once. */
export function withSnippet(text: string): string {
  const start = text.indexOf(SNIPPET_START);
  const end = text.indexOf(SNIPPET_END);
  if (start !== -1 && end > start) return `${text.slice(0, start)}${DECIDE_SNIPPET}${text.slice(end + SNIPPET_END.length)}`;
  if (!text.trim()) return `${DECIDE_SNIPPET}\n`;
  return `${text.replace(/\s*$/, '')}\n\n${DECIDE_SNIPPET}\n`;
}
