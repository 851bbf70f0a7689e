// Helpers for the contract test: an HTTP call that checks the rules every
// response must follow (JSON content type, CORS), and checkers for the body
// shapes of ../shared/spec/service-interface.md and docs/api.md.

import assert from 'node:assert/strict';
import type { RawResponse } from './raw-http.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface CallResult {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined for bodiless answers (204, HEAD). */
  body: any;
  text: string;
}

/** Every response: JSON with charset=utf-8 (unless it has no body) and the CORS header. */
export function assertCommonHeaders(status: number, get: (name: string) => string | null | undefined, text: string, what: string): void {
  assert.equal(get('access-control-allow-origin'), '*', `${what}: Access-Control-Allow-Origin`);
  if (status === 204 || text === '') return;
  assert.equal(get('content-type')?.toLowerCase(), JSON_CONTENT_TYPE, `${what}: Content-Type`);
}

/** fetch, then the universal checks; the body parsed as JSON. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { body?: string | Buffer; contentType?: string | null; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.body !== undefined && opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'application/json';
  const res = await fetch(base + path, { method, headers, body: opts.body });
  const text = await res.text();
  const what = `${method} ${decodeSafe(path)} -> ${res.status}`;
  assertCommonHeaders(res.status, (n) => res.headers.get(n), text, what);
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      assert.fail(`${what}: body is not JSON: ${text.slice(0, 200)}`);
    }
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** The universal checks on a raw-socket response; the body parsed as JSON. */
export function checkRaw(r: RawResponse, what: string): any {
  assertCommonHeaders(r.status, (n) => r.headers[n], r.body, what);
  return JSON.parse(r.body);
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Query string from pairs; values percent-encoded as UTF-8. */
export function qs(params: Record<string, string | number>): string {
  return (
    '?' +
    Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('&')
  );
}

/** "१.", "२.", ... "१२." computed independently of the service's own helper. */
export function devanagariNumber(n: number): string {
  return String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d))) + '.';
}

export function isStringArray(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((s) => typeof s === 'string');
}

// ---- error shapes -------------------------------------------------------

/** Shape A with the given code; returns the message. */
export function assertShapeA(r: CallResult | { status: number; body: any }, status: number, code: string, what: string): string {
  assert.equal(r.status, status, `${what}: status (body ${JSON.stringify(r.body)})`);
  assert.equal(typeof r.body?.error, 'object', `${what}: Shape A has error`);
  assert.equal(r.body.error.code, code, `${what}: error.code`);
  assert.equal(typeof r.body.error.message, 'string', `${what}: error.message`);
  assert.ok(r.body.error.message.length > 0, `${what}: error.message not empty`);
  assert.equal('detail' in r.body, false, `${what}: not Shape B`);
  return r.body.error.message;
}

/** Shape B: exactly {detail: string}; returns the detail. */
export function assertShapeB(r: CallResult | { status: number; body: any }, what: string): string {
  assert.equal(r.status, 400, `${what}: status (body ${JSON.stringify(r.body)})`);
  assert.deepEqual(Object.keys(r.body ?? {}), ['detail'], `${what}: Shape B has only detail`);
  assert.equal(typeof r.body.detail, 'string');
  return r.body.detail;
}

// ---- dictionary ---------------------------------------------------------

/** A dictionary entry (2.1) and the documented split_definitions format. */
export function assertEntry(e: any, word: string | null, what: string): void {
  assert.equal(typeof e, 'object', `${what}: entry is an object`);
  assert.equal(typeof e.word, 'string');
  if (word !== null) assert.equal(e.word, word, `${what}: headword`);
  assert.ok(e.part_of_speech === null || typeof e.part_of_speech === 'string', `${what}: part_of_speech string or null`);
  assert.equal(typeof e.split_definitions, 'string', `${what}: split_definitions is a string`);
  assert.ok(Array.isArray(e.definitions), `${what}: definitions array`);
  e.definitions.forEach((d: any, i: number) => {
    assert.deepEqual(Object.keys(d).sort(), ['number', 'part_of_speech', 'text'], `${what}: definition fields`);
    assert.equal(d.number, devanagariNumber(i + 1), `${what}: definition ${i + 1} number`);
    assert.equal(typeof d.text, 'string');
    assert.ok(d.text.length > 0, `${what}: definition text not empty`);
    assert.ok(d.part_of_speech === null || typeof d.part_of_speech === 'string');
  });
  // docs/api.md: one line per definition, "<number> <text>", with
  // "(<pos>) " after the number when the sense's part of speech differs
  // from the entry's; empty without definitions.
  const expected = e.definitions
    .map((d: any) => {
      const pos = d.part_of_speech !== null && d.part_of_speech !== e.part_of_speech ? `(${d.part_of_speech}) ` : '';
      return `${d.number} ${pos}${d.text}`;
    })
    .join('\n');
  assert.equal(e.split_definitions, expected, `${what}: split_definitions format`);
  // docs/api.md, "Pronunciation": null, or the IPA and the everyday romanization
  if (e.pronunciation !== undefined && e.pronunciation !== null) {
    assert.deepEqual(Object.keys(e.pronunciation).sort(), ['ipa', 'roman'], `${what}: pronunciation fields`);
    assert.match(e.pronunciation.roman, /^[a-z]+$/, `${what}: pronunciation.roman in plain letters`);
    assert.ok(typeof e.pronunciation.ipa === 'string' && e.pronunciation.ipa.length > 0, `${what}: pronunciation.ipa`);
  }
  if (e.dictionaries !== undefined) {
    assert.ok(isStringArray(e.dictionaries) && e.dictionaries.length > 0, `${what}: dictionaries`);
  }
}

