// The data pipeline: sources -> importers -> records -> LMDB store + Bloom
// filter, built into a fresh folder and swapped in atomically.
//
// native-data/
//   cache/             downloaded .deb files and their unpacked trees (reused)
//   builds/<stamp>/    one complete build: store/ (LMDB), bloom.bin, SOURCES.json
//   current -> builds/<stamp>   symlink, replaced by rename(2) when a build succeeds
//
// A running service keeps the build it opened (its files are never written
// again); a failed or interrupted build leaves `current` untouched.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beginningsOf, BloomFilter } from '../store/bloom.js';
import { BLOOM_FILE, SOURCES_FILE } from '../store/lmdb-layout.js';
import { writeStoreChecksum } from '../store/store-checksum.js';
import { writeLmdbStore } from '../store/lmdb-writer.js';
import { CLOSED_CLASS_DICT, HUNSPELL_DICT, THESAURUS_DICT, type ExampleSentence, type SourceInfo, type StoreMeta, type StoreRecords } from '../store/types.js';
import { CLOSED_CLASS_GROUPS } from '../engine/lang/closed-class.js';
import { HUNSPELL_CLASSES } from '../engine/lang/hunspell-classes.js';
import { entryJsonRecords } from '../engine/lookup/entry.js';
import { DataFormatError } from './errors.js';
import { FetchError, fetchDebianPackage, sourceInfo } from './fetch.js';
import { classMismatches, importHunspell, nominalClasses, partOfSpeechForClasses, type HunspellImport } from './hunspell.js';
import { importJsonlDictionary } from './jsonl-dictionary.js';
import { importMythes } from './mythes.js';
import { buildRecords, type DictionaryInput, type LexiconInput } from './records.js';
import { computeAnalyses } from './analyses.js';
import { computeVerdicts } from './verdicts.js';
import {
  extractNepaliSentences,
  LIBREOFFICE_CATALOG_DIR,
  LIBREOFFICE_SENTENCE_SOURCE,
  PROMPTS_SENTENCE_SOURCE,
  sentencesFromPrompts,
  sentencesFromThesaurus,
} from './sentences.js';
import {
  CROWD_DICT,
  GLOSSARY_DICT,
  GLOSSARY_FILES,
  importCrowdDictionary,
  importGlossary,
  readEnglishWordList,
  ROMANIZATION_KEYS,
  type CrowdImport,
  type GlossaryImport,
} from './english.js';
import { MemoryStore } from '../store/memory-store.js';
import { readTraineddataWords } from './tesseract.js';
import { importFrequencyList } from './frequency.js';
import { importPronunciationLexicon } from './pronunciation-lexicon.js';
import { FREQUENCY_WORDLIST, PRONUNCIATION_LEXICON } from '../store/types.js';

/** The frequency word list the repository carries (PROVENANCE.md beside it): from dist/src/build/ up to the repository. */
export const DEFAULT_WORDLIST = fileURLToPath(new URL('../../../data/tesseract-langdata-nep/nep.wordlist', import.meta.url));
/** The English meanings' and the prompts' sources the repository carries (each folder's PROVENANCE.md). */
const DATA = fileURLToPath(new URL('../../../data/', import.meta.url));
export const GLOSSARY_DIR = join(DATA, 'foss-np-glossary');
export const CROWD_FILE = join(DATA, 'pavlick-ne-en-dictionary/dict.ne');
export const PROMPTS_FILE = join(DATA, 'google-language-resources-ne/prompts.tsv');
/** Where Debian's wamerican puts its word list. */
const ENGLISH_WORDS_IN_PACKAGE = 'usr/share/dict/american-english';
/** The pronunciation lexicon the repository carries (PROVENANCE.md beside it). */
export const DEFAULT_PRONUNCIATION_LEXICON = fileURLToPath(new URL('../../../data/google-language-resources-ne/lexicon.tsv', import.meta.url));

