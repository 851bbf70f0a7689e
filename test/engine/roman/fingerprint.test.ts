// The analysis fingerprint covers the code that computes a romanization
// analysis (engine/lang, engine/spell and engine/roman): an edit to any of
// them drops the stored analyses, a dictionary look-up edit keeps them,
// and a romanizer edit keeps the stored spellcheck verdicts. Checked on a
// copy of the compiled engine.

import assert from 'node:assert/strict';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { engineCopy } from '../engine-copy.js';
import { analysisFingerprint } from '../../../src/engine/roman/fingerprint.js';
import { verdictFingerprint } from '../../../src/engine/spell/fingerprint.js';

test("the analysis fingerprint of the compiled engine is its copy's, and is not the verdicts'", (t) => {
  const copy = engineCopy(t);
  assert.match(analysisFingerprint(), /^[0-9a-f]{16}$/);
  assert.equal(analysisFingerprint(copy), analysisFingerprint());
  assert.notEqual(analysisFingerprint(), verdictFingerprint());
});

test('a romanizer, spellchecker or lang change drops the stored analyses; a look-up change keeps them', (t) => {
  const copy = engineCopy(t);
  const before = analysisFingerprint(copy);
  appendFileSync(join(copy, 'lookup', 'entry.js'), '\n// a look-up edit\n');
  writeFileSync(join(copy, 'roman', 'notes.txt'), 'not code');
  assert.equal(analysisFingerprint(copy), before);
  let last = before;
  for (const file of [
    ['roman', 'ranking.js'],
    ['roman', 'stages', 'split.js'],
    ['spell', 'morphology.js'],
    ['lang', 'letters.js'],
  ]) {
    appendFileSync(join(copy, ...file), '\n// an edit\n');
    const now = analysisFingerprint(copy);
    assert.notEqual(now, last, file.join('/'));
    last = now;
  }
});

test('a romanizer change keeps the stored spellcheck verdicts: only the analyses go', (t) => {
  const copy = engineCopy(t);
  const [verdicts, analyses] = [verdictFingerprint(copy), analysisFingerprint(copy)];
  appendFileSync(join(copy, 'roman', 'romanizer.js'), '\n// a romanizer edit\n');
  assert.equal(verdictFingerprint(copy), verdicts);
  assert.notEqual(analysisFingerprint(copy), analyses);
});
