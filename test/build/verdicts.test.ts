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
import { editVariants } from '../../src/engine/spell/error-model.js';
import { FORM_ATTESTED, FORM_CORRECT_VERDICT, FORM_LEXICON } from '../../src/store/types.js';
import { spellLexicon } from '../fixtures/spell/lexicon.js';

const records = buildRecords(spellLexicon());
computeVerdicts(records);

test('the build stores a verdict on every form: "correct" as a flag of the form, any other in the verdicts', () => {
  let correct = 0;
  for (const [w, f] of records.forms) {
    const flagged = (f.flags & FORM_CORRECT_VERDICT) !== 0;
    assert.notEqual(flagged, records.verdicts.has(w), `${w}: a flag or a verdict, not both`);
    if (flagged) correct++;
  }
  assert.deepEqual(records.meta.verdicts, { words: records.forms.size, engine: verdictFingerprint() });
  // the fixture's news list has misspellings, names and correct forms; its word list old spellings the rules correct
  const statuses = new Set([...records.verdicts.values()].map((v) => v.status));
  assert.deepEqual([...statuses].sort(), ['misspelled', 'unknown']);
  assert.ok(correct > 100);
  assert.deepEqual(records.verdicts.get('केहि')?.corrections?.[0], 'केही');
  const newsOnly = (w: string): boolean => (records.forms.get(w)!.flags & (FORM_ATTESTED | FORM_LEXICON)) === FORM_ATTESTED;
  assert.ok(
    [...records.verdicts.keys()].some(newsOnly) && [...records.verdicts].some(([w, v]) => !newsOnly(w) && v.rule),
    'news-list words and lexicon forms a rule corrects',
  );
  assert.ok(
    [...records.forms].some(([w, f]) => newsOnly(w) && f.flags & FORM_CORRECT_VERDICT),
    'a news-list word the checker accepts',
  );
});

test('a checker answering from the stored verdicts answers as one that checks', () => {
  const store = new MemoryStore(records);
  const stored = new Spellchecker(store, { storedVerdicts: true });
  const live = new Spellchecker(store, { resultCache: false });
  for (const w of records.forms.keys()) assert.deepEqual({ ...stored.checkWord(w) }, { ...live.checkWord(w) }, w);
  // and inside texts, with their occurrences
  const text = [...records.forms.keys()].join(' ');
  assert.deepEqual(stored.checkText(text), live.checkText(text));
  // Words no list has are checked in full, and the stored verdicts of their candidates stand in for
  // the rules run on them: typos of every form, and forms joined two by two.
  const forms = [...records.forms.keys()].filter((_, i) => i % 4 === 0);
  const others = [...new Set(forms.flatMap((w, i) => [...editVariants(w).slice(0, 3), w + forms[(i * 7) % forms.length]]))].filter(
    (w) => !records.forms.has(w),
  );
  assert.ok(others.length > 300, `${others.length}`);
  for (const w of others) assert.deepEqual({ ...stored.checkWord(w) }, { ...live.checkWord(w) }, w);
});

test('stored verdicts are read only when asked for', () => {
  // A planted verdict, and a planted flag, show which path answered.
  const planted = buildRecords(spellLexicon());
  computeVerdicts(planted);
  assert.equal(planted.verdicts.get('ट्रम्प')?.status, 'unknown');
  planted.verdicts.set('ट्रम्प', { status: 'misspelled', corrections: ['ट्रम'] });
  assert.equal(planted.verdicts.get('केहि')?.status, 'misspelled');
  planted.verdicts.delete('केहि');
  planted.forms.get('केहि')!.flags |= FORM_CORRECT_VERDICT;
  const store = new MemoryStore(planted);
  const stored = new Spellchecker(store, { storedVerdicts: true });
  assert.deepEqual(stored.checkWord('ट्रम्प').corrections, ['ट्रम']);
  assert.equal(stored.checkWord('केहि').status, 'correct');
  const live = new Spellchecker(store);
  assert.equal(live.checkWord('ट्रम्प').status, 'unknown');
  assert.equal(live.checkWord('केहि').status, 'misspelled');
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
  assert.equal(await answer('0000000000000000'), 'unknown', "another engine's verdicts are ignored: the engine checks");
});
