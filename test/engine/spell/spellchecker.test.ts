import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_CORRECTIONS } from '../../../src/engine/spell/decision.js';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import { decodeResult, encodeResult } from '../../../src/engine/spell/word-result.js';
import { SharedStrings } from '../../../src/engine/lang/shared-strings.js';
import { JobStopped } from '../../../src/engine/lang/checkpoint.js';
import { CachePlan } from '../../../src/engine/lang/budget-cache.js';
import { FORM_LEXICON } from '../../../src/store/types.js';
import { spellStore, spellStoreWith } from '../../fixtures/spell/lexicon.js';

const checker = (): Spellchecker => new Spellchecker(spellStore());

test('lexicon words and words the morphology layer makes are correct', () => {
  const s = checker();
  for (const w of ['घर', 'किताबहरूमा', 'गरेको', 'गर्नुहोस्', 'र', 'आदि', 'नगर्नुहोस्', 'गर्दछ', 'बुझाएको', 'संस्था']) {
    assert.deepEqual(s.checkWord(w), { status: 'correct', corrections: null }, w);
  }
});

test('one real misspelling per error class, with its expected first correction', () => {
  const s = checker();
  const cases: [string, string][] = [
    ['पानि', 'पानी'], // ि/ी
    ['सुर्य', 'सूर्य'], // ु/ू
    ['विसेष', 'विशेष'], // श/ष/स
    ['बिचार', 'विचार'], // ब/व
    ['कारन', 'कारण'], // ण/न
    ['गाउ', 'गाउँ'], // chandrabindu missing
    ['हुंदैन', 'हुँदैन'], // anusvara for chandrabindu
    ['आफनो', 'आफ्नो'], // halanta dropped (a function word the fixture lacks)
    ['संगै', 'सँगै'], // anusvara for chandrabindu (a postposition standing as a word)
    ['गर्छन', 'गर्छन्'], // final halanta dropped
    ['संख्या', 'सङ्ख्या'], // anusvara for the fifth letter
    ['क्रिषि', 'कृषि'], // ्रि for ृ
    ['छमा', 'क्षमा'], // छ for क्ष
    ['ग्यान', 'ज्ञान'], // ग्य for ज्ञ
    ['एहाँ', 'यहाँ'], // ए for य
    ['कितब', 'किताब'], // a vowel sign dropped (general edit)
    ['पानिहरूमा', 'पानीहरूमा'], // inside a postposition chain
    ['सममान', 'सम्मान'], // halanta dropped inside a doubled consonant
    ['प्रयाेग', 'प्रयोग'], // ो typed as ा + े
    ['प्रयेाग', 'प्रयोग'], // ो typed as े + ा
  ];
  for (const [typed, expected] of cases) {
    const r = s.checkWord(typed);
    assert.equal(r.status, 'misspelled', typed);
    assert.equal(r.corrections?.[0], expected, `${typed}: ${r.corrections?.join(', ')}`);
    assert.ok(r.corrections!.length <= MAX_CORRECTIONS);
  }
});

test('orthography rules run before the lexicon and report the rule', () => {
  const s = checker();
  // सम्लग्न is in the fixture word list, in its old spelling.
  assert.deepEqual(s.checkWord('सम्लग्न'), { status: 'misspelled', corrections: ['संलग्न'], rule: 'sam-anusvara', category: 'standard' });
  const r = s.checkWord('अण्डा');
  assert.equal(r.rule, 'na-before-retroflex-non-tatsam');
  assert.equal(r.corrections?.[0], 'अन्डा');
  // standardSpelling gives the rule's correction alone (what the romanizer asks of its candidates)
  const t = checker();
  assert.equal(t.standardSpelling('सम्लग्न'), 'संलग्न');
  assert.equal(t.standardSpelling('अण्डा'), 'अन्डा');
  assert.equal(t.standardSpelling('घर'), null, 'no rule fires');
  assert.equal(t.standardSpelling('घरक'), null, 'a misspelling no rule respells');
  assert.equal(t.standardSpelling('hello'), null);
});

test('the standard spelling of a word the lexicon has only in an old spelling is correct', () => {
  const s = checker();
  assert.equal(s.checkWord('संलग्न').status, 'correct');
  assert.equal(s.checkWord('संलग्नमा').status, 'correct');
  assert.equal(s.checkWord('तत्त्व').status, 'correct');
  // The rule adds a halanta inside the word (निषदमा -> निषद्मा); the word is
  // attested, so only the cheapest slips are its candidates, and removing a
  // typed conjunct halanta is not one: the variant is found the other way.
  assert.equal(s.checkWord('निषद्मा').status, 'correct');
});

