// Streamed answers: whole documents and batches, as application/x-ndjson.
// The lines of results are made by the pool (src/worker/lines.ts); this
// module checks the request, counts it against the rate limits, and writes
// the lines the pool cannot: errors, from the one catalog, and totals.
//
// Decisions (docs/api.md, "Documents and batches"):
// - Rate limits: every piece of a document and every item of a batch counts
//   as one request; the request itself was counted on arrival as the first.
//   A document is answered whole or not at all: when the client's quota
//   cannot take all its pieces now it is refused up front (429 with the wait
//   until it can, the request itself not counted), or, when it needs more
//   than a whole window holds, 400 in Shape B. A batch is answered in part:
//   the items the quota takes, in order, are answered, the rest get
//   RATE_LIMIT_EXCEEDED lines (with retry_after).
// - Admission: the first pool job of a request is admitted as any request's
//   and may be refused (503, before anything is written); the later ones
//   wait (job-stream.ts), at most IN_FLIGHT_PER_THREAD per thread at once.
// - A failure after the first line cannot change the status: the piece or
//   items it concerns get error lines and the others are still answered.

import { isUtf8 } from 'node:buffer';
import { streamJobs } from '../dispatch/job-stream.js';
import type { BatchItem, ItemFailure, ItemTask, Lines, LinesTask, Outcome } from '../dispatch/services.js';
import { romanTokenCount, splitDocument, type Piece } from '../dispatch/split.js';
import { batchItems, checkBatchItem, type BatchKind, type BatchRequest } from '../schemas/batch.js';
import { DOCUMENT_DETAILS, checkDocumentJson, PIECE_LIMITS, type DocumentKind } from '../schemas/document.js';
import { detailReply, HttpError, rateLimitedReply } from './errors.js';
import type { HandlerInput, Reply, RouteDeps } from './types.js';

/** Pool jobs a document or batch has running at once, per worker thread: one running and the next ready. */
export const IN_FLIGHT_PER_THREAD = 2;
/**
 * Results it keeps at once (running, or done and waiting for an earlier
 * piece or for the client to read), per thread: room for a slow piece
 * without idling the threads, and a bound on memory (a romanization piece's
 * line can be 1 MB).
 */
export const HELD_PER_THREAD = 6;
/** A batch job holds at most this many items, or items of about this many characters: long enough to be worth a pool round trip. */
const BATCH_JOB_ITEMS = 64;
const BATCH_JOB_CHARACTERS = 10_000;

const encoder = new TextEncoder();

type Failed = Extract<Outcome<never>, { ok: false }>;

/** A failed job's error object for its lines (Shape A's fields, from the catalog; internals only to the log). */
export type FailureReply = (o: Failed, what: string) => Reply;

function errorObject(reply: Reply): unknown {
  return (reply.body as { error: unknown }).error;
}

/** How many of a request's jobs run and wait at once, by the pool's threads; stopped when the client goes. */
function streamBounds(deps: RouteDeps, input: HandlerInput, ordered: boolean) {
  const threads = deps.services.poolThreads();
  return { inFlight: IN_FLIGHT_PER_THREAD * threads, held: HELD_PER_THREAD * threads, ordered, signal: input.signal(), client: input.client };
}

/** The error object of a failed piece or item's line; what the reply has for the log is logged with the request's id. */
function lineError(reply: Reply, input: HandlerInput, deps: RouteDeps): unknown {
  if (reply.log !== undefined) deps.logError(reply.log, undefined, input.ctx.requestId);
  return errorObject(reply);
}

function line(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value) + '\n');
}

// ---- documents

