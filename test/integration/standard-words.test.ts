// The standard's own words stay, and misspellings of several slips get
// their correction, on the real data (the engine in process, as a worker
// thread runs it, with the build's stored verdicts when they are this code's).
//
// Every one-word headword of the store (of every dictionary: the thesaurus,
// the hunspell-ne word list, the closed-class list) is checked at level
// standard. A headword of a dictionary other than hunspell-ne is never
// corrected, but for the EXCEPTIONS, each a spelling the Academy standard
// itself corrects by the rule named. hunspell-ne is older than the standard
// and lists spellings the standard corrects (ठूलो, घण्टा, संसद); a headword
// only it has may be corrected, but only to a word of the standard: by one
// of the standard's named rules or to the thesaurus's spelling (category
// `standard`), to a correction a dictionary has or real text writes more
// often than the headword, or, where neither has the rule's spelling, a
// headword listed under its rule in RULE_SPELLINGS; a real-word correction
// only as listed in REAL_WORD_ERRORS. So a rule that turns a word of the
// lists into a word no list has fails the test.
//
// The pronunciation lexicon of data/google-language-resources-ne is a source
// of the build (FORM_PRONOUNCED) but not written to the standard (अंक for
// अङ्क, अरु for अरू), so its words may be corrected; the rules' misfires
// found on its words, as on the word list's, are in STANDARD.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ORTHOGRAPHY_RULE_IDS } from '../../src/engine/spell/orthography.js';
import type { LmdbStore } from '../../src/store/lmdb-store.js';
import { FORM_HEADWORD, FORM_LEXICON, HUNSPELL_DICT } from '../../src/store/types.js';
import { openEngines } from '../../src/worker/engines.js';
import { BUILD_DIR, SKIP_WITHOUT_DATA } from './real-data.js';

/**
 * Headwords of the thesaurus the standard corrects, with the rule: the
 * prefixes अन्तर्, पुनर्, बहिर् keep their र् (halanta) before a voiced
 * consonant; -ईकरण on an -इक adjective keeps the -इक (प्रादेशिक + ईकरण). The
 * thesaurus writes the older spellings.
 */
const EXCEPTIONS: Record<string, string> = {
  अन्तरराष्ट्रिय: 'halanta-r-prefix',
  अन्तरवर्ती: 'halanta-r-prefix',
  प्रादेशीकरण: 'ikaran-after-ik',
};

/**
 * Headwords of hunspell-ne alone that a rule corrects to a spelling no
 * dictionary has and real text writes less often (or never), by rule: the
 * standard's spelling all the same.
 */
const RULE_SPELLINGS: Record<string, string> = {
  // तद्भव शब्दमा ह्रस्व: the -ो/-ा/-ी adjective and the compounds made of it. टीका
  // and टीको are also the tatsam टीका (a commentary), which the rule cannot tell apart.
  'tadbhav-hrasva': 'कालोनीलो कीरो छोटोमीठो टीका टीको टीठो ठूला ठूलाबडा ठूली ठूलीपोखरी ठूलो ठूलोगाउँ ठूलोपाखा नीचो सूरो',
  // न before ट ठ ड ढ in tadbhav and loanwords. कुण्ठा, उत्कण्ठा, वितण्डा and चामुण्डा are
  // Sanskrit feminines in -आ, which the rule reads as tadbhav by the -आ.
  'na-before-retroflex-non-tatsam': 'उत्कण्ठा कुण्ठा चामुण्डा झण्डा डण्डा थाइल्याण्ड पण्डा पोल्याण्ड रुवाण्डा वितण्डा हतकण्डा',
  // द्वित्व at the joint: पश्चात् + ताप, सत् + त्व, महत् + त्व.
  'geminate-at-joint': 'पश्चाताप महत्वकाङ्क्षा सत्व',
  'halanta-root-sad': 'संसद',
  'ikaran-after-ik': 'प्रजातान्त्रीकरण',
  'ri-not-ra-plus-ri': 'अश्वश्रृअंगार',
  'sa-in-loanwords': 'एक्सप्रेशन प्यालेष्टाइन',
  // पुनः + अवलोकन, in यण्/विसर्ग sandhi.
  'sandhi-no-lengthening': 'पुनरावलोकन',
  'visarga-punah': 'पुनर्संरचना',
};

