import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { importCrowdDictionary, importGlossary, parseGlossaryLine, readEnglishWordList, ROMANIZATION_KEYS } from '../../src/build/english.js';

// Files the project wrote in each source's format, with each source's noise (PROVENANCE.md).
const FIXTURES = new URL('../../../test/fixtures/english/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

test('a glossary line: groups, plain items, annotations, tags, antonyms, context notes and cross references', () => {
  assert.deepEqual(parseGlossaryLine('absence; n(अनुपस्थिति), n(गैरहाजिरी !present)'), { head: 'absence', bracket: null, items: ['अनुपस्थिति', 'गैरहाजिरी'] });
  assert.deepEqual(parseGlossaryLine('house; n(घर, आवास) ~home'), { head: 'house', bracket: null, items: ['घर', 'आवास'] });
  assert.deepEqual(parseGlossaryLine('persimmon; n(हलुवाबेद/हलुवाबेत), sci{Diospyros kaki} #fruit')!.items, ['हलुवाबेद/हलुवाबेत']);
  assert.deepEqual(parseGlossaryLine('about; adv(<number/time> झण्डै, करिब)')!.items, ['झण्डै', 'करिब']);
  assert.deepEqual(parseGlossaryLine('wind; n([विन्ड] हावा, पवन)')!.items, ['हावा', 'पवन']);
  assert.deepEqual(parseGlossaryLine('अक्कल; [aakal] knowledge, cleverness'), { head: 'अक्कल', bracket: 'aakal', items: ['knowledge', 'cleverness'] });
  assert.equal(parseGlossaryLine('no pronunciation here'), null);
  assert.equal(parseGlossaryLine(''), null);
});

test('the glossary inverted: each Nepali word gets the English heads that list it, its main sense first', () => {
  const g = importGlossary([
    { name: 'en2ne/main.tra', text: read('en2ne.tra') },
    { name: 'en2ne/import.tsl', text: read('import.tsl') },
    { name: 'ne2en/main.tra', text: read('ne2en.tra') },
  ]);
  const m = g.meanings;
  assert.deepEqual(m.get('पानी'), ['water']); // "पानी दिनु" is a phrase: no key of its own
  assert.deepEqual(m.get('सीच्नु'), ['water'], 'the zero-width joiner inside the word is gone');
  assert.deepEqual(m.get('घर'), ['house', 'home']);
  assert.deepEqual(m.get('हावा'), ['wind'], 'the bracketed pronunciation inside a group is no item');
  assert.deepEqual(m.get('गैरहाजिरी'), ['absence'], 'the antonym is dropped');
  assert.equal(m.get('present'), undefined);
  assert.deepEqual(m.get('झण्डै'), ['about'], 'the context note is dropped');
  assert.deepEqual([m.get('हलुवाबेद'), m.get('हलुवाबेत')], [['persimmon'], ['persimmon']], 'a slash between single words gives both');
  assert.equal(m.get('विषयमा'), undefined, 'a slash inside a phrase gives nothing');
  assert.deepEqual(m.get('बैंक'), ['bank'], 'import.tsl: the bracket is the loanword');
  assert.equal(m.get('वाटर'), undefined, 'elsewhere the bracket is how the English is said');
  assert.deepEqual(m.get('अक्कल'), ['knowledge', 'cleverness'], 'ne2en: the items are the meanings');
  assert.deepEqual(m.get('एकीकृत'), ['integrated', 'united'], 'a head with a trailing space');
  assert.deepEqual(m.get('गुराँस'), ['rhododendron'], 'annotations and tags are no meanings');
  assert.deepEqual(m.get('अखबार'), ['newspaper']);
});

function crowd() {
  const english = readEnglishWordList(read('english-words.txt'));
  return importCrowdDictionary(read('crowd.tsv'), {
    english,
    ...ROMANIZATION_KEYS,
    curated: () => new Set(),
  });
}

test('the crowd: a romanization is never a meaning, a misspelling beside its right spelling is dropped', () => {
  const c = crowd();
  const m = c.meanings;
  assert.deepEqual(m.get('आजको'), ['today', "today's"], 'the form keeps its own glosses; "ajako" is the word romanized');
  assert.deepEqual(m.get('खेलेको'), ['played'], '"keleko" is the word romanized');
  assert.deepEqual(m.get('गाउँ'), ['village'], '"villege" beside "village"');
  assert.deepEqual(m.get('गाउँमा'), ['in the village'], 'a phrase with a misspelled word beside its right spelling');
  assert.deepEqual(m.get('मन'), ['heart', 'mind'], '"man" is an English word, but here the word romanized beside its meanings');
  assert.deepEqual(m.get('पेन'), ['pen'], 'alone it is the English source of a loanword');
  assert.deepEqual(m.get('फोटो'), ['photo']);
  assert.deepEqual(m.get('नेपाल'), ['Nepal'], 'a name as the English list writes it');
  assert.equal(m.get('नि'), undefined, 'a short name the list has only in capitals is a symbol (Ni), not English');
  assert.deepEqual(m.get('माता'), ['mother'], 'a name (Mather) one letter from an English word of the line is its misspelling');
  assert.deepEqual(m.get('जीवशास्त्र'), ['life science', 'biology'], 'the agreeing glosses first; "lif" and "boilogy" are misspellings');
  assert.deepEqual(m.get('पानी'), ['water'], 'two lines of one word: their glosses once each ("the water" is "water")');
  assert.deepEqual(m.get('गरियो'), ['done'], 'a danda typed after the word');
  assert.equal(m.get('$'), undefined);
  assert.equal(c.report.dropped['not-a-word'], 2, 'a symbol and a word joined to a bar');
  assert.ok(c.report.dropped.romanization >= 3);
  assert.ok(c.report.dropped.misspelling >= 3);
  assert.ok(c.report.examples.romanization!.includes('आजको ajako'));
});

test('a gloss the curated source confirms is kept even when it reads as the word romanized', () => {
  const english = readEnglishWordList(read('english-words.txt'));
  const c = importCrowdDictionary('मन\tman\tmind\n', {
    english,
    ...ROMANIZATION_KEYS,
    curated: (word) => new Set(word === 'मन' ? ['man'] : []),
  });
  assert.deepEqual(c.meanings.get('मन'), ['man', 'mind']);
});