export interface BuildOptions {
  /** native-data/ */
  dataDir: string;
  /** Explicit source files (machines without apt); any not given is fetched from Debian. */
  hunspellAff?: string;
  hunspellDic?: string;
  mythes?: string;
  tessdata?: string;
  /** The frequency-ordered word list (one word a line, most frequent first); default DEFAULT_WORDLIST. */
  wordlist?: string;
  /** An English word list (one word a line), which tells the crowd's English glosses from romanizations; default: Debian's wamerican. */
  englishWords?: string;
  /** The pronunciation lexicon (spelling, tab, phonemes); default DEFAULT_PRONUNCIATION_LEXICON. */
  lexicon?: string;
  /** Further dictionaries in the JSONL format (docs/jsonl-dictionary.md). */
  imports: string[];
  /** Fetch Debian's libreoffice-l10n-ne for real example sentences. */
  sentencePackages: boolean;
  /** Target false-positive rate of the Bloom filter. */
  bloomFalsePositiveRate: number;
  /** Builds kept besides the current one (for rollback and for services still running on them). */
  keepBuilds: number;
  log: (msg: string) => void;
}

export const BUILD_DEFAULTS = { bloomFalsePositiveRate: 0.0005, keepBuilds: 1 };

export interface BuildSummary {
  buildDir: string;
  meta: StoreMeta;
  seconds: number;
  bytes: number;
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? dirBytes(p) : st.size;
  }
  return total;
}

/** Measures the filter's false-positive rate on strings that are certainly not members (isMember false). */
export function measureFalsePositiveRate(bloom: BloomFilter, isMember: (w: string) => boolean, sample: string[], probes = 200_000): number {
  // Probes: real forms with one extra letter appended or inserted, which are
  // word-like (the hard case for a hash) yet, after the check, not words.
  const letters = 'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह';
  let tested = 0;
  let positives = 0;
  let i = 0;
  while (tested < probes && sample.length > 0) {
    const base = sample[i % sample.length]!;
    const ch = letters[(i * 7919) % letters.length]!;
    const pos = (i * 31) % (base.length + 1);
    const probe = base.slice(0, pos) + ch + base.slice(pos);
    i++;
    if (isMember(probe)) continue;
    tested++;
    if (bloom.has(probe)) positives++;
    if (i > probes * 4) break;
  }
  return tested === 0 ? 0 : positives / tested;
}

