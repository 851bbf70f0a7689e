// Everything a thread needs to answer jobs: the read-only store and the
// engines over it. Opened once per thread (the main thread for inline jobs,
// and each worker thread).

import { BloomFilter } from '../store/bloom.js';
import { LmdbStore } from '../store/lmdb-store.js';
import type { StoreMeta } from '../store/types.js';
import { Romanizer } from '../engine/roman/romanizer.js';
import { verdictFingerprint } from '../engine/spell/fingerprint.js';
import { Spellchecker } from '../engine/spell/spellchecker.js';
import type { EngineOptions } from './protocol.js';

export interface Engines {
  store: LmdbStore;
  spell: Spellchecker;
  roman: Romanizer;
}

export function openEngines(opts: EngineOptions): Engines {
  const bloom = opts.bloom ? BloomFilter.fromShared(opts.bloom) : null;
  const faults = opts.storeFaults ? new Int32Array(opts.storeFaults) : null;
  const logged = new Set<string>();
  const store = new LmdbStore(opts.dataDir, bloom, (code) => {
    if (faults) Atomics.add(faults, 0, 1);
    // Once per code and thread: a damaged file can fail every request.
    if (!logged.has(code)) {
      logged.add(code);
      console.error(`[store] read error ${code} in ${opts.dataDir}: the data file is damaged or changed under the service; replace this instance (run \`make data\`)`);
    }
  });
  // The build's verdicts on news-list words, when this engine computed them.
  const storedVerdicts = verdictsUsable(store.meta);
  const spell = new Spellchecker(store, { cacheSize: opts.cacheSize, storedVerdicts });
  // The romanizer keeps only candidates this spellchecker calls correct:
  // it is given the thread's instance (and its cache), not a second one.
  const roman = new Romanizer(store, spell);
  // The first texts a thread resolves or checks pay for cold caches and JIT;
  // resolving the casual spellings of the closed-class words, and checking
  // the example sentences of the function words with slips made in them,
  // once here moves most of that cost to start-up (Romanizer.warmUp,
  // Spellchecker.warmUp).
  if (opts.warmUp !== false) {
    roman.warmUp();
    spell.warmUp();
  }
  return { store, spell, roman };
}

/** The store's spellcheck verdicts were computed by this spellchecking code (StoreMeta.verdicts.engine: engine/spell/fingerprint.ts). */
export function verdictsUsable(meta: StoreMeta): boolean {
  return meta.verdicts?.engine === verdictFingerprint();
}
