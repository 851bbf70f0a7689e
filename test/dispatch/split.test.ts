// Splitting documents into pieces (src/dispatch/split.ts): the pieces tile
// the document, each is within the limits and passes the single endpoint's
// own checks, no piece ends inside a word or a grapheme, breaks come at
// paragraphs before sentences before spaces, and what cannot be split is
// said. The splitter reads UTF-8 bytes: every piece's byte offsets hold
// exactly the text its UTF-16 offsets do.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FIRST_PIECE_SHARE,
  isGraphemeBoundary,
  romanTokenCount,
  splitDocument,
  type Piece,
  type PieceLimits,
  type SplitOutcome,
} from '../../src/dispatch/split.js';
import { countWords, isSpace } from '../../src/engine/lang/text.js';
import { codePointLength } from '../../src/schemas/common.js';
import { checkRomanizationBody } from '../../src/schemas/romanization-resolve.js';
import { checkSpellcheckTextBody } from '../../src/schemas/spellcheck-text.js';

const SPELL: PieceLimits = { characters: 10_000, words: 1_000, tokens: Infinity };
const ROMAN: PieceLimits = { characters: 10_000, words: 1_000, tokens: 2_000 };

function split(text: string, limits: PieceLimits, tokens?: (c: string) => number): SplitOutcome {
  return splitDocument(Buffer.from(text, 'utf8'), limits, tokens);
}

function pieces(text: string, limits: PieceLimits, tokens?: (c: string) => number): Piece[] {
  const r = split(text, limits, tokens);
  assert.ok(r.ok, 'split');
  const bytes = Buffer.from(text, 'utf8');
  for (const p of r.pieces)
    assert.equal(bytes.subarray(p.byteStart, p.byteEnd).toString('utf8'), text.slice(p.start, p.end), `piece ${p.start}-${p.end}: its bytes are its text`);
  return r.pieces;
}

/** The invariants every split must keep. */
function checkTiling(text: string, ps: Piece[], limits: PieceLimits): void {
  assert.equal(ps[0]?.start ?? 0, 0);
  assert.equal(ps.at(-1)?.end ?? 0, text.length);
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (i > 0) assert.equal(p.start, ps[i - 1]!.end, `piece ${i} starts where ${i - 1} ends`);
    assert.ok(p.end > p.start, `piece ${i} is not empty`);
    const piece = text.slice(p.start, p.end);
    assert.ok(codePointLength(piece) <= limits.characters, `piece ${i}: characters`);
    assert.equal(p.words, countWords(piece), `piece ${i}: its word count is the limit's`);
    assert.ok(p.words <= limits.words, `piece ${i}: words`);
    // Never inside a word: a cut has whitespace after it (or is the end), and a grapheme boundary.
    if (i > 0) {
      assert.ok(isSpace(text.charCodeAt(p.start)), `piece ${i} starts at whitespace`);
      assert.ok(isGraphemeBoundary(text, p.start), `piece ${i} starts at a grapheme boundary`);
    }
  }
}

function words(n: number, seed = 1): string {
  const vocab = ['नेपाल', 'घर', 'राम्रो', 'छ', 'हामी', 'पानी', 'खान्छौँ', 'किताब', 'पढ्छु', 'सहर'];
  let s = seed;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out.push(vocab[s % vocab.length]!);
  }
  return out.join(' ');
}

test('pieces tile the document and keep every limit; the first piece is an eighth of them', () => {
  const text = words(5000);
  const ps = pieces(text, SPELL);
  checkTiling(text, ps, SPELL);
  assert.ok(ps[0]!.words <= SPELL.words * FIRST_PIECE_SHARE && ps[0]!.words >= (SPELL.words * FIRST_PIECE_SHARE) / 2);
  assert.ok(ps.length >= 6 && ps.length <= 8, `${ps.length} pieces for 5,000 words`);
  // Every piece is a request the single endpoint would take.
  for (const p of ps) assert.ok(checkSpellcheckTextBody({ text: text.slice(p.start, p.end) }, countWords).ok);
});

test('a small document is one piece; an empty one none; whitespace alone one', () => {
  assert.deepEqual(pieces('नेपाल राम्रो छ।', SPELL), [{ start: 0, end: 15, byteStart: 0, byteEnd: 41, words: 3, tokens: 0 }]);
  assert.deepEqual(pieces('', SPELL), []);
  assert.deepEqual(pieces(' \n\n ', SPELL), [{ start: 0, end: 4, byteStart: 0, byteEnd: 4, words: 0, tokens: 0 }]);
});

test('breaks: a paragraph before a sentence before a space, when it fills half a piece', () => {
  const limits: PieceLimits = { characters: 10_000, words: 80, tokens: Infinity };
  // 10 words (the small first piece), then paragraphs of 50 words: two do not fit a piece of 80.
  const para = (n: number, seed: number) => words(n, seed) + '। ' + words(5, seed + 1) + '।';
  const text = [words(8, 9), para(45, 1), para(45, 2), para(45, 3)].join('\n\n');
  const ps = pieces(text, limits);
  checkTiling(text, ps, limits);
  for (const p of ps.slice(0, -1))
    assert.ok(/^\n\n/.test(text.slice(p.end, p.end + 2)), `piece ends at a paragraph: ${JSON.stringify(text.slice(p.end - 5, p.end + 5))}`);
  // One long paragraph: pieces end after a sentence (।) when there is one in the second half.
  const sentences = Array.from({ length: 30 }, (_, i) => words(12, i) + '।').join(' ');
  const ss = pieces(sentences, limits);
  checkTiling(sentences, ss, limits);
  // (The small first piece has no sentence end in its second half.)
  for (const p of ss.slice(1, -1)) assert.equal(sentences[p.end - 1], '।');
  // No break at all: any whitespace.
  const run = words(300);
  checkTiling(run, pieces(run, limits), limits);
});