export async function runBuild(opts: BuildOptions): Promise<BuildSummary> {
  const t0 = performance.now();
  const log = opts.log;
  const dataDir = resolve(opts.dataDir);
  const cacheDir = join(dataDir, 'cache');
  mkdirSync(cacheDir, { recursive: true });
  const sources: SourceInfo[] = [];

  // --- sources
  const { affPath, dicPath, mythesPath, tessPath } = debianSources(opts, cacheDir, sources);

  // --- importers
  let t = performance.now();
  const hun = importHunspell(readFileSync(affPath, 'utf8'), readFileSync(dicPath, 'utf8'), { aff: affPath, dic: dicPath });
  log(`hunspell: ${hun.report.stems} stems -> ${hun.report.distinctForms} forms (${ms(t)}); repairs ${JSON.stringify(hun.report.repairs)}`);
  // The engine and the importer read the affix classes by number: an .aff that numbers them otherwise is not read at all.
  const mismatched = classMismatches(hun.affix);
  if (mismatched.length > 0) throw new DataFormatError(affPath, null, mismatched.join('; '));
  t = performance.now();
  const thes = importMythes(readFileSync(mythesPath, 'utf8'), mythesPath);
  log(
    `mythes: ${thes.report.headwords} headwords, ${thes.report.senses} senses (${ms(t)}); repairs ${JSON.stringify(thes.report.repairs)}, unrepaired ${thes.report.unrepaired.length}`,
  );
  t = performance.now();
  const tess = readTraineddataWords(readFileSync(tessPath), tessPath);
  log(`tesseract: ${tess.report.words} attested words (${ms(t)})`);
  t = performance.now();
  const wordlistPath = opts.wordlist ?? DEFAULT_WORDLIST;
  if (!existsSync(wordlistPath))
    throw new Error(`no frequency word list at ${wordlistPath} (the repository carries it in data/tesseract-langdata-nep/; --wordlist FILE gives another)`);
  const frequency = importFrequencyList(readFileSync(wordlistPath, 'utf8'));
  sources.push({
    name: FREQUENCY_WORDLIST,
    version: opts.wordlist ? 'local file' : 'langdata_lstm bd7eec5 (this repository)',
    license: 'Apache-2.0',
    files: [wordlistPath],
  });
  log(`frequency word list: ${frequency.report.kept} of ${frequency.report.lines} lines read as words (${ms(t)})`);
  t = performance.now();
  const lexiconPath = opts.lexicon ?? DEFAULT_PRONUNCIATION_LEXICON;
  if (!existsSync(lexiconPath))
    throw new Error(
      `no pronunciation lexicon at ${lexiconPath} (the repository carries it in data/google-language-resources-ne/; --lexicon FILE gives another)`,
    );
  const lexicon = importPronunciationLexicon(readFileSync(lexiconPath, 'utf8'), lexiconPath);
  sources.push({
    name: PRONUNCIATION_LEXICON,
    version: opts.lexicon ? 'local file' : 'language-resources a906010 (this repository)',
    license: 'CC-BY-4.0',
    files: [lexiconPath],
  });
  const lr = lexicon.report;
  log(
    `pronunciation lexicon: ${lr.devanagari} Devanagari and ${lr.latin} Latin rows of ${lr.rows} (${lr.repeated} repeating a spelling, ${lr.repaired} vowel letters repaired); dropped ${JSON.stringify(lr.dropped)} ${JSON.stringify(lr.examples)} (${ms(t)})`,
  );

  let englishWordsPath = opts.englishWords;
  if (!englishWordsPath) {
    const p = fetchDebianPackage('wamerican', cacheDir, /american-english/, log);
    englishWordsPath = join(p.root, ENGLISH_WORDS_IN_PACKAGE);
    sources.push(sourceInfo(p, ['american-english']));
  } else sources.push({ name: 'wamerican', version: 'local file', license: 'see the file', files: [englishWordsPath] });

  const dictionaries: DictionaryInput[] = [
    { id: THESAURUS_DICT, entries: thes.entries.map((e) => ({ word: e.word, pos: e.senses.find((s) => s.pos)?.pos ?? null, senses: e.senses, classes: [] })) },
    { id: HUNSPELL_DICT, entries: hunspellHeadwords(hun) },
    closedClassDictionary(),
  ];
  sources.push({ name: CLOSED_CLASS_DICT, version: 'this repository', license: 'LGPL-2.1-or-later', files: ['src/engine/lang/closed-class.ts'] });
  const sentences: ExampleSentence[] = sentencesFromThesaurus(thes.entries);
  if (opts.sentencePackages) sentences.push(...catalogSentences(cacheDir, sources, log));
  t = performance.now();
  const prompts = sentencesFromPrompts(readFileSync(PROMPTS_FILE, 'utf8'), PROMPTS_FILE);
  // Shown as examples only: records.ts says why the engines do not count them.
  const exampleSentences = prompts.map((text) => ({ text, source: PROMPTS_SENTENCE_SOURCE.name }));
  sources.push({
    name: PROMPTS_SENTENCE_SOURCE.name,
    version: 'language-resources a906010 (this repository)',
    license: PROMPTS_SENTENCE_SOURCE.license,
    files: [PROMPTS_FILE],
  });
  log(`prompts: ${prompts.length} sentences (${ms(t)})`);

  // --- English meanings: the curated glossary, then the crowd's glosses cleaned against it and an English word list
  const englishWords = readEnglishWordList(readFileSync(englishWordsPath, 'utf8'));
  const { glossary, crowd } = englishMeanings(englishWords, sources, log);

  const romanAliasInputs: { word: string; alias: string }[] = [];
  for (const file of opts.imports) {
    const d = importJsonlDictionary(readFileSync(file, 'utf8'), file);
    if (dictionaries.some((x) => x.id === d.id)) throw new Error(`${file}: dictionary id ${d.id} is already used`);
    dictionaries.push({ id: d.id, entries: d.entries.map((e) => ({ word: e.word, pos: e.pos, senses: e.senses, classes: [] })) });
    for (const e of d.entries) {
      for (const alias of e.roman) romanAliasInputs.push({ word: e.word, alias });
      for (const text of e.examples) sentences.push({ text, source: d.id });
    }
    sources.push({ name: d.id, version: d.version, license: d.license, files: [file] });
    log(`import ${d.id}: ${d.entries.length} entries`);
  }

  // --- records
  t = performance.now();
  const input: LexiconInput = {
    dictionaries,
    forms: hun.forms,
    attested: tess.words,
    frequency,
    sentences,
    exampleSentences,
    romanAliases: romanAliasInputs,
    pronunciations: lexicon,
    english: [
      { dictionary: GLOSSARY_DICT, meanings: glossary.meanings },
      { dictionary: CROWD_DICT, meanings: crowd.meanings },
    ],
    sources,
  };
  const records = buildRecords(input, (m) => log(`  ${m}`));
  // Each entry's answer as JSON bytes, served as they are (engine/lookup/entry.ts).
  records.entryJson = entryJsonRecords(new MemoryStore(records), new Set([...records.headwords.keys(), ...(records.english?.keys() ?? [])]));
  log(`records assembled (${ms(t)})`);

  // --- the spellchecker's verdict on every form
  t = performance.now();
  computeVerdicts(records);
  log(`spellcheck verdicts: ${records.meta.verdicts!.words} forms checked, ${records.verdicts.size} not correct (${ms(t)})`);

  // --- the romanizer's analyses of the usual casual keys and the English words (with the verdicts: its spellchecker reads them)
  t = performance.now();
  computeAnalyses(records, englishWords.keys());
  log(
    `romanization analyses: ${records.analyses.size} keys analysed, ${records.meta.analyses!.englishKeys} of them English words typed as they are (${ms(t)})`,
  );

  // --- Bloom filter over the vocabulary forms, their beginnings and the confusion keys
  const { bloom, meta } = bloomFilter(records, opts.bloomFalsePositiveRate, log);

  // --- write into a fresh build folder, then swap `current`
  const { buildDir, bytes } = await writeBuild(dataDir, records, meta, bloom, sources, opts, log);
  return { buildDir, meta, seconds: (performance.now() - t0) / 1000, bytes };
}

