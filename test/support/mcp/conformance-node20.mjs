// The conformance CLI (0.1.16) imports `globSync` from `fs`, which Node has from 22 on; Cast runs
// on 20. It uses it only for its SDK tier report, never for the server scenarios Cast runs, so
// on Node 20 this loader hook gives that one import a stand-in that says so when called.
// Use: node --import ./test/support/mcp/conformance-node20.mjs node_modules/@modelcontextprotocol/conformance/dist/index.js …
import * as fs from 'node:fs';
import { register } from 'node:module';

const hooks = `
export async function load(url, context, next) {
  const loaded = await next(url, context);
  if (!url.includes('/@modelcontextprotocol/conformance/dist/')) return loaded;
  const source = String(loaded.source);
  const name = /globSync as (\\w+),/.exec(source)?.[1];
  if (!name) return loaded;
  const standIn = 'const ' + name + '=()=>{throw new Error("fs.globSync needs Node 22: the tier report does not run on Node 20")};';
  return { ...loaded, source: source.replace('globSync as ' + name + ',', '').replace(/(from"fs";)/, '$1' + standIn) };
}`;

if (!('globSync' in fs)) register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
