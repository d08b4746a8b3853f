/** The generated references (npm run docs) match the engine they describe: a stale one fails here. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueProse, documents } from '../../scripts/docs';
import { REPO } from '../support/fixture';

describe('generated documentation', () => {
  it.each([...documents()])('%s is up to date (npm run docs regenerates it)', async (file, contents) => {
    const current = await readFile(path.join(REPO, file), 'utf8').catch(() => '(missing)');
    expect(current === contents, `${file} is stale: run npm run docs`).toBe(true);
  });

  it('shows the catalogue’s examples as written: no {{ or link outside code in errors.md for the engine to read', () => {
    expect(catalogueProse('a {{ name }}, `{{ kept }}` and \\{{ escaped }}')).toBe(
      'a \\{{ name }}, `{{ kept }}` and \\{{ escaped }}',
    );
    const prose = documents()
      .get('docs/errors.md')!
      .split(/(`[^`]*`)/)
      .filter((_, i) => i % 2 === 0)
      .join('');
    expect(prose).not.toMatch(/(?<!\\)\{\{/);
    // Nor a link or an image a hint shows as an example: on the documentation site it would be a broken link.
    expect(prose).not.toMatch(/\]\(/);
  });

  it('names every config field, error kind and command', () => {
    const docs = documents();
    expect(docs.get('docs/config.md')).toMatch(/\| `securityTxt\.contact` \| email address or URL \|/);
    expect(docs.get('docs/errors.md')).toMatch(/### InvalidFrontmatter\n\n\*\*Invalid frontmatter\.\*\*/);
    expect(docs.get('docs/cli.md')).toMatch(/## site build\n\n```\nUsage: site build \[options\]/);
    expect(JSON.parse(docs.get('docs/site.schema.json')!)).toMatchObject({
      type: 'object',
      required: ['name', 'baseUrl'],
    });
  });
});
