// The engines' answers on the evaluation data, one JSON line per input, for
// checking that a restructuring of the engine changes no output at all.
//
//   node dist/bench/output-snapshot.js --out=/tmp/snap-before.jsonl
//   node dist/bench/output-snapshot.js --compare=/tmp/snap-before.jsonl [--out=FILE; default /tmp/snap-before.after.jsonl]
//
// Runs on the built LMDB store (native-data/current, or $DATA_DIR) and reads
// ../shared/eval (or $EVAL_DIR). In a fixed order, in one fresh process, the
// way a service thread is set up (one spellchecker shared with the
// romanizer, the romanizer warmed up), it writes:
//   - the romanization answer (its JSON bytes as the service sends them) of
//     every sentence of romanization/sentence_pairs.tsv, with max_candidates
//     10 and with the default 5, and of every romanized word of
//     word_pairs.tsv (tokens form, max_candidates 10);
//   - the spellcheck word result, and the similar words of WORD_NOT_FOUND,
//     of both sides of every row of every TSV under spelling/;
//   - the spellcheck text result of text/near_limit_clean.txt,
//     near_limit_misspelled.txt and each line of flores_dev.ne.txt;
//   - for every word of text/corpus_frequent_words.txt: its spellcheck
//     result, its confusion key, its roman aliases, the romanization of its
//     best casual alias, and its dictionary answers (entry, variants,
//     completions, examples).
// The stored spellcheck verdicts and romanization analyses are not used
// (--stored-verdicts and --stored-analyses use them when the store's
// fingerprints are this code's): a restructuring changes the fingerprints,
// and the comparison is of the engine's own answers. With both flags the
// comparison checks that the stored answers are the engine's own.
// With --compare the lines are compared with a file written before: the
// first differences are printed and the exit code is 1 when any line differs.
// The outputs are never committed: write them outside the repository.

import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { confusionKey } from '../src/engine/spell/confusion.js';
import { findExamples } from '../src/engine/lookup/examples.js';
import { lookupEntry } from '../src/engine/lookup/entry.js';
import { lookupVariants } from '../src/engine/lookup/variants.js';
import { suggestWords } from '../src/engine/lookup/suggest.js';
import { romanAliases } from '../src/engine/roman/aliases.js';
import { Romanizer } from '../src/engine/roman/romanizer.js';
import { Spellchecker } from '../src/engine/spell/spellchecker.js';
import type { RomanizationResult } from '../src/engine/results.js';
import { BloomFilter } from '../src/store/bloom.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { BLOOM_FILE } from '../src/store/lmdb-layout.js';
import { LmdbStore } from '../src/store/lmdb-store.js';
import { analysesUsable, verdictsUsable } from '../src/worker/engines.js';
import { warmUpThread } from '../src/worker/warm-up.js';
import { EVAL_DIR, readEval } from './lib.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    compare: { type: 'string' },
    'stored-verdicts': { type: 'boolean', default: false },
    'stored-analyses': { type: 'boolean', default: false },
    'max-differences': { type: 'string', default: '10' },
  },
});

// Compared with a reference, the new output goes beside it (never over it: the reference would compare with itself).
const outPath = args.out ?? (args.compare ? args.compare.replace(/(\.jsonl)?$/, '.after.jsonl') : undefined);
if (!outPath) {
  console.error('usage: output-snapshot.js --out=FILE | --compare=REFERENCE [--out=FILE] [--stored-verdicts] [--stored-analyses]');
  process.exit(2);
}
if (args.compare && resolvePath(outPath) === resolvePath(args.compare)) {
  console.error('--out must not be the --compare reference');
  process.exit(2);
}

const dataDir = resolveDataDir(process.env.DATA_DIR ?? 'native-data');
if (!existsSync(join(dataDir, 'store', 'data.mdb'))) {
  console.error(`no built store in ${dataDir}: run \`make data\``);
  process.exit(2);
}
const bloomPath = join(dataDir, BLOOM_FILE);
const store = new LmdbStore(dataDir, existsSync(bloomPath) ? BloomFilter.parse(readFileSync(bloomPath)) : null);
const storedVerdicts = args['stored-verdicts'] === true && verdictsUsable(store.meta);
const storedAnalyses = args['stored-analyses'] === true && analysesUsable(store.meta);
if (args['stored-analyses'] === true && !storedAnalyses) console.error("the store's analyses are not this code's (run `make data`): not used");
console.error(
  `store ${dataDir}; stored verdicts ${storedVerdicts ? 'used' : 'not used'}; stored analyses ${storedAnalyses ? 'used' : 'not used'}; eval ${EVAL_DIR}`,
);

