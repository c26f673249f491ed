// Types for what test/unit/cli-lazy-imports.test.ts imports from the plain-JS build script.
import type { BuildOptions } from 'esbuild';

export function actionEntries(root?: string): Record<string, string>;
export function entryOptions(): BuildOptions;
export function actionsOptions(root?: string): BuildOptions;
export function buildCli(): Promise<void>;
