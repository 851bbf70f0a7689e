// Reader of the word list inside a tesseract .traineddata file
// (Debian tesseract-ocr-nep: nep.traineddata, Apache-2.0, a Nepali news
// vocabulary). Pure TypeScript, so the build needs no tesseract
// tools; its output equals `combine_tessdata -u` + `dawg2wordlist` word for
// word (checked by test/build/tesseract-real.test.ts against the real file).
//
// Formats, as tesseract (ccutil/tessdatamanager, ccutil/unicharset,
// dict/dawg) reads them:
//
// Container: int32 n (number of entries), then n int64 offsets, one per
//   component type (TessdataType order), -1 when absent. A component runs
//   from its offset to the next present offset (or the end of the file).
//   All numbers are little-endian unless n read little-endian is implausible
//   (> 1000): then the whole file was written big-endian, and every number in
//   every component is swapped too.
//
// Unicharset (text): first line the number of entries; then one line per
//   unichar id, whose first space-separated token is the UTF-8 string of the
//   unichar ("NULL" stands for the space). The other columns (properties,
//   script, ...) do not matter for words.
//
// Squished DAWG: int16 magic 42, int32 unicharset size, int32 number of
//   edges, then the edges as uint64. Let b = ceil(log2(unicharset size + 1)).
//   Bits 0..b-1 of an edge are the unichar id, bits b..b+2 are flags
//   (1: last edge of its node, 2: backward edge, 4: a word ends here), bits
//   b+3.. are the next node. A node is the index of its first edge; the root
//   is node 0, and next node 0 means "no continuation". Words are the paths
//   from the root to an edge with the word-end flag, enumerated depth first in
//   edge order (the order of dawg2wordlist).

import { hasDevanagariLetter } from '../engine/lang/letters.js';
import { normalizeWord } from '../engine/lang/normalize.js';
import { DataFormatError } from './errors.js';

/** Component names by TessdataType (the file suffixes combine_tessdata writes). */
export const TESSDATA_COMPONENTS: readonly string[] = Object.freeze([
  'config',
  'unicharset',
  'unicharambigs',
  'inttemp',
  'pffmtable',
  'normproto',
  'punc-dawg',
  'word-dawg',
  'number-dawg',
  'freq-dawg',
  'fixed-length-dawgs',
  'cube-unicharset',
  'cube-word-dawg',
  'shapetable',
  'bigram-dawg',
  'unambig-dawg',
  'params-model',
  'lstm',
  'lstm-punc-dawg',
  'lstm-word-dawg',
  'lstm-number-dawg',
  'lstm-unicharset',
  'lstm-recoder',
  'version',
]);

/** tesseract's kMaxNumTessdataEntries: more entries than this means the other byte order. */
const MAX_ENTRIES = 1000;
const DAWG_MAGIC = 42;
const NUM_FLAG_BITS = 3n;
const MARKER_FLAG = 1;
const WERD_END_FLAG = 4;
/** No word of a real vocabulary is this long; a longer path means a cycle in a corrupt DAWG. */
const MAX_WORD_UNICHARS = 1000;

export interface TraineddataComponent {
  type: number;
  name: string;
  /** Byte offset of the component in the file. */
  offset: number;
  bytes: Uint8Array;
}

export interface Traineddata {
  littleEndian: boolean;
  components: Map<string, TraineddataComponent>;
}

export interface TesseractImport {
  /** Normalized words with a Devanagari letter, deduplicated, in DAWG order. */
  words: string[];
  report: {
    /** Component names present in the file, in type order. */
    components: string[];
    /** Words kept. */
    words: number;
    /** Words dropped: no Devanagari letter. */
    rejected: number;
    /** Words in the DAWG(s) as tesseract enumerates them. */
    raw: number;
    /** Words dropped because normalizing made them equal to an earlier word. */
    duplicates: number;
    /** The DAWG components the words came from. */
    dawgs: string[];
  };
}

function fail(file: string, offset: number, message: string): never {
  throw new DataFormatError(file, null, `byte offset ${offset}: ${message}`);
}

