/** A workspace's approval settings (issue 41 items 3, 4): one row per action kind or risk flag it set. */
import { fullSettings, type ApprovalSettings, type ApprovalSettingsBody } from '../domain/approval-settings-schema';
import type { Queryable } from './pool';

type Row = { subject_kind: 'action' | 'risk'; subject: string; minimum_approvers: number; separation_of_duties: boolean };

export async function approvalSettings(db: Queryable, workspaceId: string): Promise<ApprovalSettings> {
  const { rows } = await db.query<Row>(
    `select subject_kind, subject, minimum_approvers, separation_of_duties from approval_settings where workspace_id = $1`,
    [workspaceId],
  );
  const of = (kind: Row['subject_kind']) =>
    Object.fromEntries(
      rows
        .filter((row) => row.subject_kind === kind)
        .map((row) => [row.subject, { minimumApprovers: row.minimum_approvers, separationOfDuties: row.separation_of_duties }]),
    );
  return fullSettings({ actions: of('action'), risks: of('risk') });
}

/** Replaces the whole setting in one statement: what the body leaves out (or sets to the default) loses its row. */
export async function saveApprovalSettings(db: Queryable, workspaceId: string, body: ApprovalSettingsBody): Promise<void> {
  const rows = (kind: Row['subject_kind'], settings: ApprovalSettingsBody['actions'] | ApprovalSettingsBody['risks']) =>
    Object.entries(settings).flatMap(([subject, setting]) =>
      setting && (setting.minimumApprovers > 1 || setting.separationOfDuties)
        ? [{ kind, subject, minimum: setting.minimumApprovers, separation: setting.separationOfDuties }]
        : [],
    );
  const set = [...rows('action', body.actions), ...rows('risk', body.risks)];
  await db.query(
    `with gone as (
       delete from approval_settings a where a.workspace_id = $1
          and not exists (select 1 from json_to_recordset($2::json) as s(kind text, subject text)
                           where s.kind = a.subject_kind and s.subject = a.subject)
     )
     insert into approval_settings (workspace_id, subject_kind, subject, minimum_approvers, separation_of_duties)
     select $1, s.kind, s.subject, s.minimum, s.separation
       from json_to_recordset($2::json) as s(kind text, subject text, minimum int, separation boolean)
     on conflict (workspace_id, subject_kind, subject) do update set
       minimum_approvers = excluded.minimum_approvers, separation_of_duties = excluded.separation_of_duties, updated_at = now()`,
    [workspaceId, JSON.stringify(set)],
  );
}
