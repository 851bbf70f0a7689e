import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatPhonemes, parsePhonemes, toIpa, toRoman } from '../../../src/engine/lang/phonemes.js';

test('a transcription is syllables of known phonemes, each with a vowel', () => {
  assert.deepEqual(parsePhonemes('r aa m . m r o'), [
    ['r', 'aa', 'm'],
    ['m', 'r', 'o'],
  ]);
  assert.equal(formatPhonemes(parsePhonemes('  r  aa m .  m r o ')!), 'r aa m . m r o');
  assert.deepEqual(parsePhonemes('g aawn'), [['g', 'aawn']], 'a nasalized diphthong');
  for (const bad of ['', 'k q', 'k kh', 'aa . . m', 'aa .']) assert.equal(parsePhonemes(bad), null, JSON.stringify(bad));
  assert.equal(toIpa('k q'), null);
  assert.equal(toRoman(''), null);
});

test('IPA: symbol for symbol, syllables separated by a dot', () => {
  assert.equal(toIpa('r aa m . m r o'), 'ram.mro', 'राम्रो: the cluster consonant the lexicon writes twice is kept');
  assert.equal(toIpa('gh ax r'), 'ɡʱʌr', 'घर: the inherent vowel is ʌ, aspiration of a voiced stop ʱ');
  assert.equal(toIpa('bh ax tt . tt ax . r aaj'), 'bʱʌʈ.ʈʌ.rai̯', 'भट्टराई: retroflex, a diphthong');
  assert.equal(toIpa('k aa tth . m aa n . dd axw'), 'kaʈʰ.man.ɖʌu̯', 'काठमाडौं');
  assert.equal(toIpa('tsh y e t . t r ax'), 't͡sʰjet̪.t̪rʌ', 'क्षेत्र: च and छ are affricates, त dental');
  assert.equal(toIpa('jhh ax . g ax . dd aa'), 'd͡zʱʌ.ɡʌ.ɖa', 'झगडा');
  assert.equal(toIpa('g aawn'), 'ɡãu̯', 'गाउँ: the tilde on the first vowel of a nasalized diphthong');
  assert.equal(toIpa('h i . un'), 'ɦi.ũ', 'हिउँ');
  assert.equal(toIpa('nn axjn . w ax'), 'ɳʌ̃i̯.wʌ');
});

test('roman: the plain everyday spelling people type', () => {
  assert.equal(toRoman('r aa m . m r o'), 'ramro', 'the lengthened cluster consonant written once');
  assert.equal(toRoman('i . l aa m'), 'ilam');
  assert.equal(toRoman('b ax s . n e t'), 'basnet');
  assert.equal(toRoman('bh ax tt . tt ax . r aaj'), 'bhattarai', 'a real double consonant stays double');
  assert.equal(toRoman('tsh o . r aa'), 'chhora', 'छ chh');
  assert.equal(toRoman('ts i . y aa'), 'chiya', 'च ch');
  assert.equal(toRoman('jh ax l'), 'jal', 'ज j');
  assert.equal(toRoman('jhh o . l aa'), 'jhola', 'झ jh');
  assert.equal(toRoman('g aawn'), 'gaun', 'a nasalized vowel with n');
  assert.equal(toRoman('g y aan n'), 'gyan', 'but not before a nasal consonant');
  assert.equal(toRoman('ph e s . b u k'), 'phesbuk');
  assert.equal(toRoman('k aa tth . m aa n . dd axw'), 'kathmandau');
});