test('a word real text uses that the lexicon knows through its derivatives is correct', () => {
  const s = checker();
  // the word list has अस्पष्ट and स्पष्टता, real text स्पष्ट
  assert.equal(s.checkWord('स्पष्ट').status, 'correct');
  assert.equal(s.checkWord('स्पष्टसँग').status, 'correct');
  // a word real text uses with no derivative in the lexicon stays unknown
  assert.equal(s.checkWord('सेतो').status, 'unknown');
  // not attested: not read off the derivative
  assert.equal(s.checkWord('स्पष्टि').status === 'correct', false);
});

test('a word real text uses and the thesaurus uses in three of its definitions is correct', () => {
  const s = checker();
  assert.equal(s.checkWord('हरियो').status, 'correct');
  // two definitions (the third sentence is of another source): not enough
  assert.equal(s.checkWord('नीलो').status, 'unknown');
  // the definitions' use outweighs a speculative reading (अ + कारण)
  assert.equal(s.checkWord('अकारण').status, 'correct');
});

test('the feminine in -इका of an agent noun in -अक is correct, not a slip from a genitive', () => {
  const s = checker();
  assert.equal(s.checkWord('लेखिका').status, 'correct');
  assert.equal(s.checkWord('लेखिकाको').status, 'correct');
  // the genitive of लेखी is a word too
  assert.equal(s.checkWord('लेखीका').status, 'correct');
});

test('names and loanwords come back unknown, not misspelled', () => {
  const s = checker();
  for (const w of ['ट्रम्प', 'सुरेश', 'माइक्रोसफ्ट', 'जोनसन', 'रामे']) {
    assert.deepEqual(s.checkWord(w), { status: 'unknown', corrections: null }, w);
  }
  // An attested name is unknown even with a postposition.
  assert.equal(s.checkWord('सुरेशलाई').status, 'unknown');
});

test('an attested word is misspelled only when a confusion slip away from a dictionary word', () => {
  const s = checker();
  // (केहि is also a pronoun written hrasva: the pronoun-dirgha rule names itself)
  const r = s.checkWord('केहि');
  assert.deepEqual([r.status, r.corrections], ['misspelled', ['केही']]);
  // रामे is attested; रामो would need a vowel-sign change, too far for a word seen in real text.
  assert.equal(s.checkWord('रामे').status, 'unknown');
});

test('a compound of two headwords is correct when real text uses it, unknown when it does not', () => {
  const s = checker();
  assert.equal(s.checkWord('पहाडबाटो').status, 'correct', 'the news list has it');
  assert.equal(s.checkWord('नदीबाटो').status, 'unknown', 'a new compound');
  // with a postposition: correct when the compound is
  assert.equal(s.checkWord('पहाडबाटोमा').status, 'correct');
  assert.equal(s.checkWord('नदीबाटोमा').status, 'unknown');
});

test('a compound with a confusion slip in a part is corrected to the compound real text uses, not to a new one', () => {
  const s = checker();
  // no list indexes पहाडबाटो for corrections (only the news list has it): the parts are corrected
  assert.deepEqual(s.checkWord('पहाडवाटो'), { status: 'misspelled', corrections: ['पहाडबाटो'], category: 'standard' });
  assert.deepEqual(s.checkWord('पहाडवाटोमा'), { status: 'misspelled', corrections: ['पहाडबाटोमा'], category: 'standard' });
  // नदीबाटो is a new compound (unknown), so नदिबाटो gets no correction
  assert.equal(s.checkWord('नदिबाटो').status, 'unknown');
});

test('a word real text inflects is unknown, not misspelled, when real text never shows its correction in any form', () => {
  const s = checker();
  // हाँत is attested with three case forms; हात, a chandrabindu away, never appears in the news list
  assert.equal(s.checkWord('हाँत').status, 'unknown');
  assert.equal(s.checkWord('हाँतमा').status, 'unknown');
  // two case forms are not enough: आँखाँ is corrected to आँखा
  assert.deepEqual(s.checkWord('आँखाँ').corrections?.[0], 'आँखा');
  // five case forms: a word of its own even though real text has the correction bare (भात), never inflected
  assert.equal(s.checkWord('भाँत').status, 'unknown');
  // the correction seen in real text keeps the flag: पानि -> पानी
  assert.equal(s.checkWord('पानि').status, 'misspelled');
});

