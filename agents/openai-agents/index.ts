/** `@cast/agents/openai-agents`: the OpenAI Agents SDK's interruptions, asked in Cast, resumable across processes. */
export { runWithCast, DEFAULT_RUNS_DIR, type CastRunOptions } from './run-with-cast';
export { resumeWhenAnswered, type ResumeOptions } from './resume-when-answered';
export { directoryRunStore, type RunStore, type StoredRun, type StoredCard } from './run-store';
export type { CastRunOutcome } from './settle-run';
export type { CastAnswer } from '../core/cast-answer';
export type { CastOptions } from '../core/cast-connection';
