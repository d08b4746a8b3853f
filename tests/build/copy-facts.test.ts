/**
 * The copy on every built page says what the spec says, the same way
 * everywhere: no founding year the spec does not give, the ISO 27001 claim in
 * the spec's words only, replies promised within 24 hours, a Cookie Policy
 * that describes what the site really does, and British spelling (the usage
 * in Nigeria) except labels the spec gives verbatim.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtRealSite, text, type BuiltSite } from '../support/built-site';
import { REPO } from '../support/fixture';
import type { SiteConfig as WebsiteConfig } from '../../templates/config';

let site: BuiltSite;
/** Every page's visible text, and its JSON-LD. */
const pages = new Map<string, { text: string; jsonLd: string }>();

beforeAll(async () => {
  site = await builtRealSite();
  for (const route of [...site.routes, '/404']) {
    const doc = await site.doc(route);
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => s.textContent ?? '')
      .join('\n');
    const body = doc.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('script, style, template').forEach((el) => el.remove());
    pages.set(route, { text: text(body), jsonLd });
  }
}, 120_000);

/** Where `pattern` occurs on the pages, as "route: …the words around it…". */
function occurrences(pattern: RegExp, of: 'text' | 'jsonLd' = 'text'): string[] {
  const found: string[] = [];
  for (const [route, page] of pages) {
    for (const match of page[of].matchAll(
      new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
    )) {
      found.push(`${route}: …${page[of].slice(Math.max(0, match.index - 40), match.index + match[0].length + 40)}…`);
    }
  }
  return found;
}

describe('the copy of every page', () => {
  it('gives no founding year: the spec has none ("15+ years" is the only age it states)', () => {
    expect(occurrences(/\b(since|founded in|established in|est\.) (19|20)\d\d\b/i)).toEqual([]);
    expect(occurrences(/foundingDate/, 'jsonLd')).toEqual([]);
  });

  it('claims ISO 27001 only as the spec words it: "ISO 27001 compliant", never certified, accredited or "-compliant"', () => {
    expect(
      occurrences(
        /ISO(\/IEC)? 27001[- ](certified|certification holder|accredited|registered)|certified (to|against|under) ISO(\/IEC)? 27001|ISO(\/IEC)? 27001-compliant|compliant with ISO(\/IEC)? 27001/i,
      ),
    ).toEqual([]);
    expect(occurrences(/ISO 27001 compliant/).length).toBeGreaterThanOrEqual(pages.size); // the footer's claim, on every page
  });

  it('promises replies within 24 hours, never within a working or business day, in the pages and in the form toasts', async () => {
    expect(occurrences(/(reply|respond|get back to you)[^.]{0,40}within (one|1|a) (working|business) day/i)).toEqual(
      [],
    );
    const assets = path.join(site.outDir, 'assets');
    const scripts = await Promise.all(
      (await readdir(assets)).filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(assets, f), 'utf8')),
    );
    const toasts = scripts.join('\n');
    expect(toasts).toMatch(/reply within 24 hours/);
    expect(toasts).not.toMatch(/working day|business day/);
  });

  it('has a Cookie Policy that describes the site as it is: no cookies or storage, forms that send nothing themselves', async () => {
    const policy = pages.get('/cookie-policy')!.text;
    expect(policy).toMatch(/does not set any strictly necessary cookies or use local storage/);
    expect(policy).toMatch(/contact forms store nothing in your browser: they do not send anything themselves/);
    // Which is true of the code: the built site sets no cookie and touches no storage, and the form has no endpoint.
    const scripts = (await readdir(path.join(site.outDir, 'assets'))).filter((f) => f.endsWith('.js'));
    for (const file of scripts) {
      const code = await readFile(path.join(site.outDir, 'assets', file), 'utf8');
      expect(code, file).not.toMatch(/document\.cookie\s*=|localStorage\.setItem|sessionStorage\.setItem/);
    }
    expect((site.result.config as WebsiteConfig).forms.endpoint).toBeUndefined();
  });

  it('is in British English, except labels the spec gives verbatim', async () => {
    const spec = await readFile(path.join(REPO, '../shared/spec/website-spec.md'), 'utf8').catch(() =>
      readFile('/work/shared/spec/website-spec.md', 'utf8'),
    );
    const american =
      /\b(\w*(?<!s)iz(e|es|ed|ing|ation|ations))\b|\b(behavior|color|colors|favorite|honor|labor|center|centers|centered|defense|catalog|enrollment|fulfill|judgment|traveling|modeling|analyze|analyzed|license[ds]?(?= (to|for)\b)|program|programs)\b/gi;
    // Words the spec itself uses (labels given verbatim), proper names and HTML tokens are not prose to correct.
    const allowed = new Set(
      [...spec.matchAll(american)]
        .map((m) => m[0].toLowerCase())
        .concat(['size', 'sizes', 'organizations', 'citizen', 'citizens', 'prize', 'seize']),
    );
    // Product names keep their makers' spelling.
    const names = /(IAM Identity Center|Identity Center|Security Command Center|AWS Organizations)/g;
    const prose = [...pages].map(([route, page]) => [route, page.text.replace(names, '')] as const);
    const found = prose.flatMap(([route, body]) =>
      [...body.matchAll(american)]
        .filter((m) => !allowed.has(m[0].toLowerCase()))
        .map((m) => `${route}: …${body.slice(Math.max(0, m.index - 40), m.index + 40)}…`),
    );
    const words = [
      ...new Set(prose.flatMap(([, body]) => [...body.matchAll(american)].map((m) => m[0].toLowerCase()))),
    ].filter((w) => !allowed.has(w));
    expect(words, found.slice(0, 5).join('\n')).toEqual([]);
  });
});
