/**
 * Config tokens: `{{ name }}` or `{{ contact.email }}` in a page stands for
 * that value of the site config, so company facts are written once. Tokens
 * are replaced in the raw file before parsing; an unknown one is an error
 * with its line.
 */
import type { SiteConfig } from './config';
import { SiteError, throwIfAny } from '../core/errors';

const TOKEN = /\{\{\s*([A-Za-z][\w]*(?:\.[A-Za-z][\w]*)*)\s*\}\}/g;

function lookup(config: SiteConfig, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), config);
}

export function replaceTokens(source: string, config: SiteConfig, file: string): string {
  const errors: SiteError[] = [];
  const result = source.replace(TOKEN, (match, path: string, offset: number) => {
    const value = lookup(config, path);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    const line = source.slice(0, offset).split('\n').length;
    errors.push(
      new SiteError('InvalidFrontmatter', `${match} is not a text value of the site config`, {
        file,
        line,
        field: match,
        hint: 'Use a dotted path to a text value of site.yml, such as {{ name }}, {{ contact.email }} or {{ address.locality }}.',
      }),
    );
    return match;
  });
  throwIfAny(errors);
  return result;
}
