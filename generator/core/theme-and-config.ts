/**
 * What an update reads of the project before its pages: the cache folder, the theme (bundled with esbuild, cached by
 * its inputs) and the site config validated against it, with `--base-url` in place of its baseUrl when given. One per Site: a watch session keeps its esbuild context here.
 */
import path from 'node:path';
import { cacheFolder } from '../cache/cache-dir';
import { loadConfig, siteConfigSchema, type SiteConfig } from '../config/config';
import { SiteError, type SiteWarning } from '../base/errors';
import type { Theme } from '../pages/theme-types';
import { loadTheme, ThemeBundler } from '../render/load-theme';
import { checkCodeFiles } from './check-code-folders';
import type { ProjectPaths } from './project';

export class ThemeAndConfig {
  private bundler?: ThemeBundler;
  private cacheReady?: Promise<SiteWarning[]>;

  constructor(
    private readonly paths: ProjectPaths,
    private readonly options: { baseUrl?: string; incremental?: boolean },
  ) {}

  /** The cache folder: node_modules/.cache/site, or (with a warning, once) a private folder when that cannot be written. */
  useCacheFolder(): Promise<SiteWarning[]> {
    return (this.cacheReady ??= cacheFolder(this.paths.cacheDir, path.join(this.paths.root, 'node_modules')).then(
      (cache) => {
        this.paths.cacheDir = cache.dir;
        return cache.warning ? [cache.warning] : [];
      },
    ));
  }

  async loadConfig(theme: Theme): Promise<SiteConfig> {
    return withBaseUrl(await loadConfig(this.paths.pagesDir, this.paths.root, theme.config), this.options.baseUrl);
  }

  /**
   * The theme: the cached bundle while its inputs are unchanged (a watch session starts without esbuild); once a
   * watched theme changes (`again`: an update after the first), an esbuild context kept between edits re-bundles it
   * incrementally.
   */
  async loadTheme(again: boolean): Promise<Theme> {
    await Promise.all([this.useCacheFolder(), checkCodeFiles(this.paths)]);
    if (this.options.incremental && again) this.bundler ??= new ThemeBundler(this.paths.themeDir, this.paths.cacheDir);
    return (await (this.bundler ? this.bundler.load() : loadTheme(this.paths.themeDir, this.paths.cacheDir))).theme;
  }

  async dispose(): Promise<void> {
    await this.bundler?.dispose();
  }
}

/** The config with the base URL of `--base-url`, when given (a preview deployment, or a site under a path). */
export function withBaseUrl(config: SiteConfig, baseUrl: string | undefined): SiteConfig {
  if (baseUrl === undefined) return config;
  // Held to the rule of site.yml's baseUrl, by its own schema: the flag stands in for the field.
  const checked = siteConfigSchema.shape.baseUrl.safeParse(baseUrl);
  if (!checked.success) {
    const problem = checked.error.issues[0]?.message ?? 'not a base URL';
    throw new SiteError('InvalidBaseUrl', { baseUrl, problem }, { field: '--base-url' });
  }
  return { ...config, baseUrl: checked.data };
}
