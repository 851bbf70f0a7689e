// Validators for answers that depend only on the data build and the code:
// dictionary entries, autocomplete and example sentences. Their ETag is the
// build's id (the xxh64 of its data file, which every `make data` changes),
// the fingerprint of the service's compiled code (dispatch/code-version.ts:
// new code may answer differently on the same data) and a digest of the
// request as the handler understood it (parameters parsed and defaulted), so
// the same question to the same build and code has the same tag, and a new
// build or a new release changes all.
//
// The tag is weak (W/): a gzip, brotli and identity answer are the same
// representation, byte for byte different; If-None-Match compares weakly
// anyway (RFC 9110 13.1.2). Because the tag is known from the request alone,
// a matching If-None-Match is answered 304 before any look-up: a client can
// only hold a tag from a 200 of the same build, and the same build answers
// the same question the same way.

import { codeVersion } from '../dispatch/code-version.js';
import type { Reply, RequestContext } from './types.js';

/** How long a client or shared cache may reuse an answer before revalidating it with its ETag. */
export const CACHE_CONTROL = 'public, max-age=3600';

/**
 * A 53-bit digest of a string (cyrb53): no secret is involved, and a tag is
 * only ever compared with tags of the same URL, so a cheap hash serves; a
 * SHA-1 here cost a tenth of a dictionary look-up's main-thread time.
 */
function digest(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The weak ETag of the answer to `request` (a canonical text of it) from build `dataVersion` and this code. */
export function entityTag(dataVersion: string, request: string): string {
  return `W/"${dataVersion}-${codeVersion()}-${digest(request)}"`;
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
 * Cache-Control headers when it is a 200 (`cacheControl`: the playground's
 * files, which change with the code and not the data, are always revalidated). Synchronous when `answer` is (a
 * look-up the store answers at once: no promise on the hot path).
 */
export function conditional(
  ctx: RequestContext,
  dataVersion: string,
  request: string,
  answer: () => Reply | Promise<Reply>,
  cacheControl: string = CACHE_CONTROL,
): Reply | Promise<Reply> {
  const etag = entityTag(dataVersion, request);
  if (noneMatchHits(ctx.ifNoneMatch, etag)) return { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } };
  const validated = (reply: Reply): Reply => {
    if (reply.status !== 200) return reply;
    // The reply is the handler's own, made for this request: the validators are added in place.
    const headers = reply.headers ?? {};
    headers.ETag = etag;
    headers['Cache-Control'] = cacheControl;
    // `*`: any answer the client already has will do, but only if there is one (not for a 404).
    if (ctx.ifNoneMatch.length > 0 && ctx.ifNoneMatch.trim() === '*') return { status: 304, headers };
    reply.headers = headers;
    return reply;
  };
  const reply = answer();
  return reply instanceof Promise ? reply.then(validated) : validated(reply);
}
