/**
 * A decision's documents (cast-decide): an HTML report, a plain-text body (--doc), and an
 * HTML page per option. They are stored apart from the decision, by content hash, and the
 * decision names them by hash, so the workflow's state stays small and a failed filing
 * leaves nothing half-written. HTML is only ever served sandboxed.
 * Zod-free, like everything the workflow bundle imports (the SDK evaluates that bundle
 * afresh for every workflow); the wire shapes are in `documents-schema.ts`.
 */
import type { DocumentRefs } from './documents-schema';

export type { DocumentRefs };

export const HTML_MAX = 200_000;
export const DOC_MAX = 100_000;

/** An edit's change to them: a hash to set, or null to remove. */
export type DocumentPatch = { report?: string | null; doc?: string | null; options?: Record<string, string> };

export function optionKey(ask: number, option: number): string {
  return `${ask}.${option}`;
}

export function applyDocumentPatch(refs: DocumentRefs, patch: DocumentPatch | undefined): DocumentRefs {
  if (!patch) return refs;
  const next: DocumentRefs = { ...refs };
  for (const name of ['report', 'doc'] as const) {
    const value = patch[name];
    if (value === null) delete next[name];
    else if (value !== undefined) next[name] = value;
  }
  if (patch.options) next.options = { ...refs.options, ...patch.options };
  return next;
}

export function refFor(refs: DocumentRefs, name: string): string | null {
  if (name === 'report' || name === 'doc') return refs[name] ?? null;
  const [, ask, option] = name.split('-');
  return refs.options?.[optionKey(Number(ask), Number(option))] ?? null;
}
