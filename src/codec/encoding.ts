// Content codings of answers: the one place that says how an answer is
// compressed, used by a worker thread for the answer it has just serialized
// (the main thread then only writes the bytes) and by the HTTP layer for
// answers made on the main thread and for streamed NDJSON. A part of its own
// (src/codec), below both, so that neither reaches into the other for it.
//
// Levels: brotli 2 and gzip 2, measured on a 1,000-token romanization
// answer (the aim: at most 1/8 of its bytes and at most 2 ms more
// latency): brotli 2 gives 1/8.9 and gzip 2 1/8.2, for 1.3-1.4 ms more to
// the last byte; level 3 adds about 0.5 ms more for a few per cent, brotli 1
// is cheaper still but leaves little margin (1/8.3) and streams poorly
// (1/6.7 flushed line by line); gzip 1 misses 1/8. Figures:
// bench/compression.ts, bench/heavy-clients.ts, bench/RESULTS.md#compression.
// Small answers compress poorly (a 650-byte entry to
// about 1/2.3): below COMPRESS_MIN_BYTES answers are sent as they are.

import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from 'node:zlib';

/** A content coding the service can send (identity is no coding). */
export type ContentEncoding = 'gzip' | 'br';

/** Bodies shorter than this are sent uncompressed. */
export const COMPRESS_MIN_BYTES = 1024;
export const GZIP_LEVEL = 2;
export const BROTLI_QUALITY = 2;

function brotliParams(sizeHint?: number): Record<number, number> {
  const params: Record<number, number> = {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint !== undefined) params[constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return params;
}

/** A whole body compressed at once (synchronous: a worker's own time, or a small answer on the main thread). */
export function compressBody(body: Uint8Array, encoding: ContentEncoding): Buffer {
  return encoding === 'gzip' ? gzipSync(body, { level: GZIP_LEVEL }) : brotliCompressSync(body, { params: brotliParams(body.length) });
}

/** A compressor for a streamed body; it runs on libuv's thread pool, off the event loop. */
export function createCompressor(encoding: ContentEncoding): { stream: Gzip | BrotliCompress; flushKind: number } {
  return encoding === 'gzip'
    ? { stream: createGzip({ level: GZIP_LEVEL }), flushKind: constants.Z_SYNC_FLUSH }
    : { stream: createBrotliCompress({ params: brotliParams() }), flushKind: constants.BROTLI_OPERATION_FLUSH };
}
