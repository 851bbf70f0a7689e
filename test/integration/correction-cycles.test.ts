// One consistent standard (issue 21, item 4): over every form of the store
// (the lexicon, the morphology's forms, real text's words: 760,000), a
// misspelled word's first correction, checked in turn, never leads back to
// the word or to any spelling met on the way: no rule corrects a word into
// a spelling another rule corrects back. Chains of corrections that take
// more than one step (a word with two slips, each rule fixing one) are
// allowed, but bounded, and printed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openEngines } from '../../src/worker/engines.js';
import { BUILD_DIR, SKIP_WITHOUT_DATA } from './real-data.js';

/** Steps followed from a word before the chain counts as not settling. */
const MAX_STEPS = 6;
/** Chains of more than one step allowed (19 at the end of session 13: each a word with two slips). */
const MAX_LONG_CHAINS = 40;

test('no correction cycles over every form of the store', { skip: SKIP_WITHOUT_DATA, timeout: 300_000 }, () => {
  const e = openEngines({ dataDir: BUILD_DIR, bloom: null, cacheBytes: 64 << 20, warmUp: false });
  try {
    let forms = 0;
    let misspelled = 0;
    const cycles: string[] = [];
    const long: string[] = [];
    for (const w of e.store.formWords()) {
      forms++;
      let r = e.spell.checkWord(w);
      if (r.status !== 'misspelled') continue;
      misspelled++;
      const chain = [w];
      for (let step = 0; step < MAX_STEPS && r.status === 'misspelled'; step++) {
        const c = r.corrections![0]!;
        if (chain.includes(c)) {
          cycles.push([...chain, c].join(' -> '));
          break;
        }
        chain.push(c);
        r = e.spell.checkWord(c);
      }
      if (r.status === 'misspelled' && chain.length > MAX_STEPS) cycles.push(`${chain.join(' -> ')} (does not settle)`);
      if (chain.length > 2) long.push(chain.join(' -> '));
    }
    console.log(`${forms} forms, ${misspelled} misspelled, ${long.length} settle in more than one step:\n  ${long.slice(0, 20).join('\n  ')}`);
    assert.ok(forms > 500_000, `${forms} forms`);
    assert.ok(misspelled > 1000, 'the walk checked misspellings');
    assert.deepEqual(cycles, [], 'correction cycles');
    assert.ok(long.length <= MAX_LONG_CHAINS, `${long.length} chains of more than one step`);
  } finally {
    e.store.close();
  }
});
