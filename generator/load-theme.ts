/**
 * Loads the theme (templates/index.ts) by bundling it with esbuild into one ES
 * module named after its content hash, then importing that. A fresh hash per
 * edit sidesteps Node's module cache, so watch mode picks up edited templates
 * without a restart; React stays external so it is the generator's React.
 * Generator modules the theme imports (Island, SiteError) are bundled copies:
 * they share state with the generator through global symbols, not identity.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { SiteError } from './errors';
import type { Theme } from './types';

export interface LoadedTheme {
  theme: Theme;
}

export async function loadTheme(themeDir: string, cacheDir: string): Promise<LoadedTheme> {
  const entry = path.join(themeDir, 'index.ts');
  let code: string;
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages load once from node_modules (React must be the generator's own instance); only the
      // project's code is bundled, so a template edit re-bundles and re-imports a small file.
      packages: 'external',
      jsx: 'automatic',
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    code = result.outputFiles[0]!.text;
  } catch (cause) {
    throw new SiteError('TemplateLoadFailed', firstEsbuildMessage(cause) ?? `Could not bundle ${entry}`, {
      file: path.relative(process.cwd(), entry),
      cause,
    });
  }

  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const bundled = path.join(cacheDir, `theme-${hash}.mjs`);
  await mkdir(cacheDir, { recursive: true });
  if (!(await exists(bundled))) await writeFile(bundled, code);
  try {
    const module = (await import(pathToFileURL(bundled).href)) as { theme?: Theme };
    if (!module.theme) throw new Error(`${entry} does not export "theme"`);
    return { theme: module.theme };
  } catch (cause) {
    throw new SiteError('TemplateLoadFailed', (cause as Error).message, { file: path.relative(process.cwd(), entry), cause });
  }
}

export function firstEsbuildMessage(error: unknown): string | undefined {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
  const first = errors?.[0];
  if (!first) return undefined;
  return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
}

const exists = (file: string) => access(file).then(() => true, () => false);