/** Splits a .traineddata file into its components. */
export function readTraineddata(buf: Uint8Array, file: string): Traineddata {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.byteLength < 4) fail(file, 0, `file of ${buf.byteLength} bytes has no traineddata header`);
  let littleEndian = true;
  let n = view.getUint32(0, true);
  if (n > MAX_ENTRIES) {
    littleEndian = false;
    n = view.getUint32(0, false);
    if (n > MAX_ENTRIES) fail(file, 0, `implausible number of components (${view.getUint32(0, true)}): not a traineddata file`);
  }
  if (n === 0) fail(file, 0, 'the header lists no components');
  const headerEnd = 4 + 8 * n;
  if (headerEnd > buf.byteLength) fail(file, 4, `header of ${n} offsets is cut off (file has ${buf.byteLength} bytes)`);

  const offsets: number[] = [];
  for (let i = 0; i < n; i++) {
    const at = 4 + 8 * i;
    const o = view.getBigInt64(at, littleEndian);
    if (o === -1n) offsets.push(-1);
    else if (o < BigInt(headerEnd) || o > BigInt(buf.byteLength)) {
      fail(file, at, `offset ${o} of component ${TESSDATA_COMPONENTS[i] ?? i} lies outside the file (${headerEnd}..${buf.byteLength})`);
    } else offsets.push(Number(o));
  }

  const components = new Map<string, TraineddataComponent>();
  for (let i = 0; i < n && i < TESSDATA_COMPONENTS.length; i++) {
    const start = offsets[i]!;
    if (start < 0) continue;
    let j = i + 1;
    while (j < n && offsets[j] === -1) j++;
    const end = j < n ? offsets[j]! : buf.byteLength;
    if (end < start) fail(file, 4 + 8 * j, `component ${TESSDATA_COMPONENTS[j] ?? j} starts before component ${TESSDATA_COMPONENTS[i]} (${end} < ${start})`);
    const name = TESSDATA_COMPONENTS[i]!;
    components.set(name, { type: i, name, offset: start, bytes: buf.subarray(start, end) });
  }
  return { littleEndian, components };
}

/** The unichar strings of a unicharset component, indexed by unichar id. */
export function parseUnicharset(bytes: Uint8Array, file: string, offset: number): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fail(file, offset, 'unicharset is not valid UTF-8');
  }
  const lines = text.split('\n');
  const count = /^\s*(\d+)\s*$/.exec(lines[0] ?? '');
  if (!count) fail(file, offset, 'unicharset does not start with its number of entries');
  const n = Number(count[1]);
  if (lines.length - 1 < n) fail(file, offset + bytes.byteLength, `unicharset announces ${n} entries but has ${Math.max(0, lines.length - 1)} lines`);
  const unichars: string[] = [];
  let at = offset + Buffer.byteLength(lines[0]!, 'utf8') + 1;
  for (let id = 0; id < n; id++) {
    const line = lines[id + 1]!.replace(/\r$/, '');
    const token = line.split(/[ \t]/, 1)[0]!;
    if (token === '') fail(file, at, `unicharset entry ${id} is empty`);
    unichars.push(token === 'NULL' ? ' ' : token);
    at += Buffer.byteLength(lines[id + 1]!, 'utf8') + 1;
  }
  return unichars;
}

export interface SquishedDawg {
  unicharsetSize: number;
  /** Per edge: unichar id. */
  letters: Uint32Array;
  /** Per edge: flags (MARKER 1, DIRECTION 2, WORD END 4). */
  flags: Uint8Array;
  /** Per edge: next node (an edge index; 0 = none). */
  next: Float64Array;
  /** Per edge: true when the edge is the "empty" pattern (no children). */
  empty: Uint8Array;
}

export function readSquishedDawg(bytes: Uint8Array, file: string, offset: number, littleEndian: boolean): SquishedDawg {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 10) fail(file, offset, `DAWG of ${bytes.byteLength} bytes has no header`);
  const magic = view.getInt16(0, littleEndian);
  if (magic !== DAWG_MAGIC) fail(file, offset, `bad DAWG magic number ${magic} (expected ${DAWG_MAGIC})`);
  const unicharsetSize = view.getInt32(2, littleEndian);
  const numEdges = view.getInt32(6, littleEndian);
  if (unicharsetSize <= 0) fail(file, offset + 2, `DAWG unicharset size ${unicharsetSize}`);
  if (numEdges <= 0) fail(file, offset + 6, `DAWG has ${numEdges} edges`);
  if (10 + 8 * numEdges > bytes.byteLength) {
    fail(file, offset + bytes.byteLength, `DAWG announces ${numEdges} edges (${8 * numEdges} bytes) but only ${bytes.byteLength - 10} bytes follow`);
  }

  // Masks as tesseract's Dawg::init computes them.
  const flagStart = BigInt(Math.ceil(Math.log2(unicharsetSize + 1)));
  const letterMask = (1n << flagStart) - 1n;
  const nextStart = flagStart + NUM_FLAG_BITS;
  const nextMask = (0xffffffffffffffffn >> nextStart) << nextStart;

  const letters = new Uint32Array(numEdges);
  const flags = new Uint8Array(numEdges);
  const next = new Float64Array(numEdges);
  const empty = new Uint8Array(numEdges);
  for (let e = 0; e < numEdges; e++) {
    const rec = view.getBigUint64(10 + 8 * e, littleEndian);
    if (rec === nextMask) {
      empty[e] = 1;
      continue;
    }
    letters[e] = Number(rec & letterMask);
    flags[e] = Number((rec >> flagStart) & 7n);
    next[e] = Number(rec >> nextStart);
  }
  return { unicharsetSize, letters, flags, next, empty };
}