/** The Debian packages' files the build reads (fetched into the cache), or the local files the options name; each recorded in `sources`. */
function debianSources(
  opts: BuildOptions,
  cacheDir: string,
  sources: SourceInfo[],
): { affPath: string; dicPath: string; mythesPath: string; tessPath: string } {
  const log = opts.log;
  let affPath = opts.hunspellAff;
  let dicPath = opts.hunspellDic;
  if (!affPath || !dicPath) {
    const p = fetchDebianPackage('hunspell-ne', cacheDir, /ne_NP/, log);
    affPath ??= join(p.root, 'usr/share/hunspell/ne_NP.aff');
    dicPath ??= join(p.root, 'usr/share/hunspell/ne_NP.dic');
    sources.push(sourceInfo(p, ['ne_NP.aff', 'ne_NP.dic']));
  } else sources.push({ name: 'hunspell-ne', version: 'local files', license: 'LGPL-2.1', files: [affPath, dicPath] });
  let mythesPath = opts.mythes;
  if (!mythesPath) {
    const p = fetchDebianPackage('mythes-ne', cacheDir, /ne_NP/, log);
    mythesPath = join(p.root, 'usr/share/mythes/th_ne_NP_v2.dat');
    sources.push(sourceInfo(p, ['th_ne_NP_v2.dat']));
  } else sources.push({ name: 'mythes-ne', version: 'local file', license: 'LGPL-2.1', files: [mythesPath] });
  let tessPath = opts.tessdata;
  if (!tessPath) {
    const p = fetchDebianPackage('tesseract-ocr-nep', cacheDir, /^\*$/m, log);
    const dir = join(p.root, 'usr/share/tesseract-ocr');
    const found = findFile(dir, 'nep.traineddata');
    if (!found) throw new Error(`tesseract-ocr-nep unpacked into ${p.root} has no nep.traineddata`);
    tessPath = found;
    sources.push(sourceInfo(p, ['nep.traineddata']));
  } else sources.push({ name: 'tesseract-ocr-nep', version: 'local file', license: 'Apache-2.0', files: [tessPath] });
  return { affPath, dicPath, mythesPath, tessPath };
}

