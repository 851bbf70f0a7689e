import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildRecords } from '../../src/build/records.js';
import { computeVerdicts } from '../../src/build/verdicts.js';
import { verdictFingerprint } from '../../src/engine/spell/fingerprint.js';
import { Spellchecker } from '../../src/engine/spell/spellchecker.js';
import { writeLmdbStore } from '../../src/store/lmdb-writer.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { openEngines } from '../../src/worker/engines.js';
import { FORM_ATTESTED, FORM_LEXICON } from '../../src/store/types.js';
import { spellLexicon } from '../fixtures/spell/lexicon.js';

const records = buildRecords(spellLexicon());
computeVerdicts(records);

test('the build stores a verdict for every word only the news list has, and for no other', () => {
  const newsOnly = [...records.forms].filter(([, f]) => (f.flags & (FORM_ATTESTED | FORM_LEXICON)) === FORM_ATTESTED).map(([w]) => w);
  assert.ok(newsOnly.length > 10);
  assert.deepEqual([...records.verdicts.keys()].sort(), newsOnly.sort());
  assert.deepEqual(records.meta.verdicts, { words: newsOnly.length, engine: verdictFingerprint() });
  // the fixture's news list has misspellings, names and correct forms: all three verdicts occur
  const statuses = new Set([...records.verdicts.values()].map((v) => v.status));
  assert.deepEqual([...statuses].sort(), ['correct', 'misspelled', 'unknown']);
  assert.deepEqual(records.verdicts.get('केहि')?.corrections?.[0], 'केही');
});

test('a checker answering from the stored verdicts answers as one that checks', () => {
  const store = new MemoryStore(records);
  const stored = new Spellchecker(store, { storedVerdicts: true });
  const live = new Spellchecker(store, { resultCache: false });
  for (const w of records.verdicts.keys()) assert.deepEqual({ ...stored.checkWord(w) }, { ...live.checkWord(w) }, w);
  // and inside texts, with their occurrences
  const text = [...records.verdicts.keys()].join(' ');
  assert.deepEqual(stored.checkText(text), live.checkText(text));
});

test('stored verdicts are read only when asked for', () => {
  // A planted verdict shows which path answered.
  const planted = buildRecords(spellLexicon());
  computeVerdicts(planted);
  assert.equal(planted.verdicts.get('ट्रम्प')?.status, 'unknown');
  planted.verdicts.set('ट्रम्प', { status: 'correct', corrections: null });
  const store = new MemoryStore(planted);
  assert.equal(new Spellchecker(store, { storedVerdicts: true }).checkWord('ट्रम्प').status, 'correct');
  assert.equal(new Spellchecker(store).checkWord('ट्रम्प').status, 'unknown');
});

test('a service thread uses the stored verdicts only when its engine computed them', async (t) => {
  // Two stores of the same records with a planted verdict: one stamped with this engine's fingerprint, one with another.
  const planted = buildRecords(spellLexicon());
  computeVerdicts(planted);
  planted.verdicts.set('ट्रम्प', { status: 'correct', corrections: null });
  const answer = async (engine: string): Promise<string> => {
    const dir = mkdtempSync(join(tmpdir(), 'nls-verdicts-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    await writeLmdbStore(dir, planted, { ...planted.meta, verdicts: { words: planted.verdicts.size, engine } });
    const engines = openEngines({ dataDir: dir, bloom: null, cacheBytes: 1 << 20, warmUp: false });
    try {
      return engines.spell.checkWord('ट्रम्प').status;
    } finally {
      engines.store.close();
    }
  };
  assert.equal(await answer(verdictFingerprint()), 'correct', 'the planted verdict answers');
  assert.equal(await answer('0000000000000000'), 'unknown', 'another engine\'s verdicts are ignored: the engine checks');
});
