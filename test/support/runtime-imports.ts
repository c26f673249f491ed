/**
 * What a module loads when it runs: its imports and re-exports, followed through relative
 * paths. Read the way tsconfig's `verbatimModuleSyntax` compiles them: only `import type` and
 * `export type` vanish; `import { type A } from './x'` still loads `./x`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    const erased =
      (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(statement) && statement.isTypeOnly);
    const from = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (from && ts.isStringLiteral(from) && !erased) specifiers.push(from.text);
  }
  return specifiers;
}

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidate = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (file) => existsSync(file) && /\.tsx?$/.test(file),
  );
  if (!candidate) throw new Error(`${from}: cannot resolve '${specifier}'`);
  return candidate;
}

/** `zod/v4` is the package `zod`; `@temporalio/workflow/lib/x` is `@temporalio/workflow`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Every package `entry` loads at runtime, each with the chain of files that first reaches it. */
export function runtimePackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, path.relative(process.cwd(), file)];
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier), here);
      else if (!packages.has(packageOf(specifier))) packages.set(packageOf(specifier), here);
    }
  };
  visit(path.resolve(entry), []);
  return packages;
}
