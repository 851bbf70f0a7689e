import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DataFormatError } from '../../src/build/errors.js';
import { dawgWords, parseUnicharset, readSquishedDawg, readTraineddata, readTraineddataWords, TESSDATA_COMPONENTS } from '../../src/build/tesseract.js';

// A tiny traineddata builder, written from the format description in
// src/build/tesseract.ts (the files it makes were also read back with
// Debian's combine_tessdata -u and dawg2wordlist, which print the same words).

const UNICHARS = ['NULL', 'क', 'म', 'ल', 'ा', 'न', 'प', 'ी', 'a', '1', 'क्ष', 'त्र', '\u200D'];
const id = (u: string) => {
  const i = UNICHARS.indexOf(u);
  assert.ok(i >= 0, u);
  return i;
};

function unicharset(unichars: string[] = UNICHARS): Uint8Array {
  const lines = unichars.map((u, i) => `${u} 1 0,255,0,255,0,0,0,0,0,0 ${/[a-z0-9]/.test(u) ? 'Latin' : 'Devanagari'} ${i} 0 ${i} ${u}\t# ${u}`);
  return new TextEncoder().encode(`${unichars.length}\n${lines.join('\n')}\n`);
}

interface Edge {
  letter: number;
  end: boolean;
  child: TrieNode;
}
interface TrieNode {
  edges: Edge[];
}

/** A trie is a valid (unminimized) DAWG. Edges keep insertion order. */
function squishedDawg(words: number[][], size = UNICHARS.length, littleEndian = true): Uint8Array {
  const root: TrieNode = { edges: [] };
  for (const w of words) {
    let node = root;
    w.forEach((letter, k) => {
      let edge = node.edges.find((e) => e.letter === letter);
      if (!edge) {
        edge = { letter, end: false, child: { edges: [] } };
        node.edges.push(edge);
      }
      if (k === w.length - 1) edge.end = true;
      node = edge.child;
    });
  }
  // Lay the nodes out breadth first; a node's reference is the index of its first edge.
  const order: TrieNode[] = [];
  const index = new Map<TrieNode, number>();
  let nextIndex = 0;
  const queue = [root];
  while (queue.length) {
    const n = queue.shift()!;
    if (n.edges.length === 0) continue;
    order.push(n);
    index.set(n, nextIndex);
    nextIndex += n.edges.length;
    for (const e of n.edges) queue.push(e.child);
  }
  const records: bigint[] = [];
  const fsb = BigInt(Math.ceil(Math.log2(size + 1)));
  for (const n of order) {
    n.edges.forEach((e, k) => {
      const flags = (k === n.edges.length - 1 ? 1 : 0) | (e.end ? 4 : 0);
      const next = index.get(e.child) ?? 0;
      records.push(BigInt(e.letter) | (BigInt(flags) << fsb) | (BigInt(next) << (fsb + 3n)));
    });
  }
  return rawDawg(records, size, littleEndian);
}

function rawDawg(records: bigint[], size: number, littleEndian = true, magic = 42): Uint8Array {
  const out = new Uint8Array(10 + 8 * records.length);
  const v = new DataView(out.buffer);
  v.setInt16(0, magic, littleEndian);
  v.setInt32(2, size, littleEndian);
  v.setInt32(6, records.length, littleEndian);
  records.forEach((r, i) => v.setBigUint64(10 + 8 * i, r, littleEndian));
  return out;
}

function traineddata(components: Record<string, Uint8Array>, littleEndian = true): Uint8Array {
  const n = TESSDATA_COMPONENTS.length;
  const header = 4 + 8 * n;
  let size = header;
  for (const c of Object.values(components)) size += c.byteLength;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  v.setUint32(0, n, littleEndian);
  let at = header;
  TESSDATA_COMPONENTS.forEach((name, i) => {
    const c = components[name];
    v.setBigInt64(4 + 8 * i, c ? BigInt(at) : -1n, littleEndian);
    if (c) {
      out.set(c, at);
      at += c.byteLength;
    }
  });
  return out;
}

