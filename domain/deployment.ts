/**
 * One Cast installation: its database, made unique at the first migrate. Its id is part of
 * every workflow id it creates, so two deployments sharing a Temporal namespace (or one whose
 * database was recreated while Temporal kept its histories) never reach each other's workflows.
 * Decisions and stacks numbered below `decisionsFrom` / `stacksFrom` were filed before ids
 * carried it, and keep the ids their workflows already run under.
 */
export type Deployment = { id: string; decisionsFrom: number; stacksFrom: number };

/** `sd-12` → 12, `ds-3` → 3. */
function numberOf(id: string): number {
  return Number(id.slice(id.indexOf('-') + 1));
}

/** `<kind>/<deployment>/<id>` for this deployment's own; `<kind>/<id>` for those filed before it had one. */
export function scopedWorkflowId(kind: 'decision' | 'stack', id: string, deployment: Deployment | undefined): string {
  const from = kind === 'decision' ? deployment?.decisionsFrom : deployment?.stacksFrom;
  return deployment && from !== undefined && numberOf(id) >= from ? `${kind}/${deployment.id}/${id}` : `${kind}/${id}`;
}
