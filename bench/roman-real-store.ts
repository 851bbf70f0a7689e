// The word store the romanization benchmarks run on, from the real data.
//
//   --store=lmdb     the built store (native-data/current, or $DATA_DIR): what
//                    the service serves; its aliases are those of the code
//                    that built it.
//   --store=sources  a MemoryStore built now from the Debian sources
//                    (hunspell-ne, mythes-ne, tesseract-ocr-nep, and the
//                    pronunciation lexicon the repository carries; example
//                    sentences from the thesaurus, and from libreoffice-l10n-ne
//                    when the pipeline has unpacked it into native-data/cache)
//                    with the current alias code: the way to measure a change to the
//                    romanization engine before `make data` is run again.
//                    Sources are looked up under $DEB_ROOT (default
//                    /tmp/deb/x/usr/share, an unpacked set of the three packages)
//                    and native-data/cache/.
//   (default)        sources when they are found, else lmdb.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importHunspell } from '../src/build/hunspell.js';
import { closedClassDictionary, DEFAULT_PRONUNCIATION_LEXICON, DEFAULT_WORDLIST, hunspellHeadwords } from '../src/build/pipeline.js';
import { importPronunciationLexicon } from '../src/build/pronunciation-lexicon.js';
import { importFrequencyList } from '../src/build/frequency.js';
import { importMythes } from '../src/build/mythes.js';
import { buildRecords, type DictionaryInput } from '../src/build/records.js';
import { extractNepaliSentences, LIBREOFFICE_CATALOG_DIR, LIBREOFFICE_SENTENCE_SOURCE, sentencesFromThesaurus } from '../src/build/sentences.js';
import { readTraineddataWords } from '../src/build/tesseract.js';
import { BloomFilter } from '../src/store/bloom.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { BLOOM_FILE } from '../src/store/lmdb-layout.js';
import { LmdbStore } from '../src/store/lmdb-store.js';
import { MemoryStore } from '../src/store/memory-store.js';
import { HUNSPELL_DICT, THESAURUS_DICT } from '../src/store/types.js';
import type { WordStore } from '../src/store/word-store.js';

export interface LoadedStore {
  store: WordStore;
  /** How the store was made, for the report. */
  description: string;
}

function findFile(dir: string, name: string, depth = 8): string | undefined {
  if (depth < 0 || !existsSync(dir)) return undefined;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const f = findFile(p, name, depth - 1);
      if (f) return f;
    } else if (e.name === name) return p;
  }
  return undefined;
}

/** The LibreOffice catalogs the pipeline reads example sentences from, when their package is unpacked in the cache. */
function libreOfficeCatalogs(): string | null {
  const dir = join(process.env.DATA_DIR ?? 'native-data', 'cache', 'src', LIBREOFFICE_SENTENCE_SOURCE.name, LIBREOFFICE_CATALOG_DIR);
  return existsSync(dir) ? dir : null;
}

function sourceFiles(): { aff: string; dic: string; mythes: string; tess: string } | null {
  const roots = [process.env.DEB_ROOT ?? '/tmp/deb/x/usr/share', join(process.env.DATA_DIR ?? 'native-data', 'cache')];
  const find = (name: string): string | undefined => {
    for (const r of roots) {
      const f = findFile(r, name);
      if (f) return f;
    }
    return undefined;
  };
  const aff = find('ne_NP.aff');
  const dic = find('ne_NP.dic');
  const mythes = find('th_ne_NP_v2.dat');
  const tess = find('nep.traineddata');
  return aff && dic && mythes && tess ? { aff, dic, mythes, tess } : null;
}

function storeFromSources(f: { aff: string; dic: string; mythes: string; tess: string }): LoadedStore {
  const t0 = performance.now();
  const hun = importHunspell(readFileSync(f.aff, 'utf8'), readFileSync(f.dic, 'utf8'), { aff: f.aff, dic: f.dic });
  const thes = importMythes(readFileSync(f.mythes, 'utf8'), f.mythes);
  const tess = readTraineddataWords(readFileSync(f.tess), f.tess);
  const dictionaries: DictionaryInput[] = [
    { id: THESAURUS_DICT, entries: thes.entries.map((e) => ({ word: e.word, pos: e.senses.find((s) => s.pos)?.pos ?? null, senses: e.senses, classes: [] })) },
    // The headwords as the data pipeline makes them (verbs by their -नु form, bound roots left out).
    { id: HUNSPELL_DICT, entries: hunspellHeadwords(hun) },
    closedClassDictionary(),
  ];
  const sentences = sentencesFromThesaurus(thes.entries);
  const lo = libreOfficeCatalogs();
  if (lo) {
    const files = readdirSync(lo).filter((f) => f.endsWith('.mo'));
    for (const text of extractNepaliSentences(files.map((f) => ({ file: join(lo, f), bytes: readFileSync(join(lo, f)) })))) {
      sentences.push({ text, source: LIBREOFFICE_SENTENCE_SOURCE.name });
    }
  }
  const frequency = importFrequencyList(readFileSync(DEFAULT_WORDLIST, 'utf8'));
  const pronunciations = importPronunciationLexicon(readFileSync(DEFAULT_PRONUNCIATION_LEXICON, 'utf8'), DEFAULT_PRONUNCIATION_LEXICON);
  const records = buildRecords({ dictionaries, forms: hun.forms, attested: tess.words, frequency, sentences, pronunciations, sources: [] });
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  return {
    store: new MemoryStore(records),
    description: `MemoryStore built from the sources in ${secs} s (${sentences.length} example sentences${lo ? ' incl. LibreOffice' : ''}; ${records.meta.counts.aliases} aliases under ${records.aliases.size} keys, ${records.fuzzyAliases.size} fuzzy keys; ${f.dic}, ${f.mythes}, ${f.tess})`,
  };
}

function storeFromLmdb(): LoadedStore | null {
  const dir = resolveDataDir(process.env.DATA_DIR ?? 'native-data');
  if (!existsSync(join(dir, 'store', 'data.mdb'))) return null;
  // The Bloom filter as the service loads it (the resolver asks it before looking words up).
  let bloom: BloomFilter | null = null;
  const bloomPath = join(dir, BLOOM_FILE);
  if (existsSync(bloomPath)) bloom = BloomFilter.parse(readFileSync(bloomPath));
  return { store: new LmdbStore(dir, bloom), description: `LMDB store ${dir}${bloom ? ' with its Bloom filter' : ''}` };
}

/** The store selected by --store (see the header), or null when its data is absent. */
export function loadRealStore(argv: string[] = process.argv.slice(2)): LoadedStore | null {
  const opt = argv.find((a) => a.startsWith('--store='))?.slice('--store='.length);
  if (opt === 'lmdb') return storeFromLmdb();
  const files = sourceFiles();
  if (opt === 'sources') return files ? storeFromSources(files) : null;
  return files ? storeFromSources(files) : storeFromLmdb();
}
