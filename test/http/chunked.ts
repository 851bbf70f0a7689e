// Reading an HTTP/1.1 response byte for byte, as a strict client would: the
// head, then (for Transfer-Encoding: chunked) every chunk's framing, the
// terminating zero chunk, and nothing after it. For tests of how a streamed
// answer ends (a shutdown must never corrupt its framing).

import { connect } from 'node:net';

export interface StrictResponse {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  /** The body (chunks joined). */
  body: Buffer;
}

/** Parses a chunked body; throws, saying where, on any framing error or on bytes after the last chunk. */
export function parseChunkedStrict(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const nl = raw.indexOf('\r\n', pos);
    if (nl < 0) throw new Error(`chunk size line not terminated at byte ${pos}: ${JSON.stringify(raw.subarray(pos, pos + 40).toString('latin1'))}`);
    const sizeText = raw.subarray(pos, nl).toString('latin1');
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw new Error(`bad chunk size at byte ${pos}: ${JSON.stringify(sizeText.slice(0, 40))}`);
    const size = parseInt(sizeText, 16);
    const data = nl + 2;
    if (size === 0) {
      const rest = raw.subarray(data).toString('latin1');
      if (rest !== '\r\n') throw new Error(`after the last chunk: ${JSON.stringify(rest.slice(0, 60))}`);
      return Buffer.concat(parts);
    }
    if (raw.length < data + size + 2) throw new Error(`chunk of ${size} bytes at byte ${pos} is cut short`);
    if (raw.subarray(data + size, data + size + 2).toString('latin1') !== '\r\n') throw new Error(`chunk at byte ${pos} not followed by CRLF`);
    parts.push(raw.subarray(data, data + size));
    pos = data + size + 2;
  }
}

/**
 * Sends one request on a new connection and reads until the server closes
 * it (the promise settles only then); `onData` sees the bytes so far (a test
 * can act once a line arrived); from `localAddress` when given (a client of
 * its own: the pool serves clients in turn).
 */
export function strictExchange(port: number, request: Buffer, onData?: (soFar: Buffer) => void, localAddress?: string): Promise<StrictResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sock = connect({ port, host: '127.0.0.1', localAddress });
    sock.on('data', (c: Buffer) => {
      chunks.push(c);
      onData?.(Buffer.concat(chunks));
    });
    sock.on('error', reject);
    sock.on('close', () => {
      try {
        resolve(parseStrict(Buffer.concat(chunks)));
      } catch (e) {
        reject(e);
      }
    });
    sock.write(request);
  });
}

function parseStrict(raw: Buffer): StrictResponse {
  const he = raw.indexOf('\r\n\r\n');
  if (he < 0) throw new Error(`no complete head in ${raw.length} bytes`);
  const [statusLine, ...lines] = raw.subarray(0, he).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine ?? '')?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    const k = l.slice(0, i).trim().toLowerCase();
    const v = l.slice(i + 1).trim();
    headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
  }
  const rest = raw.subarray(he + 4);
  let body: Buffer;
  if (headers['transfer-encoding'] === 'chunked') body = parseChunkedStrict(rest);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (rest.length !== length) throw new Error(`Content-Length ${length}, ${rest.length} bytes read`);
    body = rest;
  } else body = rest; // delimited by the close (RFC 9112 6.3)
  return { status, headers, body };
}
