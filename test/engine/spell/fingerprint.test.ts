// The verdict fingerprint covers exactly the code that computes a
// spellcheck verdict (engine/lang and engine/spell): a romanizer or
// dictionary edit keeps the stored verdicts usable, a spellchecker or lang
// edit drops them. Checked on a copy of the compiled engine.

import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { engineCopy } from '../engine-copy.js';
import { verdictFingerprint } from '../../../src/engine/spell/fingerprint.js';

test("the fingerprint of the compiled engine is its copy's, and is stable", (t) => {
  const copy = engineCopy(t);
  assert.match(verdictFingerprint(), /^[0-9a-f]{16}$/);
  assert.equal(verdictFingerprint(copy), verdictFingerprint());
  assert.equal(verdictFingerprint(copy), verdictFingerprint(copy));
});

test('a romanizer, dictionary look-up or top-level engine change keeps the verdicts usable', (t) => {
  const copy = engineCopy(t);
  const before = verdictFingerprint(copy);
  appendFileSync(join(copy, 'roman', 'romanizer.js'), '\n// a romanizer edit\n');
  appendFileSync(join(copy, 'roman', 'stages', 'split.js'), '\n// a stage edit\n');
  writeFileSync(join(copy, 'roman', 'new-stage.js'), 'export const x = 1;\n');
  appendFileSync(join(copy, 'lookup', 'entry.js'), '\n// a look-up edit\n');
  appendFileSync(join(copy, 'results.js'), '\n// a results edit\n');
  assert.equal(verdictFingerprint(copy), before);
});

test('a spellchecker or lang change, a new module or a moved one drops them; other files do not count', (t) => {
  const copy = engineCopy(t);
  const before = verdictFingerprint(copy);
  writeFileSync(join(copy, 'spell', 'notes.txt'), 'not code');
  writeFileSync(join(copy, 'spell', 'spellchecker.js.map'), '{}');
  assert.equal(verdictFingerprint(copy), before, 'only .js modules count');

  const edits: [string, () => void][] = [
    ['spell/spellchecker.js', () => appendFileSync(join(copy, 'spell', 'spellchecker.js'), '\n// a spellchecker edit\n')],
    ['lang/letters.js', () => appendFileSync(join(copy, 'lang', 'letters.js'), '\n// a lang edit\n')],
    ['a new spell module', () => writeFileSync(join(copy, 'spell', 'extra.js'), 'export const y = 2;\n')],
    ['a renamed spell module', () => renameSync(join(copy, 'spell', 'extra.js'), join(copy, 'spell', 'extra2.js'))],
    [
      'a module in a new lang folder',
      () => {
        mkdirSync(join(copy, 'lang', 'deeper'));
        writeFileSync(join(copy, 'lang', 'deeper', 'z.js'), 'export const z = 3;\n');
      },
    ],
  ];
  let last = before;
  for (const [what, edit] of edits) {
    edit();
    const now = verdictFingerprint(copy);
    assert.notEqual(now, last, what);
    last = now;
  }
});
