// A small client of /api/v1/live for the tests and benchmarks: the `ws`
// package, replies paired with requests by id, the ready message kept.

import WebSocket from 'ws';

export interface LiveReply {
  id: unknown;
  op?: string;
  result?: any;
  error?: { code: string; message: string; retry_after?: number };
  similar_words?: string[];
}

export interface Closed {
  code: number;
  reason: string;
}

export class LiveClient {
  readonly ws: WebSocket;
  /** Every message received, in order (the ready message first). */
  readonly received: any[] = [];
  readonly closed: Promise<Closed>;
  private readonly waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  private nextId = 1;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data, isBinary) => {
      const m = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
      this.received.push(m);
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
    });
    ws.on('error', () => {});
  }

  /** Opens a connection and waits for the ready message; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, options: WebSocket.ClientOptions = {}): Promise<{ client: LiveClient; ready: any }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      const client = new LiveClient(ws);
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () =>
          reject(
            Object.assign(new Error(`upgrade refused: ${res.statusCode}`), {
              status: res.statusCode,
              headers: res.headers,
              body: body === '' ? null : JSON.parse(body),
            }),
          ),
        );
      });
      ws.once('error', reject);
      client.next((m) => m.op === 'ready').then((ready) => resolve({ client, ready }), reject);
    });
  }

  /** The next message received from now on that matches. */
  next(match: (m: any) => boolean = () => true): Promise<any> {
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Sends a request with a fresh id (unless it has one) and resolves with its reply. */
  request(message: Record<string, unknown>): Promise<LiveReply> {
    const m = 'id' in message ? message : { id: this.nextId++, ...message };
    const reply = this.next((r) => r.id === m.id && r.op !== 'ready');
    this.ws.send(JSON.stringify(m));
    return reply;
  }

  send(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  close(): Promise<Closed> {
    this.ws.close();
    return this.closed;
  }
}
