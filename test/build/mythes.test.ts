import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DataFormatError } from '../../src/build/errors.js';
import { importMythes, POS_NAMES, splitGlossAndSynonyms, type ThesaurusEntry } from '../../src/build/mythes.js';

const FIXTURES = new URL('../../../test/fixtures/mythes/', import.meta.url);
const SAMPLE = 'sample.dat';
const sample = () => importMythes(readFileSync(new URL(SAMPLE, FIXTURES), 'utf8'), SAMPLE);

function entry(entries: ThesaurusEntry[], word: string): ThesaurusEntry {
  const e = entries.find((x) => x.word === word);
  assert.ok(e, `no entry ${word}`);
  return e;
}

function fatal(text: string, line: number | null, pattern: RegExp): void {
  assert.throws(
    () => importMythes(text, 'bad.dat'),
    (err: unknown) => err instanceof DataFormatError && err.file === 'bad.dat' && err.line === line && pattern.test(err.message),
  );
}

test('POS_NAMES maps the tags of the thesaurus to Nepali names', () => {
  assert.equal(POS_NAMES['ना'], 'नाम');
  assert.equal(POS_NAMES['वि'], 'विशेषण');
  assert.equal(POS_NAMES['क्रियो'], 'क्रियायोगी');
  assert.equal(POS_NAMES['अक्रि'], 'अकर्मक क्रिया');
  assert.equal(POS_NAMES['सक्रि'], 'सकर्मक क्रिया');
  assert.equal(POS_NAMES['सर्व'], 'सर्वनाम');
  assert.ok(Object.isFrozen(POS_NAMES));
});

test('imports headwords, merges duplicates and counts senses', () => {
  const { entries, report } = sample();
  assert.equal(report.headwords, 12);
  assert.equal(entries.length, 12);
  assert.equal(report.senses, 14);
  const kitab = entry(entries, 'किताब');
  assert.equal(kitab.line, 2);
  assert.deepEqual(kitab.senses, [
    { pos: 'नाम', gloss: 'पढ्नका लागि छापिएको पाना भएको वस्तु', synonyms: ['पुस्तक', 'ग्रन्थ'] },
    // "कापी|डायरी आदि …": the comma that became '|' is put back.
    { pos: 'नाम', gloss: 'कापी, डायरी आदि लेख्ने पाना', synonyms: ['पुस्तिका'] },
  ]);
  assert.equal(report.repairs.duplicateHeadwordMerged, 1);
  assert.equal(report.repairs.duplicateSenseDropped, 1);
});

test('a sense of single words has no gloss, and the headword is not its own synonym', () => {
  const { entries, report } = sample();
  assert.deepEqual(entry(entries, 'राम्रो').senses, [{ pos: 'विशेषण', gloss: '', synonyms: ['असल', 'सुन्दर'] }]);
  assert.equal(report.repairs.selfSynonymDropped, 1);
  assert.deepEqual(entry(entries, 'मान्छे').senses, [{ pos: 'नाम', gloss: '', synonyms: ['मानिस', 'व्यक्ति'] }]);
});

test('repairs vowel signs, tags and separators', () => {
  const { entries, report } = sample();
  assert.deepEqual(entry(entries, 'आगो').senses[0], {
    pos: 'नाम',
    gloss: 'दाउरा, कोइला आदि बल्दा निस्कने ताप र उज्यालो',
    synonyms: ['आग'], // अ + ा -> आ
  });
  // (नाा) and नीीर: doubled signs.
  assert.deepEqual(entry(entries, 'पानी').senses[0], { pos: 'नाम', gloss: 'पिउने तथा नुहाउने काम आउने तरल पदार्थ', synonyms: ['जल', 'नीर'] });
  assert.equal(report.repairs.doubledVowelSign, 2);
  assert.equal(report.repairs.vowelLetterPlusSign, 1);
  // (क्रयो) and (टु.) are typos of known tags; the trailing '|' leaves an empty field.
  assert.equal(entry(entries, 'बिस्तारै').senses[0]!.pos, 'क्रियायोगी');
  assert.deepEqual(entry(entries, 'हात हाल्नु').senses[0], { pos: 'टुक्का', gloss: 'कुनै काममा लाग्नु', synonyms: ['काम सुरु गर्नु'] });
  assert.equal(report.repairs.tagTypo, 2);
  assert.equal(report.repairs.emptyField, 1);
  // "(वि|…" and "(ना)घाँस…"
  assert.deepEqual(entry(entries, 'हरियो').senses, [
    { pos: 'विशेषण', gloss: 'घाँस वा पातको जस्तो रङ भएको', synonyms: ['हरित'] },
    { pos: 'नाम', gloss: 'घाँस र पातको रङ', synonyms: [] },
  ]);
  assert.equal(report.repairs.tagWithoutParenthesis, 1);
  assert.equal(report.repairs.tagWithoutSeparator, 1);
});

test('normalizes words: colon visarga, comma spacing', () => {
  const { entries, report } = sample();
  const dukha = entry(entries, 'दुःख');
  assert.deepEqual(dukha.senses[0], { pos: 'नाम', gloss: 'मनमा हुने पीडा, कष्ट वा सास्ती', synonyms: ['दुख'] });
  assert.equal(report.repairs.commaSpacing, 1);
  assert.equal(
    entries.some((e) => e.word.includes(':')),
    false,
  );
});

