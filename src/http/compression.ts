// Which content coding an answer is sent in: negotiated from Accept-Encoding
// (RFC 9110 12.5.3), q-values honoured. How it is compressed (the levels)
// is src/worker/encoding.ts, shared with the worker threads.
//
// - br and gzip (x-gzip is gzip) are the codings offered; a listed coding
//   with q=0 is refused, an unlisted one takes the q of `*` when `*` is
//   listed, else it is refused;
// - identity is acceptable unless refused by `identity;q=0`, or by `*;q=0`
//   without an entry of its own;
// - the acceptable coding with the highest q wins; on a tie br (smallest),
//   then gzip, then identity;
// - no header, or an empty one: identity;
// - when nothing is acceptable the answer is sent uncompressed all the same
//   (the RFC's "disregard the header" choice; a 406 would be a status the
//   interface does not list).

import type { ContentEncoding } from '../codec/encoding.js';

const PREFERENCE: readonly (ContentEncoding | 'identity')[] = ['br', 'gzip', 'identity'];

// A client sends the same Accept-Encoding on every request (browsers, curl,
// fetch each have one): the last answer is kept and reused for the same header.
let lastHeader = '';
let lastCoding: ContentEncoding | null = null;

/** The coding to compress an answer in, or null for none (identity). */
export function negotiateEncoding(acceptEncoding: string): ContentEncoding | null {
  if (acceptEncoding.length === 0) return null;
  if (acceptEncoding === lastHeader) return lastCoding;
  lastCoding = negotiate(acceptEncoding);
  lastHeader = acceptEncoding;
  return lastCoding;
}

function negotiate(acceptEncoding: string): ContentEncoding | null {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    let name = rawName!.trim().toLowerCase();
    if (name === '') continue;
    if (name === 'x-gzip') name = 'gzip';
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim().toLowerCase() !== 'q') continue;
      const n = Number((v ?? '').trim());
      // A malformed q-value makes the entry useless rather than preferred.
      weight = v !== undefined && /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(v) ? n : 0;
    }
    // A coding listed twice keeps its best weight.
    q.set(name, Math.max(weight, q.get(name) ?? 0));
  }
  const star = q.get('*');
  const weightOf = (coding: ContentEncoding | 'identity'): number => {
    const own = q.get(coding);
    if (own !== undefined) return own;
    if (star !== undefined) return star;
    // Identity is acceptable unless refused; other codings must be asked for.
    return coding === 'identity' ? 0.001 : 0;
  };
  let best: ContentEncoding | 'identity' | null = null;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const w = weightOf(coding);
    if (w > bestWeight) {
      best = coding;
      bestWeight = w;
    }
  }
  return best === null || best === 'identity' ? null : best;
}
