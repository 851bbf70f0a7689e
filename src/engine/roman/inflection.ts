// Inflected roman input: a stem plus a postposition or a verb ending
// ("gharma" घरमा, "nepalko" नेपालको, "garchu" गर्छु, "garnuhos" गर्नुहोस्).
//
// The store has aliases for headwords and for the inflected forms seen in
// real text, so most inflected words match whole. For the rest the resolver
// splits the roman token into a stem and an ending it knows, resolves the
// stem through the aliases, and joins the Devanagari. The endings below are
// Nepali grammar (case markers, postpositions, the plural, verb endings), not
// words of any test set; their roman spellings are made by the casual scheme
// itself (casual.ts), so "छु" is found as chhu and chu alike.
//
// The same endings tell, on the Devanagari side, whether a word is a
// headword plus a postposition (postpositionHeadword): that backs a word
// seen in real text that no dictionary lists (बारे+मा, किताब+हरू).

import { CONSONANTS, HALANTA, NUKTA } from '../lang/letters.js';
import { CASE_MARKERS, EMPHATIC_CASE_MARKERS, NONSTANDARD_POSTPOSITIONS, PLURAL } from '../lang/postpositions.js';
import { VERB_ENDINGS } from '../lang/verb-endings.js';
import { casualSpellings } from './casual.js';
import { casualWeight } from './aliases.js';
import { SIGN_TO_LETTER, syllabify } from './schemes.js';

export type EndingType = 'post' | 'verb';

export interface Ending {
  /** Devanagari ending; a leading vowel sign or halanta joins it to a consonant-final stem. */
  dev: string;
  type: EndingType;
  /** Weight of the roman spelling that matched (casualWeight of its cost). */
  weight: number;
  /** Not one of the spellings the Academy standard corrects (NONSTANDARD_POSTPOSITION). */
  standard: boolean;
}

/**
 * The नामयोगी (lang/postpositions.ts NAMAYOGI) the split stage reads
 * joined to a typed stem (gharbhitra घरभित्र, uskolagi उसकोलागि): those
 * casual text joins most. The others, which the spellchecker's morphology
 * also reads, are found when a list has the whole word.
 */
export const JOINED_NAMAYOGI: readonly string[] = [
  'लागि',
  'तर्फ',
  'भित्र',
  'बाहिर',
  'माथि',
  'मुनि',
  'पछि',
  'अघि',
  'अगाडि',
  'नजिक',
  'बारे',
  'जस्तो',
  'जस्तै',
  'जस्ता',
  'बिना',
];
/**
 * Words casual text joins to a noun that are no postpositions of the
 * standard: the adjective-forming -वाला/-वाली (the spellchecker reads them
 * as derivational suffixes) and the colloquial नेर ('near').
 */
const COLLOQUIAL_JOINED = ['वाला', 'वाली', 'नेर'];
/**
 * Spellings of the plural and of सँग that real text writes and the
 * Academy standard corrects (NONSTANDARD_POSTPOSITIONS: हरू, सँग): after a
 * word it knows, the spellchecker flags them; after a word only real text
 * has, where it cannot, the romanizer does not build them (stages/split.ts
 * tryJoin).
 */
const NONSTANDARD_POSTPOSITION = new RegExp([...NONSTANDARD_POSTPOSITIONS.keys()].join('|'));
const nonstandardSpellingsOf = (standard: string): string[] => [...NONSTANDARD_POSTPOSITIONS].filter(([, s]) => s === standard).map(([w]) => w);
/** Case markers and postpositions the split stage reads joined to a noun or pronoun, in both spellings real text writes. */
const SPLIT_CASE_MARKERS: readonly string[] = [...CASE_MARKERS.flatMap((m) => [m, ...nonstandardSpellingsOf(m)]), ...JOINED_NAMAYOGI, ...COLLOQUIAL_JOINED];
/** The plural, alone or before a case marker, in both spellings. */
const PLURALS = [PLURAL, ...nonstandardSpellingsOf(PLURAL)];
/**
 * Emphatic particles glued to a word: the particle नै, the emphatic case
 * markers मै and कै (घरमै, उसकै; उसैको is a stem change and is left out)
 * and लै, as casual text writes it. (A case marker with नै, घरमानै, is
 * made below.)
 */
const EMPHATIC = ['नै', ...EMPHATIC_CASE_MARKERS.filter((m) => !m.endsWith('नै')), 'लै'];

/**
 * A verb ending of the paradigm (lang/verb-endings.ts, which lists each as
 * it follows an infinitive's stem, खा|एको beside गर|ेको) in the form the
 * split stage joins: after a consonant-final stem (गर्) a consonant-initial
 * ending follows a halanta (गर्छु), a vowel-initial one is written as its
 * sign and replaces the halanta (गरेको); joinStem writes the sign as its
 * letter after a vowel-final stem (खाएको), and -यो as ्यो (खायो, गर्यो).
 */