// A service thread: one spellchecker (the default cache budget), shared with the romanizer, warmed up.
const spell = new Spellchecker(store, { storedVerdicts });
const roman = new Romanizer(store, spell, { storedAnalyses });
warmUpThread({ store, spell, roman }, 'full');

const out = createWriteStream(outPath);
const decoder = new TextDecoder();
let lines = 0;
const emit = (kind: string, input: unknown, output: unknown): void => {
  out.write(JSON.stringify({ kind, input, output }) + '\n');
  lines++;
};

/** The answer as the service sends it: romanizationJson's bytes, which must be JSON.stringify's. */
function romanJson(result: RomanizationResult): unknown {
  const text = decoder.decode(roman.json(result));
  return text === JSON.stringify(result) ? JSON.parse(text) : { serializerMismatch: text, expected: result };
}

function section(name: string, run: () => void): void {
  const t0 = performance.now();
  const before = lines;
  run();
  console.error(`${name}: ${lines - before} lines, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function tsvRows(rel: string): string[][] {
  const text = readEval(rel);
  if (text === null) return [];
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'));
}

function textLines(rel: string): string[] {
  return (readEval(rel) ?? '').split('\n').filter((l) => l.trim() !== '');
}

// --- romanization of the sentences and words
const sentences = tsvRows('romanization/sentence_pairs.tsv').map((r) => r[0]!);
section('roman-sentence-10', () => {
  for (const s of sentences) emit('roman-sentence-10', s, romanJson(roman.resolveText(s, 10)));
});
section('roman-sentence-5', () => {
  for (const s of sentences) emit('roman-sentence-5', s, romanJson(roman.resolveText(s)));
});
section('roman-word', () => {
  for (const r of tsvRows('romanization/word_pairs.tsv')) emit('roman-word', r[0], romanJson(roman.resolveTokens([r[0]!], 10)));
});

// --- spellcheck of the spelling sets, word by word
section('spell-word', () => {
  const dir = join(EVAL_DIR, 'spelling');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.tsv'))
        .sort()
    : [];
  for (const f of files) {
    for (const row of tsvRows(`spelling/${f}`)) {
      for (const w of row.slice(0, 2)) emit('spell-word', w, { check: spell.checkWord(w), similar: spell.similarWords(w, 5) });
    }
  }
});

// --- spellcheck of the texts
section('spell-text', () => {
  for (const f of ['near_limit_clean.txt', 'near_limit_misspelled.txt']) emit('spell-text', f, spell.checkText(readEval(`text/${f}`) ?? ''));
  for (const line of textLines('text/flores_dev.ne.txt')) emit('spell-text-flores', line, spell.checkText(line));
});

// --- the frequent words: spellcheck, keys, aliases, romanization, dictionary
section('frequent', () => {
  for (const w of textLines('text/corpus_frequent_words.txt').map((l) => l.trim())) {
    const aliases = romanAliases(w);
    const casual = aliases.find((a) => a.kinds.includes('casual'))?.alias ?? null;
    emit('frequent', w, {
      check: spell.checkWord(w),
      key: confusionKey(w),
      aliases,
      romanized: casual === null ? null : romanJson(roman.resolveTokens([casual], 10)),
      entry: lookupEntry(store, w),
      variants: lookupVariants(store, w, confusionKey),
      suggest: suggestWords(store, w, 10),
      examples: findExamples(store, w, 3),
    });
  }
});

await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
store.close();
console.error(`${lines} lines written to ${outPath}`);

if (args.compare) process.exit((await compare(args.compare, outPath, Number(args['max-differences']))) ? 0 : 1);

/** Compares two snapshots line by line; prints the first differences; true when they are identical. */
async function compare(reference: string, actual: string, maxShown: number): Promise<boolean> {
  const a = createInterface({ input: createReadStream(reference), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const b = createInterface({ input: createReadStream(actual), crlfDelay: Infinity })[Symbol.asyncIterator]();
  let n = 0;
  let differ = 0;
  for (;;) {
    const [x, y] = await Promise.all([a.next(), b.next()]);
    if (x.done && y.done) break;
    n++;
    if (!x.done && !y.done && x.value === y.value) continue;
    differ++;
    if (differ <= maxShown) {
      console.log(`line ${n} differs:`);
      console.log(`  before: ${x.done ? '(none)' : x.value.slice(0, 2000)}`);
      console.log(`  after:  ${y.done ? '(none)' : y.value.slice(0, 2000)}`);
    }
  }
  console.log(differ === 0 ? `identical: ${n} lines (${reference} = ${actual})` : `${differ} of ${n} lines differ (${reference} vs ${actual})`);
  return differ === 0;
}
