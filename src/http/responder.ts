// Writing answers to uWS: a reply whole, or a stream chunk by chunk.
// Invariants kept here:
// - nothing is written to an aborted response, and every write happens
//   inside res.cork;
// - a streamed answer (NDJSON) is written chunk by chunk, each in its own
//   cork, and the next chunk is asked for only when res.write reported no
//   backpressure or res.onWritable fired: a slow reader holds up the work
//   behind the stream instead of filling memory;
// - an answer is compressed as Accept-Encoding allows (compression.ts) from
//   COMPRESS_MIN_BYTES up, a stream whenever allowed; every body and 304
//   carries Vary: Accept-Encoding, and HEAD sends the headers GET would;
// - a failure while writing never reaches uWS: it is logged.

import type { HttpResponse } from 'uWebSockets.js';
import { COMPRESS_MIN_BYTES, compressBody, createCompressor, type ContentEncoding } from '../codec/encoding.js';
import { mainSpares } from '../dispatch/spare-buffers.js';
import { RequestAborted } from './body.js';
import { errorReply, HttpError, statusLine } from './errors.js';
import type { LogError } from './log.js';
import type { RequestState } from './pipeline.js';
import { hasBody } from './request.js';
import { JSON_TYPE, type Reply, type RequestContext } from './types.js';

const NDJSON_TYPE = 'application/x-ndjson';
const EXPOSED_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, X-Request-Id';

/** CORS: any origin ('*'), or the request's Origin when CORS_ORIGINS lists it (then every answer varies by Origin). */
export class Cors {
  readonly anyOrigin: boolean;
  private readonly allowed: Set<string>;

  constructor(origins: readonly string[]) {
    this.anyOrigin = origins.includes('*');
    this.allowed = new Set(origins);
  }

  /** The Access-Control-Allow-Origin of an answer to `ctx`, or null for none. */
  allowOrigin(ctx: RequestContext | null): string | null {
    if (this.anyOrigin) return '*';
    return ctx !== null && this.allowed.has(ctx.origin) ? ctx.origin : null;
  }

  /** An Origin that may open a WebSocket: listed, or any when CORS_ORIGINS is '*'. */
  allows(origin: string): boolean {
    return this.anyOrigin || this.allowed.has(origin);
  }
}

export interface ResponderDeps {
  cors: Cors;
  logError: LogError;
  isShuttingDown: () => boolean;
}

/** Bytes of a body as it will be sent. */
function bodyBytes(b: string | Uint8Array): Uint8Array {
  return typeof b === 'string' ? Buffer.from(b) : b;
}

export class Responder {
  constructor(private readonly deps: ResponderDeps) {}

  /** The reply for an error a handler threw: its own for an HttpError, none for a client gone, else a logged 500. */
  errorToReply(err: unknown, ctx: RequestContext | null): Reply | null {
    if (err instanceof RequestAborted) return null;
    if (err instanceof HttpError) return err.reply;
    this.deps.logError(`unhandled error on ${ctx ? `${ctx.method} ${ctx.path}` : 'a request'}`, err, ctx?.requestId);
    return errorReply('INTERNAL_ERROR');
  }

  /** Writes `reply` (a stream's promise while it streams); logs what the reply has for the log either way. */
  respond(res: HttpResponse, ctx: RequestContext | null, state: RequestState, reply: Reply | null): void | Promise<void> {
    // Logged whether or not the client is still there to read the answer.
    if (reply?.log !== undefined) this.deps.logError(reply.log, undefined, ctx?.requestId);
    if (reply === null || state.aborted) return;
    try {
      if (reply.stream && ctx) return this.writeStream(res, ctx, state, reply);
      this.write(res, ctx, state, reply);
    } catch (e) {
      // The socket went away between the abort check and the write.
      this.deps.logError('writing a response failed', e, ctx?.requestId);
    }
  }

