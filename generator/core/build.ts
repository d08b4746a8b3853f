/**
 * `site build`: the Site brought up to date with everything, then committed,
 * and a report. The steps are the Site's (site.ts), each named and timed
 * (`--verbose` prints them):
 *
 *   theme ∥ config → pages (content store, markdown on every core) ∥ assets → render + write → images → write → links → commit
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../config/config';
import { listFiles } from '../base/list-files';
import type { SiteWarning } from '../base/errors';
import { createLogger, timed } from '../base/logger';
import { restoreOutput } from '../output/output-folder';
import { formatReport, measureGzip, type OutputFile } from './report';
import type { ProjectPaths } from './project';
import { Site, type SiteOptions, type UpdateResult } from './site';
import type { PageSummary } from '../pages/page';

export { projectPaths, type ProjectPaths } from './project';

export interface BuildOptions extends Omit<SiteOptions, 'incremental'> {
  /** List every output file in the report. */
  verbose?: boolean;
}

export interface BuildResult {
  config: SiteConfig;
  pages: PageSummary[];
  outputs: OutputFile[];
  warnings: SiteWarning[];
  /** Pages whose frontmatter and markdown came from the content store, and pages rendered. */
  content: UpdateResult['content'];
  steps: Record<string, number>;
  ms: number;
  outDir: string;
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const log = options.logger ?? createLogger();
  const site = new Site(options);
  try {
    // Before anything else: a build killed while swapping its output in may have left no output folder.
    for (const note of await restoreOutput(site.paths.outDir, site.paths)) log.warn(String(note));
    const result = await site.update('all');
    const steps = { ...result.steps };
    await timed(steps, 'commit', () => site.commit());
    const { outDir } = site.paths;
    // The build's time, not the report's: --verbose compresses every file it lists, which on a large site takes longer than building it.
    const ms = performance.now() - started;
    const sizes = [...result.written].map(([file, bytes]) => ({ file, bytes }));
    // The gzip sizes are for the printed report only: a quiet build skips reading and compressing files back.
    const outputs = log.quiet ? sizes : await measureGzip(sizes, outDir, { detail: options.verbose });
    for (const warning of result.warnings) log.warn(String(warning));
    log.info(
      formatReport(outputs, {
        pages: result.pages.length,
        ms,
        outDir: path.relative(process.cwd(), outDir) || '.',
        detail: options.verbose,
      }),
    );
    const { stored, rendered, threads } = result.content;
    log.debug(
      `steps: ${Object.entries(steps)
        .map(([name, t]) => `${name} ${t.toFixed(1)} ms`)
        .join(' · ')}`,
    );
    const on = threads > 1 ? ` on ${threads} threads` : '';
    log.debug(`content: ${stored} page${stored === 1 ? '' : 's'} from the cache, ${rendered} rendered${on}`);
    return {
      config: site.config!,
      pages: result.pages,
      outputs,
      warnings: result.warnings,
      content: result.content,
      steps,
      ms,
      outDir,
    };
  } finally {
    await site.dispose();
  }
}

/** True when the output is missing or older than any source (pages, templates, islands). */
export async function isStale(paths: ProjectPaths): Promise<boolean> {
  const built = await stat(path.join(paths.outDir, 'sitemap.xml')).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  if (built === 0) return true;
  for (const dir of [paths.pagesDir, paths.themeDir, paths.islandsDir]) {
    for (const file of await listFiles(dir)) {
      if ((await stat(path.join(dir, file))).mtimeMs > built) return true;
    }
  }
  return false;
}
