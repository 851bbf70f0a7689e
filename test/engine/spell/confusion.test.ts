import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confusionKey } from '../../../src/engine/spell/confusion.js';
import { spellStore } from '../../fixtures/spell/lexicon.js';

const same = (a: string, b: string): void => assert.equal(confusionKey(a), confusionKey(b), `${a} and ${b} should share a key`);
const differ = (a: string, b: string): void => assert.notEqual(confusionKey(a), confusionKey(b), `${a} and ${b} should not share a key`);

test('hrasva/dirgha vowels fold: ि/ी, ु/ू, इ/ई, उ/ऊ', () => {
  same('पानि', 'पानी');
  same('सुर्य', 'सूर्य');
  same('इख', 'ईख');
  same('उन', 'ऊन');
});

test('sibilants fold (श/ष/स), and ब/व, ण/न', () => {
  same('विसेष', 'विशेष');
  same('बिचार', 'विचार');
  same('कारन', 'कारण');
});

test('nasals fold: anusvara, chandrabindu, dropped nasal, and a nasal with halanta before its class', () => {
  same('संख्या', 'सङ्ख्या');
  same('गाउ', 'गाउँ');
  same('संग', 'सँग');
  same('सम्शोधन', 'संशोधन');
  same('हुदैन', 'हुँदैन');
});

test('a nasal consonant that is a letter of its own does not vanish', () => {
  differ('जन्म', 'जम');
  differ('चुम्ने', 'चुने');
});

test('halanta, visarga and nukta are ignored', () => {
  same('आफनो', 'आफ्नो');
  same('गर्छन', 'गर्छन्');
  same('प्राय', 'प्रायः');
  same('ज़मीन', 'जमिन');
});

test('ऋ/रि/ृ, क्ष/छ/छ्य/च्छ, ज्ञ/ग्य and ए/य fold', () => {
  same('क्रिषि', 'कृषि');
  same('रिण', 'ऋण');
  same('छमा', 'क्षमा');
  same('शिक्षा', 'सिछ्या');
  same('स्वक्ष', 'स्वच्छ');
  same('रकषा', 'रक्षा');
  same('ग्यान', 'ज्ञान');
  same('एहाँ', 'यहाँ');
  same('गये', 'गए');
});

test('doubled consonants fold, and ो/ौ typed as two signs', () => {
  same('तत्व', 'तत्त्व');
  same('सम्मान', 'समान');
  // Two letters typed for the geminate with its halanta dropped keep both:
  // the spellchecker restores the halanta for a second look-up instead.
  differ('सममान', 'सम्मान');
  same('प्रयाेग', 'प्रयोग');
  same('पाैडी', 'पौडी');
  // and the other order of the two signs
  same('प्रयेाग', 'प्रयोग');
  same('पैाडी', 'पौडी');
});

test('other differences are kept: vowel signs outside the pairs, aspiration, different letters', () => {
  differ('कितब', 'किताब');
  differ('दाल', 'ढाल');
  differ('घर', 'घार');
  differ('मेरो', 'मैरो');
});

test('the key is deterministic and works on decomposed input', () => {
  assert.equal(confusionKey('ज़मीन'), confusionKey('ज़मीन'.normalize('NFD')));
  assert.equal(confusionKey('सङ्ख्या'), confusionKey('सङ्ख्या'));
});

test('the fixture store indexes its lexicon forms under their keys', () => {
  const store = spellStore();
  assert.ok(store.formsByConfusionKey(confusionKey('पानि')).includes('पानी'));
  assert.ok(store.formsByConfusionKey(confusionKey('संख्या')).includes('सङ्ख्या'));
  assert.deepEqual(store.formsByConfusionKey(confusionKey('ट्रम्प')), []);
});