test("real text's own spelling of a word the lists spell otherwise is unknown, not misspelled", () => {
  const s = checker();
  // बस्ती: three case forms in real text and a sentence, against one case form and none for the word list's वस्ती
  assert.equal(s.checkWord('बस्ती').status, 'unknown');
  assert.equal(s.checkWord('बस्तीमा').status, 'unknown');
  assert.equal(s.evidence.prefersOver('बस्ती', 'वस्ती'), true);
  assert.equal(s.checkWord('वस्ती').status, 'correct');
  // a slip real text inflects less than its correction keeps its flag: पानिमा (one case form) -> पानीमा (three)
  assert.deepEqual(s.checkWord('पानिमा').corrections?.[0], 'पानीमा');
  assert.equal(s.evidence.prefersOver('पानि', 'पानी'), false);
});

test('a form the grammar makes and real text uses is a correction: the halanta of a polite imperative', () => {
  const s = checker();
  assert.ok(!((spellStore().form('बस्नुहोस्')?.flags ?? 0) & FORM_LEXICON), 'बस्नुहोस् is no lexicon form of the fixture');
  assert.deepEqual(s.checkWord('बस्नुहोस'), { status: 'misspelled', corrections: ['बस्नुहोस्'], category: 'standard' });
  assert.equal(s.checkWord('बस्नुहोस्').status, 'correct');
  // No list has लेखिदिनुस्, पकाउनुहोस्: the grammar makes them, and the halanta is offered.
  assert.deepEqual(s.checkWord('लेखिदिनुस'), { status: 'misspelled', corrections: ['लेखिदिनुस्'], category: 'standard' });
  assert.deepEqual(s.checkWord('पकाउनुहोस'), { status: 'misspelled', corrections: ['पकाउनुहोस्'], category: 'standard' });
});

test('an attested word two common slips (vowel length, ब/व) from an attested form is misspelled', () => {
  // मानीसहरु (news spelling) -> मानिसहरू: an inflected form, not a headword, but only vowel length differs.
  assert.deepEqual(checker().checkWord('मानीसहरु'), { status: 'misspelled', corrections: ['मानिसहरू'], category: 'standard' });
  assert.deepEqual(checker().checkWord('बिचारहरु'), { status: 'misspelled', corrections: ['विचारहरू'], category: 'standard' });
});

test('a long attested word is misspelled one phonetic edit from an attested headword, unknown otherwise', () => {
  const s = checker();
  // A vowel sign inserted (0.7): beyond a confusion slip, but the candidate is a headword seen in real text.
  assert.deepEqual(s.checkWord('अस्पाताल'), { status: 'misspelled', corrections: ['अस्पताल'], category: 'typo' });
  // The same edit towards a headword never seen in real text: the attested word may be a name.
  assert.equal(s.checkWord('कार्यालाय').status, 'unknown');
});

test('a vowel sign for another inside the word is corrected, even where the word reads as a new compound', () => {
  const s = checker();
  // राज + नैतिक would make a compound, but an attested headword is one vowel sign away (ै for ी).
  assert.deepEqual(s.checkWord('राजनैतिक'), { status: 'misspelled', corrections: ['राजनीतिक'], category: 'typo' });
  // A compound of two headwords with no such headword near stays unknown, not a wild guess.
  assert.equal(s.checkWord('कागजघर').status, 'unknown');
});

test('a candidate that trades the fifth-letter nasal for anusvara is no correction: the fifth letter is the standard', () => {
  const s = checker();
  // The word list has only कंपन; कम्पन is the standard spelling (the nasal of the stop's own class).
  assert.equal(s.checkWord('कम्पन').status, 'correct');
  assert.equal(s.checkWord('कम्पनमा').status, 'correct');
  // न is no nasal of प's class: not the standard spelling of कंपन
  assert.notEqual(s.checkWord('कन्पन').status, 'correct');
  // With the nasal dropped, the word-list spelling is still offered.
  assert.equal(s.checkWord('कपन').corrections?.[0], 'कंपन');
});

test('between equally close candidates, anusvara before a stop ranks after chandrabindu', () => {
  const s = checker();
  // The thesaurus has चांदी, the word list चाँदी: the standard writes the tadbhav nasal vowel with chandrabindu.
  assert.deepEqual(s.checkWord('चादी').corrections?.slice(0, 2), ['चाँदी', 'चांदी']);
});

