// Validators for answers that depend only on the data build: dictionary
// entries, autocomplete and example sentences. Their ETag is the build's id
// (the xxh64 of its data file, which every `make data` changes, and any
// change of the code rebuilds the data) and a digest of the request as the
// handler understood it (parameters parsed and defaulted), so the same
// question to the same build has the same tag, and a new build changes all.
//
// The tag is weak (W/): a gzip, brotli and identity answer are the same
// representation, byte for byte different; If-None-Match compares weakly
// anyway (RFC 9110 13.1.2). Because the tag is known from the request alone,
// a matching If-None-Match is answered 304 before any look-up: a client can
// only hold a tag from a 200 of the same build, and the same build answers
// the same question the same way.

import { hash } from 'node:crypto';
import type { Reply, RequestContext } from './types.js';

/** How long a client or shared cache may reuse an answer before revalidating it with its ETag. */
export const CACHE_CONTROL = 'public, max-age=3600';

/** The weak ETag of the answer to `request` (a canonical text of it) from build `dataVersion`. */
export function entityTag(dataVersion: string, request: string): string {
  return `W/"${dataVersion}-${hash('sha1', request, 'base64url').slice(0, 16)}"`;
}

/** If-None-Match lists the tag, by weak comparison (`*` is handled by conditional()). */
export function noneMatchHits(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.length === 0) return false;
  const opaque = (t: string): string => t.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  for (const t of ifNoneMatch.split(',')) if (opaque(t) === mine) return true;
  return false;
}

/**
 * Answers a cacheable request: 304 Not Modified when If-None-Match holds its
 * tag (without running `answer`), else `answer`'s reply, with the ETag and
 * Cache-Control headers when it is a 200.
 */
export async function conditional(ctx: RequestContext, dataVersion: string, request: string, answer: () => Promise<Reply>): Promise<Reply> {
  const etag = entityTag(dataVersion, request);
  const validators = { ETag: etag, 'Cache-Control': CACHE_CONTROL };
  if (noneMatchHits(ctx.ifNoneMatch, etag)) return { status: 304, headers: validators };
  const reply = await answer();
  if (reply.status !== 200) return reply;
  // `*`: any answer the client already has will do, but only if there is one (not for a 404).
  if (ctx.ifNoneMatch.trim() === '*') return { status: 304, headers: validators };
  return { ...reply, headers: { ...reply.headers, ...validators } };
}
