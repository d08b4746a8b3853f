/**
 * The URLs of `site check`'s own server that answer a HEAD request with 200, asked once each over a few kept-alive
 * connections before the crawl. linkinator checks a link it does not crawl with a HEAD request of its own, and
 * undici, its HTTP client, closes the connection after every HEAD (it guards against servers that send a body): a
 * crawl's thousands of links to the site's pages were as many connections opened and closed. A link to a URL found
 * here is one linkinator would find OK (a 2xx status, nothing else asked of it), so the check tells linkinator to
 * skip it and counts it as checked (crawl-site.ts); every other link is linkinator's to fetch, as before.
 */
import http from 'node:http';
import { mapAtMost } from '../base/at-most';

/** Requests at once: as many connections, each kept open for the next request. */
const AT_ONCE = 8;

/** The status the server answers `url` with to a HEAD request, or 0 when it does not answer. */
function headStatus(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'HEAD', agent, headers: { 'Accept-Encoding': 'identity' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Those of `urls` (http:// URLs of one server, without a fragment) that answer 200. */
export async function urlsAnsweringOk(urls: readonly string[]): Promise<Set<string>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE });
  try {
    const statuses = await mapAtMost(urls, AT_ONCE, (url) => headStatus(url, agent));
    return new Set(urls.filter((_, at) => statuses[at] === 200));
  } finally {
    agent.destroy();
  }
}
