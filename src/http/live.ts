// GET /api/v1/live: the WebSocket channel for live typing and checking.
//
// One connection carries many small JSON messages, each an operation of the
// REST interface run by the REST route's own handler (same validation,
// limits, placement inline or on the pool, engines and answer body), so a
// reply's `result` is byte for byte the REST body. What the channel adds:
// - budgets per client instead of the REST limits per request (the upgrade
//   itself counts as one request), shared by all of a client's connections
//   (live-budgets.ts): token buckets of messages, of characters a minute and
//   of messages a day (the daily request limit, in proportion), a cap on
//   messages in flight, a byte cap per message; pings count as messages;
//   partner keys multiply them (LIVE_PARTNER_FACTOR);
// - caps on connections per client address and in all;
// - reuse per connection of what was answered already: a text is checked
//   word by word, so `spellcheck` keeps the connection's word verdicts and
//   asks the engines only for the words it has not seen (a paragraph edited
//   by one word costs one word); romanization reads each token in the
//   context of the whole text, so there the connection keeps its recent
//   answers whole and the engines' shared per-token analyses do the rest;
// - a slow reader is dropped (close 1008) once its unread replies pass
//   LIVE_MAX_BUFFERED_BYTES, never buffered without bound, and the unread
//   replies of all connections together are bounded too
//   (LIVE_MAX_TOTAL_BUFFERED_BYTES: live-output.ts); a silent peer is closed
//   after LIVE_IDLE_TIMEOUT_SECONDS (uWS pings it before that);
// - shutdown answers the messages in flight, then closes with 1001.
//
// The protocol, every limit and close code: docs/api.md, "Live channel".

import { setMaxListeners } from 'node:events';
import type { WebSocket, WebSocketBehavior } from 'uWebSockets.js';
import type { Config } from '../config.js';
import type { Outcome, Services } from '../dispatch/services.js';
import { SpellcheckMemo } from '../dispatch/spellcheck-memo.js';
import type { LiveLimits } from '../schemas/live.js';
import { checkSpellcheckTextBody, MAX_TEXT_CHARACTERS, MAX_TEXT_WORDS } from '../schemas/spellcheck-text.js';
import { ClientBudgets, type BudgetLimits, type ClientBudget } from './live-budgets.js';
import { OutputBound } from './live-output.js';
import { failureReply, HttpError } from './errors.js';
import type { Metrics } from './metrics.js';
import { runRoute } from './router.js';
import type { Quota, Reply, RequestContext, Route } from './types.js';

export const LIVE_PATH = '/api/v1/live';

/** The operations, and the REST route each one runs. */
export const LIVE_OPS = {
  romanize: 'romanize',
  romanize_tokens: 'romanize',
  spellcheck: 'spellcheckText',
  spellcheck_word: 'spellcheckWord',
  suggest: 'suggest',
  lookup: 'lookupWord',
  english: 'searchEnglish',
} as const;
export type LiveOp = keyof typeof LIVE_OPS;

/** The close codes the channel uses (RFC 6455 7.4.1). */
export const CLOSE = {
  SHUTDOWN: 1001,
  POLICY: 1008,
} as const;

/** An id as the batch endpoints take one: an integer, or a string of at most this many characters. */
const MAX_ID_CHARS = 200;
/**
 * Whole answers a connection keeps (romanization, suggestions, look-ups):
 * at most this many, of at most this many bytes together (a 50-token
 * romanization is about 15 KB). Per connection, so 1,000 typists hold at
 * most 32 MiB of them.
 */
const ANSWER_MEMO_ENTRIES = 8;
const ANSWER_MEMO_BYTES = 32 * 1024;
/** Abort listeners one job in flight may add to the connection's signal (the pool's cancel flag, the admission queue). */
const LISTENERS_PER_JOB = 2;
/** This many messages refused in a row (unparsable, too large, over the budget) close the connection: a client not speaking the protocol, or not listening. */
const MAX_BAD_MESSAGES = 100;

/** Who opens a connection, as the upgrade identified it. */
export interface LiveClient {
  /** The client address. */
  address: string;
  /** What the per-client connection cap counts under: the address (IPv6 by /64), and the partner for a partner key. */
  capKey: string;
  /** The rate limits' identity (the address, IPv6 by /64, or the partner): whose budget the messages spend. */
  budgetKey: string;
  partner: string | null;
  /** Requests a day the client's REST limits allow (0: no daily limit); live messages are bounded in proportion. */
  requestsPerDay: number;
}