  /** Status line and the headers every answer carries (inside a cork). */
  private writeHead(
    res: HttpResponse,
    ctx: RequestContext | null,
    state: RequestState,
    reply: Reply,
    contentType: string | null,
    encoding: ContentEncoding | null,
  ): void {
    const { cors } = this.deps;
    res.writeStatus(statusLine(reply.status));
    if (contentType !== null) res.writeHeader('Content-Type', contentType);
    const origin = cors.allowOrigin(ctx);
    if (origin !== null) {
      res.writeHeader('Access-Control-Allow-Origin', origin);
      res.writeHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    const varies = contentType !== null || reply.status === 304;
    if (cors.anyOrigin) {
      if (varies) res.writeHeader('Vary', 'Accept-Encoding');
    } else res.writeHeader('Vary', varies ? 'Accept-Encoding, Origin' : 'Origin');
    if (ctx !== null) res.writeHeader('X-Request-Id', ctx.requestId);
    if (encoding !== null) res.writeHeader('Content-Encoding', encoding);
    if (state.rateHeaders) for (const k in state.rateHeaders) res.writeHeader(k, state.rateHeaders[k]!);
    if (reply.headers) for (const k in reply.headers) res.writeHeader(k, reply.headers[k]!);
  }

  private write(res: HttpResponse, ctx: RequestContext | null, state: RequestState, reply: Reply): void {
    if (state.aborted) return;
    let bytes: string | Uint8Array | undefined;
    try {
      bytes = reply.content?.bytes ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
    } catch (e) {
      // A body that cannot be serialized is a bug behind the interface.
      this.deps.logError('response body could not be serialized', e, ctx?.requestId);
      reply = errorReply('INTERNAL_ERROR');
      bytes = JSON.stringify(reply.body);
    }
    const head = ctx?.method === 'HEAD';
    // Compressed here unless a worker did it already; HEAD says what GET would send without compressing.
    let encoding = reply.content?.encoding ?? null;
    // The body's length, measured once without encoding it (most answers are small strings uWS encodes itself).
    let length = bytes === undefined ? 0 : typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
    if (bytes !== undefined && encoding === null && ctx?.encoding && length >= COMPRESS_MIN_BYTES) {
      encoding = ctx.encoding;
      if (!head) {
        bytes = compressBody(bodyBytes(bytes), encoding);
        length = bytes.length;
      }
    }
    // A body still (partly) unread, or a shutdown: do not keep the connection.
    const close = this.deps.isShuttingDown() || reply.status === 413 || (ctx !== null && (ctx.framingError !== null || (!state.bodyConsumed && hasBody(ctx))));
    res.cork(() => {
      this.writeHead(res, ctx, state, reply, bytes === undefined ? null : (reply.content?.type ?? JSON_TYPE), encoding);
      if (bytes === undefined || head) {
        // endWithoutBody(undefined, ...) would announce a bogus huge length, and
        // a real length makes uWS wait for a body that never comes: send none,
        // unless the connection is closing, where uWS needs a number (0).
        if (close) res.endWithoutBody(0, true);
        else res.endWithoutBody();
      } else {
        res.end(bytes, close);
      }
    });
    state.status = reply.status;
    state.bytes = head ? 0 : length;
    // Written (uWS has sent or copied them): the answer's memory serves the next one.
    const content = reply.content;
    if (content?.owned && typeof content.bytes !== 'string' && !(content.bytes.buffer instanceof SharedArrayBuffer)) mainSpares.give(content.bytes.buffer);
  }

  /**
   * Writes a streamed reply (module header: one cork per chunk, backpressure,
   * compression as it streams). The first chunk is pulled before anything is
   * written, so a refusal then is an ordinary reply.
   */
  private async writeStream(res: HttpResponse, ctx: RequestContext, state: RequestState, reply: Reply): Promise<void> {
    const it = reply.stream![Symbol.asyncIterator]();
    let step: IteratorResult<Uint8Array>;
    try {
      step = await it.next();
    } catch (e) {
      this.respond(res, ctx, state, this.errorToReply(e, ctx));
      return;
    }
    let ended = false;
    try {
      if (state.aborted) return;
      const encoding = ctx.encoding;
      // A drain that has begun before the answer starts is said in its head:
      // the client does not send another request on this connection.
      const closing = this.deps.isShuttingDown();
      res.cork(() => {
        this.writeHead(res, ctx, state, reply, NDJSON_TYPE, encoding);
        if (closing) res.writeHeader('Connection', 'close');
      });
      state.status = reply.status;
      let blocked = false;
      const send = (chunk: Uint8Array): void => {
        if (state.aborted || chunk.length === 0) return;
        res.cork(() => {
          if (!res.write(chunk)) blocked = true;
        });
        state.bytes += chunk.length;
      };
      const drained = (): Promise<void> =>
        new Promise<void>((resolve) => {
          if (state.aborted) return resolve();
          state.wake = resolve;
          res.onWritable(() => {
            state.wake = null;
            resolve();
            return true;
          });
        });
      const z = encoding ? createCompressor(encoding) : null;
      z?.stream.on('data', send);
      const flushed = (): Promise<void> => new Promise<void>((resolve) => z!.stream.flush(z!.flushKind, () => resolve()));
      while (!step.done && !state.aborted) {
        if (z) {
          z.stream.write(step.value);
          // Each chunk is complete lines: flushed so the client can read them now.
          await flushed();
        } else send(step.value);
        if (blocked) {
          await drained();
          blocked = false;
        }
        if (state.aborted) break;
        step = await it.next();
      }
      if (state.aborted) {
        z?.stream.destroy();
        return;
      }
      if (z) {
        // 'end': the compressor's last bytes have been handed to `send`.
        await new Promise<void>((resolve) => {
          z.stream.once('end', resolve);
          z.stream.end();
        });
      }
      ended = true;
      // Never end(_, true) here: with the head already out, uWS would write its
      // Connection header into the chunked body. The stream ends cleanly, and a
      // drain closes the connection afterwards (shutdown's app.close()).
      if (!state.aborted) res.cork(() => res.end());
    } catch (e) {
      // Lines have gone out: there is no status left to change. Say so in the log and cut the answer short.
      this.deps.logError(`streamed answer of ${ctx.method} ${ctx.path} failed`, e, ctx.requestId);
      if (!state.aborted) {
        try {
          res.cork(() => res.close());
        } catch {
          // The socket is gone already.
        }
      }
    } finally {
      // The client went away (or the answer failed): stop the work behind the stream.
      if (!ended) await it.return?.(undefined).catch(() => {});
    }
  }
}
