import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/content/config';
import type { SiteError } from '../../generator/core/errors';
import { replaceTokens } from '../../generator/content/tokens';
import { REPO } from '../support/fixture';

const config = await loadConfig(`${REPO}/tests/fixtures/basic`);

describe('replaceTokens', () => {
  it('replaces {{ path }} with the config value, spaces optional', () => {
    expect(replaceTokens('Write to {{contact.email}} at {{ name }} in {{ address.locality }}.', config, 'p.md')).toBe(
      'Write to hello@example.com at Fixture Co in Ikeja.',
    );
  });

  it('rejects unknown paths and non-text values, with the line', () => {
    try {
      replaceTokens('---\ntitle: x\n---\nHello {{ contact.fax }}', config, 'pages/p.md');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'InvalidFrontmatter', file: 'pages/p.md', line: 4, field: '{{ contact.fax }}' });
    }
    expect(() => replaceTokens('{{ contact }}', config, 'p.md')).toThrow(/not a text value/);
  });

  it('reports every bad token in a file', () => {
    try {
      replaceTokens('{{ a }} {{ b }}', config, 'p.md');
      expect.unreachable();
    } catch (error) {
      expect((error as { errors: SiteError[] }).errors).toHaveLength(2);
    }
  });
});
