/**
 * Reading a `/metrics` answer in a test: Prometheus's own parser judges it (`promtool check
 * metrics`, from Debian's `prometheus` package), and a small line reader finds the samples a
 * test asserts on, by name and labels.
 */
import { spawnSync } from 'node:child_process';
import { debianBinary } from './debian-package';

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** promtool's verdict: its exit status and what it printed (lint advice goes to stdout or stderr). */
export async function promtoolCheck(text: string): Promise<{ status: number | null; output: string }> {
  const promtool = await debianBinary('promtool', 'prometheus');
  const checked = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: checked.status, output: `${checked.stdout}${checked.stderr}` };
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((label) => [label[1]!, label[2]!]));
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

/** The samples named `name` whose labels include `labels`. */
export function find(text: string, name: string, labels: Record<string, string> = {}): Sample[] {
  return samples(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
}

/** The one sample named `name` with `labels`, or undefined when there is none. */
export function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = find(text, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** The answer of a `/metrics` endpoint, as text. */
export async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
