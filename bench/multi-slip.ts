// Misspellings with one, two and three slips of frequent words, generated
// here, and what the spellchecker makes of them.
//
//   node dist/bench/multi-slip.js [--words 6000] [--seed 39] [--sources lexicon|all] [--root DIR] [--failures N] [--out FILE]
//
// Source words: the first --words lines of the frequency word list the
// repository carries (data/tesseract-langdata-nep/nep.wordlist, most
// frequent first), normalized, of two aksharas or more, and (--sources
// lexicon, the default) that the store calls lexicon forms (FORM_LEXICON):
// the set does not change with the engine code measured. --sources all
// takes every form of the store (the news list's names and words too,
// which no candidate index holds).
//
// Slips (each named in the figures; SLIPS below): ि/ी and इ/ई; ु/ू and उ/ऊ;
// ब/व; श/ष/स; ँ dropped; ् dropped; ण/न; द्य/ध्य; क्ष as क्छ, छ or छ्य; ज्ञ/ग्य;
// and, in a set of its own, ा dropped or added after a consonant with its
// inherent vowel. For each word, one misspelling with one slip, one with
// two, one with three, and one with an ा slip and another, drawn with a
// seeded mulberry32 (--seed): a kind of slip first, each kind the word
// allows equally likely, then one of its places; the places never touch.
// A misspelling that is itself a form of the store (a word of the lexicon,
// or one the news list writes) is left out and counted: no spellchecker
// can tell it from the word it is.
//
// Scored as the service answers at level standard: `correct` (not
// detected), `unknown` (detected, no correction), top-1 (the first
// correction is the source word, or the checker's own first correction of
// the source word when it corrects that too) and top-5.
//
// --root DIR  score with another checkout's engine and data (its dist/ and
//             native-data/, built with `make setup build`): the same
//             misspellings, for comparisons in one run.
// --out FILE  the misspellings as TSV: set, typed, source word, slips.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prng } from '../test/integration/random.js';
import { ROOT, machine } from './lib.js';

const { values: args } = parseArgs({
  options: {
    words: { type: 'string', default: '6000' },
    seed: { type: 'string', default: '39' },
    root: { type: 'string' },
    failures: { type: 'string', default: '0' },
    out: { type: 'string' },
    sources: { type: 'string', default: 'lexicon' },
  },
});
const WORDS = Number(args.words);
const SEED = Number(args.seed);
const FAILURES = Number(args.failures);
const root = args.root ?? ROOT;

interface CheckResult {
  status: 'correct' | 'misspelled' | 'unknown';
  corrections: string[] | null;
}
interface Checker {
  checkWord(w: string): CheckResult;
}
interface Store {
  form(w: string): { flags: number } | undefined;
  close(): void;
}

// The engine and store of the build measured (this checkout's, or --root's).
const dist = join(root, 'dist/src');
const { Spellchecker } = (await import(join(dist, 'engine/spell/spellchecker.js'))) as { Spellchecker: new (store: Store) => Checker };
const { LmdbStore } = (await import(join(dist, 'store/lmdb-store.js'))) as { LmdbStore: new (dir: string, bloom: unknown) => Store };
const { BloomFilter } = (await import(join(dist, 'store/bloom.js'))) as { BloomFilter: { parse(b: Buffer): unknown } };
const { resolveDataDir } = (await import(join(dist, 'store/data-dir.js'))) as { resolveDataDir(d: string): string };
const { normalizeWord } = (await import(join(dist, 'engine/lang/normalize.js'))) as { normalizeWord(w: string): string };
const { aksharaCount } = (await import(join(dist, 'engine/lang/letters.js'))) as { aksharaCount(w: string): number };
const { FORM_LEXICON } = (await import(join(dist, 'store/types.js'))) as { FORM_LEXICON: number };

const dataDir = resolveDataDir(args.root ? join(root, 'native-data') : (process.env.DATA_DIR ?? join(root, 'native-data')));
const store = new LmdbStore(dataDir, BloomFilter.parse(readFileSync(join(dataDir, 'bloom.bin'))));

/** One place a slip can go: [start, end) of the word replaced by `by`. */
interface Site {
  slip: string;
  start: number;
  end: number;
  by: string;
}

const CONSONANT = /[\u0915-\u0939\u0958-\u095F]/;
const SIGN_AFTER = /[\u0900-\u0903\u093C-\u094D]/;

/** A slip: its name and the places it can go in a word. */
interface Slip {
  name: string;
  sites(w: string): Site[];
}

