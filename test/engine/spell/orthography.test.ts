import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Morphology } from '../../../src/engine/spell/morphology.js';
import {
  applyOrthography,
  firstVowelVriddhi,
  OBLIQUE_GENITIVE_RULE,
  ORTHOGRAPHY_RULES,
  type OrthographyContext,
} from '../../../src/engine/spell/orthography.js';
import { FORM_ATTESTED, FORM_HEADWORD, FORM_LEXICON, THESAURUS_DICT } from '../../../src/store/types.js';
import { spellStore, spellStoreWith } from '../../fixtures/spell/lexicon.js';
import type { MemoryStore } from '../../../src/store/memory-store.js';

/** The rules' questions answered from a store, as StandardSpelling answers them. */
function contextOf(store: MemoryStore): { ctx: OrthographyContext; fix: (w: string) => { rule: string; correction: string } | null } {
  const morph = new Morphology(store);
  const ctx: OrthographyContext = {
    isLexicon: (w) => morph.isLexicon(w),
    accepts: (w) => morph.isLexicon(w) || morph.analyse(w) !== null,
    thesaurusPos: (w) => {
      const e = store.headword(w)?.entries.find((x) => x.dictionary === THESAURUS_DICT);
      return e?.pos ? [e.pos] : [];
    },
    isVerbParticiple: (w) => morph.isVerbForm(w) && w.endsWith('ी'),
    isInflectionOf: (w, stem) => morph.isLexicon(w) && (store.form(w)?.analyses.some((a) => a.stem === stem) ?? false),
    isHeadword: (w) => ((store.form(w)?.flags ?? 0) & FORM_HEADWORD) !== 0,
    isThesaurusHeadword: (w) => store.headword(w)?.entries.some((e) => e.dictionary === THESAURUS_DICT) ?? false,
    nounCaseForms: (w) => ['को', 'लाई', 'मा'].filter((p) => ((store.form(w + p)?.flags ?? 0) & FORM_ATTESTED) !== 0).length,
  };
  return { ctx, fix: (w) => applyOrthography(w, morph.splitPostpositions(w), ctx) };
}
/** Each word, with the reading that makes it standard, is not corrected. */
function leftAlone(fixWith: (w: string) => unknown, words: [word: string, reading: string][]): void {
  for (const [w, reading] of words) assert.equal(fixWith(w), null, `${w}: ${reading}`);
}

const store = spellStore();
const morph = new Morphology(store);
const { ctx, fix } = contextOf(store);

test('helper: first-vowel vriddhi', () => {
  assert.equal(firstVowelVriddhi('नगरिक'), 'नागरिक');
  assert.equal(firstVowelVriddhi('इतिहास'), 'ऐतिहास');
  assert.equal(firstVowelVriddhi('व्यवसायिक'), 'व्यावसायिक');
  assert.equal(firstVowelVriddhi('सुगन्ध'), 'सौगन्ध');
  assert.equal(firstVowelVriddhi('आधुनिक'), null);
});

test('every rule has an id and a description, and ids are unique', () => {
  const ids = ORTHOGRAPHY_RULES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of ORTHOGRAPHY_RULES) assert.ok(r.id && r.description.length > 10, r.id);
});

const cases: [string, string, string][] = [
  // [typed, corrected, rule]
  ['प्रत्याक्ष', 'प्रत्यक्ष', 'sandhi-no-lengthening'],
  ['अन्तरराष्ट्रिय', 'अन्तर्राष्ट्रिय', 'halanta-r-prefix'],
  ['अन्तरगत', 'अन्तर्गत', 'halanta-r-prefix'],
  ['अन्तराष्ट्रिय', 'अन्तर्राष्ट्रिय', 'halanta-r-prefix'],
  ['पुनर्प्रकाशन', 'पुनःप्रकाशन', 'visarga-punah'],
  ['उपनिषद', 'उपनिषद्', 'halanta-root-sad'],
  ['तत्व', 'तत्त्व', 'geminate-at-joint'],
  ['आधुनीकरण', 'आधुनिकीकरण', 'ikaran-after-ik'],
  ['नगरिक', 'नागरिक', 'vriddhi-ik'],
  ['ऐक्यता', 'ऐक्य', 'redundant-ta'],
  ['अण्डा', 'अन्डा', 'na-before-retroflex-non-tatsam'],
  ['ग्राउण्ड', 'ग्राउन्ड', 'na-before-retroflex-non-tatsam'],
  ['माष्टर', 'मास्टर', 'sa-in-loanwords'],
  ['स्टेशन', 'स्टेसन', 'sa-in-loanwords'],
  ['फाउन्डेशन', 'फाउन्डेसन', 'sa-in-loanwords'],
  ['कम्युनिष्ट', 'कम्युनिस्ट', 'sa-in-loanwords'],
  ['क्रृपा', 'कृपा', 'ri-not-ra-plus-ri'],
  ['प्रकृया', 'प्रक्रिया', 'kriya-ra-i'],
  ['सम्लग्न', 'संलग्न', 'sam-anusvara'],
  ['सम्शोधन', 'संशोधन', 'sam-anusvara'],
  ['लेखि', 'लेखी', 'dirgha-conjunctive-participle'],
  ['दूधेली', 'दुधेली', 'hrasva-before-eli'],
  ['अष्तित्व', 'अस्तित्व', 'sa-before-dental'],
  ['सँस्था', 'संस्था', 'anusvara-in-tatsam'],
  ['गरेकोले', 'गरेकाले', 'oblique-genitive'],
  ['ठूलो', 'ठुलो', 'tadbhav-hrasva'],
  ['ठूली', 'ठुली', 'tadbhav-hrasva'],
  ['उ', 'ऊ', 'pronoun-dirgha'],
  ['हामि', 'हामी', 'pronoun-dirgha'],
];