test('combined tags and unknown tags', () => {
  const { entries, report } = sample();
  assert.equal(entry(entries, 'बिरामी').senses[0]!.pos, 'विशेषण/नाम');
  assert.equal(entry(entries, 'झ्याप्प').senses[0]!.pos, null);
  assert.deepEqual(report.unknownTags, { अनु: 1 });
});

test('reports what it cannot repair and keeps misspelt words out of the synonyms', () => {
  const { entries, report } = sample();
  assert.deepEqual(entry(entries, 'बिरामी').senses[0], { pos: 'विशेषण/नाम', gloss: 'रोग लागेको', synonyms: ['रोगी'] });
  assert.equal(report.repairs.misspeltSynonymDropped, 1);
  const lines = report.unrepaired.map((u) => [u.line, u.text]);
  assert.deepEqual(lines, [
    [23, 'बिरमाी'],
    [26, 'बोल्ने प्राणी|बुद्धि भएको जीव'],
  ]);
  assert.match(report.unrepaired[1]!.reason, /without a \(tag\)/);
});

test('CRLF line ends and a BOM are accepted', () => {
  const text = '\uFEFF' + readFileSync(new URL('crlf.dat', FIXTURES), 'utf8');
  const { entries } = importMythes(text, 'crlf.dat');
  assert.deepEqual(entries, [{ word: 'घर', line: 2, senses: [{ pos: 'नाम', gloss: 'मानिस बस्ने ठाउँ', synonyms: ['निवास'] }] }]);
});

test('structural defects are fatal and name the line', () => {
  fatal('ISO8859-1\nघर|1\n(ना)|ठाउँ\n', 1, /encoding/);
  // The count is too large: the next headword would be read as a sense.
  fatal('UTF-8\nघर|2\n(ना)|बस्ने ठाउँ\nपानी|1\n(ना)|जल\n', 4, /announces 2 senses but only 1/);
  // The count is too small: a sense line is left where a headword belongs.
  fatal('UTF-8\nघर|1\n(ना)|बस्ने ठाउँ\n(ना)|डेरा\n', 4, /count of the headword before it is too small/);
  fatal('UTF-8\nघर|3\n(ना)|बस्ने ठाउँ\n', 2, /file ends/);
  fatal('UTF-8\nघर\n(ना)|बस्ने ठाउँ\n', 2, /headword\|count/);
  fatal('UTF-8\nघर|0\n', 2, /has 0 senses/);
  fatal('UTF-8\nhouse|1\n(ना)|घर\n', 2, /no Devanagari letter/);
});

test('splitGlossAndSynonyms puts back the commas of enumerations', () => {
  // Items closed by वा
  assert.deepEqual(splitGlossAndSynonyms(['तोड्ने', 'फुटाउने', 'चुँड्ने वा भत्काउने काम', 'विनाश']), {
    gloss: 'तोड्ने, फुटाउने, चुँड्ने वा भत्काउने काम',
    synonyms: ['विनाश'],
    joined: 2,
  });
  // A determiner phrase as the first item
  assert.deepEqual(splitGlossAndSynonyms(['कुनै वस्तुको अंश', 'मात्रा वा परिमाण']).gloss, 'कुनै वस्तुको अंश, मात्रा वा परिमाण');
  // A synonym ending in -नु is a whole definition, not an item
  assert.deepEqual(splitGlossAndSynonyms(['ढोका खोल्नु', 'उघार्नु', 'बिर्को', 'ढकनी आदि हटाउनु']), {
    gloss: 'ढोका खोल्नु',
    synonyms: ['उघार्नु', 'बिर्को, ढकनी आदि हटाउनु'],
    joined: 1,
  });
  // Two parallel relative clauses: not one enumeration
  assert.deepEqual(splitGlossAndSynonyms(['अधिकार नभएको', 'योग्यता वा हैसियत नपुगेको']), {
    gloss: 'अधिकार नभएको',
    synonyms: ['योग्यता वा हैसियत नपुगेको'],
    joined: 0,
  });
  // … but before आदि such clauses are items of the list
  assert.equal(splitGlossAndSynonyms(['रूख ढाल्ने', 'दाउरा चिर्ने आदि काममा चल्ने हतियार']).gloss, 'रूख ढाल्ने, दाउरा चिर्ने आदि काममा चल्ने हतियार');
  // A long field is not an item, and a conjunction far into a field closes nothing
  assert.deepEqual(splitGlossAndSynonyms(['दुबै हात फैलाउँदा अट्ने वस्तु', 'अँगालो वा अङ्कमाल']).synonyms, ['अँगालो वा अङ्कमाल']);
  assert.deepEqual(splitGlossAndSynonyms(['घर', 'मानिस बस्ने पक्की ठाउँ वा भवन']), {
    gloss: '',
    synonyms: ['घर', 'मानिस बस्ने पक्की ठाउँ वा भवन'],
    joined: 0,
  });
  // आदिवासी is a word, not "etc."
  assert.equal(splitGlossAndSynonyms(['जाति', 'नेपालका आदिवासी जनजाति']).joined, 0);
});
