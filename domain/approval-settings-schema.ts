/**
 * The workspace's approval settings on the wire (`/settings/approvals`, issue 41 items 3, 4): per
 * approval action kind and per risk flag, the least number of different approvers and whether
 * the asker is barred from approving. The filing service turns them into the decision's
 * `ApprovalPolicy`; an ask follows the strictest of its action's and its risks' settings.
 */
import { z } from 'zod';
import { RISK_WORDS, RiskFlag } from './approval';
import type { ApprovalPolicy, ApprovalRequirement } from './approval-quorum';
import { MAX_APPROVERS } from './approval-quorum';
import { ApprovalActionKind } from './asks/approval-ask';

export const ApprovalRequirementSetting = z
  .strictObject({
    minimumApprovers: z
      .int()
      .min(1)
      .max(MAX_APPROVERS)
      .describe('The least number of different people who must approve; a filing agent may ask for more, never fewer.'),
    separationOfDuties: z
      .boolean()
      .describe('The member whose own agent asked (who owns its session, or filed through their own token) may not approve it.'),
  })
  .meta({ id: 'ApprovalRequirementSetting' });
export type ApprovalRequirementSetting = z.infer<typeof ApprovalRequirementSetting>;

type ActionKind = (typeof ApprovalActionKind)[number];

export const APPROVAL_SETTING_DEFAULT: ApprovalRequirementSetting = { minimumApprovers: 1, separationOfDuties: false };

function keyed<K extends string, T extends z.ZodType>(keys: readonly K[], value: T) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, T>);
}

export const ApprovalSettings = z
  .object({
    actions: keyed(ApprovalActionKind, ApprovalRequirementSetting).describe('Every approval action kind, each unset one at its default.'),
    risks: keyed(RiskFlag, ApprovalRequirementSetting).describe('Every risk flag, each unset one at its default.'),
  })
  .meta({ id: 'ApprovalSettings', description: 'How many people approve each kind of action or risk, and whether the asker may.' });
export type ApprovalSettings = z.infer<typeof ApprovalSettings>;

/** The whole setting: a kind or flag left out goes back to its default (1 approver, no separation). */
export const ApprovalSettingsBody = z
  .strictObject({
    actions: keyed(ApprovalActionKind, ApprovalRequirementSetting.optional()).default({}),
    risks: keyed(RiskFlag, ApprovalRequirementSetting.optional()).default({}),
  })
  .meta({ id: 'ApprovalSettingsBody' });
export type ApprovalSettingsBody = z.infer<typeof ApprovalSettingsBody>;

type Stored = { actions: Partial<Record<string, ApprovalRequirementSetting>>; risks: Partial<Record<string, ApprovalRequirementSetting>> };

/** Every kind and flag filled in, from what is stored. */
export function fullSettings(stored: Stored): ApprovalSettings {
  const fill = <K extends string>(keys: readonly K[], from: Stored['actions']) =>
    Object.fromEntries(keys.map((key) => [key, from[key] ?? APPROVAL_SETTING_DEFAULT])) as Record<K, ApprovalRequirementSetting>;
  return { actions: fill(ApprovalActionKind, stored.actions), risks: fill(RiskFlag, stored.risks) };
}

const requirement = (setting: ApprovalRequirementSetting): ApprovalRequirement | null =>
  setting.minimumApprovers > 1 || setting.separationOfDuties
    ? { minimum: setting.minimumApprovers, separation: setting.separationOfDuties }
    : null;

/**
 * The policy a decision filed now by `asker` follows: only the kinds and flags set beyond the
 * default. A risk is matched on the ask by its flag or by the words an approval record shows for it.
 */
export function policyOf(settings: ApprovalSettings, asker: string): ApprovalPolicy {
  const actions: ApprovalPolicy['actions'] = {};
  for (const kind of ApprovalActionKind) {
    const set = requirement(settings.actions[kind]);
    if (set) actions[kind as ActionKind] = set;
  }
  const risks: ApprovalPolicy['risks'] = {};
  for (const flag of RiskFlag) {
    const set = requirement(settings.risks[flag]);
    if (set) risks[flag] = risks[RISK_WORDS[flag]] = set;
  }
  return { actions, risks, asker };
}
