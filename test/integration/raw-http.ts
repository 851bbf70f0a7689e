// A tiny HTTP/1.1 client over a raw socket, so tests can send what fetch
// refuses to send: invalid UTF-8, broken percent-encoding, wrong lengths,
// slow or aborted bodies. One request per connection (Connection: close).

import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function parseResponse(raw: Buffer): RawResponse {
  const text = raw.toString('utf8');
  const headEnd = text.indexOf('\r\n\r\n');
  const head = headEnd >= 0 ? text.slice(0, headEnd) : text;
  const [statusLine, ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = headEnd >= 0 ? text.slice(headEnd + 4) : '';
  if (headers['transfer-encoding'] === 'chunked') {
    let out = '';
    let rest = body;
    for (;;) {
      const nl = rest.indexOf('\r\n');
      if (nl < 0) break;
      const size = parseInt(rest.slice(0, nl), 16);
      if (!size) break;
      out += rest.slice(nl + 2, nl + 2 + size);
      rest = rest.slice(nl + 2 + size + 2);
    }
    body = out;
  }
  return { status, headers, body };
}

/** Sends raw bytes and reads the response until the server closes the connection (or timeoutMs). */
export function rawRequest(port: number, bytes: Buffer | string, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sock: Socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error(`no complete response within ${timeoutMs} ms`));
    }, timeoutMs);
    sock.on('data', (c) => {
      chunks.push(c);
      // A response with Content-Length is complete without waiting for the close.
      const r = Buffer.concat(chunks);
      const he = r.indexOf('\r\n\r\n');
      if (he >= 0) {
        const m = /content-length:\s*(\d+)/i.exec(r.subarray(0, he).toString());
        if (m && r.length >= he + 4 + Number(m[1])) {
          clearTimeout(timer);
          sock.destroy();
          resolve(parseResponse(r));
        }
      }
    });
    sock.on('error', (e) => {
      clearTimeout(timer);
      if (chunks.length) resolve(parseResponse(Buffer.concat(chunks)));
      else reject(e);
    });
    sock.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks)));
    });
    sock.write(bytes);
  });
}

/** Builds a request's bytes; body may be bytes; `length` overrides Content-Length; `keepAlive` leaves out Connection: close. */
export function buildRequest(
  method: string,
  path: string,
  opts: { body?: Buffer | string; contentType?: string | null; length?: number; headers?: Record<string, string>; keepAlive?: boolean } = {},
): Buffer {
  const body = opts.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body);
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1'];
  if (!opts.keepAlive) lines.push('Connection: close');
  if (opts.contentType !== null && (opts.body !== undefined || opts.contentType)) lines.push(`Content-Type: ${opts.contentType ?? 'application/json'}`);
  if (opts.body !== undefined || opts.length !== undefined) lines.push(`Content-Length: ${opts.length ?? body.length}`);
  for (const [k, v] of Object.entries(opts.headers ?? {})) lines.push(`${k}: ${v}`);
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), body]);
}

/**
 * Splits a stream of HTTP/1.1 responses with Content-Length bodies (what
 * this server sends) into responses, in order; a trailing incomplete one is
 * left out.
 */
export function splitResponses(raw: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let pos = 0;
  for (;;) {
    const he = raw.indexOf('\r\n\r\n', pos);
    if (he < 0) break;
    const head = raw.subarray(pos, he).toString('latin1');
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (raw.length < he + 4 + length) break;
    out.push(parseResponse(raw.subarray(pos, he + 4 + length)));
    pos = he + 4 + length;
  }
  return out;
}