/** POST /api/v1/{spellcheck,romanization}/document. */
export async function documentAnswer(
  kind: DocumentKind,
  input: HandlerInput,
  deps: RouteDeps,
  failure: FailureReply,
  queryMaxCandidates: number,
): Promise<Reply> {
  // The document as UTF-8 bytes: a text/plain body as it came (checked, not decoded: split.ts), a JSON one's text encoded.
  let bytes: Uint8Array;
  let maxCandidates = queryMaxCandidates;
  if (input.raw !== undefined) {
    if (!isUtf8(input.raw)) return detailReply(DOCUMENT_DETAILS.notUtf8);
    bytes = input.raw;
  } else {
    const c = checkDocumentJson(input.body, kind);
    if (!c.ok) return detailReply(c.detail);
    bytes = encoder.encode(c.text);
    if ((input.body as Record<string, unknown>).max_candidates != null) maxCandidates = c.maxCandidates;
  }
  const split = splitDocument(bytes, PIECE_LIMITS[kind], kind === 'romanization' ? romanTokenCount : undefined);
  if (!split.ok) return detailReply(DOCUMENT_DETAILS.unsplittable(kind, split.problem, split.at));
  const { pieces } = split;
  // Every piece is a request; this one, counted on arrival, is the first.
  if (pieces.length > 1) {
    const grant = await input.quota.take(pieces.length - 1, 'all');
    if (grant.granted < pieces.length - 1) {
      input.quota.refundRequest();
      if (grant.neverFits) return detailReply(DOCUMENT_DETAILS.overQuota(pieces.length, grant.policy ?? ''));
      return rateLimitedReply(
        grant.retryAfterSeconds,
        `Rate limit exceeded: this document needs ${pieces.length} requests (one per piece); retry after ${grant.retryAfterSeconds} seconds`,
      );
    }
  }
  return { status: 200, stream: documentLines(kind, bytes, pieces, split.words, maxCandidates, input, deps, failure) };
}

/**
 * A piece's job, with its own copy of the piece's bytes: a view would clone
 * the whole document's buffer to the thread (and Buffer's slice is a view).
 */
function pieceTask(kind: DocumentKind, bytes: Uint8Array, p: Piece, index: number, maxCandidates: number): LinesTask {
  const piece = new Uint8Array(bytes.subarray(p.byteStart, p.byteEnd));
  return kind === 'spellcheck'
    ? { name: 'spellcheckPiece', bytes: piece, piece: index, start: p.start }
    : { name: 'romanizePiece', bytes: piece, maxCandidates, piece: index, start: p.start };
}

async function* documentLines(
  kind: DocumentKind,
  bytes: Uint8Array,
  pieces: Piece[],
  words: number,
  maxCandidates: number,
  input: HandlerInput,
  deps: RouteDeps,
  failure: FailureReply,
): AsyncGenerator<Uint8Array> {
  const totals: Record<string, number> =
    kind === 'spellcheck'
      ? { pieces: pieces.length, words, misspelled: 0, unknown: 0, failed: 0 }
      : { pieces: pieces.length, words, tokens: 0, resolved: 0, ambiguous: 0, unresolved: 0, failed: 0 };
  // Tasks are made as they are started: a piece's bytes are copied when its job goes to the pool.
  const tasks = (function* () {
    for (let i = 0; i < pieces.length; i++) yield pieceTask(kind, bytes, pieces[i]!, i, maxCandidates);
  })();
  const jobs = streamJobs(tasks, (task, o) => deps.services.runLines(task, o), streamBounds(deps, input, true));
  for await (const r of jobs) {
    const o = r.outcome;
    if (o.ok) {
      for (const k in o.value.counts) totals[k] = (totals[k] ?? 0) + o.value.counts[k]!;
      yield o.value.bytes;
      continue;
    }
    // The client has gone: nothing more is written.
    if (o.code === 'CANCELLED') return;
    // The first piece refused as overload: the request is refused, before any line.
    if (r.index === 0 && o.code === 'SERVICE_UNAVAILABLE') throw new HttpError(failure(o, 'document piece'));
    totals.failed!++;
    const p = pieces[r.index]!;
    yield line({ piece: r.index, start: p.start, end: p.end, error: lineError(failure(o, 'document piece'), input, deps) });
  }
  yield line({ totals: { ...totals, elapsed_ms: Math.round((performance.now() - input.ctx.receivedAt) * 10) / 10 } });
}

// ---- batches

interface BatchJob {
  items: BatchItem[];
  /** The word of each look-up, by item index (the WORD_NOT_FOUND message names it). */
  words: Map<number, string>;
}

function itemTask(r: BatchRequest): ItemTask {
  if (!('kind' in r)) return r;
  return r.kind === 'text'
    ? { name: 'romanizeText', text: r.text, maxCandidates: r.maxCandidates }
    : { name: 'romanizeTokens', tokens: r.tokens, maxCandidates: r.maxCandidates };
}

