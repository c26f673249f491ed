/**
 * Which hook `cast install claude-code` writes for which Claude Code (issue 31 items 9 and 10):
 * the hook events and fields each version has. The pinned version's files are checked against the
 * docs with the real `claude` in test/hosts/claude-code-install.test.ts; these are the versions
 * the machine does not have.
 */
import { describe, expect, it } from 'vitest';
import { planHook, parseVersion, type Version } from '../../cli/hosts/claude-code/install-settings';

const plan = (version: string | null, headless = false) =>
  planHook({ version: version ? parseVersion(version) : null, headless, timeoutSeconds: 600, timeout: '10m' });
const commands = (hooks: ReturnType<typeof plan>['hooks']) =>
  Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, groups.map((group) => group.hooks[0]!.command)]));

describe('issue 31: cast install claude-code picks the hook event by version', () => {
  it('reads `claude --version`', () => {
    expect(parseVersion('2.1.332 (Claude Code)')).toEqual<Version>([2, 1, 332]);
    expect(parseVersion('claude: command not found')).toBeNull();
  });

  it('2.1.332: PermissionRequest (and AskUserQuestion) in the terminal, and the run after every call; PreToolUse with --park headless; onFailure block', () => {
    expect(plan('2.1.332').hooks.PermissionRequest![0]!.hooks[0]).toMatchObject({ onFailure: 'block', timeout: 660 });
    expect(commands(plan('2.1.332').hooks)).toEqual({
      PermissionRequest: ['cast hook claude-code --timeout 10m'],
      PreToolUse: ['cast hook claude-code --timeout 10m'],
      PostToolUse: ['cast hook claude-code'],
      PostToolUseFailure: ['cast hook claude-code'],
    });
    expect(commands(plan('2.1.332', true).hooks)).toEqual({ PreToolUse: ['cast hook claude-code --timeout 10m --park'] });
  });

  it('2.1.89 defers but is not known to have onFailure; 2.1.88 cannot defer, and headless says the run will wait', () => {
    expect(commands(plan('2.1.89', true).hooks)).toEqual({ PreToolUse: ['cast hook claude-code --timeout 10m --park'] });
    expect(plan('2.1.89', true).hooks.PreToolUse![0]!.hooks[0]).not.toHaveProperty('onFailure');
    const older = plan('2.1.88', true);
    expect(commands(older.hooks)).toEqual({ PreToolUse: ['cast hook claude-code --timeout 10m'] });
    expect(older.notes).toEqual([expect.stringContaining('cannot defer')]);
  });

  it('issue 31: the run after a call only where Claude Code shows its own prompt while the card waits (PermissionRequest in a terminal), in the background, and only where the version is known to have PostToolUseFailure and async', () => {
    const after = { type: 'command', command: 'cast hook claude-code', timeout: 10, async: true };
    expect(plan('2.1.332').hooks).toMatchObject({ PostToolUse: [{ hooks: [after] }], PostToolUseFailure: [{ hooks: [after] }] });
    // No matcher: PermissionRequest asks about any tool.
    expect(plan('2.1.332').hooks.PostToolUse![0]).not.toHaveProperty('matcher');
    const pick = (version: string, headless: boolean, event?: 'pre-tool-use' | 'permission-request') =>
      Object.keys(
        planHook({ version: parseVersion(version), headless, ...(event ? { event } : {}), timeoutSeconds: 600, timeout: '10m' }).hooks,
      );
    expect(pick('2.1.332', false, 'pre-tool-use')).toEqual(['PreToolUse']);
    expect(pick('2.1.332', true)).toEqual(['PreToolUse']);
    expect(pick('2.1.332', true, 'permission-request')).toEqual(['PermissionRequest']);
    expect(pick('2.1.331', false)).toEqual(['PermissionRequest', 'PreToolUse']);
  });

  it('before PermissionRequest, or with no claude found, the PreToolUse hook every version has', () => {
    for (const version of ['2.0.44', null]) {
      const { event, hooks } = plan(version);
      expect(event).toBe('PreToolUse');
      expect(hooks.PreToolUse![0]).toMatchObject({ matcher: 'Bash|Write|Edit|MultiEdit|NotebookEdit|WebFetch' });
      expect(hooks.PreToolUse![0]!.hooks[0]).not.toHaveProperty('onFailure');
    }
  });
});
