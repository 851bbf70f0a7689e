import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CASE_FORM_PROBES, CASE_MARKERS, NAMAYOGI, NONSTANDARD_POSTPOSITIONS, PLURAL, POSTPOSITIONS } from '../../../src/engine/lang/postpositions.js';
import { VERB_ENDINGS, VERB_ENDINGS_BY_LAST } from '../../../src/engine/lang/verb-endings.js';
import { JOINED_NAMAYOGI, POSTPOSITION_WORDS, STANDALONE_POSTPOSITIONS } from '../../../src/engine/roman/inflection.js';

test('the spellchecker reads every postposition of the inventory, longest first', () => {
  for (const p of [...CASE_MARKERS, ...NAMAYOGI, PLURAL]) assert.ok(POSTPOSITIONS.includes(p), p);
  for (let i = 1; i < POSTPOSITIONS.length; i++) assert.ok(POSTPOSITIONS[i - 1]!.length >= POSTPOSITIONS[i]!.length);
  // The spellings the standard corrects are no postpositions of the spellchecker.
  for (const [w, standard] of NONSTANDARD_POSTPOSITIONS) {
    assert.ok(!POSTPOSITIONS.includes(w), w);
    assert.ok(POSTPOSITIONS.includes(standard), standard);
  }
});

test('the romanizer reads a named subset of the inventory, and the spellings real text writes', () => {
  for (const n of JOINED_NAMAYOGI) assert.ok(NAMAYOGI.includes(n), n);
  for (const m of CASE_MARKERS) assert.ok(POSTPOSITION_WORDS.has(m), m);
  for (const w of NONSTANDARD_POSTPOSITIONS.keys()) assert.ok(POSTPOSITION_WORDS.has(w), w);
  for (const s of STANDALONE_POSTPOSITIONS) assert.ok(POSTPOSITION_WORDS.has(s), s);
  // the probes of real text's case forms are postpositions, in either spelling of the plural
  for (const p of CASE_FORM_PROBES) assert.ok(POSTPOSITIONS.includes(p) || NONSTANDARD_POSTPOSITIONS.has(p), p);
});

test('the verb endings by their last letter are the verb endings, longest first', () => {
  const grouped = [...VERB_ENDINGS_BY_LAST.values()].flat();
  assert.deepEqual(new Set(grouped), new Set(VERB_ENDINGS));
  for (const list of VERB_ENDINGS_BY_LAST.values()) for (let i = 1; i < list.length; i++) assert.ok(list[i - 1]!.length >= list[i]!.length);
});
