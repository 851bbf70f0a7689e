// Everything a thread needs to answer jobs: the read-only store and the
// engines over it. Opened once per thread (the main thread for inline jobs,
// and each worker thread).

import { BloomFilter } from '../store/bloom.js';
import { LmdbStore } from '../store/lmdb-store.js';
import type { StoreMeta } from '../store/types.js';
import { analysisFingerprint } from '../engine/roman/fingerprint.js';
import { Romanizer } from '../engine/roman/romanizer.js';
import { verdictFingerprint } from '../engine/spell/fingerprint.js';
import { Spellchecker } from '../engine/spell/spellchecker.js';
import { CachePlan } from '../engine/lang/budget-cache.js';
import { SharedStrings } from '../engine/lang/shared-strings.js';
import type { EngineOptions } from './protocol.js';
import { warmUpThread } from './warm-up.js';

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
      console.error(
        `[store] read error ${code} in ${opts.dataDir}: the data file is damaged or changed under the service; replace this instance (run \`make data\`)`,
      );
    }
  });
  // The build's verdicts on news-list words, when this engine computed them.
  const storedVerdicts = verdictsUsable(store.meta);
  const spell = new Spellchecker(store, { caches: new CachePlan(opts.cacheBytes), storedVerdicts });
  // The romanizer keeps only candidates this spellchecker calls correct:
  // it is given the thread's instance (and its cache), not a second one.
  // It reads the build's analyses of the usual casual keys when this engine computed them.
  const roman = new Romanizer(store, spell, { storedAnalyses: analysesUsable(store.meta) });
  // The first texts a thread resolves or checks pay for compiling the
  // engines' code and for cold caches; the warm-up (warm-up.ts) moves most
  // of that to start-up (about 1 s a thread on the 2-core VM).
  if (opts.warmUp !== false) warmUpThread({ store, spell, roman }, opts.warmUp ?? 'full');
  // After the warm-up, which must run the engine's code on this thread.
  if (opts.sharedResults) spell.shareResults(new SharedStrings(opts.sharedResults));
  return { store, spell, roman };
}

/** The store's spellcheck verdicts were computed by this spellchecking code (StoreMeta.verdicts.engine: engine/spell/fingerprint.ts). */
export function verdictsUsable(meta: StoreMeta): boolean {
  return meta.verdicts?.engine === verdictFingerprint();
}

/** The store's romanization analyses were computed by this engine code (StoreMeta.analyses.engine: engine/roman/fingerprint.ts). */
export function analysesUsable(meta: StoreMeta): boolean {
  return meta.analyses?.engine === analysisFingerprint();
}