test('no piece ends inside a grapheme: whitespace after a Prepend letter is not a break', () => {
  // U+0600 (Arabic number sign) is Prepend: "\u0600 x" is one cluster up to the x.
  const limits: PieceLimits = { characters: 40, words: 1000, tokens: Infinity };
  const text = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 'ab\u0600' : 'cd')).join('  ');
  const ps = pieces(text, limits);
  checkTiling(text, ps, limits);
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const boundaries = new Set([...segmenter.segment(text)].map((s) => s.index));
  for (const p of ps) assert.ok(boundaries.has(p.start), `cut at ${p.start}`);
});

test('combining marks, emoji and surrogate pairs: characters are code points, nothing is cut', () => {
  const unit = 'कि ✍🏽 e\u0301 𝐀𝐁 ';
  const text = unit.repeat(3000);
  const ps = pieces(text, SPELL);
  checkTiling(text, ps, SPELL);
  assert.ok(ps.length > 3);
});

test('whitespace runs longer than a piece are cut inside, never between CR and LF', () => {
  const limits: PieceLimits = { characters: 100, words: 1000, tokens: Infinity };
  const text = 'घर' + '\r\n'.repeat(300) + 'नेपाल';
  const ps = pieces(text, limits);
  assert.equal(ps[0]!.start, 0);
  assert.equal(ps.at(-1)!.end, text.length);
  for (const p of ps) {
    assert.ok(p.end - p.start <= limits.characters);
    assert.ok(!(text[p.start - 1] === '\r' && text[p.start] === '\n'), `cut between CR and LF at ${p.start}`);
  }
});

test("romanization pieces keep the token limit too, and pass the endpoint's own checks", () => {
  // Chunks of several tokens each ("a.b.c"): the token limit binds before the word limit.
  const text = Array.from({ length: 3000 }, (_, i) => (i % 2 ? 'mero.ghar.ho' : 'nepal')).join(' ');
  const ps = pieces(text, ROMAN, romanTokenCount);
  checkTiling(text, ps, ROMAN);
  for (const p of ps) {
    const piece = text.slice(p.start, p.end);
    assert.ok(p.tokens <= ROMAN.tokens);
    assert.ok(checkRomanizationBody({ text: piece }, countWords).ok, `piece ${p.start}-${p.end} passes the single endpoint's checks`);
  }
  assert.equal(
    ps.reduce((n, p) => n + p.tokens, 0),
    romanTokenCount(text),
  );
});

test('a chunk no piece can hold makes the document unsplittable, with its offset', () => {
  const long = 'क'.repeat(10_001);
  assert.deepEqual(split(`घर ${long} घर`, SPELL), { ok: false, problem: 'characters', at: 3 });
  const dotted = Array.from({ length: 2001 }, () => 'a').join('.');
  assert.deepEqual(split(`ghar ${dotted}`, ROMAN, romanTokenCount), { ok: false, problem: 'tokens', at: 5 });
  // The offset is in UTF-16 code units, as every offset of the answers: after an emoji (two units, four bytes).
  assert.deepEqual(split(`🙂 ${long}`, SPELL), { ok: false, problem: 'characters', at: 3 });
  // Exactly the limit is fine (and too big for the small first piece, so it is an ordinary one).
  const r = split('क'.repeat(10_000), SPELL);
  assert.ok(r.ok && r.pieces.length === 1);
});

test('every kind of whitespace, a byte order mark and scripts of every UTF-8 length: bytes and UTF-16 offsets agree', () => {
  // One to four bytes a character; whitespace of one (space, tab, CR LF), two (NBSP) and three bytes (U+3000, U+2029, U+2003).
  const parts = ['नेपाल', 'abc', 'ñandú', '日本語', '𝐀𝐁', '✍🏽', 'कि।', '"घर।"', '१२३', 'e\u0301'];
  const gaps = [' ', '\t', '\r\n', '\u00a0', '\u3000', '\u2029', '\u2003', '\n\n', '  '];
  let seed = 7;
  const next = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  let text = '\ufeff';
  for (let i = 0; i < 6000; i++) text += parts[next(parts.length)]! + gaps[next(gaps.length)]!;
  for (const limits of [SPELL, { characters: 300, words: 40, tokens: Infinity }]) {
    const ps = pieces(text, limits);
    checkTiling(text, ps, limits);
    assert.equal(ps.at(-1)!.byteEnd, Buffer.byteLength(text));
  }
  const ps = pieces(text, ROMAN, romanTokenCount);
  checkTiling(text, ps, ROMAN);
  assert.equal(
    ps.reduce((n, p) => n + p.tokens, 0),
    romanTokenCount(text),
  );
});
