import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialismReading, loanReadings, RULES } from '../../../src/engine/roman/english.js';
import { prng } from '../../integration/random.js';

const first = (w: string): string => loanReadings(w, 8)[0]!;

test('silent final e and the vowel it lengthens', () => {
  assert.equal(first('file'), 'fail');
  assert.equal(first('save'), 'sebh');
  assert.equal(first('code'), 'kod');
  assert.equal(first('phone'), 'fon');
  assert.equal(first('table'), 'tabal');
  assert.equal(first('type'), 'taip', 'y before a silent e as i before one');
});

test('y of a first open syllable is read as the long i first, then the short one; i is not (billi stays billi)', () => {
  assert.deepEqual(loanReadings('cyber', 8), ['saibar', 'sibar']);
  assert.deepEqual(loanReadings('cycle', 8).slice(0, 1), ['saikal']);
  assert.ok(!loanReadings('billi', 8).includes('baili'));
  assert.ok(!loanReadings('pizza', 8).some((r) => r.startsWith('pai')));
  assert.deepEqual(loanReadings('system', 8), ['sistam', 'sistem'], 'a closed syllable keeps its short i');
});

test('letters with no Nepali sound of their own, and vowel digraphs', () => {
  assert.ok(loanReadings('cellular', 8).includes('selular'));
  assert.equal(first('school'), 'skul');
  // y as a vowel, and the schwa of an unstressed final -em after a cluster (सिस्टम)
  assert.deepEqual(loanReadings('system', 8), ['sistam', 'sistem']);
  assert.equal(first('problem'), 'problam');
  assert.equal(first('modem'), undefined, 'one consonant after a short vowel: the e is kept, and that is the token');
  assert.equal(first('acid'), 'asid');
  assert.equal(first('protein'), 'protin');
  assert.ok(loanReadings('complex', 8).includes('kampleks'));
});

test('closed-syllable vowels, r-coloured vowels and word starts give the readings Nepali spells', () => {
  assert.equal(first('digital'), 'dijital');
  assert.equal(first('unicode'), 'yunikod');
  assert.equal(first('upload'), 'aplod');
  assert.equal(first('submit'), 'sabmit');
  assert.equal(first('folder'), 'foldar');
  assert.equal(first('online'), 'anlain');
  assert.equal(first('email'), 'imel');
  assert.ok(loanReadings('report', 8).includes('riport'));
  assert.ok(loanReadings('record', 8).includes('rekard'));
  assert.deepEqual(loanReadings('cancer', 8).slice(0, 2), ['kyansar', 'kansar']);
  assert.ok(loanReadings('convert', 8).includes('kanbhart'));
});

test('unstressed -ice, ign, soft g, voiced s and open-syllable u', () => {
  assert.equal(first('notice'), 'notis');
  assert.ok(loanReadings('police', 8).includes('polis'));
  assert.equal(first('rice'), 'rais');
  assert.ok(loanReadings('design', 8).includes('dijain'));
  assert.equal(first('package'), 'pakej');
  assert.ok(loanReadings('season', 8).includes('sijan'));
  assert.equal(first('computer'), 'kampyutar');
  assert.ok(loanReadings('music', 8).includes('myujik'));
});

test('the token itself, short tokens and non-letters give no readings; the limit holds', () => {
  assert.deepEqual(loanReadings('ma', 8), []);
  assert.deepEqual(loanReadings('ghar', 8), []);
  assert.deepEqual(loanReadings('File', 8), []);
  assert.deepEqual(loanReadings('a1b2', 8), []);
  assert.equal(loanReadings('record', 2).length, 2);
});

test('a lower-case initialism is read letter by letter; a token with a vowel, one letter or six is none', () => {
  assert.equal(initialismReading('kc'), 'केसी');
  assert.equal(initialismReading('tv'), 'टीभी');
  assert.equal(initialismReading('mbbs'), 'एमबीबीएस');
  for (const t of ['ke', 'ghar', 'k', 'bcdfgh', 'KC']) assert.equal(initialismReading(t), null, t);
});

test("a rule's letters are in every reading its pattern matches (the readings without them skip the pattern)", () => {
  // Readings are lower-case letters and the capitals of settled vowels; the digraphs the rules name come up as pieces too.
  const pieces = [...'abcdefghijklmnopqrstuvwxyzAEIOUY', 'tion', 'sion', 'ice', 'ign', 'sch', 'ph', 'ck', 'qu', 'oo', 'ea', 'oa', 'le', 'ge', 'or', 'AI', 'YU'];
  const rand = prng(7);
  const matched = new Array<number>(RULES.length).fill(0);
  for (let n = 0; n < 40_000; n++) {
    let s = '';
    for (let k = 1 + Math.floor(rand() * 8); k > 0; k--) s += pieces[Math.floor(rand() * pieces.length)]!;
    for (const [i, [re, , needs]] of RULES.entries()) {
      re.lastIndex = 0;
      if (!re.test(s)) continue;
      matched[i]!++;
      if (needs !== undefined) assert.ok(s.includes(needs), `${String(re)} matches ${s}, which lacks ${needs}`);
    }
  }
  assert.ok(
    matched.every((m) => m > 0),
    `every pattern met a reading it matches: ${matched.join(' ')}`,
  );
});