/** What uWS keeps for a connection (its user data). */
export interface LiveConnection {
  capKey: string;
  client: string;
  partner: string | null;
  /** Budgets and caps are multiplied by this (1, or LIVE_PARTNER_FACTOR for a partner key). */
  factor: number;
  /** The client's budget, shared with its other connections. */
  budget: ClientBudget;
  badInARow: number;
  /** This connection's messages being worked on or waiting their turn (shutdown closes it once none are). */
  inFlight: number;
  closed: boolean;
  /** Closing once the messages in flight are answered (shutdown). */
  closing: boolean;
  abort: AbortController;
  /** The connection's spellcheck word verdicts (bounded). */
  spell: SpellcheckMemo;
  answers: Map<string, Uint8Array>;
  /** Bytes of `answers`, keys and values. */
  answerBytes: number;
}

export interface LiveDeps {
  config: Config;
  services: Services;
  routes: Route[];
  countWords: (text: string) => number;
  metrics: Metrics;
  logError: (message: string, err?: unknown, requestId?: string) => void;
  isShuttingDown: () => boolean;
}

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();
const NO_QUOTA: Quota = {
  take: (n) => ({ granted: n, retryAfterSeconds: 0, neverFits: false, policy: null }),
  refundRequest: () => {},
};

export class LiveChannel {
  private readonly byOperation = new Map<string, Route>();
  private readonly connections = new Set<WebSocket<LiveConnection>>();
  private readonly perClient = new Map<string, number>();
  private readonly budgets = new ClientBudgets();
  private readonly output: OutputBound<WebSocket<LiveConnection>>;
  private readonly purgeTimer: NodeJS.Timeout;
  private onEmpty: (() => void) | null = null;
  private messageCount = 0;

  constructor(private readonly deps: LiveDeps) {
    for (const r of deps.routes) this.byOperation.set(r.operationId, r);
    for (const op of Object.keys(LIVE_OPS) as LiveOp[]) {
      if (!this.byOperation.has(LIVE_OPS[op])) throw new Error(`live op ${op}: no route ${LIVE_OPS[op]}`);
    }
    this.output = new OutputBound(
      deps.config.liveMaxTotalBufferedBytes,
      (ws) => (ws.getUserData().closed ? 0 : ws.getBufferedAmount()),
      (ws) => this.drop(ws, 'output_bound', 'Server output over its bound: the slowest readers are closed first'),
    );
    // Budgets of clients gone and full again are forgotten.
    this.purgeTimer = setInterval(() => this.budgets.purge(), 60_000);
    this.purgeTimer.unref();
  }

  /** The key a client's connections are counted under. */
  static capKey(clientKey: string, partner: string | null): string {
    return partner === null ? clientKey : `${clientKey} ${partner}`;
  }

  get openConnections(): number {
    return this.connections.size;
  }

  get messagesHandled(): number {
    return this.messageCount;
  }

  /** Bytes of replies the live connections have not read, at the last reading (live-output.ts). */
  get unsentBytes(): number {
    return this.output.unsentBytes;
  }

  /** A client's budget limits: the configured ones, times the partner factor, and the daily bound in proportion to its requests a day. */
  private budgetLimits(factor: number, requestsPerDay: number): BudgetLimits {
    const c = this.deps.config;
    return {
      messagesPerSecond: c.liveMessagesPerSecond * factor,
      burst: c.liveBurst * factor,
      charactersPerMinute: c.liveCharactersPerMinute * factor,
      messagesPerDay: requestsPerDay * c.liveMessagesPerRequest,
      maxPending: c.liveMaxPending * factor,
    };
  }

  /** What the ready message states: a client's budget `b` and the connection's own bounds. */
  limits(b: BudgetLimits): LiveLimits {
    const c = this.deps.config;
    return {
      messages_per_second: b.messagesPerSecond,
      burst: b.burst,
      characters_per_minute: b.charactersPerMinute,
      messages_per_day: b.messagesPerDay === 0 ? null : b.messagesPerDay,
      max_message_bytes: c.liveMaxMessageBytes,
      max_pending: b.maxPending,
      idle_timeout_seconds: c.liveIdleTimeoutSeconds,
      max_buffered_bytes: c.liveMaxBufferedBytes,
      max_text_characters: MAX_TEXT_CHARACTERS,
      max_text_words: MAX_TEXT_WORDS,
    };
  }

