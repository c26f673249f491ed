/** What `cast install claude-code` does: hosts/claude-code/install.ts. */
export { installClaudeCode as run, type InstallClaudeCodeOptions } from '../../hosts/claude-code/install';
