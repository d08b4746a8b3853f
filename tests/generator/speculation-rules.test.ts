/** The speculation rules as built and as `site serve` delivers them: a header on every page, the rule set with its own type. */
import http from 'node:http';
import net from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { tempSite, type TempSite } from '../support/fixture';

let site: TempSite;
let server: RunningServer;
beforeAll(async () => {
  site = await tempSite('basic');
  await site.build();
  server = await serve({ dir: site.outDir, port: 0 });
});
afterAll(async () => {
  await server.close();
  await site.cleanup();
});

function get(rawPath: string) {
  const { port } = server.server.address() as net.AddressInfo;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('the built speculation rules', () => {
  it('are named in _headers for every path, and written as a JSON rule set', async () => {
    const headers = await readFile(path.join(site.outDir, '_headers'), 'utf8');
    expect(headers).toMatch(/^\/\*\n(?: {2}.+\n)* {2}Speculation-Rules: "\/speculation-rules\.json"\n/);
    expect(headers).toMatch(/^\/speculation-rules\.json\n {2}Content-Type: application\/speculationrules\+json$/m);
    const rules = JSON.parse(await readFile(path.join(site.outDir, 'speculation-rules.json'), 'utf8'));
    expect(rules.prefetch[0]).toMatchObject({ source: 'document', eagerness: 'moderate' });
    expect(rules.prefetch[0].where.and[1].not.href_matches).toContain('/press');
  });
});

describe('site serve', () => {
  it('answers the rule set with application/speculationrules+json', async () => {
    const res = await get('/speculation-rules.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/speculationrules+json');
    expect(JSON.parse(res.body).prefetch).toHaveLength(1);
  });

  it('sends the Speculation-Rules header with every page, the not-found page included', async () => {
    for (const route of ['/', '/about', '/services/audits']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers['speculation-rules'], route).toBe('"/speculation-rules.json"');
    }
    expect((await get('/press')).headers['speculation-rules']).toBe('"/speculation-rules.json"');
  });
});