/**
 * All words of a DAWG, depth first in edge order, each the concatenation of
 * its unichars (what dawg2wordlist prints).
 */
export function dawgWords(dawg: SquishedDawg, unichars: readonly string[], file: string, offset: number): string[] {
  const numEdges = dawg.letters.length;
  const edgeOffset = (e: number) => offset + 10 + 8 * e;
  const words: string[] = [];
  const path: string[] = []; // path[d]: the unichar chosen at depth d
  // Pending (edge, depth) pairs. Popping an edge pushes its next sibling and
  // then its child node, so the child's subtree comes out before the sibling:
  // the order of tesseract's recursive Dawg::iterate_words_rec.
  const stack: number[] = [];
  if (!dawg.empty[0]) stack.push(0, 0);
  while (stack.length > 0) {
    const depth = stack.pop()!;
    const e = stack.pop()!;
    const id = dawg.letters[e]!;
    const unichar = unichars[id];
    if (unichar === undefined) fail(file, edgeOffset(e), `unichar id ${id} is not in the unicharset (${unichars.length} entries)`);
    path.length = depth;
    path.push(unichar);
    const f = dawg.flags[e]!;
    if (f & WERD_END_FLAG) words.push(path.join(''));
    if (!(f & MARKER_FLAG)) {
      if (e + 1 >= numEdges || dawg.empty[e + 1]) fail(file, edgeOffset(e), 'the edge list of a node runs past its end (no last-edge flag)');
      stack.push(e + 1, depth);
    }
    const node = dawg.next[e]!;
    if (node !== 0) {
      if (node >= numEdges) fail(file, edgeOffset(e), `edge points to node ${node}, past the last edge ${numEdges - 1}`);
      if (depth + 1 >= MAX_WORD_UNICHARS) fail(file, edgeOffset(e), `path longer than ${MAX_WORD_UNICHARS} unichars (a cycle?)`);
      if (!dawg.empty[node]) stack.push(node, depth + 1);
    }
  }
  return words;
}

/**
 * The vocabulary of a traineddata file: the LSTM word DAWG (tesseract 4+)
 * with the LSTM unicharset, or else the legacy word and frequent-word DAWGs
 * with the legacy unicharset. Words are normalized with normalizeWord, kept
 * only when they have a Devanagari letter, and deduplicated (first
 * occurrence wins, so the order stays the DAWG's).
 */
export function readTraineddataWords(buf: Uint8Array, file: string): TesseractImport {
  const td = readTraineddata(buf, file);
  const sets: [string, string][] = td.components.has('lstm-word-dawg')
    ? [['lstm-word-dawg', 'lstm-unicharset']]
    : [
        ['word-dawg', 'unicharset'],
        ['freq-dawg', 'unicharset'],
      ];
  const present = sets.filter(([dawg]) => td.components.has(dawg));
  if (present.length === 0) fail(file, 0, 'no word DAWG (lstm-word-dawg or word-dawg) in the file');

  const raw: string[] = [];
  for (const [dawgName, charsetName] of present) {
    const charset = td.components.get(charsetName);
    if (!charset) fail(file, 0, `${dawgName} is present but ${charsetName} is not`);
    const unichars = parseUnicharset(charset.bytes, file, charset.offset);
    const comp = td.components.get(dawgName)!;
    const dawg = readSquishedDawg(comp.bytes, file, comp.offset, td.littleEndian);
    for (const w of dawgWords(dawg, unichars, file, comp.offset)) raw.push(w);
  }

  const seen = new Set<string>();
  const words: string[] = [];
  let rejected = 0;
  let duplicates = 0;
  for (const w of raw) {
    const n = normalizeWord(w);
    if (!hasDevanagariLetter(n)) rejected++;
    else if (seen.has(n)) duplicates++;
    else {
      seen.add(n);
      words.push(n);
    }
  }
  return {
    words,
    report: {
      components: [...td.components.keys()],
      words: words.length,
      rejected,
      raw: raw.length,
      duplicates,
      dawgs: present.map(([d]) => d),
    },
  };
}