test('each rule corrects a word of its pattern and names itself', () => {
  for (const [typed, corrected, rule] of cases) assert.deepEqual(fix(typed), { rule, correction: corrected }, typed);
});

test('a rule also fires under a postposition chain, which is put back on the correction', () => {
  assert.deepEqual(fix('सम्लग्नमा'), { rule: 'sam-anusvara', correction: 'संलग्नमा' });
  assert.deepEqual(fix('उपनिषदको'), { rule: 'halanta-root-sad', correction: 'उपनिषद्को' });
});

test('the rules leave standard spellings and look-alikes alone', () => {
  for (const w of [
    'प्रत्यक्ष', // already contracted
    'पितृयज्ञ', // ऋ + य at a compound's joint: पित्रियज्ञ is no word
    'संलग्न',
    'नागरिक',
    'आधुनिकीकरण',
    'सामाजिक',
    'खण्ड', // tatsam ण्ड has no non-tatsam mark
    'मास्टर',
    'तत्त्व',
    'अस्तित्व',
    'संस्था',
    'गरेकामा',
    'विशेषता', // -ता on a word that is not a -य abstract noun
    'सभ्यता', // -ता on a -य adjective whose first syllable has the inherent vowel, no vriddhi
    'हिँड्नु', // chandrabindu before a non-sibilant cluster is tadbhav
    'घरको',
    'ऊ', // pronouns in their standard spelling
    'कि', // a conjunction, whose dirgha form is no pronoun
    'हानि', // a noun headword in -इ, though हान्नु makes the participle हानी
    'अन्तरङ्ग', // अन्तर् + अङ्ग: a vowel after the prefix, no अन्तर्ङ्ग
    'अन्तराल', // अन्तर + आल: no अन्तर्राल
    'अन्तर्राष्ट्रिय',
    'निर्देशन', // a tatsam noun in -अन on निर्देश, not English -tion
    'मार्गनिर्देशन', // ... and so as the last member of a compound
    'पुनर्निर्देशन', // ... and after a prefix
    'अधिवेशन', // अधि + विश् + अन: -वेशन and -देशन are the roots विश्, दिश्
    'हँस्यौलो', // a word in -ो is tadbhav: its chandrabindu stays
  ]) {
    assert.equal(fix(w), null, w);
  }
});

test("the standard's own compounds and derivatives, which the letters alone would read otherwise, are left alone", () => {
  const { fix: fixWith } = contextOf(
    spellStoreWith({
      forms: ['मृत्यु', 'दण्ड', 'मृत्युदण्ड', 'सन्ध्या', 'सन्धि', 'काल', 'अकाल', 'सन्ध्याकाल', 'असत्', 'सत्य', 'असत्य', 'तर्क', 'सतर्क', 'सौम्य', 'हँस्सी', 'मजाक'],
      defined: ['मृत्युदण्ड', 'सन्ध्याकाल', 'असत्', 'तर्क', 'असतर्क', 'असत्यता', 'सौम्यता', 'हँस्सीमजाक'],
    }),
  );
  leftAlone(fixWith, [
    ['मृत्युदण्ड', "मृत्यु + दण्ड: the ya-phala with उ is मृत्यु's, दण्ड is tatsam"],
    ['सन्ध्याकाल', 'सन्ध्या + काल, no sandhi: not सन्धि + अकाल'],
    ['असतर्क', 'अ + सतर्क, which the thesaurus lists: not असत् + तर्क'],
    ['असत्यता', 'असत्य + ता, which the thesaurus lists'],
    ['सौम्यता', 'the adjective सौम्य + ता, which the thesaurus lists'],
    ['हँस्सी', 'a doubled sibilant after chandrabindu is tadbhav'],
    ['हँस्सीमजाक', 'the same inside a compound'],
  ]);
  // The rules still fire where the reading holds (the fixture's own cases above): संस्था, ऐक्यता, तत्व, अण्डा.
  assert.equal(fixWith('सँस्था')?.rule, 'anusvara-in-tatsam');
  assert.equal(fixWith('ऐक्यता')?.correction, 'ऐक्य');
});

