/** A full build of a project as its files are now: what the tests of watch compare its output with. */
import { rm } from 'node:fs/promises';
import { Site, type SiteOptions, type UpdateResult } from '../../generator/core/site';

/** Builds the whole project and commits it, as `site build` does: the update's result. */
export async function buildOnce(options: SiteOptions): Promise<UpdateResult> {
  const site = new Site(options);
  try {
    const result = await site.update('all');
    await site.commit();
    return result;
  } finally {
    await site.dispose();
  }
}

/** Builds the whole project into `outDir` (emptied first) and commits it, as `site build` does. */
export async function fullBuildInto(options: SiteOptions & { outDir: string }): Promise<void> {
  await rm(options.outDir, { recursive: true, force: true });
  await buildOnce(options);
}
