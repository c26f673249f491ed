/** `@cast/agents/ai-sdk`: the Vercel AI SDK's tool approval, asked in Cast. */
export { castToolApproval, type ApprovalCall, type CastToolApprovalOptions } from './tool-approval';
export { castApprovalResponses } from './approval-responses';
export type { CastAnswer } from '../core/cast-answer';
export type { CastOptions } from '../core/cast-connection';
