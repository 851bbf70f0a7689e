import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildRecords } from '../../src/build/records.js';
import { Romanizer } from '../../src/engine/roman/romanizer.js';
import { Spellchecker } from '../../src/engine/spell/spellchecker.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { Engines } from '../../src/worker/engines.js';
import { runTask } from '../../src/worker/tasks.js';
import { romanLexicon } from '../fixtures/roman/lexicon.js';

const store = new MemoryStore(buildRecords(romanLexicon()));
const spell = new Spellchecker(store);
// runTask reads only spell and roman; the store is the fixture's, not LMDB.
const engines = { store, spell, roman: new Romanizer(store, spell) } as unknown as Engines;

test('a job told to stop ends CANCELLED: before it starts, or at a checkpoint of either engine', () => {
  assert.deepEqual(
    runTask(engines, { name: 'spellcheckText', text: 'म घर' }, () => true),
    { ok: false, code: 'CANCELLED', message: 'the job was cancelled' },
  );
  let n = 0;
  const later = (): boolean => ++n > 2;
  assert.equal(runTask(engines, { name: 'romanizeText', text: 'mero naam ram ho', maxCandidates: 5 }, later).ok, false);
  n = 0;
  const out = runTask(engines, { name: 'spellcheckText', text: 'म घरमा किताब पढ्छु।' }, later);
  assert.ok(!out.ok && out.code === 'CANCELLED');
  assert.equal(runTask(engines, { name: 'romanizeText', text: 'mero naam', maxCandidates: 5 }).ok, true, 'without a stop check it runs');
});