/** Headwords of hunspell-ne alone that are its misspellings of a far commoner word (twins.ts realWordError). */
const REAL_WORD_ERRORS: Record<string, string> = {
  छेत्र: 'क्षेत्र',
  वाः: 'वा',
};

/** Misspellings writers make, one to three slips from a frequent word, and the first correction. */
const SLIPS: [typed: string, first: string, slips: string][] = [
  ['शिक्छा', 'शिक्षा', 'क्ष written क्छ'],
  ['परिक्छा', 'परीक्षा', 'क्ष written क्छ, ी for ि'],
  ['रक्छा', 'रक्षा', 'क्ष written क्छ'],
  ['प्रतिक्छा', 'प्रतीक्षा', 'क्ष written क्छ, ि for ी'],
  ['लक्छ्य', 'लक्ष्य', 'क्ष written क्छ'],
  ['बिध्युत', 'विद्युत्', 'ब for व, ध्य for द्य, the final halanta dropped'],
  ['समाचा', 'समाचार', 'the last letter left out'],
  ['णया', 'नयाँ', 'ण for न, ँ dropped'],
  ['नीरवाचनको', 'निर्वाचनको', 'ी for ि, ् dropped'],
  ['छ्येत्र', 'क्षेत्र', 'क्षे written छ्ये'],
  ['विध्यालय', 'विद्यालय', 'ध्य for द्य'],
];

/** The standard's own spellings, which the word list carries otherwise or the rules' patterns match. */
const STANDARD = [
  ...['उन्नति', 'उन्नतिको', 'विद्युत्', 'मृत्युदण्ड', 'सन्ध्याकाल', 'असत्यता', 'असतर्क', 'सौम्यता', 'हँस्सीमजाक'],
  // the letters of a यण् sandhi compound: a दीर्घ sandhi (वाक्य + अंश), a prefix on a word (अ + स्वामिक), no stems
  ...['वाक्यांश', 'अस्वामिक', 'आश्वासी', 'खल्वाटे'],
  // Sanskrit -वेशन
  ...['अधिवेशन', 'महाधिवेशन'],
  // a stem a geminate from its twin; a word in -ो with its tadbhav chandrabindu; a verb, not सम् + verb; त्वृ is no -त्व
  ...['कम्मल', 'हँस्यौलो', 'हँस्यौली', 'सम्लाउनु', 'विद्वत्वृत्ति', 'पोल्यान्ड'],
];

/**
 * Words of the pronunciation lexicon alone that the rules corrected into no
 * word: no list has them, so they are unknown, never misspelled (दीर्घ sandhi:
 * धान्य + अचल; Sanskrit -देशन; a ya-phala outside the Sanskrit ष्ट word).
 */
const NOT_CORRECTED = ['धान्याचल', 'मान्यार्थ', 'पुनर्निर्देशन', 'ध्यानाकृष्ट', 'धृष्टद्युम्न'];

/** What the rules still correct beside those words: [typed, first correction, rule]. */
const RULE_CORRECTIONS: [typed: string, first: string, rule: string][] = [
  ['पुनरावलोकन', 'पुनरवलोकन', 'sandhi-no-lengthening'],
  ['अग्न्यास्त्र', 'अग्न्यस्त्र', 'sandhi-no-lengthening'],
  ['अत्याधिक', 'अत्यधिक', 'sandhi-no-lengthening'],
  ['स्टेशन', 'स्टेसन', 'sa-in-loanwords'],
  ['कम्युनिष्ट', 'कम्युनिस्ट', 'sa-in-loanwords'],
  ['पोल्याण्ड', 'पोल्यान्ड', 'na-before-retroflex-non-tatsam'],
  ['महत्वाकांक्षा', 'महत्त्वाकांक्षा', 'geminate-at-joint'],
  ['सँस्था', 'संस्था', 'anusvara-in-tatsam'],
];

/** The store's one-word headwords: its forms that have a headword record. */
function storeHeadwords(store: LmdbStore): string[] {
  return [...store.formWords()].filter((w) => !w.includes(' ') && ((store.formFlags(w) ?? 0) & FORM_HEADWORD) !== 0);
}

