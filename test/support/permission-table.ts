/** docs/api.md's "Who may do what" table, rendered from the registry (test/unit/permissions.test.ts holds the doc to it). */
import { holds, PERMISSION_WORDS, PERMISSIONS, ROLES } from '../../domain/permissions';

/** The table docs/api.md must hold, from the registry. */
export function permissionTable(): string {
  const holders = [...ROLES, 'agent'] as const;
  return [
    `| permission | what it allows | ${holders.join(' | ')} |`,
    `|---|---|${holders.map(() => ':-:').join('|')}|`,
    ...PERMISSIONS.map(
      (permission) =>
        `| \`${permission}\` | ${PERMISSION_WORDS[permission]} | ${holders.map((holder) => (holds(holder, permission) ? '✓' : '')).join(' | ')} |`,
    ),
  ].join('\n');
}
