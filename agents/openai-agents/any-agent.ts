/**
 * The SDK's own bounds for an agent, result and state of any context and output: what
 * `RunState.fromString` and `Runner.run` take (`Agent<any, any>`). Cast reads only the
 * interruptions, so it needs no more of the caller's types than these.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Agent, RunResult, RunState } from '@openai/agents';

export type AnyAgent = Agent<any, any>;
export type AnyRunResult<TAgent extends AnyAgent> = RunResult<any, TAgent>;
export type AnyRunState = RunState<any, any>;
