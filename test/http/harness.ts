// Starting a real server on 127.0.0.1, port 0, over FakeServices, and the raw
// socket helpers for what fetch cannot send (invalid UTF-8 is fine through
// fetch, but aborted uploads and declared-but-unsent bodies need a socket).

import type { TestContext } from 'node:test';
import { connect, type Socket } from 'node:net';
import { DEFAULTS, type Config } from '../../src/config.js';
import { startServer, type ServerHandle, type ServerOptions } from '../../src/http/server.js';
import { FakeServices } from './fake-services.js';

export interface TestServer {
  base: string;
  port: number;
  handle: ServerHandle;
  fake: FakeServices;
}

/** Rate limits are off unless a test turns them on: other tests must not trip them. */
export async function startTestServer(
  t: TestContext,
  overrides: Partial<Config> = {},
  fake: FakeServices = new FakeServices(),
  options: ServerOptions = {},
): Promise<TestServer> {
  const config: Config = { ...DEFAULTS, host: '127.0.0.1', port: 0, rateLimitPerMinute: 0, rateLimitPerDay: 0, ...overrides };
  const handle = await startServer(config, fake, options);
  t.after(() => handle.shutdown());
  return { base: `http://127.0.0.1:${handle.port}`, port: handle.port, handle, fake };
}

export async function getJson(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }> {
  const r = await fetch(url, init);
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text === '' ? undefined : JSON.parse(text) };
}

export function postJson(url: string, body: unknown, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: any }> {
  return getJson(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
    ...Object.fromEntries(Object.entries(init).filter(([k]) => k !== 'headers')),
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response with a Content-Length (what this server always sends for bodies). */
export function parseRawResponse(raw: Buffer): RawResponse | null {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const bodyBytes = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (bodyBytes.length < length) return null;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: bodyBytes.subarray(0, length).toString('utf8') };
}

/** Sends raw bytes and resolves with the first complete response (or what arrived when the server closed). */
export function rawRequest(port: number, data: Buffer | string, opts: { keepOpen?: boolean } = {}): Promise<{ response: RawResponse | null; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      if (!opts.keepOpen) socket.destroy();
      resolve({ response: parseRawResponse(buf), socket });
    };
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (parseRawResponse(buf)) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (e) => (done ? undefined : buf.length > 0 ? finish() : reject(e)));
    socket.write(data);
  });
}

/** One keep-alive connection, for requests that must share a socket (e.g. across a shutdown). */
export class RawConnection {
  private buf = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (d) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.waiter?.();
    });
    const onClose = () => {
      this.closed = true;
      this.waiter?.();
    };
    socket.on('close', onClose);
    socket.on('end', onClose);
    socket.on('error', onClose);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a request and resolves with its response, or null when the server closed first. */
  request(data: string | Buffer): Promise<RawResponse | null> {
    this.buf = Buffer.alloc(0);
    this.socket.write(data);
    return new Promise((resolve) => {
      const check = () => {
        const r = parseRawResponse(this.buf);
        if (r || this.closed) {
          this.waiter = null;
          this.buf = Buffer.alloc(0);
          resolve(r);
        }
      };
      this.waiter = check;
      check();
    });
  }

  /** Resolves once the server has closed the connection. */
  whenClosed(): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      this.socket.once('close', () => resolve());
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Captures the JSON log lines (`{"time"...`) the server writes on a stream (stdout: access log; stderr: error lines) until restore(). */
export function captureLogLines(stream: NodeJS.WriteStream): { lines: string[]; restore: () => void } {
  const lines: string[] = [];
  const original = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{"time"')) {
      lines.push(text);
      return true;
    }
    return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
  return { lines, restore: () => (stream.write = original) };
}