  /**
   * Why a new connection from this client cannot be taken now (the caps),
   * or null. Checked at the upgrade, before the connection exists.
   */
  refusal(capKey: string, factor: number): { code: 'RATE_LIMIT_EXCEEDED' | 'SERVICE_UNAVAILABLE'; message: string } | null {
    const c = this.deps.config;
    if (this.connections.size >= c.liveMaxConnections) {
      return { code: 'SERVICE_UNAVAILABLE', message: `The service holds its maximum of ${c.liveMaxConnections} live connections` };
    }
    const cap = c.liveMaxConnectionsPerClient * factor;
    if ((this.perClient.get(capKey) ?? 0) >= cap) {
      return { code: 'RATE_LIMIT_EXCEEDED', message: `Too many live connections from this client (at most ${cap}); close one first` };
    }
    return null;
  }

  /** The connection's user data for res.upgrade. */
  newConnection(who: LiveClient): LiveConnection {
    const factor = who.partner === null ? 1 : this.deps.config.livePartnerFactor;
    const limits = this.budgetLimits(factor, who.requestsPerDay);
    // Every job in flight (LIVE_MAX_PENDING of them) listens on the connection's signal, a pool job twice
    // (its cancel flag and the admission queue): above Node's default of 10 that is by design, not a leak.
    const abort = new AbortController();
    setMaxListeners(LISTENERS_PER_JOB * limits.maxPending + 10, abort.signal);
    return {
      capKey: who.capKey,
      client: who.address,
      partner: who.partner,
      factor,
      budget: this.budgets.open(who.budgetKey, limits),
      badInARow: 0,
      inFlight: 0,
      closed: false,
      closing: false,
      abort,
      spell: new SpellcheckMemo(this.deps.services),
      answers: new Map(),
      answerBytes: 0,
    };
  }

  /** uWS's behaviour for the pattern; `upgrade` is the server's (it owns identity and rate limits). */
  behavior(upgrade: NonNullable<WebSocketBehavior<LiveConnection>['upgrade']>): WebSocketBehavior<LiveConnection> {
    const c = this.deps.config;
    return {
      // Up to twice the message cap arrives and is answered PAYLOAD_TOO_LARGE; beyond that uWS drops the connection.
      maxPayloadLength: c.liveMaxMessageBytes * 2,
      idleTimeout: c.liveIdleTimeoutSeconds,
      sendPingsAutomatically: true,
      // The documented bound: our replies check it first (send(): 1008); uWS enforces it on what it sends
      // itself (pongs to a peer's pings, which it answers unasked) by dropping the connection.
      maxBackpressure: c.liveMaxBufferedBytes,
      closeOnBackpressureLimit: true,
      upgrade,
      open: (ws) => this.opened(ws),
      message: (ws, message, isBinary) => this.received(ws, message, isBinary),
      ping: (ws) => this.pinged(ws),
      drain: (ws) => this.output.drained(ws),
      close: (ws) => this.closed(ws),
    };
  }

  private opened(ws: WebSocket<LiveConnection>): void {
    const conn = ws.getUserData();
    this.connections.add(ws);
    this.perClient.set(conn.capKey, (this.perClient.get(conn.capKey) ?? 0) + 1);
    this.deps.metrics.liveOpened();
    const ready = { op: 'ready', api_version: 'v1', data_version: this.deps.services.dataVersion(), limits: this.limits(conn.budget.limits) };
    this.send(ws, JSON.stringify(ready));
    if (this.deps.isShuttingDown()) this.closeWhenIdle(ws);
  }

  private closed(ws: WebSocket<LiveConnection>): void {
    const conn = ws.getUserData();
    conn.closed = true;
    conn.abort.abort();
    this.budgets.close(conn.budget);
    this.output.forget(ws);
    conn.spell.forget();
    conn.answers.clear();
    conn.answerBytes = 0;
    this.connections.delete(ws);
    const n = (this.perClient.get(conn.capKey) ?? 1) - 1;
    if (n <= 0) this.perClient.delete(conn.capKey);
    else this.perClient.set(conn.capKey, n);
    this.deps.metrics.liveClosed();
    if (this.connections.size === 0) this.onEmpty?.();
  }

  /** Sends a text frame, or drops the connection when its reader is too slow. */
  private send(ws: WebSocket<LiveConnection>, frame: string | Uint8Array): void {
    const conn = ws.getUserData();
    if (conn.closed) return;
    const length = typeof frame === 'string' ? frame.length : frame.byteLength;
    if (ws.getBufferedAmount() + length > this.deps.config.liveMaxBufferedBytes && ws.getBufferedAmount() > 0) {
      this.drop(ws, 'slow_reader', 'Reader too slow: unread replies over LIVE_MAX_BUFFERED_BYTES');
      return;
    }
    ws.cork(() => ws.send(frame, false));
    this.output.sent(ws, length);
  }

