/**
 * A command-line flag is held to the rule of the site.yml field it stands in for, and its error names the flag:
 * `--base-url` takes what `baseUrl:` takes (the same schema), never a URL with a query or another scheme.
 */
import { describe, expect, it } from 'vitest';
import { withBaseUrl } from '../../generator/core/theme-and-config';
import type { SiteConfig } from '../../generator/config/config';

const config = { name: 'A site', baseUrl: 'https://example.org' } as SiteConfig;
const refused = (baseUrl: string) => {
  try {
    withBaseUrl(config, baseUrl);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('--base-url', () => {
  it('takes what site.yml takes, its trailing slash dropped', () => {
    expect(withBaseUrl(config, 'https://x.example/notes/').baseUrl).toBe('https://x.example/notes');
  });

  it('refuses what site.yml refuses, naming the flag', () => {
    for (const baseUrl of [
      'javascript:alert(1)',
      'https://x.example/?preview=1',
      'https://x.example/#top',
      'ftp://x',
    ]) {
      const error = refused(baseUrl);
      expect(error, baseUrl).toMatchObject({ kind: 'InvalidBaseUrl', field: '--base-url' });
      expect((error as Error).message, baseUrl).toContain(`--base-url "${baseUrl}": expected`);
    }
  });
});