test(
  "the store's headwords are not corrected at level standard, but to the standard's spelling of a word list's headword",
  { skip: SKIP_WITHOUT_DATA, timeout: 300_000 },
  () => {
    const e = openEngines({ dataDir: BUILD_DIR, bloom: null, cacheBytes: 64 << 20, warmUp: false });
    try {
      const headwords = storeHeadwords(e.store);
      const listed = new Map(Object.entries(RULE_SPELLINGS).flatMap(([rule, words]) => words.split(' ').map((w) => [w, rule] as const)));
      const wrong: string[] = [];
      const seen = { exceptions: [] as string[], listed: [] as string[], realWord: [] as string[], byRule: new Map<string, number>() };
      for (const w of headwords) {
        const r = e.spell.checkWord(w);
        if (r.status !== 'misspelled') continue;
        const first = r.corrections![0]!;
        const how = r.rule ?? r.category!;
        seen.byRule.set(how, (seen.byRule.get(how) ?? 0) + 1);
        const said = `${w} -> ${r.corrections!.join(', ')} (${how})`;
        const dictionaries = e.store.headword(w)!.entries.map((x) => x.dictionary);
        if (dictionaries.some((d) => d !== HUNSPELL_DICT)) {
          if (EXCEPTIONS[w] === r.rule) seen.exceptions.push(w);
          else wrong.push(`${said}: a headword of ${dictionaries.join(', ')}`);
        } else if (r.category === 'real-word') {
          if (REAL_WORD_ERRORS[w] === first) seen.realWord.push(w);
          else wrong.push(`${said}: a real-word correction of a headword`);
        } else if (r.rule !== undefined ? !ORTHOGRAPHY_RULE_IDS.includes(r.rule) : r.category !== 'standard') {
          wrong.push(`${said}: neither a rule of the standard nor the thesaurus's spelling`);
        } else if (((e.store.formFlags(first) ?? 0) & FORM_LEXICON) === 0 && !((e.store.rank(first) ?? Infinity) < (e.store.rank(w) ?? Infinity))) {
          if (listed.get(w) === r.rule) seen.listed.push(w);
          else wrong.push(`${said}: no dictionary has the correction and real text writes it less often`);
        }
      }
      console.log(`${headwords.length} headwords; corrected: ${[...seen.byRule].map(([k, n]) => `${k} ${n}`).join(', ')}`);
      assert.ok(headwords.length > 30_000, `${headwords.length} headwords`);
      assert.deepEqual(wrong, [], 'headwords corrected away from the standard');
      assert.deepEqual(seen.exceptions.sort(), Object.keys(EXCEPTIONS).sort(), 'each thesaurus exception is still corrected by its rule');
      assert.deepEqual(seen.listed.sort(), [...listed.keys()].sort(), "each listed rule spelling is still the rule's");
      assert.deepEqual(seen.realWord.sort(), Object.keys(REAL_WORD_ERRORS).sort(), 'each listed real-word error is still corrected');
    } finally {
      e.store.close();
    }
  },
);

test(
  'misspellings of one to three slips get their correction; the standard spellings stay correct, the rules still correct theirs',
  { skip: SKIP_WITHOUT_DATA },
  () => {
    const e = openEngines({ dataDir: BUILD_DIR, bloom: null, cacheBytes: 64 << 20, warmUp: false });
    try {
      for (const [typed, first, slips] of SLIPS) {
        const r = e.spell.checkWord(typed);
        assert.equal(r.status, 'misspelled', `${typed} (${slips})`);
        assert.equal(r.corrections?.[0], first, `${typed} (${slips}): ${r.corrections?.join(', ')}`);
        assert.equal(new Set(r.corrections).size, r.corrections!.length, 'five different words');
      }
      for (const w of STANDARD) assert.deepEqual(e.spell.checkWord(w), { status: 'correct', corrections: null }, w);
      for (const w of NOT_CORRECTED) assert.notEqual(e.spell.checkWord(w).status, 'misspelled', w);
      for (const [typed, first, rule] of RULE_CORRECTIONS) {
        const r = e.spell.checkWord(typed);
        assert.deepEqual([r.corrections?.[0], r.rule], [first, rule], typed);
      }
    } finally {
      e.store.close();
    }
  },
);