  /** Closes a connection on one of the channel's rules (1008), counted by reason. */
  private drop(ws: WebSocket<LiveConnection>, reason: 'slow_reader' | 'output_bound' | 'bad_messages' | 'pings', message: string): void {
    const conn = ws.getUserData();
    if (conn.closed) return;
    conn.closed = true;
    this.output.forget(ws);
    this.deps.metrics.liveDropped(reason);
    ws.end(CLOSE.POLICY, message);
  }

  /** A ping from the peer (uWS has answered it): it costs a message of the client's budget; a peer pinging past the budget is closed. */
  private pinged(ws: WebSocket<LiveConnection>): void {
    const conn = ws.getUserData();
    if (conn.closed) return;
    if (conn.budget.spend(0, performance.now()) !== null) this.drop(ws, 'pings', 'Pings over the message budget');
  }

  private received(ws: WebSocket<LiveConnection>, message: ArrayBuffer, isBinary: boolean): void {
    const conn = ws.getUserData();
    this.messageCount++;
    // Every frame counts against the client's budget, a bad one too.
    const short = conn.budget.spend(message.byteLength, performance.now());
    if (short !== null) {
      const why = short.budget === 'day' ? 'Live messages of the day spent' : 'Live budget spent';
      this.refuse(ws, conn, peekId(message), null, 'RATE_LIMIT_EXCEEDED', `${why}; retry after ${short.retryAfterSeconds} seconds`, short.retryAfterSeconds);
      return;
    }
    if (message.byteLength > this.deps.config.liveMaxMessageBytes) {
      this.refuse(ws, conn, peekId(message), null, 'PAYLOAD_TOO_LARGE', `Message exceeds ${this.deps.config.liveMaxMessageBytes} bytes`);
      return;
    }
    if (isBinary) {
      this.refuse(ws, conn, null, null, 'BAD_REQUEST', 'Messages must be JSON text frames');
      return;
    }
    let msg: unknown;
    try {
      msg = JSON.parse(DECODER.decode(message));
    } catch {
      this.refuse(ws, conn, null, null, 'BAD_REQUEST', 'Message is not valid JSON');
      return;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      this.refuse(ws, conn, null, null, 'BAD_REQUEST', 'Message must be a JSON object');
      return;
    }
    const m = msg as Record<string, unknown>;
    const id = m.id;
    if (!(Number.isSafeInteger(id) || (typeof id === 'string' && id.length <= MAX_ID_CHARS))) {
      this.refuse(ws, conn, null, null, 'BAD_REQUEST', `Field 'id' must be a string of at most ${MAX_ID_CHARS} characters or an integer`);
      return;
    }
    const op = m.op;
    if (typeof op !== 'string' || !Object.hasOwn(LIVE_OPS, op)) {
      this.refuse(ws, conn, id, null, 'BAD_REQUEST', `Field 'op' must be one of: ${Object.keys(LIVE_OPS).join(', ')}`);
      return;
    }
    conn.badInARow = 0;
    if (this.deps.isShuttingDown() || conn.closing) {
      this.send(ws, errorFrame(id, op, { code: 'SERVICE_UNAVAILABLE', message: 'The service is shutting down', retry_after: 1 }));
      return;
    }
    const { id: _id, op: _op, ...fields } = m;
    conn.inFlight++;
    const run = (): void => {
      this.answer(conn, op as LiveOp, fields)
        .then(
          (a) => a,
          (e) => this.failure(e),
        )
        .then((a) => {
          conn.inFlight--;
          conn.budget.finished();
          this.deps.metrics.liveMessage(a.code);
          if (a.code !== 'CANCELLED') this.send(ws, a.result !== undefined ? resultFrame(id, op, a.result) : errorFrame(id, op, a.error!, a.extra));
          if (conn.closing && conn.inFlight === 0 && !conn.closed) this.closeNow(ws);
        })
        .catch((e) => this.deps.logError('live reply failed', e));
    };
    // Beyond LIVE_MAX_PENDING of the client's messages at once a message waits its turn (the budgets bound how many can wait).
    conn.budget.admit(run, () => conn.closed);
  }

