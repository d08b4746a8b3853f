/**
 * Requests to a running server on raw sockets, exactly as written (malformed ones too, which an HTTP client would
 * refuse to send), and its answers read whole, until it closes the connection.
 */
import net from 'node:net';
import { expect } from 'vitest';
import type { RunningServer } from '../../generator/dev/serve';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function parse(bytes: Buffer): Answer {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: bytes };
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, lineEnd).toString(), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1] ?? 0), headers, body };
}

/**
 * Requests to the server `server` returns (read at each request: a test file starts its server in beforeAll), or to
 * the server given as the last argument.
 */
export function requestsTo(server?: () => RunningServer) {
  const chosen = (s?: RunningServer) => {
    const to = s ?? server?.();
    if (!to) throw new Error('no server to send the request to');
    return to;
  };
  const port = (s?: RunningServer) => (chosen(s).server.address() as net.AddressInfo).port;

  /** Sends bytes as they are and reads the whole answer, until the server closes the connection. */
  function raw(text: string | Buffer, s?: RunningServer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port(s), '127.0.0.1', () => socket.write(text));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.setTimeout(10_000, () =>
        socket.destroy(new Error(`no answer to ${JSON.stringify(String(text).slice(0, 80))}`)),
      );
      socket.on('error', reject);
      socket.on('close', () => resolve(parse(Buffer.concat(chunks))));
    });
  }

  const get = (target: string, headers: Record<string, string> = {}, method = 'GET', s?: RunningServer) =>
    raw(
      `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}Connection: close\r\n\r\n`,
      s,
    );

  /** The server is still there and serving. */
  async function stillServes(s?: RunningServer) {
    const about = await get('/about', {}, 'GET', s);
    expect(about.status).toBe(200);
    expect(about.body.toString()).toContain('about');
  }

  return { port, raw, get, stillServes };
}