/** Each occurrence of a member of a group replaced by each other member. */
function swaps(name: string, groups: string[][]): Slip {
  return {
    name,
    sites(w) {
      const out: Site[] = [];
      for (const group of groups) {
        for (const a of group) {
          for (let i = w.indexOf(a); i >= 0; i = w.indexOf(a, i + 1)) {
            for (const b of group) if (b !== a) out.push({ slip: name, start: i, end: i + a.length, by: b });
          }
        }
      }
      return out;
    },
  };
}

/** Each occurrence of the sign left out. */
function dropped(name: string, sign: RegExp): Slip {
  return { name, sites: (w) => [...w.matchAll(sign)].map((m) => ({ slip: name, start: m.index!, end: m.index! + 1, by: '' })) };
}

const SLIPS: Slip[] = [
  swaps('ि/ी', [
    ['ि', 'ी'],
    ['इ', 'ई'],
  ]),
  swaps('ु/ू', [
    ['ु', 'ू'],
    ['उ', 'ऊ'],
  ]),
  swaps('ब/व', [['ब', 'व']]),
  swaps('श/ष/स', [['श', 'ष', 'स']]),
  dropped('ँ dropped', /ँ/g),
  dropped('् dropped', /्/g),
  swaps('ण/न', [['ण', 'न']]),
  swaps('द्य/ध्य', [['द्य', 'ध्य']]),
  {
    name: 'क्ष as क्छ/छ/छ्य',
    sites: (w) => [...w.matchAll(/क्ष/g)].flatMap((m) => ['क्छ', 'छ', 'छ्य'].map((by) => ({ slip: 'क्ष as क्छ/छ/छ्य', start: m.index!, end: m.index! + 2 + 1, by }))),
  },
  swaps('ज्ञ/ग्य', [['ज्ञ', 'ग्य']]),
  {
    name: 'ा dropped or added',
    sites(w) {
      const out: Site[] = [];
      for (let i = 0; i < w.length; i++) {
        if (w[i] === 'ा') out.push({ slip: 'ा dropped or added', start: i, end: i + 1, by: '' });
        else if (CONSONANT.test(w[i]!) && (i + 1 >= w.length || !SIGN_AFTER.test(w[i + 1]!)))
          out.push({ slip: 'ा dropped or added', start: i + 1, end: i + 1, by: 'ा' });
      }
      return out;
    },
  },
];

/** Every site of every slip in the word. */
function sitesOf(w: string): Site[] {
  return SLIPS.flatMap((s) => s.sites(w));
}

/**
 * `n` sites that neither overlap nor touch, or null when the word has too
 * few: a kind of slip drawn first (each kind the word allows equally
 * likely, so that the slips with many places, a vowel sign's length, do not
 * crowd out the conjunct slips), then one of its places.
 */
function draw(sites: Site[], n: number, rand: () => number): Site[] | null {
  const chosen: Site[] = [];
  let pool = [...sites];
  while (chosen.length < n) {
    pool = pool.filter((s) => !chosen.some((c) => s.start <= c.end && c.start <= s.end));
    const kinds = [...new Set(pool.map((s) => s.slip))];
    if (kinds.length === 0) return null;
    const kind = kinds[Math.floor(rand() * kinds.length)]!;
    const ofKind = pool.filter((s) => s.slip === kind);
    chosen.push(ofKind[Math.floor(rand() * ofKind.length)]!);
  }
  return chosen;
}