/** About how much work an item is, in characters. */
function itemWeight(t: ItemTask): number {
  switch (t.name) {
    case 'spellcheckText':
    case 'romanizeText':
      return t.text.length;
    case 'romanizeTokens':
      return t.tokens.reduce((n, s) => n + s.length + 1, 0);
    default:
      return t.word.length + 1;
  }
}

/** POST /api/v1/{spellcheck,romanization,dictionary}/batch. */
export async function batchAnswer(
  kind: BatchKind,
  input: HandlerInput,
  deps: RouteDeps,
  failure: FailureReply,
  notFound: (word: string, similar: string[]) => Reply,
): Promise<Reply> {
  const b = batchItems(input.body);
  if (!b.ok) return detailReply(b.detail);
  const { items } = b;
  // Every item is a request; this one, counted on arrival, is the first. The quota takes the first items.
  const grant = items.length > 1 ? await input.quota.take(items.length - 1, 'partial') : null;
  const accepted = grant ? 1 + grant.granted : items.length;
  const immediate: Uint8Array[] = [];
  const jobs: BatchJob[] = [];
  let job: BatchJob = { items: [], words: new Map() };
  let weight = 0;
  for (let index = 0; index < items.length; index++) {
    const c = checkBatchItem(kind, items[index], deps.countWords);
    if (index >= accepted) {
      const retry = grant!.retryAfterSeconds;
      immediate.push(line({ id: c.id, index, error: errorObject(rateLimitedReply(retry)) }));
      continue;
    }
    if (!c.ok) {
      immediate.push(line({ id: c.id, index, detail: c.detail }));
      continue;
    }
    const task = itemTask(c.request);
    const w = itemWeight(task);
    if (job.items.length > 0 && (job.items.length >= BATCH_JOB_ITEMS || weight + w > BATCH_JOB_CHARACTERS)) {
      jobs.push(job);
      job = { items: [], words: new Map() };
      weight = 0;
    }
    job.items.push({ id: c.id, index, task });
    if (task.name === 'lookupEntry') job.words.set(index, task.word);
    weight += w;
  }
  if (job.items.length > 0) jobs.push(job);
  return { status: 200, stream: batchLines(immediate, jobs, input, deps, failure, notFound) };
}

async function* batchLines(
  immediate: Uint8Array[],
  jobs: BatchJob[],
  input: HandlerInput,
  deps: RouteDeps,
  failure: FailureReply,
  notFound: (word: string, similar: string[]) => Reply,
): AsyncGenerator<Uint8Array> {
  // Lines that need no work go out with the first job's (once the request is sure to be answered).
  let pending = immediate;
  const flush = (more: Uint8Array[]): Uint8Array => {
    const out = Buffer.concat([...pending, ...more]);
    pending = [];
    return out;
  };
  if (jobs.length === 0) {
    yield flush([]);
    return;
  }
  const failureLine = (item: BatchItem, f: ItemFailure | Failed, words: Map<number, string>): Uint8Array => {
    if (f.code === 'WORD_NOT_FOUND') {
      const body = notFound(words.get(item.index) ?? '', f.similarWords ?? []).body as { error: unknown; similar_words: string[] };
      return line({ id: item.id, index: item.index, error: body.error, similar_words: body.similar_words });
    }
    return line({ id: item.id, index: item.index, error: lineError(failure({ ...f, ok: false }, 'batch item'), input, deps) });
  };
  let answered = false;
  const results = streamJobs(jobs, (j, o) => deps.services.runLines({ name: 'batch', items: j.items }, o), streamBounds(deps, input, false));
  for await (const r of results) {
    const o = r.outcome;
    if (!o.ok && o.code === 'CANCELLED') return;
    if (!o.ok && !answered && o.code === 'SERVICE_UNAVAILABLE') throw new HttpError(failure(o, 'batch'));
    answered = true;
    if (!o.ok) {
      // The job failed as a whole (a time-out, a worker lost, the service stopping): each of its items says so.
      yield flush(r.job.items.map((item) => failureLine(item, o, r.job.words)));
      continue;
    }
    const lines: Lines = o.value;
    const byIndex = new Map(r.job.items.map((item) => [item.index, item]));
    yield flush([lines.bytes, ...lines.failures.map((f) => failureLine(byIndex.get(f.index)!, f, r.job.words))]);
  }
}
