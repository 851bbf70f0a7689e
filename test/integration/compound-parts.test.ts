// Compounds follow their parts (issue 21, item 4), on the real data, over
// HTTP: a compound whose member is a tadbhav adjective the standard writes
// hrasva (ठूला -> ठुला) is corrected with it and its standard spelling is
// accepted, never corrected back to the dirgha one; a tatsam compound made
// in sandhi (मूल + आधार) is left alone by the rules. bench/compound-parts.ts
// is the audit over all lexicon forms.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService } from './service.js';

interface WordAnswer {
  status: string;
  corrections: string[] | null;
  rule?: string;
}

test('compounds follow their parts: ठुलाबडा stands, ठूलाबडा is corrected like ठूलो', { skip: SKIP_WITHOUT_DATA }, async (t) => {
  const svc = await startTestService();
  t.after(() => svc.close());
  const check = async (word: string): Promise<WordAnswer> => {
    const r = await fetch(`${svc.base}/api/v1/spellcheck/word?word=${encodeURIComponent(word)}`);
    assert.equal(r.status, 200, word);
    return (await r.json()) as WordAnswer;
  };
  // The part itself.
  assert.deepEqual(await check('ठूलो'), { status: 'misspelled', corrections: ['ठुलो'], rule: 'tadbhav-hrasva', category: 'standard' });
  // The compound's standard spelling (no list has it) is accepted, not corrected to ठूलाबडा.
  for (const w of ['ठुलाबडा', 'ठुलाबडाको', 'छोटोमिठो']) assert.equal((await check(w)).status, 'correct', w);
  // The listed dirgha spelling is corrected by the part's rule.
  for (const [typed, first, rule] of [
    ['ठूलाबडा', 'ठुलाबडा', 'tadbhav-hrasva'],
    ['ठूलाबडाको', 'ठुलाबडाको', 'tadbhav-hrasva'],
    ['छोटोमीठो', 'छोटोमिठो', 'tadbhav-hrasva'],
  ]) {
    const a = await check(typed!);
    assert.equal(a.status, 'misspelled', typed);
    assert.equal(a.corrections?.[0], first, typed);
    assert.equal(a.rule, rule, typed);
  }
  // मूलाधार (मूल + आधार, a tatsam compound in sandhi): no rule fires on it and no correction writes its ू short.
  // (The error model still offers मूलधार, a listed word one letter away: no list has मूलाधार.)
  const tatsam = await check('मूलाधार');
  assert.equal(tatsam.rule, undefined);
  assert.ok(!(tatsam.corrections ?? []).some((c) => c.includes('मुल')), JSON.stringify(tatsam));
  // A name that merely starts with a noun in -आ (टीका) keeps it.
  for (const w of ['टीकाराम', 'टीकापुर']) assert.notEqual((await check(w)).rule, 'tadbhav-hrasva', w);
});
