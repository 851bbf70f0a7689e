// The page's one connection to the service: GET /api/v1/live (a WebSocket).
// Requests carry an id the reply echoes (replies may come out of order);
// after a drop it connects again with exponential backoff (0.5 s doubling to
// 15 s, jittered), and requests made while it is down fail at once with
// OFFLINE: the page asks again when the connection is back. The ready
// message states the connection's limits (`limits`), which the page keeps to.

import type { LiveLimits, LiveReady, LiveReply } from '../schemas/live.js';

export class LiveError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
    readonly similarWords?: string[],
  ) {
    super(message);
  }
}

export type LiveStatus = { state: 'connecting' } | { state: 'open'; dataVersion: string } | { state: 'closed'; retryInMs: number; reason: string };

interface Waiting {
  resolve(value: unknown): void;
  reject(err: unknown): void;
  timer: ReturnType<typeof setTimeout>;
}

/** The ready message: op ready, and no id (a reply always has one). */
const isReady = (m: LiveReady | LiveReply): m is LiveReady => m.op === 'ready' && (m as LiveReply).id === undefined;

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
/** A request whose reply never comes (a dead connection not yet noticed) fails after this. */
const REQUEST_TIMEOUT_MS = 20_000;

export class LiveClient {
  private ws: WebSocket | null = null;
  private ready = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners: ((s: LiveStatus) => void)[] = [];
  status: LiveStatus = { state: 'connecting' };
  /** The limits the last ready message stated; null before the first. */
  limits: LiveLimits | null = null;

  constructor(private readonly url: string) {}

  onStatus(listener: (s: LiveStatus) => void): void {
    this.listeners.push(listener);
    listener(this.status);
  }

  connect(): void {
    clearTimeout(this.timer);
    if (this.ws) return;
    this.setStatus({ state: 'connecting' });
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.retry(e instanceof Error ? e.message : String(e));
      return;
    }
    this.ws = ws;
    ws.onmessage = (ev) => {
      if (this.ws === ws && typeof ev.data === 'string') this.receive(ev.data);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.ready = false;
      this.failAll(new LiveError('OFFLINE', 'The connection closed'));
      this.retry(ev.reason || `code ${ev.code}`);
    };
  }

  /** Connects now instead of waiting for the next attempt. */
  reconnectNow(): void {
    if (this.ws) return;
    this.attempt = 0;
    this.connect();
  }

  request<T>(op: string, fields: Record<string, unknown>): Promise<T> {
    const ws = this.ws;
    if (!ws || !this.ready) return Promise.reject(new LiveError('OFFLINE', 'Not connected'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new LiveError('TIMEOUT', 'No reply'));
      }, REQUEST_TIMEOUT_MS);
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      ws.send(JSON.stringify({ id, op, ...fields }));
    });
  }

  private receive(data: string): void {
    let msg: LiveReady | LiveReply;
    try {
      msg = JSON.parse(data) as LiveReady | LiveReply;
    } catch {
      return;
    }
    if (isReady(msg)) {
      this.ready = true;
      this.attempt = 0;
      this.limits = msg.limits;
      this.setStatus({ state: 'open', dataVersion: msg.data_version ?? '' });
      return;
    }
    if (typeof msg.id !== 'number') return;
    const w = this.waiting.get(msg.id);
    if (!w) return;
    this.waiting.delete(msg.id);
    clearTimeout(w.timer);
    if (msg.error) w.reject(new LiveError(msg.error.code, msg.error.message, msg.error.retry_after, msg.similar_words));
    else w.resolve(msg.result);
  }

  private failAll(err: LiveError): void {
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(err);
    }
    this.waiting.clear();
  }

  private retry(reason: string): void {
    const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt);
    this.attempt++;
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    this.setStatus({ state: 'closed', retryInMs: delay, reason });
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private setStatus(s: LiveStatus): void {
    this.status = s;
    for (const l of this.listeners) l(s);
  }
}