/**
 * Real Nepali sentences: LibreOffice's Nepali translation catalogs (MPL-2.0).
 * An enrichment, not a requirement: without the package examples come from
 * the thesaurus and the prompts.
 */
function catalogSentences(cacheDir: string, sources: SourceInfo[], log: (msg: string) => void): ExampleSentence[] {
  const sentences: ExampleSentence[] = [];
  try {
    const t = performance.now();
    const p = fetchDebianPackage(LIBREOFFICE_SENTENCE_SOURCE.name, cacheDir, /^\*$/m, log);
    const dir = join(p.root, LIBREOFFICE_CATALOG_DIR);
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.mo'))
          .sort()
      : [];
    const found = extractNepaliSentences(files.map((f) => ({ file: join(dir, f), bytes: readFileSync(join(dir, f)) })));
    for (const text of found) sentences.push({ text, source: LIBREOFFICE_SENTENCE_SOURCE.name });
    sources.push(sourceInfo(p, files));
    log(`libreoffice-l10n-ne: ${found.length} sentences from ${files.length} catalogs (${ms(t)})`);
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    log(`warning: no sentences from libreoffice-l10n-ne (${err.message.split('\n')[0]}); examples come from the thesaurus only`);
  }
  return sentences;
}

/** The English meanings: the curated glossary, then the crowd's glosses cleaned against it and an English word list. */
function englishMeanings(
  english: ReadonlyMap<string, string>,
  sources: SourceInfo[],
  log: (msg: string) => void,
): { glossary: GlossaryImport; crowd: CrowdImport } {
  let t = performance.now();
  const glossary = importGlossary(GLOSSARY_FILES.map((name) => ({ name, text: readFileSync(join(GLOSSARY_DIR, name), 'utf8') })));
  sources.push({
    name: GLOSSARY_DICT,
    version: 'np-l10n-glossary f020377 (this repository)',
    license: 'Unlicense (public domain)',
    files: GLOSSARY_FILES.map((f) => join(GLOSSARY_DIR, f)),
  });
  log(`${GLOSSARY_DICT}: ${glossary.report.words} words, ${glossary.report.meanings} meanings from ${glossary.report.lines} lines (${ms(t)})`);
  t = performance.now();
  const crowd = importCrowdDictionary(readFileSync(CROWD_FILE, 'utf8'), {
    english,
    ...ROMANIZATION_KEYS,
    curated: (word) => new Set((glossary.meanings.get(word) ?? []).map((m) => m.toLowerCase())),
  });
  sources.push({ name: CROWD_DICT, version: 'Pavlick et al. 2014, dict.ne 0a7aec6 (this repository)', license: 'CC-BY-3.0', files: [CROWD_FILE] });
  log(
    `${CROWD_DICT}: ${crowd.report.words} words, ${crowd.report.meanings} meanings from ${crowd.report.lines} lines (${ms(t)}); dropped ${JSON.stringify(crowd.report.dropped)}`,
  );
  return { glossary, crowd };
}