test('input is normalized: joiners, decomposed nukta, colon as visarga; the cache is keyed on the normalized word', () => {
  const s = checker();
  assert.equal(s.checkWord('घ\u200Dर').status, 'correct');
  assert.equal(s.checkWord(' घर ').status, 'correct');
  assert.equal(s.checkWord('अनुसार:').status, s.checkWord('अनुसार').status);
  const before = s.cacheStats();
  s.checkWord('घर');
  assert.equal(s.cacheStats().hits, before.hits + 1);
});

test('checkText: distinct words in order of first occurrence, with every occurrence, in the user spelling', () => {
  const s = checker();
  const text = 'पानि र ट्रम्प। पानि घरमा छ, ट्रम्प पनि।';
  const r = s.checkText(text);
  assert.deepEqual(
    r.misspelled.map((m) => m.word),
    ['पानि'],
  );
  assert.equal(r.misspelled[0]!.status, 'misspelled');
  assert.deepEqual(r.misspelled[0]!.corrections, ['पानी']);
  assert.deepEqual(
    r.misspelled[0]!.occurrences.map((o) => text.slice(o.start, o.end)),
    ['पानि', 'पानि'],
  );
  assert.deepEqual(
    r.unknown.map((u) => [u.word, u.status, u.occurrences.length]),
    [['ट्रम्प', 'unknown', 2]],
  );
});

test('checkText of correct text has empty arrays; rule words carry their rule', () => {
  const s = checker();
  assert.deepEqual(s.checkText('म घरमा किताब पढ्छु।'), { misspelled: [], unknown: [] });
  const r = s.checkText('त्यो सम्लग्न');
  assert.equal(r.misspelled[0]?.rule, 'sam-anusvara');
});

test('the same word typed with a joiner is reported in the spelling the user typed', () => {
  const s = checker();
  const typed = 'पा\u200Dनि';
  const r = s.checkText(`${typed} घर`);
  assert.equal(r.misspelled[0]?.word, typed);
});

test('similarWords suggests corrections for any word, best first, without the word itself', () => {
  const s = checker();
  assert.deepEqual(s.similarWords('पानि', 3)[0], 'पानी');
  const similar = s.similarWords('पानी', 5);
  assert.ok(!similar.includes('पानी'));
  assert.ok(similar.length <= 5);
  assert.deepEqual(s.similarWords('पानि', 0), []);
  assert.deepEqual(s.similarWords('hello', 5), []);
});

test('cache statistics count hits and misses; resultCache false checks every word anew; a plan of 0 bytes caches nothing', () => {
  const s = new Spellchecker(spellStore());
  s.checkWord('घर');
  s.checkWord('घर');
  s.checkWord('पानि');
  assert.deepEqual(s.cacheStats(), { hits: 1, misses: 2 });
  const off = new Spellchecker(spellStore(), { resultCache: false });
  off.checkWord('घर');
  off.checkWord('घर');
  assert.deepEqual(off.cacheStats(), { hits: 0, misses: 2 });
  const none = new Spellchecker(spellStore(), { caches: new CachePlan(0) });
  none.checkWord('घर');
  none.checkWord('घर');
  assert.deepEqual(none.cacheStats(), { hits: 0, misses: 2 });
  assert.ok(Object.values(none.caches.figures()).every((f) => f.entries === 0));
  assert.equal(none.checkWord('पानि').status, 'misspelled', 'the same answers without caches');
});

test('numerals are correct; non-Devanagari words are unknown', () => {
  const s = checker();
  assert.equal(s.checkWord('२०८०').status, 'correct');
  assert.equal(s.checkWord('hello').status, 'unknown');
  assert.equal(s.checkWord('').status, 'unknown');
});

test('a run of letters longer than any word is unknown at once, not analysed', () => {
  const s = checker();
  const long = 'कखग'.repeat(200);
  assert.equal(s.checkWord(long).status, 'unknown');
  assert.deepEqual(s.similarWords(long, 5), []);
  assert.equal(s.checkText(long + ' घर').unknown[0]?.word, long);
});

test('checkText stops at the checkpoint before a word when told to (a cancelled job), and runs to the end otherwise', () => {
  const s = checker();
  let asked = 0;
  const stopAfterTwo = (): boolean => ++asked > 2;
  assert.throws(
    () => s.checkText('म घरमा किताब पढ्छु।', stopAfterTwo),
    (e: unknown) => e instanceof JobStopped,
  );
  assert.equal(asked, 3, 'asked once per distinct word until told to stop');
  assert.deepEqual(
    s.checkText('म घरमा किताब पढ्छु।', () => false),
    { misspelled: [], unknown: [] },
  );
});