  /** Answers a message refused before any work; a client that sends nothing else is closed (MAX_BAD_MESSAGES). */
  private refuse(
    ws: WebSocket<LiveConnection>,
    conn: LiveConnection,
    id: unknown,
    op: string | null,
    code: string,
    message: string,
    retryAfter?: number,
  ): void {
    this.deps.metrics.liveMessage(code);
    this.send(ws, errorFrame(id, op, retryAfter === undefined ? { code, message } : { code, message, retry_after: retryAfter }));
    if (++conn.badInARow >= MAX_BAD_MESSAGES) this.drop(ws, 'bad_messages', `${MAX_BAD_MESSAGES} bad messages in a row`);
  }

  private failure(e: unknown): Answer {
    if (e instanceof HttpError) return fromReply(e.reply);
    this.deps.logError('live message failed', e);
    return { code: 'INTERNAL_ERROR', error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } };
  }

  /** Runs one operation: the REST route's handler, or the spellcheck memo. */
  private async answer(conn: LiveConnection, op: LiveOp, fields: Record<string, unknown>): Promise<Answer> {
    if (op === 'spellcheck') return this.spellcheck(conn, fields);
    const route = this.byOperation.get(LIVE_OPS[op])!;
    let body: unknown;
    let query = '';
    if (route.body === 'json') {
      if (op === 'romanize_tokens' && fields.tokens === undefined) return badRequest("Field 'tokens' is required");
      if (op === 'romanize' && fields.tokens !== undefined && fields.text === undefined)
        return badRequest("Op 'romanize' takes 'text'; send 'tokens' with op 'romanize_tokens'");
      body = fields;
    } else {
      const q = toQuery(fields);
      if (typeof q !== 'string') return { code: 'INVALID_PARAMETER', error: { code: 'INVALID_PARAMETER', message: q.error } };
      query = q;
    }
    const key = memoKey(op, fields);
    const memo = key === null ? undefined : conn.answers.get(key);
    if (memo) {
      conn.answers.delete(key!);
      conn.answers.set(key!, memo);
      return { code: 'OK', result: memo };
    }
    const reply = await runRoute(
      route,
      { ctx: liveContext(conn, query), body, signal: () => conn.abort.signal, quota: NO_QUOTA, client: conn.budget.key },
      this.deps.countWords,
    );
    if (reply.log !== undefined) this.deps.logError(reply.log);
    const a = fromReply(reply);
    if (a.result !== undefined && key !== null && !conn.closed && !conn.answers.has(key) && key.length * 2 + a.result.byteLength <= ANSWER_MEMO_BYTES) {
      conn.answers.set(key, a.result);
      conn.answerBytes += key.length * 2 + a.result.byteLength;
      // The oldest go first, until the memo is within both bounds.
      while (conn.answers.size > ANSWER_MEMO_ENTRIES || conn.answerBytes > ANSWER_MEMO_BYTES) {
        const [oldKey, oldValue] = conn.answers.entries().next().value!;
        conn.answers.delete(oldKey);
        conn.answerBytes -= oldKey.length * 2 + oldValue.byteLength;
      }
    }
    return a;
  }

  /** spellcheck with the connection's word verdicts (SpellcheckMemo): the same validation and answer as REST. */
  private async spellcheck(conn: LiveConnection, fields: Record<string, unknown>): Promise<Answer> {
    const c = checkSpellcheckTextBody(fields, this.deps.countWords);
    if (!c.ok) return badRequest(c.detail);
    const o = await conn.spell.check(c.value.text, c.value.level ?? 'standard', { signal: conn.abort.signal, client: conn.budget.key });
    if (!o.ok) return fromOutcome(o, this.deps.logError);
    return { code: 'OK', result: ENCODER.encode(JSON.stringify(o.value)) };
  }

  /** Closes every connection with 1001 once its messages in flight are answered; resolves when all are closed or after `graceMs`. */
  shutdown(graceMs: number): Promise<void> {
    clearInterval(this.purgeTimer);
    for (const ws of this.connections) this.closeWhenIdle(ws);
    if (this.connections.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.onEmpty = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private closeWhenIdle(ws: WebSocket<LiveConnection>): void {
    const conn = ws.getUserData();
    conn.closing = true;
    if (conn.inFlight === 0 && !conn.closed) this.closeNow(ws);
  }

  private closeNow(ws: WebSocket<LiveConnection>): void {
    const conn = ws.getUserData();
    conn.closed = true;
    ws.end(CLOSE.SHUTDOWN, 'Server shutting down');
  }
}

/** What a message is answered with: the REST body's bytes, or an error. */
interface Answer {
  /** OK, the error code, or CANCELLED (the connection went away: nothing is sent). */
  code: string;
  result?: Uint8Array;
  error?: Record<string, unknown>;
  /** Top-level fields beside error (similar_words of WORD_NOT_FOUND). */
  extra?: Record<string, unknown>;
}

function badRequest(message: string): Answer {
  return { code: 'BAD_REQUEST', error: { code: 'BAD_REQUEST', message } };
}

/** A failed Outcome as a live error: the REST catalog's reply for it (failureReply), or nothing for a connection gone. */
function fromOutcome(o: Outcome<never>, logError: (message: string) => void): Answer {
  if (!o.ok && o.code === 'CANCELLED') return { code: 'CANCELLED' };
  const reply = failureReply(o, 'live spellcheck');
  if (reply.log !== undefined) logError(reply.log);
  return fromReply(reply);
}

/** A REST reply as a live answer: the 200 body's bytes; an error's Shape A as it is, Shape B as BAD_REQUEST with the detail. */
function fromReply(reply: Reply): Answer {
  if (reply.status === 200) {
    const json = reply.content?.bytes ?? JSON.stringify(reply.body);
    return { code: 'OK', result: typeof json === 'string' ? ENCODER.encode(json) : json };
  }
  let body = reply.body as Record<string, unknown> | undefined;
  const made = reply.content?.bytes;
  if (body === undefined && made !== undefined) body = JSON.parse(typeof made === 'string' ? made : DECODER.decode(made)) as Record<string, unknown>;
  if (body && typeof body.detail === 'string') return badRequest(body.detail);
  const error = body?.error as Record<string, unknown> | undefined;
  if (!error || typeof error.code !== 'string') return { code: 'INTERNAL_ERROR', error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } };
  const { error: _e, ...extra } = body!;
  return { code: error.code, error, extra: Object.keys(extra).length > 0 ? extra : undefined };
}