/** 404 WORD_NOT_FOUND with a message naming the word and at most 5 similar words. */
export function assertWordNotFound(r: CallResult, word: string, what: string): string[] {
  const message = assertShapeA(r, 404, 'WORD_NOT_FOUND', what);
  assert.ok(message.includes(word), `${what}: message names the word: ${message}`);
  assert.ok(isStringArray(r.body.similar_words), `${what}: similar_words is an array of strings`);
  assert.ok(r.body.similar_words.length <= 5, `${what}: at most 5 similar words`);
  assert.equal(new Set(r.body.similar_words).size, r.body.similar_words.length, `${what}: no repeats`);
  assert.ok(!r.body.similar_words.includes(word), `${what}: the unknown word is not its own suggestion`);
  return r.body.similar_words;
}

// ---- spellcheck ---------------------------------------------------------

export interface Occurrence {
  start: number;
  end: number;
}

/** Spellcheck text result (2.3); offsets (an extra) slice back to the word. */
export function assertSpellTextResult(body: any, text: string, what: string): void {
  assert.deepEqual(Object.keys(body).sort(), ['misspelled', 'unknown'], `${what}: fields`);
  assert.ok(Array.isArray(body.misspelled) && Array.isArray(body.unknown));
  const seen = new Set<string>();
  for (const m of body.misspelled) {
    assert.equal(typeof m.word, 'string');
    assert.equal(m.status, 'misspelled', `${what}: misspelled[].status`);
    assert.ok(isStringArray(m.corrections), `${what}: corrections is an array of strings for ${m.word}`);
    assertOccurrences(m, text, what);
    assert.ok(!seen.has(m.word), `${what}: ${m.word} listed once`);
    seen.add(m.word);
  }
  for (const u of body.unknown) {
    assert.equal(typeof u.word, 'string');
    if ('status' in u) assert.equal(u.status, 'unknown');
    // "no corrections are available for them"
    assert.ok(!('corrections' in u) || u.corrections === null, `${what}: no corrections for unknown ${u.word}`);
    assertOccurrences(u, text, what);
    assert.ok(!seen.has(u.word), `${what}: ${u.word} listed once`);
    seen.add(u.word);
  }
}

function assertOccurrences(item: any, text: string, what: string): void {
  if (item.occurrences === undefined) return;
  assert.ok(Array.isArray(item.occurrences) && item.occurrences.length > 0, `${what}: occurrences of ${item.word}`);
  for (const o of item.occurrences as Occurrence[]) {
    assert.ok(Number.isInteger(o.start) && Number.isInteger(o.end) && o.start < o.end);
    assert.equal(text.slice(o.start, o.end), item.word, `${what}: text.slice(${o.start}, ${o.end}) is the word`);
  }
}

// ---- romanization -------------------------------------------------------

const TOKEN_STATUSES = ['resolved', 'ambiguous', 'unresolved'];
const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * Romanization result (2.5) and the rules of section 3: unresolved iff no
 * candidates (converted = token), ambiguous iff several (converted = the
 * first), resolved iff exactly one; at most maxCandidates each. In text mode
 * the offsets are UTF-16 and end-exclusive, and replacing every token span by
 * its converted form gives converted_text (so whitespace and punctuation are
 * kept byte for byte).
 */
