/**
 * The preview server's _headers rules, as a host applies them: paths matched
 * by glob, and the headers a rule sets overriding the defaults, except those
 * that frame the body (Content-Length), which the server keeps true to what
 * it sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globMatches } from '../../generator/output/headers-rules';
import { serveTrapFolder, type TrapFolder } from '../support/trap-folder';
import { requestsTo } from '../support/raw-http';

let trap: TrapFolder;
beforeAll(async () => {
  trap = await serveTrapFolder();
});
afterAll(() => trap?.close());
const { get } = requestsTo(() => trap.server);

describe('the _headers rules', () => {
  it('match paths by glob', () => {
    expect(globMatches('/*', '/')).toBe(true);
    expect(globMatches('/*', '/a/b.css')).toBe(true);
    expect(globMatches('/assets/*', '/assets/site-1.css')).toBe(true);
    expect(globMatches('/assets/*', '/assetsx/site-1.css')).toBe(false);
    expect(globMatches('/rules.json', '/rules.json')).toBe(true);
    expect(globMatches('/rules.json', '/rulesxjson')).toBe(false);
    expect(globMatches('/a/*/c', '/a/b/b/c')).toBe(true);
    expect(globMatches('/a/*/c', '/a/b/c/d')).toBe(false);
    expect(globMatches('/*.(x)+', '/y.(x)+')).toBe(true);
  });

  it('override the default headers, except those that frame the body', async () => {
    const rules = await get('/rules.json');
    expect(rules.headers['content-type']).toBe('application/speculationrules+json');
    expect(rules.headers['x-rule']).toBe('all');
    expect(rules.headers['content-length']).toBe(String('{"prerender":[]}'.length));
    expect(rules.body.toString()).toBe('{"prerender":[]}');
    expect((await get('/ten.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const target of ['/nope', '/about', '/ten.txt']) {
      const answer = await get(target);
      expect(answer.headers['x-rule'], target).toBe('all');
      if (answer.headers['content-length'] !== undefined)
        expect(Number(answer.headers['content-length']), target).toBe(answer.body.length);
    }
  });
});