const spell = (...us: string[]) => us.map(id);
// In sorted insertion order, so the DAWG's depth-first order is this order.
const VOCABULARY = [
  spell('क', 'म'), // कम
  spell('क', 'म', 'ल'), // कमल
  spell('क', 'म', 'ल', 'ा'), // कमला
  spell('क', '\u200D', 'म'), // क‍म: ZWJ, equal to कम once normalized
  spell('क', 'ा', 'म'), // काम
  spell('क्ष', 'त्र'), // unichars of several code points
  spell('न', 'ा', 'म'), // नाम
  spell('प', 'ा', 'न', 'ी'), // पानी
  spell('a', '1'), // no Devanagari letter
];

function lstmFile(littleEndian = true): Uint8Array {
  return traineddata(
    {
      config: new TextEncoder().encode('# config\n'),
      'lstm-word-dawg': squishedDawg(VOCABULARY, UNICHARS.length, littleEndian),
      'lstm-unicharset': unicharset(),
      version: new TextEncoder().encode('4.00.00alpha:test'),
    },
    littleEndian,
  );
}

function isFormatError(file: string, pattern: RegExp) {
  return (err: unknown) =>
    err instanceof DataFormatError && err.file === file && err.line === null && /byte offset \d+/.test(err.message) && pattern.test(err.message);
}

test('reads the container: component names and offsets', () => {
  const buf = lstmFile();
  const td = readTraineddata(buf, 'x.traineddata');
  assert.equal(td.littleEndian, true);
  assert.deepEqual([...td.components.keys()], ['config', 'lstm-word-dawg', 'lstm-unicharset', 'version']);
  const version = td.components.get('version')!;
  assert.equal(new TextDecoder().decode(version.bytes), '4.00.00alpha:test');
  assert.equal(version.offset + version.bytes.byteLength, buf.byteLength);
});

test('parses the unicharset: NULL is the space, the first token is the unichar', () => {
  const bytes = unicharset();
  assert.deepEqual(parseUnicharset(bytes, 'u', 0), [' ', ...UNICHARS.slice(1)]);
});

test('enumerates the DAWG depth first, like dawg2wordlist', () => {
  const td = readTraineddata(lstmFile(), 'x');
  const comp = td.components.get('lstm-word-dawg')!;
  const dawg = readSquishedDawg(comp.bytes, 'x', comp.offset, true);
  const words = dawgWords(dawg, parseUnicharset(unicharset(), 'x', 0), 'x', comp.offset);
  assert.deepEqual(words, ['कम', 'कमल', 'कमला', 'क\u200Dम', 'काम', 'क्षत्र', 'नाम', 'पानी', 'a1']);
});

test('readTraineddataWords normalizes, keeps Devanagari words and deduplicates', () => {
  const r = readTraineddataWords(lstmFile(), 'nep.traineddata');
  assert.deepEqual(r.words, ['कम', 'कमल', 'कमला', 'काम', 'क्षत्र', 'नाम', 'पानी']);
  assert.deepEqual(r.report, {
    components: ['config', 'lstm-word-dawg', 'lstm-unicharset', 'version'],
    words: 7,
    rejected: 1,
    raw: 9,
    duplicates: 1,
    dawgs: ['lstm-word-dawg'],
  });
});

test('a big-endian file reads the same', () => {
  const be = lstmFile(false);
  assert.equal(readTraineddata(be, 'be').littleEndian, false);
  assert.deepEqual(readTraineddataWords(be, 'be').words, readTraineddataWords(lstmFile(), 'le').words);
});

test('a legacy file (no LSTM) is read from word-dawg and freq-dawg', () => {
  const buf = traineddata({
    unicharset: unicharset(),
    'word-dawg': squishedDawg([spell('न', 'ा', 'म'), spell('प', 'ा', 'न', 'ी')]),
    'freq-dawg': squishedDawg([spell('क', 'ा', 'म'), spell('न', 'ा', 'म')]),
  });
  const r = readTraineddataWords(buf, 'old.traineddata');
  assert.deepEqual(r.words, ['नाम', 'पानी', 'काम']);
  assert.deepEqual(r.report.dawgs, ['word-dawg', 'freq-dawg']);
  assert.equal(r.report.duplicates, 1);
});