/**
 * The Bloom filter over the vocabulary forms (lexicon and attested): a
 * negative answer spares a store look-up for the spellchecker's edit
 * variants and the romanizer's Devanagari readings alike. With the store's
 * meta, which describes it.
 */
function bloomFilter(records: StoreRecords, falsePositiveRate: number, log: (msg: string) => void): { bloom: BloomFilter; meta: StoreMeta } {
  const t = performance.now();
  const vocabulary = [...records.forms.keys()];
  // and every beginning of a form: the romanizer's reverse spelling follows only readings some form begins with
  const beginnings = beginningsOf(vocabulary);
  const bloom = BloomFilter.create(vocabulary.length + records.confusion.size + beginnings.size, falsePositiveRate);
  for (const w of vocabulary) bloom.add(w);
  // and the confusion keys: most keys the spellchecker asks for are no key of the index
  for (const k of records.confusion.keys()) bloom.addConfusionKey(k);
  for (const b of beginnings) bloom.addBeginning(b);
  const fpr = measureFalsePositiveRate(bloom, (w) => records.forms.has(w), vocabulary);
  const meta: StoreMeta = {
    ...records.meta,
    bloom: {
      bits: bloom.m,
      hashes: bloom.k,
      items: bloom.items,
      falsePositiveRate: fpr,
      checksum: bloom.checksum(),
      confusionKeys: records.confusion.size,
      beginnings: beginnings.size,
    },
  };
  log(
    `bloom: ${bloom.items} items (${records.confusion.size} of them confusion keys, ${beginnings.size} beginnings of forms), ${bloom.m} bits (${(bloom.m / 8 / 1024).toFixed(0)} KiB), k=${bloom.k}, measured false-positive rate ${(fpr * 100).toFixed(3)}% (${ms(t)})`,
  );
  return { bloom, meta };
}

