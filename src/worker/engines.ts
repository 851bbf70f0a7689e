// Everything a thread needs to answer jobs: the read-only store and the
// engines over it. Opened once per thread (the main thread for inline jobs,
// and each worker thread).

import { BloomFilter, type SharedBloom } from '../store/bloom.js';
import { LmdbStore } from '../store/lmdb-store.js';
import { Spellchecker } from '../engine/spellcheck.js';

export interface EngineOptions {
  /** The build folder (native-data/current resolved). */
  dataDir: string;
  /** The verified Bloom filter in shared memory, or null when it is missing or corrupt. */
  bloom: SharedBloom | null;
  /** Entries of the per-word spellcheck LRU cache (per thread). */
  cacheSize: number;
}

export interface Engines {
  store: LmdbStore;
  spell: Spellchecker;
}

export function openEngines(opts: EngineOptions): Engines {
  const bloom = opts.bloom ? BloomFilter.fromShared(opts.bloom) : null;
  const store = new LmdbStore(opts.dataDir, bloom);
  const spell = new Spellchecker(store, { cacheSize: opts.cacheSize });
  return { store, spell };
}