test('sandhi-no-lengthening reads a compound of two stems joined in यण् or विसर्ग sandhi, and no other word', () => {
  // Each word below has the letters of a first member in -इ/-उ/-ः before a second in अ-, both words;
  // the first case shows the rule firing on such members.
  const { fix: fixWith } = contextOf(
    spellStoreWith({
      stems: ['पुनः', 'अवलोकन', 'सूरि', 'अस्त', 'आशु', 'असी', 'श्वास', 'असु', 'अमिक', 'स्वामी', 'खलु'],
      forms: [['अटे', 'अट्', 'े']],
    }),
  );
  assert.deepEqual(fixWith('पुनरावलोकन'), { rule: 'sandhi-no-lengthening', correction: 'पुनरवलोकन' });
  leftAlone(fixWith, [
    ['सूर्यास्त', 'सूर्य + अस्त, अ + अ = आ in दीर्घ sandhi: not सूरि + अस्त'],
    ['आश्वासी', "आ + श्वास + ई: the आ is श्वास's, not आशु + असी"],
    ['अस्वामिक', "अ + स्वामी + क: the आ is स्वामी's, not असु + अमिक"],
    ['खल्वाटे', 'अटे is a verb form, no stem a compound is made of: not खलु + अटे'],
  ]);
});

test('sam-anusvara and geminate-at-joint read a Sanskrit prefix and suffix only', () => {
  const { fix: fixWith } = contextOf(spellStoreWith({ stems: ['लाउनु', 'विद्वत्', 'महत्'] }));
  assert.deepEqual(fixWith('महत्व'), { rule: 'geminate-at-joint', correction: 'महत्त्व' });
  leftAlone(fixWith, [
    ['सम्लाउनु', 'a Nepali verb, not सम् + लाउनु'],
    ['विद्वत्वृत्ति', 'विद्वत् + वृत्ति: त्वृ is no suffix -त्व'],
  ]);
});

test('tadbhav-hrasva reads a compound of stems, not a word with its postposition as a first member', () => {
  const { fix: fixWith } = contextOf(spellStoreWith({ stems: ['टीको'] }));
  assert.deepEqual(fixWith('टीको'), { rule: 'tadbhav-hrasva', correction: 'टिको' });
  leftAlone(fixWith, [['नगरकोटीको', 'नगरकोटी + को, not नगरको + टीको']]);
});

test('sa-in-loanwords: a ya-phala marks English only where the ष्ट is no Sanskrit word of its own', () => {
  const { fix: fixWith } = contextOf(spellStoreWith({ stems: ['ध्यान', 'कृष्ट', 'आकृष्ट', 'धृष्ट'] }));
  leftAlone(fixWith, [
    ['ध्यानाकृष्ट', "ध्यान + आकृष्ट: the ya-phala is ध्यान's"],
    ['धृष्टद्युम्न', "धृष्ट + द्युम्न: the ya-phala is द्युम्न's"],
  ]);
  assert.deepEqual(fixWith('प्यालेष्टाइन'), { rule: 'sa-in-loanwords', correction: 'प्यालेस्टाइन' });
});

test('the sandhi rule needs the lexicon: no fire when the आ-initial second member is a word', () => {
  // प्रति + आशा: प्रत्याशा is regular.
  assert.equal(fix('प्रत्याशा'), null);
});

test('the tadbhav rule needs the -ो adjective in the lexicon: a tatsam word of the same shape stays', () => {
  // ठूलो is in the fixture's word list; पूजा (tatsam) has no -ो form.
  assert.equal(fix('पूजा'), null);
  assert.equal(fix('ठुलो'), null);
  assert.deepEqual(fix('ठूलोमा'), { rule: 'tadbhav-hrasva', correction: 'ठुलोमा' });
});

/**
 * Compounds follow their parts (issue 21, item 4), on a lexicon of its own: the tadbhav adjective
 * ठूलो with its form ठूला, a noun टीका beside a form टीको, the tatsam मूल and आधार beside a मूलो
 * whose form मूला and a word धार make मूलाधार look like मूला + धार.
 */