test('corrupt and truncated files are DataFormatErrors with the file and a byte offset', () => {
  const good = lstmFile();
  assert.throws(() => readTraineddataWords(good.subarray(0, 3), 'a.traineddata'), isFormatError('a.traineddata', /no traineddata header/));
  assert.throws(() => readTraineddataWords(good.subarray(0, 100), 'b.traineddata'), isFormatError('b.traineddata', /header of 24 offsets is cut off/));
  // Cut inside the last component: the offset of 'version' still fits, the DAWG is intact,
  // but cutting inside the DAWG must be caught.
  const td = readTraineddata(good, 'c');
  const dawgStart = td.components.get('lstm-word-dawg')!.offset;
  const cut = good.slice(0, dawgStart + 30);
  assert.throws(() => readTraineddataWords(cut, 'c.traineddata'), isFormatError('c.traineddata', /lies outside the file/));
  // A DAWG component whose edges are cut short (container intact)
  const short = traineddata({ 'lstm-word-dawg': squishedDawg(VOCABULARY).subarray(0, 40), 'lstm-unicharset': unicharset() });
  assert.throws(() => readTraineddataWords(short, 'd.traineddata'), isFormatError('d.traineddata', /announces \d+ edges/));
  const badMagic = traineddata({ 'lstm-word-dawg': rawDawg([1n | (5n << 4n)], UNICHARS.length, true, 7), 'lstm-unicharset': unicharset() });
  assert.throws(() => readTraineddataWords(badMagic, 'e'), isFormatError('e', /bad DAWG magic number 7/));
  const noDawg = traineddata({ 'lstm-unicharset': unicharset() });
  assert.throws(() => readTraineddataWords(noDawg, 'f'), isFormatError('f', /no word DAWG/));
  const noCharset = traineddata({ 'lstm-word-dawg': squishedDawg(VOCABULARY) });
  assert.throws(() => readTraineddataWords(noCharset, 'g'), isFormatError('g', /lstm-unicharset is not/));
  const shortCharset = traineddata({ 'lstm-word-dawg': squishedDawg(VOCABULARY), 'lstm-unicharset': new TextEncoder().encode('20\nNULL 0\n') });
  assert.throws(() => readTraineddataWords(shortCharset, 'h'), isFormatError('h', /announces 20 entries/));
  assert.throws(() => readTraineddataWords(new Uint8Array(8).fill(0xff), 'i'), isFormatError('i', /not a traineddata file/));
});

test('DAWG edges that point nowhere, unknown unichars and cycles are caught', () => {
  const size = UNICHARS.length; // 13 -> letter bits 0..3, flags 4..6, next node from bit 7
  const edge = (letter: number, flags: number, next: number) => BigInt(letter) | (BigInt(flags) << 4n) | (BigInt(next) << 7n);
  const charset = parseUnicharset(unicharset(), 'x', 0);
  const read = (records: bigint[]) => dawgWords(readSquishedDawg(rawDawg(records, size), 'z', 0, true), charset, 'z', 0);
  assert.deepEqual(read([edge(id('क'), 1, 1), edge(id('म'), 1 | 4, 0)]), ['कम']);
  assert.throws(() => read([edge(id('क'), 1 | 4, 9)]), isFormatError('z', /points to node 9/));
  assert.throws(() => read([edge(size - 1 + 2, 1 | 4, 0)]), isFormatError('z', /unichar id 14 is not in the unicharset/));
  assert.throws(() => read([edge(id('क'), 4, 0)]), isFormatError('z', /runs past its end/));
  assert.throws(() => read([edge(id('क'), 1, 1), edge(id('म'), 1 | 4, 1)]), isFormatError('z', /a cycle/));
});
