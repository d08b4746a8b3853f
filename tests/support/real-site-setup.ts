/**
 * Vitest's global setup for the suites that read the real website (site and browser): the website is built once per
 * run, into a temporary folder, and every test file reads that one output (./built-site.ts), as a host would serve it.
 * Building it in each file (seventeen builds and their imports of the engine) cost CI about a minute of its two cores.
 * The output is read only: a test that needs to change a site builds a fixture of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import type { SiteConfig } from '../../generator/config/config';
import { REPO } from './fixture';

/** What a test file gets of the build: where its output is, and what the build reported. */
export interface RealSite {
  outDir: string;
  config: SiteConfig;
  /** The build's warnings, as the CLI prints them. */
  warnings: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    realSite: RealSite;
  }
}

export default async function builtRealSiteOnce(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-real-'));
  const outDir = path.join(folder, 'dist');
  const result = await build({ root: REPO, outDir, logger: silentLogger });
  project.provide('realSite', { outDir, config: result.config, warnings: result.warnings.map(String) });
  return () => rm(folder, { recursive: true, force: true });
}
