import { test } from 'node:test';
import assert from 'node:assert/strict';
import { casualWeight } from '../../../src/engine/roman/aliases.js';
import { pronunciationAliases, PRONUNCIATION_KIND } from '../../../src/engine/roman/pronunciation.js';

/** alias -> weight */
function aliases(word: string, transcription: string): Map<string, number> {
  const out = pronunciationAliases(word, transcription);
  for (const a of out) assert.deepEqual(a.kinds, [PRONUNCIATION_KIND]);
  return new Map(out.map((a) => [a.alias, a.weight]));
}

test('the plain spelling and its free variants weigh one casual step under a casual spelling of no cost', () => {
  const plain = casualWeight(1);
  assert.deepEqual(aliases('बस्नेत', 'b ax s . n e t'), new Map([['basnet', plain]]));
  assert.deepEqual(
    aliases('इलाम', 'i . l aa m'),
    new Map([
      ['ilam', plain],
      ['ilaam', casualWeight(2)],
    ]),
    'the long a written aa costs one more',
  );
  const chhora = aliases('छोरा', 'tsh o . r aa');
  assert.equal(chhora.get('chhora'), plain);
  assert.equal(chhora.get('chora'), plain, 'छ typed ch as freely as chh');
  const facebook = aliases('फेसबुक', 'ph e s . b u k');
  assert.equal(facebook.get('phesbuk'), plain);
  assert.equal(facebook.get('fesbuk'), plain);
  const gaun = aliases('गाउँ', 'g aawn');
  assert.equal(gaun.get('gaun'), plain);
  assert.equal(gaun.get('gau'), plain, 'the chandrabindu left out');
  assert.equal(gaun.get('gaaun'), casualWeight(2));
  assert.equal(aliases('स्वर', 's w ax . r ax').get('svara'), plain, 'व after a consonant typed w or v');
});

test('a double consonant written once costs one step; the lexicon’s lengthened cluster consonant is never written twice', () => {
  const bhattarai = aliases('भट्टराई', 'bh ax tt . tt ax . r aaj');
  assert.equal(bhattarai.get('bhattarai'), casualWeight(1));
  assert.equal(bhattarai.get('bhatarai'), casualWeight(2));
  assert.deepEqual([...aliases('राम्रो', 'r aa m . m r o').keys()], ['ramro', 'raamro']);
});

test('only spellings the letters allow too: where sound and letters part, typists follow the letters', () => {
  assert.ok(!aliases('वर्ल्ड', 'w ax r dd').has('ward'), 'the lexicon says world without its l');
  assert.ok(aliases('वार्ड', 'w aa r dd').has('ward'));
});

test('no aliases for what is no transcription or no word', () => {
  assert.deepEqual(pronunciationAliases('घर', 'k q'), []);
  assert.deepEqual(pronunciationAliases('ghar', 'gh ax r'), []);
});
