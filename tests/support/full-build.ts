/** A full build of a project as its files are now: what the tests of watch compare its output with. */
import { rm } from 'node:fs/promises';
import { Site, type SiteOptions } from '../../generator/core/site';

/** Builds the whole project into `outDir` (emptied first) and commits it, as `site build` does. */
export async function fullBuildInto(options: SiteOptions & { outDir: string }): Promise<void> {
  await rm(options.outDir, { recursive: true, force: true });
  const site = new Site(options);
  try {
    await site.update('all');
    await site.commit();
  } finally {
    await site.dispose();
  }
}