function consonantStemForm(ending: string): string {
  const sign = LETTER_TO_SIGN[ending[0]!];
  if (sign !== undefined) return sign + ending.slice(1);
  return ending[0] === 'य' ? HALANTA + ending : ending;
}
const LETTER_TO_SIGN: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SIGN_TO_LETTER).map(([sign, letter]) => [letter, sign]));

/**
 * Endings the split stage reads besides the paradigm's. The split is one
 * level, a stem and one ending, where the spellchecker's morphology
 * composes: so it reads whole the compound verbs of an infinitive (-नुपर्छ,
 * -नुहोस्, -नुस्), a participle with a postposition (-ेमा, -ेपछि), the
 * literary present (-दछ) and the negative copula after a stem (-छैन); and
 * the first persons with the anusvara real text writes for the standard's
 * chandrabindu (-छौं, -ें, -ौं), which the spellchecker then flags.
 */
const JOINED_VERB_ENDINGS = [
  'छौं',
  'छेस्',
  'छैन',
  'छैनन्',
  'छैनौं',
  'छैनौँ',
  'दछ',
  'दछन्',
  'दछु',
  'न्छौं',
  'न्न',
  'न्नँ',
  'न्नन्',
  'नुपर्छ',
  'नुपर्ने',
  'नुपर्यो',
  'नुभयो',
  'नुभएको',
  'नुहुन्छ',
  'नुहुन्न',
  'नुहोस्',
  'नुस्',
  'नुहुँदैन',
  'नन्',
  'लिन्',
  'ेकै',
  'ेनौं',
  'ेपछि',
  'ेदेखि',
  'ेसम्म',
  'ेमा',
  'ेछौँ',
  'ेछस्',
  'िछ',
  'िछन्',
  'िछे',
  'िछस्',
  '्यौं',
  'ें',
  '्या',
  'ौं',
  'ौ',
  'ुँ',
  'ून्',
  'ुन्',
  'ुहोस्',
  'िएर',
  'िँदैन',
  'ँथ्यौ',
  'ँथ्यौँ',
];

/** The verb endings the split stage reads: the paradigm's, and the joined ones. */
const SPLIT_VERB_ENDINGS = [...new Set([...VERB_ENDINGS.map(consonantStemForm), ...JOINED_VERB_ENDINGS])];

/** The verb endings the standard writes with a final halanta (गर्छन्, गर्नुस्, गरिन्). */
const HALANTA_VERB_ENDINGS = SPLIT_VERB_ENDINGS.filter((v) => v.endsWith(HALANTA));

/**
 * A word that ends in a verb ending the standard writes with a final
 * halanta, as real text also spells it: without the halanta (लेख्नुस् ->
 * लेख्नुस, गर्छन् -> गर्छन). The news word list writes a fifth to two
 * fifths of such verb forms so (-नुस 25 beside -नुस् 44, -नुहोस 38 beside
 * 62, -छन 59 beside 219). Only the ending is looked at (a noun in -िस्,
 * बहिस्, passes too): the romanizer offers the twin only where the
 * spellchecker corrects it to the word. Null for a word with no such
 * ending after a stem (the bare copula छन् has none).
 */
export function halantaLessTwin(word: string): string | null {
  if (!word.endsWith(HALANTA)) return null;
  for (const e of HALANTA_VERB_ENDINGS) if (word.length > e.length && word.endsWith(e)) return word.slice(0, -1);
  return null;
}

/** Roman spelling -> endings it may stand for. */
const ROMAN_ENDINGS = new Map<string, Ending[]>();
/** Every Devanagari word-final postposition (for the detached-postposition rule of the resolver). */
export const POSTPOSITION_WORDS: ReadonlySet<string> = new Set([...SPLIT_CASE_MARKERS, ...PLURALS, ...EMPHATIC]);

/**
 * The postpositions written as words of their own as often as joined
 * (घर भित्र, उस सँग, म बाट): the case markers of two aksharas or more, not
 * the adjective-forming -वाला/-वाली (never a word alone) nor the literary
 * सित. They rank with the closed-class words (ranking.ts).
 */
export const STANDALONE_POSTPOSITIONS: ReadonlySet<string> = new Set(
  SPLIT_CASE_MARKERS.filter((m) => (syllabify(m)?.length ?? 0) >= 2 && !['वाला', 'वाली', 'सित'].includes(m)),
);

/** Every postposition ending in Devanagari, alone or in a chain (for splitting Devanagari words). */
const POST_DEV_ENDINGS: string[] = [];

