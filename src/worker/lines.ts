// The NDJSON lines of documents and batches, made where the work is done
// (a worker thread; the main thread under PIPELINING=sync), so the main
// thread only writes bytes. A line is one JSON object and a newline:
//   document piece  {"piece":3,"start":20480,"end":27012, ...the single endpoint's fields...}
//   batch item      {"id":"a","index":0,"result":{...the single endpoint's answer...}}
// Offsets in a piece's line are relative to the whole document: the piece's
// own offsets plus its start. Error lines (an item that failed, a piece that
// could not be run) are written by the HTTP layer from its error catalog.

import type { RomanizationResult, RomanToken, SpellcheckTextResult } from '../engine/results.js';
import type { BatchId } from './protocol.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const NEWLINE = 0x0a;

/** A document piece's text from its UTF-8 (checked valid by the HTTP layer; a byte order mark is a character, as in the document). */
export function pieceText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Concatenates byte arrays into one of its own (transferable). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A piece's line: `{"piece":…,"start":…,"end":…,` followed by the fields of
 * `resultJson` (a JSON object's bytes, whose opening brace is dropped), then
 * a newline.
 */
export function pieceLine(piece: number, start: number, end: number, resultJson: Uint8Array): Uint8Array {
  const head = encoder.encode(`{"piece":${piece},"start":${start},"end":${end}${resultJson.length > 2 ? ',' : ''}`);
  return concatBytes([head, resultJson.subarray(1), Uint8Array.of(NEWLINE)]);
}

/** A batch item's line: `{"id":…,"index":…,"result":…}` and a newline. */
export function itemLine(id: BatchId, index: number, resultJson: Uint8Array): Uint8Array {
  return concatBytes([encoder.encode(`{"id":${JSON.stringify(id)},"index":${index},"result":`), resultJson, encoder.encode('}\n')]);
}

/** The result with every occurrence moved by `by` UTF-16 units (the result is the caller's own: checkText makes it fresh). */
export function shiftSpellcheck(result: SpellcheckTextResult, by: number): SpellcheckTextResult {
  if (by !== 0) {
    for (const list of [result.misspelled, result.unknown]) {
      for (const w of list)
        for (const o of w.occurrences) {
          o.start += by;
          o.end += by;
        }
    }
  }
  return result;
}

/** Occurrences of misspelled and of unknown words: what a spellcheck piece adds to the document's totals. */
export function spellcheckCounts(result: SpellcheckTextResult): Record<string, number> {
  let misspelled = 0;
  let unknown = 0;
  for (const w of result.misspelled) misspelled += w.occurrences.length;
  for (const w of result.unknown) unknown += w.occurrences.length;
  return { misspelled, unknown };
}

/** The result with its token offsets moved by `by` (new token objects: the romanizer's may be shared). */
export function shiftRomanization(result: RomanizationResult, by: number): RomanizationResult {
  if (by === 0) return result;
  const tokens: RomanToken[] = result.tokens.map((t) => ({ ...t, start: t.start === null ? null : t.start + by, end: t.end === null ? null : t.end + by }));
  return { ...result, tokens };
}

/** Tokens by status: what a romanization piece adds to the document's totals. */
export function romanizationCounts(result: RomanizationResult): Record<string, number> {
  const counts = { tokens: result.tokens.length, resolved: 0, ambiguous: 0, unresolved: 0 };
  for (const t of result.tokens) counts[t.status]++;
  return counts;
}