test('results shared between checkers (threads) read back equal to those worked out, and are not worked out again', () => {
  const words = ['घर', 'पानि', 'सम्लग्न', 'बिचार', 'गाउ', 'कितब', 'ज्ह्ज्ह्ज्ह', 'किताबहरूमा', 'पानिहरूमा', 'आफनो'];
  const alone = checker();
  const expected = words.map((w) => alone.checkWord(w));
  const table = new SharedStrings(SharedStrings.allocate(4096, 512));
  const first = checker();
  first.shareResults(table);
  const second = checker();
  second.shareResults(table);
  assert.deepEqual(
    words.map((w) => first.checkWord(w)),
    expected,
  );
  second.resetCacheStats();
  const got = words.map((w) => second.checkWord(w));
  assert.deepEqual(got, expected);
  // The same JSON (fields in the same order) as the checker that worked them out.
  assert.equal(JSON.stringify(got), JSON.stringify(expected));
  assert.equal(second.cacheStats().misses, 0, 'every result came from the shared table');
});

test('encodeResult and decodeResult: every kind of result, fields and their order kept', () => {
  const results = [
    { status: 'correct', corrections: null },
    { status: 'unknown', corrections: null },
    { status: 'misspelled', corrections: ['पानी'] },
    { status: 'misspelled', corrections: ['संलग्न', 'सम्लग्न'], rule: 'sam-anusvara' },
    { status: 'misspelled', corrections: ['क्षेत्र'], category: 'real-word' },
  ] as const;
  for (const r of results) {
    const back = decodeResult(encodeResult(r as never));
    assert.equal(JSON.stringify(back), JSON.stringify(r));
    assert.ok(Object.isFrozen(back));
  }
});

test('a possessive in -वान्/-मान् with the halanta the standard gives it is correct where the word list has it without; not any word in -मान', async () => {
  const { buildRecords } = await import('../../../src/build/records.js');
  const { MemoryStore } = await import('../../../src/store/memory-store.js');
  const { spellLexicon } = await import('../../fixtures/spell/lexicon.js');
  const input = spellLexicon();
  for (const w of ['बुद्धि', 'बुद्धिमान', 'सम्मान']) input.forms.push({ form: w, stem: w, prefix: '', suffix: '', flag: null });
  const s = new Spellchecker(new MemoryStore(buildRecords(input)));
  assert.equal(s.checkWord('बुद्धिमान्').status, 'correct', 'बुद्धि + मान्');
  assert.equal(s.checkWord('बुद्धिमान').status, 'correct', 'the word list spelling stays');
  // सम् is no word of two aksharas: सम्मान् is the slip it looks like
  assert.deepEqual(s.checkWord('सम्मान्').corrections?.[0], 'सम्मान');
});

test('a यण् sandhi compound no list has is correct when the rule sandhi-no-lengthening makes it (गति + अवरोध = गत्यवरोध)', () => {
  // The members are stems of the word list (headwords), as a compound's members are.
  const s = new Spellchecker(spellStoreWith({ stems: ['गति', 'अवरोध'] }));
  assert.equal(s.checkWord('गत्यावरोध').rule, 'sandhi-no-lengthening');
  assert.deepEqual(s.checkWord('गत्यावरोध').corrections?.[0], 'गत्यवरोध');
  assert.equal(s.checkWord('गत्यवरोध').status, 'correct', "the rule's own answer");
  // not any letters after a य-phala: the members must be words
  assert.notEqual(s.checkWord('गत्यवरोक').status, 'correct');
});

test("a tatsam -ति and a tatsam final halanta are the standard's where real text prefers them to the word list's spelling", () => {
  const words = { forms: ['उन्नती', 'विद्युत'] };
  const preferred = new Spellchecker(spellStoreWith({ ...words, ranks: { उन्नति: 9650, उन्नती: 18697, विद्युत्: 1105, विद्युत: 1257 } }));
  for (const w of ['उन्नति', 'उन्नतिको', 'विद्युत्']) assert.equal(preferred.checkWord(w).status, 'correct', w);
  // Where real text does not prefer them, the word list's spelling stands.
  const listed = new Spellchecker(spellStoreWith({ ...words, ranks: { उन्नति: 20000, उन्नती: 9000, विद्युत्: 3000, विद्युत: 1000 } }));
  assert.deepEqual(listed.checkWord('उन्नति').corrections, ['उन्नती']);
  assert.deepEqual(listed.checkWord('विद्युत्').corrections, ['विद्युत']);
});