/** Writes the store into a fresh build folder, then points `current` at it and prunes old builds. */
async function writeBuild(
  dataDir: string,
  records: StoreRecords,
  meta: StoreMeta,
  bloom: BloomFilter,
  sources: SourceInfo[],
  opts: BuildOptions,
  log: (msg: string) => void,
): Promise<{ buildDir: string; bytes: number }> {
  const t = performance.now();
  const buildsDir = join(dataDir, 'builds');
  mkdirSync(buildsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const tmpDir = join(buildsDir, `.tmp-${stamp}-${process.pid}`);
  const buildDir = join(buildsDir, stamp);
  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  try {
    writeFileSync(join(tmpDir, BLOOM_FILE), bloom.serialize());
    await writeLmdbStore(tmpDir, records, meta, log);
    const sum = writeStoreChecksum(tmpDir);
    log(`  checksum: xxh64 ${sum.xxh64} over ${sum.bytes} bytes`);
    writeFileSync(join(tmpDir, SOURCES_FILE), JSON.stringify({ builtAt: meta.builtAt, sources, counts: meta.counts, bloom: meta.bloom }, null, 2) + '\n');
    renameSync(tmpDir, buildDir);
  } catch (err) {
    rmSync(tmpDir, { recursive: true, force: true });
    throw err;
  }
  swapCurrent(dataDir, buildDir);
  pruneBuilds(buildsDir, buildDir, opts.keepBuilds);
  const bytes = dirBytes(buildDir);
  log(`store written to ${buildDir} (${(bytes / 1024 / 1024).toFixed(1)} MiB, ${ms(t)})`);
  return { buildDir, bytes };
}

/** Common words hunspell-ne lacks (र, तर, पनि...): the project's grammar list, word class only. */
export function closedClassDictionary(): DictionaryInput {
  return {
    id: CLOSED_CLASS_DICT,
    entries: CLOSED_CLASS_GROUPS.filter((g) => g.headwords).flatMap((g) => g.words.map((word) => ({ word, pos: g.pos, senses: [], classes: [] }))),
  };
}

/** Affix classes whose halanta-final stems are bound pronominal/adjectival roots (उस्, जस्त्, कत्): forms, not words. */
const BOUND_ROOT_CLASSES = new Set(
  [
    HUNSPELL_CLASSES.pronounRoot,
    HUNSPELL_CLASSES.pronominalRoot,
    HUNSPELL_CLASSES.pronominalAdjective,
    HUNSPELL_CLASSES.adjective,
    HUNSPELL_CLASSES.pronoun,
  ].map((c) => c.flag),
);
const VERB = 'क्रिया';

/**
 * The headwords of the hunspell dictionary. Its stems are roots, not citation
 * forms: a verb is stored as गर् and its infinitive गर्नु is one of its forms,
 * and some stems are bound roots that are never written alone (उस्, जस्त्).
 * The headword of a verb is its -नु form (the citation form Nepali
 * dictionaries use, and the thesaurus's headword for the same verb); verb
 * fragments without one (ग, भ, थि: the irregular stems of गयो, भयो, थियो) and
 * bound roots are not headwords. All their forms stay in the lexicon. A
 * verb stem that also takes case endings or the plural is the noun of the
 * same spelling as well (जन्म beside जन्मनु).
 */
export function hunspellHeadwords(hun: HunspellImport): DictionaryInput['entries'] {
  const infinitive = new Map<string, string>();
  for (const f of hun.forms) if (f.suffix === 'नु' && f.prefix === '' && !infinitive.has(f.stem)) infinitive.set(f.stem, f.form);
  const out: DictionaryInput['entries'] = [];
  for (const s of hun.stems) {
    const pos = partOfSpeechForClasses(s.flags, hun.affix);
    let word: string | undefined = s.stem;
    if (pos === VERB) {
      word = infinitive.get(s.stem);
      // A verb stem that takes case endings or the plural itself is a noun too (जन्म, लडाइ, बलि).
      const nominal = s.stem.endsWith('्') ? [] : nominalClasses(s.flags, hun.affix);
      if (nominal.length > 0) out.push({ word: s.stem, pos: partOfSpeechForClasses(nominal, hun.affix), senses: [], classes: nominal });
    } else if (s.stem.endsWith('्') && s.flags.some((f) => BOUND_ROOT_CLASSES.has(f))) word = undefined;
    if (word) out.push({ word, pos, senses: [], classes: s.flags });
  }
  return out;
}

function ms(t: number): string {
  return `${((performance.now() - t) / 1000).toFixed(2)} s`;
}

function findFile(dir: string, name: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      const f = findFile(p, name);
      if (f) return f;
    } else if (entry.name === name) return p;
  }
  return undefined;
}

/** Points native-data/current at the new build with one rename(2), which is atomic. */
export function swapCurrent(dataDir: string, buildDir: string): void {
  const link = join(dataDir, 'current');
  const tmpLink = join(dataDir, `.current-${process.pid}`);
  rmSync(tmpLink, { force: true });
  symlinkSync(join('builds', buildDir.split('/').pop()!), tmpLink);
  renameSync(tmpLink, link);
}

/** Removes old builds, keeping the current one and the `keep` newest others. */
function pruneBuilds(buildsDir: string, current: string, keep: number): void {
  const names = readdirSync(buildsDir)
    .filter((n) => !n.startsWith('.') || n.startsWith('.tmp-'))
    .sort();
  const finished = names.filter((n) => !n.startsWith('.'));
  const old = finished.filter((n) => join(buildsDir, n) !== current).slice(0, Math.max(0, finished.length - 1 - keep));
  for (const n of old) rmSync(join(buildsDir, n), { recursive: true, force: true });
  // Leftovers of interrupted builds (older than this one) are garbage.
  for (const n of names.filter((x) => x.startsWith('.tmp-'))) {
    const pid = Number(n.split('-').pop());
    if (pid !== process.pid && !processAlive(pid)) rmSync(join(buildsDir, n), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