test('a compound follows its members: a tadbhav adjective inside a compound', () => {
  const lexicon = new Set([
    'ठूलो',
    'ठूला',
    'ठूली',
    'बडा',
    'बडाको',
    'छोटो',
    'मीठो',
    'मूल',
    'आधार',
    'मूलो',
    'मूला',
    'धार',
    'टीका',
    'टीको',
    'टिप्पणी',
    'आईटी',
    'आई',
    'नील',
    'नीलो',
    'नीला',
    'आकाश',
    'काश',
    'पन',
  ]);
  const inflections: Record<string, string> = { ठूला: 'ठूलो', ठूली: 'ठूलो', मूला: 'मूलो', नीला: 'नीलो' };
  const headwords = new Set(['ठूलो', 'बडा', 'छोटो', 'मीठो', 'मूल', 'आधार', 'मूलो', 'धार', 'टीका', 'टिप्पणी', 'आईटी', 'नील', 'नीलो', 'आकाश', 'काश']);
  const c: OrthographyContext = {
    ...ctx,
    isLexicon: (w) => lexicon.has(w),
    accepts: (w) => lexicon.has(w),
    isInflectionOf: (w, stem) => inflections[w] === stem,
    isHeadword: (w) => headwords.has(w),
    isThesaurusHeadword: (w) => w === 'ठूलोपन',
  };
  const cut = (w: string): { base: string; suffix: string }[] => (w.endsWith('को') ? [{ base: w.slice(0, -2), suffix: 'को' }] : []);
  const fixIn = (w: string): { rule: string; correction: string } | null => applyOrthography(w, cut(w), c);
  // The part's own rule, and the compound with it.
  assert.deepEqual(fixIn('ठूला'), { rule: 'tadbhav-hrasva', correction: 'ठुला' });
  assert.deepEqual(fixIn('ठूलाबडा'), { rule: 'tadbhav-hrasva', correction: 'ठुलाबडा' });
  assert.deepEqual(fixIn('ठूलाबडाको'), { rule: 'tadbhav-hrasva', correction: 'ठुलाबडाको' });
  assert.deepEqual(fixIn('छोटोमीठो'), { rule: 'tadbhav-hrasva', correction: 'छोटोमिठो' });
  // Both members of a doubled adjective at once: no half-standard ठुलाठूला.
  assert.deepEqual(fixIn('ठूलाठूला'), { rule: 'tadbhav-hrasva', correction: 'ठुलाठुला' });
  assert.equal(fixIn('ठुलाबडा'), null);
  // A tatsam compound made in sandhi (मूल + आधार, नील + आकाश) has no member मूला or नीला.
  assert.equal(fixIn('मूलाधार'), null);
  assert.equal(fixIn('नीलाकाश'), null);
  // A noun of its own in -आ beside an -ो form (टीका, a commentary) is not the adjective's form.
  assert.equal(fixIn('टीकाटिप्पणी'), null);
  // A word and its postposition are no compound: आईटी + का, not आई + टीका.
  assert.equal(fixIn('आईटीका'), null);
  // A compound the thesaurus lists as it is stays.
  assert.equal(fixIn('ठूलोपन'), null);
});

test('the participle rule leaves a word in -इ that real text gives case endings: a noun, not a participle', () => {
  // लेखि is read as the participle of लेख्नु until real text is known to inflect it (as रुचि: रुचिको, रुचिलाई).
  assert.deepEqual(fix('लेखि'), { rule: 'dirgha-conjunctive-participle', correction: 'लेखी' });
  const declined = (counts: Record<string, number>): OrthographyContext => ({ ...ctx, nounCaseForms: (w) => counts[w] ?? 0 });
  assert.equal(applyOrthography('लेखि', morph.splitPostpositions('लेखि'), declined({ लेखि: 2 })), null);
  // Declined once, or less than the participle (a misspelling real text also declines): still the participle.
  assert.deepEqual(applyOrthography('लेखि', morph.splitPostpositions('लेखि'), declined({ लेखि: 1 }))?.correction, 'लेखी');
  assert.deepEqual(applyOrthography('लेखि', morph.splitPostpositions('लेखि'), declined({ लेखि: 3, लेखी: 6 }))?.correction, 'लेखी');
});

test('the -इक vriddhi rule needs the raised form in the lexicon', () => {
  assert.equal(fix('मानविक'), null);
});

test('lexicon flags used by the rules are those of the fixture', () => {
  assert.ok(((store.form('सम्लग्न')?.flags ?? 0) & FORM_LEXICON) !== 0, 'सम्लग्न is an old spelling the fixture lists');
  assert.ok(!((store.form('संलग्न')?.flags ?? 0) & FORM_LEXICON), 'संलग्न is not in the fixture word list');
});

test('docs/api.md lists every rule id with its description', () => {
  const doc = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
  for (const r of [...ORTHOGRAPHY_RULES, OBLIQUE_GENITIVE_RULE]) assert.ok(doc.includes(`| ${r.id} | ${r.description} |`), r.id);
});
