/** Every built page, the not-found page included, is valid HTML under the committed html-validate configuration. */
import { HtmlValidate, type ConfigData } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtRealSite, fileOf, type BuiltSite } from '../support/built-site';

const configPath: string = '../../.htmlvalidate.mjs';
const { default: config } = (await import(configPath)) as { default: ConfigData };

let site: BuiltSite;
beforeAll(async () => {
  site = await builtRealSite();
});

describe('html-validate', () => {
  it('finds zero errors on every page', async () => {
    const validator = new HtmlValidate(config);
    const problems: string[] = [];
    for (const route of [...site.routes, '/404']) {
      const report = await validator.validateString(await site.html(route), fileOf(route));
      for (const result of report.results)
        for (const m of result.messages)
          problems.push(`${fileOf(route)}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('turns off only rules that restate React serialisation, each with a reason', async () => {
    const source = await (await import('node:fs/promises')).readFile(new URL(configPath, import.meta.url), 'utf8');
    const off = Object.entries(config.rules ?? {})
      .filter(([, v]) => v === 'off')
      .map(([k]) => k);
    expect(off.sort()).toEqual(['attr-case', 'attribute-boolean-style', 'attribute-empty-style', 'void-style']);
    for (const rule of off) expect(source).toMatch(new RegExp(`//[^\\n]*\\n(\\s*'[^']+': 'off',\\n)*\\s*'${rule}'`));
  });
});

describe('metadata across pages', () => {
  it('gives every page a unique title and description, and a sitemap entry', async () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    const sitemap = (await site.file('sitemap.xml')).toString();
    for (const route of site.routes) {
      const doc = await site.doc(route);
      const title = doc.title;
      const description = doc.querySelector('meta[name="description"]')!.getAttribute('content')!;
      expect(titles.get(title), `${route} repeats the title of ${titles.get(title)}`).toBeUndefined();
      expect(
        descriptions.get(description),
        `${route} repeats the description of ${descriptions.get(description)}`,
      ).toBeUndefined();
      titles.set(title, route);
      descriptions.set(description, route);
      expect(title.length, route).toBeLessThanOrEqual(70);
      expect(sitemap).toContain(`<loc>${site.result.config.baseUrl}${route === '/' ? '/' : route}</loc>`);
    }
    expect(sitemap).not.toContain('/404');
  });
});
