import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confusionKey } from '../../../src/engine/spell/confusion.js';
import { editCost, editVariants, forEachEditVariant } from '../../../src/engine/spell/error-model.js';

test('identical words cost nothing', () => {
  assert.equal(editCost('घर', 'घर'), 0);
});

test('each confusion class is a cheap edit', () => {
  const cheap: [string, string][] = [
    ['पानि', 'पानी'], // ि/ी
    ['सुर्य', 'सूर्य'], // ु/ू
    ['विसेष', 'विशेष'], // स/श
    ['बिचार', 'विचार'], // ब/व
    ['कारन', 'कारण'], // न/ण
    ['गाउ', 'गाउँ'], // chandrabindu dropped
    ['संग', 'सँग'], // anusvara for chandrabindu
    ['आफनो', 'आफ्नो'], // halanta dropped
    ['संख्या', 'सङ्ख्या'], // anusvara for the fifth letter
    ['क्रिषि', 'कृषि'], // ्रि for ृ
    ['ग्यान', 'ज्ञान'], // ग्य for ज्ञ
    ['एहाँ', 'यहाँ'], // ए for य
    ['रकषा', 'रक्षा'], // क्ष with its halanta dropped
    ['उद्धेश्य', 'उद्देश्य'], // a geminate stop with its aspirate
    ['बुद्द', 'बुद्ध'], // and the reverse
    ['कुआ', 'कुवा'], // the glide व after उ left out
    ['दुवाइ', 'दुआइ'], // and written where the word has none
  ];
  for (const [a, b] of cheap) assert.ok(editCost(a, b) <= 0.45, `${a} -> ${b} costs ${editCost(a, b)}`);
});

test('a stop and its aspirate outside a geminate stay a phonetic neighbour, dearer than a confusion', () => {
  assert.ok(editCost('धन', 'दन') > 0.45);
  assert.ok(editCost('बुध', 'बुद') > 0.45);
});

test('the costs are ordered: confusion < phonetic neighbour < vowel sign < arbitrary letter', () => {
  const confusion = editCost('पानि', 'पानी');
  const aspirate = editCost('दाल', 'धाल');
  const vowel = editCost('मेरो', 'मैरो');
  const arbitrary = editCost('घर', 'मर');
  assert.ok(confusion < aspirate, `${confusion} < ${aspirate}`);
  assert.ok(aspirate < vowel, `${aspirate} < ${vowel}`);
  assert.ok(vowel < arbitrary, `${vowel} < ${arbitrary}`);
  assert.equal(arbitrary, 1);
});

test('a doubled consonant and a transposition cost less than two arbitrary edits', () => {
  assert.equal(editCost('तत्व', 'तत्त्व'), 0.4);
  assert.ok(editCost('कलम', 'कमल') < 1);
});

test('a doubled consonant at the end of a word (expressive, ट्याप्प) costs more than inside it', () => {
  assert.ok(editCost('ट्याप', 'ट्याप्प') > editCost('तत्व', 'तत्त्व'));
  assert.ok(editCost('ट्याप', 'ट्याप्प') > 0.45, 'not a confusion slip');
});

test('ो typed as ा + े, in either order, is nearly free', () => {
  assert.ok(editCost('प्रयाेग', 'प्रयोग') <= 0.2);
  assert.ok(editCost('प्रयेाग', 'प्रयोग') <= 0.2);
  assert.ok(editCost('पैाडी', 'पौडी') <= 0.2);
});

test('a typed halanta that joins a conjunct costs more to remove than a dropped one costs to restore', () => {
  const near = (x: number, y: number): boolean => Math.abs(x - y) < 1e-6;
  assert.ok(near(editCost('आफनो', 'आफ्नो'), 0.3));
  assert.ok(editCost('आफ्नो', 'आफनो') > 0.45, 'not a confusion slip');
  // A stray halanta after a vowel sign, and a final halanta, stay cheap.
  assert.ok(near(editCost('कि्ताब', 'किताब'), 0.3));
  assert.ok(near(editCost('घर्', 'घर'), 0.3));
});

test('छ्य typed for क्ष्य keeps its ya-phala: the candidate with it is closer', () => {
  assert.ok(editCost('भछ्य', 'भक्ष्य') < editCost('भछ्य', 'भक्ष'));
});

test('the distance is symmetric for every rule but the typed halanta', () => {
  const pairs: [string, string][] = [
    ['क्रिषि', 'कृषि'],
    ['ग्यान', 'ज्ञान'],
    ['संख्या', 'सङ्ख्या'],
    ['तत्व', 'तत्त्व'],
    ['कितब', 'किताब'],
    ['छमा', 'क्षमा'],
  ];
  for (const [a, b] of pairs) assert.equal(editCost(a, b), editCost(b, a), `${a} / ${b}`);
});

test('the early exit of editCost never hides a cheap multi-letter rule', () => {
  // ्रि -> ृ spans three code units of one word and one of the other.
  assert.equal(editCost('क्रिषि', 'कृषि', 0.5), editCost('क्रिषि', 'कृषि'));
  assert.ok(editCost('घरबार', 'किताब', 0.5) > 0.5);
});

test('edit variants contain the unfolded single edits of a word', () => {
  const v = new Set(editVariants('कितब'));
  assert.ok(v.has('किताब'), 'vowel sign added after a consonant');
  assert.ok(v.has('कतब'), 'letter deleted');
  assert.ok(v.has('तकिब') || v.has('किबत'), 'transposition');
  assert.ok(new Set(editVariants('दाल')).has('धाल'), 'aspirate twin');
  assert.ok(new Set(editVariants('मेरो')).has('मैरो'), 'another vowel sign');
  assert.ok(!v.has('कितब'));
});

test('forEachEditVariant gives the edit variants in pieces, in the same order', () => {
  for (const w of ['कितब', 'पानी', 'सङ्ख्या', 'आफ्नो', 'क', 'उनीहरूलाई']) {
    const pieces: string[] = [];
    forEachEditVariant(w, (before, insert, after) => {
      assert.ok(w.startsWith(before), `${w}: ${before} is a head of the word`);
      assert.ok(w.endsWith(after), `${w}: ${after} is a tail of the word`);
      pieces.push(before + insert + after);
    });
    assert.deepEqual(
      [...new Set(pieces)].filter((v) => v !== w && v !== ''),
      editVariants(w),
      w,
    );
  }
});

test('edit variants leave out the edits the confusion key already folds', () => {
  for (const w of ['पानी', 'विशेष', 'सङ्ख्या', 'आफ्नो']) {
    const key = confusionKey(w);
    for (const v of editVariants(w)) {
      assert.notEqual(confusionKey(v), key, `${w}: variant ${v} has the same key, stage 1 finds it`);
    }
  }
});