export function assertRomanResult(
  body: any,
  input: { text: string } | { tokens: string[] },
  maxCandidates: number,
  knownDictionaries: Set<string>,
  what: string,
): void {
  assert.deepEqual(Object.keys(body).sort(), ['converted_text', 'text', 'tokens'], `${what}: fields`);
  assert.equal(typeof body.converted_text, 'string');
  assert.ok(Array.isArray(body.tokens));
  for (const t of body.tokens) {
    assert.deepEqual(Object.keys(t).sort(), ['candidates', 'converted', 'end', 'start', 'status', 'token'], `${what}: token fields`);
    assert.ok(TOKEN_STATUSES.includes(t.status), `${what}: status ${t.status}`);
    assert.ok(Array.isArray(t.candidates));
    assert.ok(t.candidates.length <= maxCandidates, `${what}: ${t.token} has ${t.candidates.length} > ${maxCandidates} candidates`);
    const expectedStatus = t.candidates.length === 0 ? 'unresolved' : t.candidates.length === 1 ? 'resolved' : 'ambiguous';
    assert.equal(t.status, expectedStatus, `${what}: status of ${t.token} with ${t.candidates.length} candidates`);
    if (t.candidates.length === 0) assert.equal(t.converted, t.token, `${what}: unresolved ${t.token} kept as given`);
    else assert.equal(t.converted, t.candidates[0].word, `${what}: ${t.token} converted to its first candidate`);
    for (const c of t.candidates) assertCandidate(c, knownDictionaries, `${what}: candidate of ${t.token}`);
    assert.equal(new Set(t.candidates.map((c: any) => c.word)).size, t.candidates.length, `${what}: ${t.token} candidates distinct`);
  }
  if ('text' in input) {
    assert.equal(body.text, input.text, `${what}: text echoed`);
    let rebuilt = '';
    let at = 0;
    for (const t of body.tokens) {
      assert.ok(Number.isInteger(t.start) && Number.isInteger(t.end), `${what}: offsets are integers`);
      assert.ok(t.start >= at && t.end > t.start, `${what}: offsets in order, not overlapping (${t.token} ${t.start}-${t.end})`);
      assert.equal(input.text.slice(t.start, t.end), t.token, `${what}: text.slice(${t.start}, ${t.end}) === ${JSON.stringify(t.token)}`);
      const gap = input.text.slice(at, t.start);
      // Every roman word is a token: no letters are left between tokens.
      assert.doesNotMatch(gap, /[A-Za-z]/, `${what}: letters outside any token: ${JSON.stringify(gap)}`);
      rebuilt += gap + t.converted;
      at = t.end;
    }
    assert.doesNotMatch(input.text.slice(at), /[A-Za-z]/, `${what}: letters after the last token`);
    rebuilt += input.text.slice(at);
    assert.equal(body.converted_text, rebuilt, `${what}: converted_text is the text with each token replaced by its converted form`);
  } else {
    assert.equal(body.text, null, `${what}: text is null in tokens mode`);
    assert.deepEqual(
      body.tokens.map((t: any) => t.token),
      input.tokens,
      `${what}: one result per input token, in order`,
    );
    for (const t of body.tokens) {
      assert.equal(t.start, null, `${what}: start null in tokens mode`);
      assert.equal(t.end, null, `${what}: end null in tokens mode`);
    }
    // Each converted form appears in converted_text, in order.
    let at = 0;
    for (const t of body.tokens) {
      const i = body.converted_text.indexOf(t.converted, at);
      assert.ok(i >= 0, `${what}: ${t.converted} in converted_text ${JSON.stringify(body.converted_text)}`);
      at = i + t.converted.length;
    }
  }
}

export function assertCandidate(c: any, knownDictionaries: Set<string>, what: string): void {
  assert.deepEqual(Object.keys(c).sort(), ['alias', 'definition_rank', 'dictionaries', 'kinds', 'weight', 'word'], `${what}: fields`);
  assert.ok(typeof c.word === 'string' && DEVANAGARI.test(c.word), `${what}: word is Devanagari: ${c.word}`);
  assert.ok(typeof c.alias === 'string' && c.alias.length > 0, `${what}: alias`);
  assert.ok(Number.isInteger(c.weight), `${what}: weight is an integer: ${c.weight}`);
  assert.ok(Number.isInteger(c.definition_rank), `${what}: definition_rank is an integer: ${c.definition_rank}`);
  // Emptiness is checked by the dictionary-backed test, so that one defect
  // fails one test and the other rules are still checked.
  assert.ok(isStringArray(c.dictionaries), `${what}: dictionaries is an array of strings`);
  for (const d of c.dictionaries) assert.ok(knownDictionaries.has(d), `${what}: dictionary ${d} is one the service serves`);
  assert.ok(isStringArray(c.kinds) && c.kinds.length > 0, `${what}: kinds`);
}