function apply(w: string, sites: Site[]): string {
  let out = w;
  for (const s of [...sites].sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + s.by + out.slice(s.end);
  return out;
}

// --- the source words and their misspellings
/** ा dropped or added: a set of its own (the issue's sets are made of the other slips). */
const AA = 'ा dropped or added';
const lines = readFileSync(join(ROOT, 'data/tesseract-langdata-nep/nep.wordlist'), 'utf8').split('\n').slice(0, WORDS);
const sources: string[] = [];
const seen = new Set<string>();
for (const line of lines) {
  const w = normalizeWord(line.trim());
  const flags = store.form(w)?.flags ?? 0;
  if (!w || seen.has(w) || aksharaCount(w) < 2 || !(args.sources === 'all' ? flags : flags & FORM_LEXICON)) continue;
  seen.add(w);
  sources.push(w);
}

interface Pair {
  typed: string;
  source: string;
  slips: string[];
}
/** The sets: how many slips, and whether one of them is ा's. */
const SETS = [
  { label: '1', n: 1, aa: false },
  { label: '2', n: 2, aa: false },
  { label: '3', n: 3, aa: false },
  { label: '2, one of them ा', n: 2, aa: true },
];
const rand = prng(SEED);
const sets = new Map(SETS.map((d) => [d.label, [] as Pair[]]));
const leftOut = new Map(SETS.map((d) => [d.label, 0]));
for (const source of sources) {
  const sites = sitesOf(source);
  const others = sites.filter((x) => x.slip !== AA);
  for (const d of SETS) {
    let chosen: Site[] | null;
    if (d.aa) {
      const aa = draw(
        sites.filter((x) => x.slip === AA),
        1,
        rand,
      );
      const rest =
        aa &&
        draw(
          others.filter((x) => !(x.start <= aa[0]!.end && aa[0]!.start <= x.end)),
          d.n - 1,
          rand,
        );
      chosen = aa && rest && [...aa, ...rest];
    } else chosen = draw(others, d.n, rand);
    if (!chosen) continue;
    const typed = apply(source, chosen);
    if (typed === source || store.form(typed) !== undefined) {
      leftOut.set(d.label, leftOut.get(d.label)! + 1);
      continue;
    }
    sets.get(d.label)!.push({ typed, source, slips: chosen.map((x) => x.slip) });
  }
}
if (args.out)
  writeFileSync(
    args.out,
    [...sets].flatMap(([label, pairs]) => pairs.map((p) => `${label}\t${p.typed}\t${p.source}\t${p.slips.join(' + ')}`)).join('\n') + '\n',
  );

// --- scoring
const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
interface Score {
  n: number;
  correct: number;
  unknown: number;
  top1: number;
  top5: number;
}
const blank = (): Score => ({ n: 0, correct: 0, unknown: 0, top1: 0, top5: 0 });
const row = (label: string, s: Score): string =>
  `| ${label} | ${s.n} | ${pct(s.correct, s.n)} | ${pct(s.unknown, s.n)} | ${pct(s.top1, s.n)} | ${pct(s.top5, s.n)} |`;

const spell = new Spellchecker(store);
const expected = new Map<string, string[]>();
const rightAnswers = (source: string): string[] => {
  let a = expected.get(source);
  if (!a) {
    const r = spell.checkWord(source);
    a = r.status === 'misspelled' && r.corrections?.[0] ? [source, r.corrections[0]] : [source];
    expected.set(source, a);
  }
  return a;
};

console.log(`# Multi-slip misspellings (${new Date().toISOString()})\n`);
console.log(`machine: ${machine()}; engine and data: ${root} (${dataDir})`);
console.log(`command: node dist/bench/multi-slip.js --words ${WORDS} --seed ${SEED}${args.root ? ` --root ${args.root}` : ''}`);
console.log(`source words: ${sources.length} lexicon forms of two aksharas or more among the ${lines.length} most frequent lines of nep.wordlist`);
console.log(`slips: ${SLIPS.map((s) => s.name).join('; ')}\n`);

const byKind = new Map<string, Score>();
for (const [label, pairs] of sets) {
  const total = blank();
  const failures: string[] = [];
  let ms = 0;
  for (const p of pairs) {
    const t = performance.now();
    const r = spell.checkWord(p.typed);
    ms += performance.now() - t;
    const good = rightAnswers(p.source);
    const c = r.corrections ?? [];
    const s: Score = {
      n: 1,
      correct: r.status === 'correct' ? 1 : 0,
      unknown: r.status === 'unknown' ? 1 : 0,
      top1: c.length > 0 && good.includes(c[0]!) ? 1 : 0,
      top5: c.slice(0, 5).some((x) => good.includes(x)) ? 1 : 0,
    };
    for (const k of Object.keys(s) as (keyof Score)[]) total[k] += s[k];
    if (label === '2' || label === '3') {
      for (const kind of new Set(p.slips)) {
        const b = byKind.get(kind) ?? blank();
        for (const k of Object.keys(s) as (keyof Score)[]) b[k] += s[k];
        byKind.set(kind, b);
      }
    }
    if (!s.top1) failures.push(`${p.typed} -> ${p.source} (${p.slips.join(' + ')}): ${r.status} [${c.join(', ')}]`);
  }
  if (label === '1')
    console.log('| slips | misspellings | not detected | unknown | top-1 | top-5 | ms per word (each checked once) |\n|---|---:|---:|---:|---:|---:|---:|');
  console.log(`${row(label, total)} ${(ms / Math.max(1, pairs.length)).toFixed(3)} |`);
  if (FAILURES > 0) failures.slice(0, FAILURES).forEach((f) => console.error(`  ${label}: ${f}`));
}
console.log(`\nLeft out as forms of the store: ${[...leftOut].map(([label, k]) => `${k} (${label})`).join(', ')}.\n`);
console.log('The two- and three-slip sets by the slips they contain (a misspelling counts under each of its kinds):\n');
console.log('| slip | misspellings | not detected | unknown | top-1 | top-5 |\n|---|---:|---:|---:|---:|---:|');
for (const slip of SLIPS) {
  const s = byKind.get(slip.name);
  if (s) console.log(row(slip.name, s));
}
store.close();