function addEnding(dev: string, type: EndingType): void {
  if (type === 'post' && !POST_DEV_ENDINGS.includes(dev)) POST_DEV_ENDINGS.push(dev);
  // Spell the ending as a word of its own: a leading sign becomes its vowel
  // letter (ेको is spelled as एको: eko, yeko), a leading halanta is dropped
  // (्यो as यो). A leading nasal sign (ँदै) is typed n or not at all.
  const first = dev[0]!;
  let spellable = dev;
  let nasal = false;
  if (SIGN_TO_LETTER[first] !== undefined) spellable = SIGN_TO_LETTER[first] + dev.slice(1);
  else if (first === HALANTA) spellable = dev.slice(1);
  else if (first === 'ँ' || first === 'ं') {
    spellable = dev.slice(1);
    nasal = true;
  }
  const syl = syllabify(spellable);
  if (!syl) return;
  const spellings: { s: string; c: number }[] = [];
  for (const { s, c } of casualSpellings(syl, 6)) {
    if (nasal) spellings.push({ s: 'n' + s, c }, { s, c: c + 1 });
    else spellings.push({ s, c });
  }
  for (const { s, c } of spellings) {
    const list = ROMAN_ENDINGS.get(s);
    const e: Ending = { dev, type, weight: casualWeight(c), standard: !(type === 'post' && NONSTANDARD_POSTPOSITION.test(dev)) };
    if (!list) ROMAN_ENDINGS.set(s, [e]);
    else if (!list.some((x) => x.dev === dev && x.type === type)) list.push(e);
  }
}

for (const m of SPLIT_CASE_MARKERS) addEnding(m, 'post');
for (const p of PLURALS) {
  addEnding(p, 'post');
  for (const m of SPLIT_CASE_MARKERS) addEnding(p + m, 'post');
}
for (const e of EMPHATIC) addEnding(e, 'post');
for (const m of ['मा', 'को', 'ले', 'लाई']) addEnding(m + 'नै', 'post');
for (const v of SPLIT_VERB_ENDINGS) addEnding(v, 'verb');

/** Postposition endings by their last code unit, longest first. */
const POST_ENDINGS_BY_LAST = new Map<string, string[]>();
for (const dev of POST_DEV_ENDINGS.sort((a, b) => b.length - a.length)) {
  const last = dev[dev.length - 1]!;
  let list = POST_ENDINGS_BY_LAST.get(last);
  if (!list) POST_ENDINGS_BY_LAST.set(last, (list = []));
  list.push(dev);
}

/**
 * The headword when a Devanagari word is a headword that `isHeadword`
 * accepts plus a postposition, the plural or an emphatic particle (घर+मा,
 * किताब+हरू+को, बारे+मा): a regular inflection of a dictionary word, even
 * when no dictionary lists the form itself. Null otherwise. Verb forms are
 * the spellchecker's morphology to read (morphology.ts), which knows how
 * each ending joins its stem.
 */
export function postpositionHeadword(word: string, isHeadword: (word: string) => boolean): string | null {
  for (const form of POST_ENDINGS_BY_LAST.get(word[word.length - 1] ?? '') ?? []) {
    if (word.length <= form.length || !word.endsWith(form)) continue;
    const stem = word.slice(0, -form.length);
    if (isHeadword(stem)) return stem;
  }
  return null;
}

/** The endings a roman suffix may stand for (empty when none). */
export function endingsFor(romanSuffix: string): readonly Ending[] {
  return ROMAN_ENDINGS.get(romanSuffix) ?? [];
}

/** Longest roman spelling of any ending (bounds the split points tried). */
export const MAX_ENDING_LENGTH = Math.max(...[...ROMAN_ENDINGS.keys()].map((k) => k.length));

/** A consonant, or a consonant with its nukta, ends the stem. */
const CONSONANT = new RegExp(`[${CONSONANTS}${NUKTA}]$`);

/**
 * Stem + ending in Devanagari: a halanta is added between a consonant-final
 * verb stem and a consonant-initial ending (गर + छु = गर्छु), removed before
 * a vowel sign (गर् + ेको = गरेको), and a vowel sign after a vowel-final stem
 * becomes its letter (खा + ेको = खाएको). Null when they cannot join.
 */
export function joinStem(stem: string, ending: Ending): string | null {
  const first = ending.dev[0]!;
  const endsHalanta = stem.endsWith(HALANTA);
  const endsConsonant = !endsHalanta && CONSONANT.test(stem);
  const endsVowel = !endsHalanta && !endsConsonant;
  if (SIGN_TO_LETTER[first] !== undefined) {
    if (endsHalanta) return stem.slice(0, -1) + ending.dev;
    if (endsConsonant) return stem + ending.dev;
    return stem + SIGN_TO_LETTER[first] + ending.dev.slice(1);
  }
  if (first === HALANTA) {
    if (endsHalanta) return stem + ending.dev.slice(1);
    if (endsConsonant) return stem + ending.dev;
    return stem + ending.dev.slice(1);
  }
  // nasalized vowel-stem forms (खाँदै): only after a vowel
  if (first === 'ँ' || first === 'ं') return endsVowel ? stem + ending.dev : null;
  if (ending.type === 'verb' && endsConsonant) return stem + HALANTA + ending.dev;
  return stem + ending.dev;
}