function resultFrame(id: unknown, op: string, result: Uint8Array): Uint8Array {
  const head = ENCODER.encode(`{"id":${JSON.stringify(id)},"op":${JSON.stringify(op)},"result":`);
  const out = new Uint8Array(head.length + result.length + 1);
  out.set(head, 0);
  out.set(result, head.length);
  out[out.length - 1] = 0x7d; // }
  return out;
}

function errorFrame(id: unknown, op: string | null, error: Record<string, unknown>, extra?: Record<string, unknown>): string {
  const frame: Record<string, unknown> = { id: id ?? null };
  if (op !== null) frame.op = op;
  frame.error = error;
  if (extra) Object.assign(frame, extra);
  return JSON.stringify(frame);
}

const LEADING_ID = /^\s*\{\s*"id"\s*:\s*(-?\d{1,16}|"(?:[^"\\]|\\.){0,200}")\s*[,}]/;

/**
 * The id of a message refused before it is parsed (budget spent, too
 * large): read from the first bytes when the message starts with it, as
 * clients write it; else null. Refusing never costs a parse of the whole.
 */
function peekId(message: ArrayBuffer): unknown {
  const m = LEADING_ID.exec(DECODER.decode(new Uint8Array(message, 0, Math.min(message.byteLength, 512))));
  if (m === null) return null;
  try {
    const id: unknown = JSON.parse(m[1]!);
    return Number.isSafeInteger(id) || typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** The fields of a query-style op as a query string (the REST route parses and validates it). */
function toQuery(fields: Record<string, unknown>): string | { error: string } {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return { error: `Field '${k}' must be a string, a number or a boolean` };
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

/** The memo key of a repeatable answer; null for what is not kept (large texts). */
function memoKey(op: LiveOp, fields: Record<string, unknown>): string | null {
  const s = JSON.stringify(fields);
  return s.length > 16 * 1024 ? null : `${op}\u0000${s}`;
}

/** A RequestContext for a route's handler: the connection's client, no headers of a request. */
function liveContext(conn: LiveConnection, query: string): RequestContext {
  return {
    method: 'GET',
    path: '/api/v1/live',
    query,
    params: [],
    contentType: 'application/json',
    contentLength: '',
    transferEncoding: '',
    framingError: null,
    apiKey: '',
    forwardedFor: '',
    peerAddress: conn.client,
    client: conn.client,
    receivedAt: performance.now(),
    encoding: null,
    ifNoneMatch: '',
    requestId: '',
    origin: '',
  };
}
