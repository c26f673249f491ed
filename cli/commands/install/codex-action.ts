/** What `cast install codex` does: hosts/codex/install.ts. */
export { installCodex as run } from '../../hosts/codex/install';
