/**
 * The red team's cases of issue 26, run against two engines: the engine before them (a checkout of b30022f, built,
 * given with --before, default /tmp/basesite) and this one. Each case sets up a scratch project per engine (its own
 * theme, islands and fixture pages, a node_modules of links to its packages, so its build cache is its own), runs
 * the engine's `node bin/site.js` as a user would, and prints one line: the case, what the engine before did, what
 * this one does. Runs that hang are killed after a timeout, and runs whose memory grows past a cap are killed there:
 * both are results, never a wait for ever or a machine out of memory.
 *
 *   node --import tsx scripts/red-team.ts [--before /tmp/basesite] [--after <engine>] [--only <regexp>] [--markdown]
 *
 * The cases that watch as another user (a folder it cannot read) need root and setpriv.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { type Engine, workspace } from './red-team/harness';
import { inputCases } from './red-team/input-cases';
import { runtimeCases } from './red-team/runtime-cases';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
// This engine as committed and compiled (a snapshot such as \`git archive HEAD\` with lib/ compiled): the work tree's
// own lib/ goes stale as soon as a source is edited, and the CLI then refuses to run.
const AFTER = path.resolve(option('--after') ?? path.resolve(import.meta.dirname, '..'));
const BEFORE = path.resolve(option('--before') ?? '/tmp/basesite');
const ONLY = option('--only');
const MARKDOWN = args.includes('--markdown');

const cases = [...inputCases, ...runtimeCases];

async function main(): Promise<void> {
  if (!existsSync(path.join(BEFORE, 'bin/site.js')))
    throw new Error(`no engine at ${BEFORE} (pass --before <checkout>)`);
  workspace.after = AFTER;
  workspace.scratch = await mkdtemp(path.join(os.tmpdir(), 'red-team-'));
  const engines: Engine[] = [
    { label: 'before', dir: BEFORE },
    { label: 'after', dir: AFTER },
  ];
  const rows: string[][] = [];
  const chosen = cases.filter((c) => !ONLY || new RegExp(ONLY, 'i').test(c.name));
  if (MARKDOWN) console.log('| case | before (b30022f) | after |\n|---|---|---|');
  for (const c of chosen) {
    const row = [c.name];
    for (const engine of engines)
      row.push(await c.run(engine).catch((error: unknown) => `script error: ${String(error)}`));
    rows.push(row);
    console.log(MARKDOWN ? `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |` : row.join('  ·  '));
  }
  await rm(workspace.scratch, { recursive: true, force: true });
}

await main();
