// The morphology layer: words the dictionary does not list but Nepali
// grammar makes from words it does. The hunspell-ne expansion already has
// the inflections its affix classes describe; what it lacks, and what this
// layer accepts, is:
//
//   1. Very common closed-class words the dictionary misses (र, आदि, ...):
//      FUNCTION_WORDS, written from Nepali grammar (conjunctions, particles,
//      pronouns, numerals, adverbs of time and place; Nepal Academy
//      spellings), not from any text the service is evaluated on.
//   2. Postposition chains on nouns, pronouns and non-finite verbs. Nepali
//      writes postpositions (विभक्ति and नामयोगी) joined to the word they
//      follow, and they stack: घरहरूमा, उनीहरूलाई, सबैभन्दा, भएपछि,
//      गर्नका लागि -> गर्नका. Sources: the case markers ले, लाई, को/का/की,
//      मा, बाट, देखि, सँग, सम्म, तिर, भन्दा, द्वारा (Nepali grammar's विभक्ति),
//      the नामयोगी written joined (पछि, अघि, माथि, भित्र, बाहिर, ...), the
//      plural हरू, and the emphatic ै on a case marker (मै, कै).
//   3. Compound verbs: an infinitive, absolutive or progressive verb form
//      followed by a form of an auxiliary verb, written as one word by the
//      standard: the honorific and polite forms (गर्नुहोस्, गर्नुहुन्छ,
//      गर्नुभयो: -नु + हुनु), obligation (गर्नुपर्छ: -नु + पर्नु), ability
//      (हुनसक्छ: -न + सक्नु), completion and continuity (गरिसकेको,
//      गरिरहेको: -इ + सक्नु/रहनु), benefactive and others (गरिदिनुहोस्,
//      गरिहाल्यो, गरिराख्यो, गरिपठायो), progressive with the copula
//      (गर्दैछ).
//   4. The literary present in -दछ (गर्दछ, पर्दछन्, जाँदछ, बनाउँदछ) and past
//      habitual in -दथ (गर्दथे), made from the colloquial forms the
//      dictionary has (गर्छ, पर्छन्, जान्छ, बनाउँछ, गर्थे).
//   5. Negative न- on any verb form, including compounds (नगर्नुहोस्,
//      नभएपछि), when the dictionary's prefix class did not make it, and on
//      an adjective in -ो a dictionary tags as one (नराम्रो).
//   6. Verb forms of an infinitive the dictionary lists without its
//      inflections (the thesaurus lists verbs as -नु headwords only):
//      stem + one of the endings of the Nepali verb paradigm (VERB_ENDINGS),
//      and the first-person forms in -एँ/-औँ the word list lacks (दिएँ);
//      the passive stem (कर्मवाच्य: -इ after a vowel stem, -ि after a
//      consonant stem) takes the endings of a vowel stem (पकाइएका,
//      मारिन्छन्), and the evidential past is -एछ (गरेछ, खाएछन्).
//      Also of an infinitive no dictionary lists but real text uses (the
//      news word list has पकाउनु, रिसाउनु; the dictionaries lack them), when
//      no dictionary word is a confusion slip away from it: the news list
//      holds misspellings too, and a misspelled infinitive has its correct
//      spelling one slip away.
//   7. Word formation (only asked for after the error model found no close
//      dictionary word, so a misspelling of a known word is never read as a
//      new compound): a derivational suffix on a word (तद्धित: -ता, -पन,
//      -हीन, -शील, ...; a final ई short before -ता and -त्व, प्रभावकारिता
//      from प्रभावकारी; the -य noun with vriddhi, वैराग्य from विराग), a
//      prefix on a word (उपसर्ग: अ-, कु-, उप-, प्रति-, ...),
//      and two dictionary headwords written as one (समास: हर्षविभोर).
//   8. Back-formation (asked with word formation): a word real text uses
//      that the lexicon knows only through its derivatives (स्पष्ट from
//      अस्पष्ट, स्पष्टता; hunspell-ne misses स्पष्ट, शुद्ध, सम्भव).
//   9. The feminine agent noun in -इका of a headword in -अक (लेखिका from
//      लेखक), before the error model: लेखीका, the genitive of लेखी, is a
//      vowel-length slip away.
//  10. Agreement of an adjective in -ओ: -आ and -ई (पुराना, पुरानी from
//      पुरानो), for a headword a dictionary tags as an adjective, or one
//      with no part of speech when real text uses the form.
//
// Every rule ends in dictionary look-ups: a word is accepted only when the
// pieces it is cut into are lexicon forms (FORM_LEXICON) or function words.

import { FORM_HEADWORD, FORM_LEXICON, type FormRecord, type HeadwordRecord } from '../../store/types.js';
import { FUNCTION_WORDS, NOMINAL_FUNCTION_WORDS } from '../lang/closed-class.js';
import { CASE_ENDING_CLASS, VERB_CLASSES } from '../lang/hunspell-classes.js';
import { aksharaCount, hasDevanagariLetter, HALANTA, isConsonantCode, isLetter, memberSplits } from '../lang/letters.js';
import { CASE_FORM_PROBES, NAMAYOGI, POSTPOSITIONS_BY_LAST } from '../lang/postpositions.js';
import { VERB_ENDINGS_BY_LAST } from '../lang/verb-endings.js';
import { confusionKey } from './confusion.js';
import { isAttested } from './evidence.js';
import { approxBytes, CachePlan, DEFAULT_CACHE_BYTES, type BudgetCache } from '../lang/budget-cache.js';
import type { SpellStore } from './store-memo.js';

const NAMAYOGI_BASES: ReadonlySet<string> = new Set(NAMAYOGI);

/**
 * Derivational suffixes (तद्धित प्रत्यय) that make a new word of a word:
 * abstract nouns, adjectives of quality, adverbs of manner (सामान्यतया,
 * सामान्यतः), the numeral classifiers (दुईवटा, एकजना).
 */
export const DERIVATIONAL_SUFFIXES: readonly string[] = [
  'ता',
  'त्व',
  'पन',
  'पना',
  'हीन',
  'शील',
  'पूर्ण',
  'पूर्वक',
  'मय',
  'रहित',
  'युक्त',
  'कारी',
  'वादी',
  'वाद',
  'जनक',
  'योग्य',
  'गत',
  'वान्',
  'वती',
  'दार',
  'वाला',
  'स्वरूप',
  'भर',
  'तर्फी',
  'कालीन',
  'सम्बन्धी',
  'विहीन',
  'प्रद',
  'दायी',
  'दायक',
  'वत्',
  'तया',
  'तः',
  'वटा',
  'वटी',
  'जना',
  'खाले',
  'पटक',
  'विरोधी',
  // the manner adverb joined to a word (विशेषगरी, त्यसैगरी, हुनेगरी)
  'गरी',
]
  .slice()
  .sort((a, b) => b.length - a.length);

/**
 * Suffixes that begin with a vowel sign and take the place of the base's
 * final ा or ो, or follow its last consonant: the adjectives in -ई/-ईय/-आत्मक
 * (उत्तर+ई उत्तरी, अफ्रिका+ई अफ्रिकी, स्तर+ईय स्तरीय, रचना+आत्मक रचनात्मक),
 * the nouns of making in -ईकरण (च्वि + करण: आधुनिक+ईकरण आधुनिकीकरण,
 * सामाजिक+ईकरण सामाजिकीकरण, सरल+ईकरण सरलीकरण)
 * and the emphatic particle ऐ fused to a word (एक+ऐ एकै, सानो+ऐ सानै,
 * पूरा+ऐ पूरै, अत्यन्त+ऐ अत्यन्तै).
 */
const VOWEL_SUFFIXES: readonly string[] = ['ीकरण', 'ात्मक', 'ीय', 'ी', 'ै'];

/** Prefixes (उपसर्ग, and the Nepali negative and pejorative prefixes) written joined to a word. */
export const PREFIXES: readonly string[] = [
  'अ',
  'अन',
  'कु',
  'सु',
  'उप',
  'प्रति',
  'निर्',
  'निस्',
  'दुर्',
  'दुस्',
  'वि',
  'सम्',
  'सं',
  'अति',
  'अधि',
  'अनु',
  'अभि',
  'परि',
  'प्र',
  'स्व',
  'उत्',
  'नि',
  'बे',
  'गैर',
  'महा',
  'सह',
  'पुनः',
  'उप',
  'अन्तर',
  'अन्तः',
  'पूर्व',
  'उत्तर',
  'नव',
  'बहु',
  'सर्व',
  'अर्ध',
  'स्वयं',
]
  .filter((p, i, all) => all.indexOf(p) === i)
  .sort((a, b) => b.length - a.length);

/**
 * The prefixes whose derivatives contain a free word (अ+स्पष्ट, सु+परिचित,
 * बे+फाइदा, गैर+सरकारी), for back-formation (rule 8). The Sanskrit verbal
 * prefixes (वि-, प्र-, परि-, सम्-, अनु-, अभि-, नि-, उत्-) are left out:
 * their derivatives are words of their own whose tail is often no word
 * (वितथ, प्रवास, उत्रियो).
 */
const BACK_FORMATION_PREFIXES: readonly string[] = [
  'अ',
  'अन',
  'सु',
  'कु',
  'बे',
  'गैर',
  'निर्',
  'निस्',
  'दुर्',
  'दुस्',
  'अति',
  'महा',
  'उप',
  'प्रति',
  'पूर्व',
  'सह',
  'नव',
  'बहु',
  'अर्ध',
  'स्व',
];

/** Stems (as hunspell-ne analyses them) of the auxiliaries that form compound verbs. */
const AUXILIARY_STEMS: ReadonlySet<string> = new Set([
  'हु',
  'भ',
  'हो',
  'होइ', // हुनु: honorific and polite forms
  'पर्', // पर्नु: obligation
  'सक्', // सक्नु: ability, completion
  'रह',
  'रह्', // रहनु: continuity
  'दि',
  'दे', // दिनु: benefactive
  'हाल्',
  'राख्',
  'पठाउ',
  'ले',
  'बस्',
  'लाग्',
  'जा',
  'ग',
  'चाह',
  'थि',
  'सकि',
  'आ',
  'आउ', // आउनु: motion towards (चलिआएको)
]);

export type MorphologyRule =
  | 'function-word'
  | 'postposition'
  | 'compound-verb'
  | 'literary-tense'
  | 'negative'
  | 'verb-paradigm'
  | 'derivation'
  | 'prefix'
  | 'compound'
  | 'back-formation'
  | 'feminine'
  | 'agreement';

export interface MorphAnalysis {
  rule: MorphologyRule;
  /**
   * True when the analysis needed a speculative word-formation step
   * somewhere: two headwords read as a compound, or a one-akshara prefix
   * (अ-, कु-, सु-). Such a reading is plausible but so is a misspelling of
   * something the dictionary lacks; the spellchecker calls the word
   * "unknown" rather than "correct".
   */
  speculative?: boolean;
  /** The lexicon piece the word was built on. */
  base: string;
  /** What was added to it, in order (postpositions, auxiliary, prefix न). */
  parts: string[];
}

const MAX_DEPTH = 4;
const LONGEST_FUNCTION_WORD = Math.max(...[...FUNCTION_WORDS].map((w) => w.length));
const NONE: readonly string[] = [];

export class Morphology {
  private readonly memo: BudgetCache<MorphAnalysis | false>;
  private readonly splitMemo: BudgetCache<{ base: string; suffix: string }[]>;

  /** `caches`: the thread's (the spellchecker passes its own); a plan of its own by default (tests, the data build). */
  constructor(
    private readonly store: SpellStore,
    caches: CachePlan = new CachePlan(DEFAULT_CACHE_BYTES),
  ) {
    this.memo = caches.cache('spell.morphology', 0.04, approxBytes);
    this.splitMemo = caches.cache('spell.morphologySplits', 0.02, approxBytes);
  }

  /** True when the store lists the word as a lexicon form, or it is a function word. */
  isLexicon(word: string): boolean {
    if (FUNCTION_WORDS.has(word)) return true;
    if (!this.store.mayBeForm(word)) return false;
    return ((this.store.form(word)?.flags ?? 0) & FORM_LEXICON) !== 0;
  }

  /** The lexicon record of a form, or undefined when the word is not a lexicon form. */
  private lexiconForm(word: string): FormRecord | undefined {
    if (!this.store.mayBeForm(word)) return undefined;
    const f = this.store.form(word);
    return f && f.flags & FORM_LEXICON ? f : undefined;
  }

  /**
   * How grammar makes the word from lexicon pieces, or null. Words the
   * lexicon lists themselves are not analysed here (the caller checks the
   * lexicon first); function words are. With `wordFormation`, derivation,
   * prefixes and compounds are tried too (rule 7 of the header: only after
   * the error model found no close dictionary word).
   */
  analyse(word: string, wordFormation = false): MorphAnalysis | null {
    if (FUNCTION_WORDS.has(word)) return { rule: 'function-word', base: word, parts: [] };
    // Memoized: the spellchecker asks about a word, its bases and its candidates repeatedly.
    const memoKey = wordFormation ? '+' + word : word;
    const memo = this.memo.get(memoKey);
    if (memo !== undefined) return memo || null;
    this.formation = wordFormation;
    this.speculative = false;
    try {
      let a = this.analyseAt(word, 0);
      if (a && this.speculative) a = { ...a, speculative: true };
      this.memo.remember(memoKey, a ?? false);
      return a;
    } finally {
      this.formation = false;
    }
  }

  /** Set when a speculative word-formation step succeeded during the current analyse(). */
  private speculative = false;

  /** Set while analyse(word, true) runs: word formation allowed at every depth. */
  private formation = false;

  private analyseAt(word: string, depth: number): MorphAnalysis | null {
    if (depth > MAX_DEPTH || word.length < 2) return null;
    return (
      this.postpositionChain(word, depth) ??
      this.literaryTense(word) ??
      this.compoundVerb(word, depth) ??
      this.negative(word, depth) ??
      this.verbParadigm(word) ??
      this.feminineAgent(word) ??
      this.adjectiveAgreement(word) ??
      (this.formation ? this.wordFormation(word, depth) : null)
    );
  }

  /**
   * A lexicon word or a function word, or (recursively) one of them with
   * postpositions; `whole` is the word the base was cut from (the oblique
   * stem's evidence must be another form).
   */
  private acceptsAsBase(word: string, depth: number, whole: string): boolean {
    if (NOMINAL_FUNCTION_WORDS.has(word) || NAMAYOGI_BASES.has(word)) return true;
    // Conjunctions, particles and the copula take no postposition, even
    // where the word list has them as stems.
    if (FUNCTION_WORDS.has(word)) return false;
    const f = this.lexiconForm(word);
    if (f) return !isBareVerbStem(f);
    if (this.isObliqueStem(word, whole)) return true;
    const a = this.analyseAt(word, depth + 1);
    return a !== null && a.rule !== 'literary-tense';
  }

  /**
   * The oblique (तिर्यक्) stem of a noun in -ओ, which takes -आ before a
   * postposition (बिरालो: बिरालाको, टाउको: टाउकामा, छोरो: छोराले): the
   * word lists give the -ो noun the case endings on its direct form only
   * (बिरालोको). Only where real text shows the oblique stem with a case
   * ending other than the word being read (the news list has बिरालादेखि
   * for बिरालाको, टाउकाको for टाउकामा; a news-list typo is no evidence for
   * itself): a loanword in -ओ (रेडियो, भिडियो) has no oblique.
   */
  private isObliqueStem(word: string, whole: string): boolean {
    if (word.length < 3 || !word.endsWith('ा')) return false;
    const direct = word.slice(0, -1) + 'ो';
    if (!this.isHeadword(direct) || !isNounHeadword(this.store.headword(direct))) return false;
    return CASE_FORM_PROBES.some((p) => this.store.mayBeFormJoined(word, p) && word + p !== whole && isAttested(this.store, word + p));
  }

  private postpositionChain(word: string, depth: number): MorphAnalysis | null {
    for (const p of POSTPOSITIONS_BY_LAST.get(word[word.length - 1]!) ?? NONE) {
      if (word.length <= p.length || !word.endsWith(p)) continue;
      const base = word.slice(0, word.length - p.length);
      if (!hasDevanagariLetter(base)) continue;
      if (this.acceptsAsBase(base, depth, word)) return { rule: 'postposition', base, parts: [p] };
    }
    return null;
  }

  /** Splits a word into a base and the longest postposition chain the base accepts; [] when none. */
  splitPostpositions(word: string): { base: string; suffix: string }[] {
    const memo = this.splitMemo.get(word);
    if (memo) return memo;
    const out: { base: string; suffix: string }[] = [];
    const walk = (w: string, suffix: string, depth: number): void => {
      if (depth > 3) return;
      for (const p of POSTPOSITIONS_BY_LAST.get(w[w.length - 1]!) ?? NONE) {
        if (w.length <= p.length + 1 || !w.endsWith(p)) continue;
        const base = w.slice(0, w.length - p.length);
        if (!hasDevanagariLetter(base)) continue;
        out.push({ base, suffix: p + suffix });
        walk(base, p + suffix, depth + 1);
      }
    };
    walk(word, '', 0);
    this.splitMemo.remember(word, out);
    return out;
  }

  private literaryTense(word: string): MorphAnalysis | null {
    // गर्दछ <- गर्छ, जाँदछ <- जान्छ, बनाउँदछ <- बनाउँछ: the -दछ present is
    // the -छ present with द before छ; the -दथ्यो past habitual the same of
    // -थ्यो (गर्दथे <- गर्थे).
    for (const literary of ['दछ', 'दथ']) {
      const i = word.indexOf(literary);
      if (i <= 0) continue;
      const head = word.slice(0, i);
      const rest = literary.slice(1) + word.slice(i + 2);
      const colloquials = head.endsWith('ँ') ? [head + rest, head.slice(0, -1) + 'न्' + rest] : [head + rest];
      for (const colloquial of colloquials) {
        if (this.isVerbForm(colloquial) || this.verbParadigm(colloquial) !== null) {
          return { rule: 'literary-tense', base: colloquial, parts: [literary] };
        }
      }
    }
    return null;
  }

  private compoundVerb(word: string, depth: number): MorphAnalysis | null {
    // Cut after an infinitive (-नु, -न), an absolutive (-इ, -ई) or a
    // progressive (-दै, -ँदै); the rest must be an auxiliary's form.
    for (let k = 2; k < word.length - 1; k++) {
      if (!BEFORE_AUXILIARY_LAST.has(word.charCodeAt(k - 1))) continue;
      const first = word.slice(0, k);
      const rest = word.slice(k);
      if (!endsBeforeAuxiliary(first)) continue;
      // स् is the -नुस् contraction of -नुहोस् (गर्नुस्): only after an infinitive (not लि|स्, डेब्रि|स्).
      if (rest === 'स्' && !first.endsWith('नु')) continue;
      if (!this.isVerbForm(first) && !this.isAbsolutiveOfStem(first) && !(first.endsWith('नु') && this.isAttestedInfinitive(first))) continue;
      if (this.isAuxiliaryForm(rest, depth)) return { rule: 'compound-verb', base: first, parts: [rest] };
    }
    return null;
  }

  private negative(word: string, depth: number): MorphAnalysis | null {
    if (!word.startsWith('न') || word.length < 3) return null;
    const rest = word.slice(1);
    if (this.isVerbForm(rest)) return { rule: 'negative', base: rest, parts: ['न'] };
    const a = this.analyseAt(rest, depth + 1);
    if (
      a &&
      (a.rule === 'compound-verb' || a.rule === 'verb-paradigm' || a.rule === 'literary-tense' || (a.rule === 'postposition' && this.isVerbForm(a.base)))
    ) {
      return { rule: 'negative', base: rest, parts: ['न'] };
    }
    // ... and on an adjective in -ो and its agreement forms, which take it like a verb form (नराम्रो, नराम्रा, नसुहाउँदो)
    if ((rest.endsWith('ो') && this.isAdjectiveHeadword(rest)) || this.adjectiveAgreement(rest)) return { rule: 'negative', base: rest, parts: ['न'] };
    return null;
  }

  private verbParadigm(word: string): MorphAnalysis | null {
    for (const e of VERB_ENDINGS_BY_LAST.get(word[word.length - 1]!) ?? []) {
      if (word.length <= e.length || !word.endsWith(e)) continue;
      const stem = word.slice(0, word.length - e.length);
      if (!hasDevanagariLetter(stem)) continue;
      // The ending's first letter says how it joins the stem: a vowel sign
      // or halanta follows a consonant stem that lost its halanta (गर|ेको,
      // गर|्यो <- गर्नु); a vowel letter or chandrabindu follows a vowel stem
      // (दि|एँ <- दिनु, रिसा|एको <- रिसाउनु, खा|ँदै <- खानु); a consonant
      // follows the stem as the infinitive has it (जम्|ने <- जम्नु, खा|न्छ).
      const c = e.charCodeAt(0);
      const vowelStem = !stem.endsWith(HALANTA) && !isConsonantCode(stem.charCodeAt(stem.length - 1));
      let infinitives: string[];
      if (c >= 0x93e && c <= 0x94d) infinitives = stem.endsWith(HALANTA) ? [] : [stem + '्नु'];
      else if (c === 0x901 || (c >= 0x904 && c <= 0x914)) infinitives = [stem + 'नु', stem + 'उनु'];
      // A vowel stem nasalizes before द, छ and थ (खाँदा, खान्छ, खान्थ्यो; not खादा, खाछ, खाथ्यो).
      else if (vowelStem && (e.startsWith('द') || e.startsWith('छ') || e.startsWith('थ'))) infinitives = [];
      // -यो/-यौ follow a vowel stem (खा|यो, and an -आउ stem without its उ: बुझा|यो);
      // a consonant stem takes ्यो (रह|्यो, not रहयो).
      else if (e.startsWith('य')) infinitives = vowelStem ? [stem + 'नु', stem + 'उनु'] : [];
      else infinitives = [stem + 'नु'];
      for (const inf of infinitives) {
        if (this.isVerbInfinitive(inf)) return { rule: 'verb-paradigm', base: inf, parts: [e] };
      }
      // The passive (कर्मवाच्य): a stem in -इ is a vowel stem of its own
      // and takes the same endings (पकाइ|एका, पिइ|ए, मारि|न्छन्, गरि|ँदैन).
      if (infinitives.length && (c < 0x93e || c > 0x94d)) {
        for (const inf of passiveInfinitives(stem)) {
          if (this.isVerbInfinitive(inf)) return { rule: 'verb-paradigm', base: inf, parts: [stem.slice(-1), e] };
        }
      }
    }
    // Else: the first and the second (or third) person differ by a final
    // chandrabindu only (गयौँ/गयौ, गएँ/गए, गर्थ्यौँ/गर्थ्यौ); the word list
    // often has one of the two, also for the irregular pasts (ग- of जानु,
    // भ- of हुनु) the endings above do not reach.
    const bare = word.endsWith('ँ') ? word.slice(0, -1) : word;
    const twin = bare === word ? word + 'ँ' : bare;
    if (PERSON_TWIN_END.test(bare) && this.isVerbForm(twin)) return { rule: 'verb-paradigm', base: twin, parts: [] };
    return null;
  }

  /**
   * Rule 9: the feminine of an agent noun in -अक is -इका (लेखक: लेखिका,
   * गायक: गायिका, शिक्षक: शिक्षिका), a regular Sanskrit derivation the
   * word lists give for some nouns only. Read before the error model, so
   * the word is not "corrected" to a genitive that differs by its vowel
   * length (लेखीका = लेखी + का). A word in -ई does not make its feminine
   * here: X-िका beside X-ी + का is as likely the genitive typed short.
   */
  private feminineAgent(word: string): MorphAnalysis | null {
    if (!word.endsWith('िका') || word.length < 5) return null;
    const stem = word.slice(0, -3);
    if (!isConsonantCode(stem.charCodeAt(stem.length - 1))) return null;
    const masculine = stem + 'क';
    // Or both only in real text (पालक, पालिका: नगरपालिका): a misspelling
    // of each that happens to pair up is not to be expected.
    const known = this.isHeadword(masculine) || (isAttested(this.store, masculine) && isAttested(this.store, word));
    return known ? { rule: 'feminine', base: masculine, parts: ['िका'] } : null;
  }

  /**
   * Rule 10: an adjective in -ओ agrees with its noun, -आ with a plural or
   * honorific one and -ई with a feminine one (पुरानो: पुराना, पुरानी).
   * hunspell-ne gives these forms only to the adjectives it lists with an
   * inflection class (राम्रो/14: राम्रा); many it lists bare (पुरानो).
   * Only for a headword a dictionary tags as an adjective, or one no
   * dictionary gives a part of speech when real text uses the form (the
   * news list has पुराना): a noun in -ओ (बाटो) has no such forms.
   */
  private adjectiveAgreement(word: string): MorphAnalysis | null {
    if (word.length < 3 || !(word.endsWith('ा') || word.endsWith('ी'))) return null;
    const base = word.slice(0, -1) + 'ो';
    if (!this.isHeadword(base)) return null;
    const pos = this.partsOfSpeech(base);
    const adjective = pos.length === 0 ? isAttested(this.store, word) : pos.some(isAdjectivePos);
    return adjective ? { rule: 'agreement', base, parts: [word.slice(-1)] } : null;
  }

  /** A headword a dictionary tags as an adjective. */
  private isAdjectiveHeadword(word: string): boolean {
    return this.isHeadword(word) && this.partsOfSpeech(word).some(isAdjectivePos);
  }

  /** The parts of speech the dictionaries give a headword (its entries' and senses'). */
  private partsOfSpeech(word: string): string[] {
    return (
      this.store
        .headword(word)
        ?.entries.flatMap((e) => [e.pos, ...e.senses.map((s) => s.pos)])
        .filter((p): p is string => p !== null) ?? []
    );
  }

  private wordFormation(word: string, depth: number): MorphAnalysis | null {
    const backFormed = this.backFormation(word);
    if (backFormed) return backFormed;
    // A reading whose base is itself only a speculative word (a new
    // compound inside: परिवर्तन+काम+ई) is kept as a fallback while a
    // confident one is looked for (परिवर्तन+कामी is no such thing either,
    // but a derivation on a headword would be).
    let fallback: MorphAnalysis | null = null;
    const outer = this.speculative;
    const reading = (base: string, make: () => MorphAnalysis, speculativeStep = false): MorphAnalysis | null => {
      if (aksharaCount(base) < 2) return null;
      this.speculative = false;
      const ok = this.isHeadword(base) || (depth < MAX_DEPTH && this.analyseAt(base, depth + 1) !== null);
      const speculative = this.speculative || speculativeStep;
      this.speculative = outer;
      if (!ok) return null;
      if (!speculative) return make();
      fallback ??= make();
      return null;
    };
    for (const suffix of DERIVATIONAL_SUFFIXES) {
      if (word.length <= suffix.length + 1 || !word.endsWith(suffix)) continue;
      const base = word.slice(0, word.length - suffix.length);
      const a = reading(base, () => ({ rule: 'derivation', base, parts: [suffix] }));
      if (a) return a;
      // The final ई of a word (a Sanskrit -इन् stem: प्रभावकारी, सहभागी,
      // स्थायी) is short before -ता and -त्व: प्रभावकारिता, स्थायित्व.
      if ((suffix === 'ता' || suffix === 'त्व') && base.endsWith('ि')) {
        const long = base.slice(0, -1) + 'ी';
        const b = reading(long, () => ({ rule: 'derivation', base: long, parts: [suffix] }));
        if (b) return b;
      }
    }
    for (const suffix of VOWEL_SUFFIXES) {
      if (word.length <= suffix.length + 1 || !word.endsWith(suffix)) continue;
      const stem = word.slice(0, word.length - suffix.length);
      if (!isConsonantCode(stem.charCodeAt(stem.length - 1))) continue;
      for (const base of [stem, stem + 'ो', stem + 'ा']) {
        const a = reading(base, () => ({ rule: 'derivation', base, parts: [suffix] }));
        if (a) return a;
      }
    }
    // The abstract noun in -य with vriddhi of the first vowel (ष्यञ्):
    // विराग -> वैराग्य, सुजन -> सौजन्य, केवल -> कैवल्य, नट -> नाट्य.
    for (const base of deVriddhi(word)) {
      const a = reading(base, () => ({ rule: 'derivation', base, parts: ['्य'] }));
      if (a) return a;
    }
    for (const prefix of PREFIXES) {
      if (word.length <= prefix.length + 1 || !word.startsWith(prefix)) continue;
      const base = word.slice(prefix.length);
      if (!isLetter(base[0] ?? '')) continue;
      // A one-akshara prefix (अ-, वि-) is itself a speculative reading.
      const a = reading(base, () => ({ rule: 'prefix', base, parts: [prefix] }), aksharaCount(prefix) < 2);
      if (a) return a;
    }
    this.speculative = true;
    if (fallback) return fallback;
    // Two headwords: cut only between aksharas, each side two aksharas or more.
    for (const [first, second] of memberSplits(word)) {
      if (this.isHeadword(first) && this.isHeadword(second)) return { rule: 'compound', base: first, parts: [second] };
    }
    this.speculative = outer;
    return null;
  }

  /**
   * Rule 8: a word real text uses (the news list) that the lexicon knows
   * only through a word derived from it: a derivational suffix or a prefix
   * on it is a lexicon form (स्पष्ट: अस्पष्ट, स्पष्टता; शुद्ध: अशुद्ध,
   * विशुद्ध; सम्भव: असम्भव). hunspell-ne lists such derivatives and misses
   * the plain word. Asked, as word formation is, only when no dictionary
   * word is a confusion slip away, so the news list's misspellings (केहि,
   * शरिर) never come through here.
   */
  private backFormation(word: string): MorphAnalysis | null {
    // (Two letters are too short to tell: उप, अप, लक.)
    if (word.length < 3 || aksharaCount(word) < 2 || !isAttested(this.store, word)) return null;
    // A stem in -इ is the short form of a word in -ई before a suffix
    // (प्रतियोगी: प्रतियोगिता): the suffixed word vouches for the -ई word only.
    if (!word.endsWith('ि')) {
      for (const suffix of DERIVATIONAL_SUFFIXES)
        if (this.isHeadwordJoined(word, suffix)) return { rule: 'back-formation', base: word + suffix, parts: [suffix] };
    }
    // A one-akshara prefix (अ-, सु-) makes many words whose tail is no word
    // (अलस, अमिट): one such derivative alone does not vouch for the word.
    let weak: string | null = null;
    for (const prefix of BACK_FORMATION_PREFIXES) {
      if (!this.isHeadwordJoined(prefix, word)) continue;
      if (aksharaCount(prefix) >= 2 || weak !== null) return { rule: 'back-formation', base: prefix + word, parts: [prefix] };
      weak = prefix;
    }
    return null;
  }

  /** isHeadword(a + b), the string built only when it may be one: most of the derivatives back-formation probes are no word. */
  private isHeadwordJoined(a: string, b: string): boolean {
    if (a.length + b.length <= LONGEST_FUNCTION_WORD && FUNCTION_WORDS.has(a + b)) return true;
    return this.store.mayBeFormJoined(a, b) && this.isHeadword(a + b);
  }

  /** A dictionary headword (a stem or a thesaurus entry, not an inflected form), or a function word. */
  private isHeadword(word: string): boolean {
    if (FUNCTION_WORDS.has(word)) return true;
    const f = this.lexiconForm(word);
    return !!f && (f.flags & FORM_HEADWORD) !== 0 && !isBareVerbStem(f);
  }

  /** An infinitive the dictionary lists as a verb: made by a verb class, or a thesaurus headword tagged as a verb. */
  private isVerbInfinitive(word: string): boolean {
    const f = this.lexiconForm(word);
    if (!f) return this.isAttestedInfinitive(word);
    if (f.analyses.some((a) => a.flag !== null && VERB_CLASSES.has(a.flag))) return true;
    if (!(f.flags & FORM_HEADWORD)) return false;
    return this.partsOfSpeech(word).some(isVerbPos);
  }

  /**
   * An infinitive only real text has (rule 6): a verb shape (-्नु after a
   * consonant stem, -उनु, -इनु), attested, and no lexicon form a confusion
   * slip away (so the news list's misspelled infinitives stay out).
   */
  private isAttestedInfinitive(word: string): boolean {
    if (!ATTESTED_INFINITIVE.test(word) || !isAttested(this.store, word)) return false;
    for (const c of this.store.formsByConfusionKey(confusionKey(word))) if (c !== word && this.lexiconForm(c)) return false;
    return true;
  }

  /** A lexicon form that some verb class made. */
  isVerbForm(word: string): boolean {
    const f = this.lexiconForm(word);
    return !!f && f.analyses.some((a) => a.flag !== null && VERB_CLASSES.has(a.flag));
  }

  /** लेखि from the stem लेख्, खाइ from खा: the absolutive -इ on a stem the dictionary lists bare or as an infinitive. */
  private isAbsolutiveOfStem(word: string): boolean {
    if (word.endsWith('ि')) {
      const f = this.lexiconForm(word.slice(0, -1) + HALANTA);
      return !!f && isBareVerbStem(f);
    }
    if (word.endsWith('इ')) return !!this.lexiconForm(word.slice(0, -1) + 'नु');
    return false;
  }

  private isAuxiliaryForm(word: string, depth: number): boolean {
    const f = this.lexiconForm(word);
    if (f) {
      if (f.analyses.some((a) => AUXILIARY_STEMS.has(a.stem) && a.flag !== null && VERB_CLASSES.has(a.flag))) return true;
      if (COPULA.has(word)) return true;
    } else if (COPULA.has(word)) return true;
    // A form of an auxiliary the verb paradigm makes (सकेँ, the first person the word list lacks).
    const p = this.verbParadigm(word);
    if (p && p.parts.length > 0 && AUXILIARY_STEMS.has(p.base.slice(0, -2))) return true;
    // An auxiliary that is itself a compound: लेखि+दिनुहोस्.
    if (depth < MAX_DEPTH) {
      const a = this.compoundVerb(word, depth + 1);
      if (a && this.isAuxiliaryForm(a.base, depth + 1)) return true;
    }
    return false;
  }
}

/**
 * Verb endings whose person twin adds a chandrabindu: the past, present and
 * negative -यौ/-छौ/-एनौ/-दैनौ (second person) beside -यौँ/-छौँ/-एनौँ/-दैनौँ
 * (first plural), and -े/-ए (third plural) beside -ेँ/-एँ (first
 * singular). Not the optative -औँ after a consonant (गरौँ), whose -ौ
 * spelling is no form of its own.
 */
const PERSON_TWIN_END = /(?:[यछ]ौ|[ेए]नौ|दैनौ|[ेए])$/;

/** Infinitive shapes of rule 6's attested infinitives: a consonant stem + ्नु, or a vowel stem in -उनु/-इनु (पकाउनु, रिसाउनु); three aksharas at least. */
const ATTESTED_INFINITIVE = /^.{2,}(?:्नु|उनु|इनु)$/;

const COPULA: ReadonlySet<string> = new Set([
  'छ',
  'छन्',
  'छु',
  'छौ',
  'छौँ',
  'छस्',
  'छिन्',
  'छे',
  'छैन',
  'छैनन्',
  'छैनौँ',
  'छैनौ',
  'थियो',
  'थिए',
  'थिइन्',
  'थिएँ',
  'थियौँ',
  'थिएन',
  'थिएनन्',
  'होस्',
  'हुन्छ',
  'हुन्छन्',
  'हुन्न',
  'हुँदैन',
  'हुन्थ्यो',
  'हुनेछ',
  'भयो',
  'भए',
  'भएन',
  // -नुस्: the everyday contraction of the polite imperative -नुहोस्
  // (गर्नुस्, हेर्नुस्, बस्नुस्), in speech and in informal writing alike.
  'स्',
]);

function isBareVerbStem(f: FormRecord): boolean {
  // A verb stem as listed (गर्, सक्) is a lexicon form of hunspell-ne but
  // not a word of running text; no postposition follows it. A headword the
  // word list also lists bare is a noun of the same spelling, though
  // (भाग/15 beside the root भाग्/1, portion; ताप; बलि/8,15): भागहरू.
  if (f.flags & FORM_HEADWORD && f.analyses.some((a) => a.flag === null && !a.stem.endsWith(HALANTA))) return false;
  return (
    f.analyses.length > 0 &&
    f.analyses.every((a) => a.suffix === '' && a.prefix === '' && (a.flag === null || VERB_CLASSES.has(a.flag))) &&
    f.analyses.some((a) => a.flag !== null && VERB_CLASSES.has(a.flag))
  );
}

/** The vowels vriddhi makes (आ ऐ औ, as letters and as signs) and what they come from. */
const VRIDDHI_SOURCES: Record<string, string[]> = {
  'ा': [''],
  'ै': ['ि', 'ी', 'े'],
  'ौ': ['ु', 'ू', 'ो'],
  आ: ['अ'],
  ऐ: ['इ', 'ई', 'ए'],
  औ: ['उ', 'ऊ', 'ओ'],
};
const VRIDDHI_NOUN =
  /^([\u0915-\u0939\u0958-\u095F\u0978-\u097F](?:्[\u0915-\u0939\u0958-\u095F\u0978-\u097F])*)?([ाैौआऐऔ])(.*[\u0915-\u0939\u0958-\u095F\u0978-\u097F])्य$/;

/**
 * The bases a noun in -य with vriddhi of its first vowel may come from
 * (वैराग्य: विराग; सौजन्य: सुजन; नाट्य: नट): the first vowel undone, the
 * -्य dropped, the base ending in its inherent a. Empty for other words.
 */
function deVriddhi(word: string): string[] {
  const m = VRIDDHI_NOUN.exec(word);
  if (!m) return [];
  const [, onset = '', vowel, rest] = m;
  if (onset === '' ? !'आऐऔ'.includes(vowel!) : 'आऐऔ'.includes(vowel!)) return [];
  return VRIDDHI_SOURCES[vowel!]!.map((v) => onset + v + rest);
}

/** The last code units of those endings (endsBeforeAuxiliary): a cut elsewhere is not tried. */
const BEFORE_AUXILIARY_LAST: ReadonlySet<number> = new Set([...'ुनिीइईै'].map((c) => c.charCodeAt(0)));

/** The endings an auxiliary follows in a compound verb (compoundVerb): the infinitive -नु/-न, the absolutive -इ/-ई, the progressive -दै/-ँदै. */
function endsBeforeAuxiliary(w: string): boolean {
  return w.endsWith('नु') || w.endsWith('न') || w.endsWith('ि') || w.endsWith('ी') || w.endsWith('इ') || w.endsWith('ई') || w.endsWith('दै') || w.endsWith('ँदै');
}

/** The part-of-speech name of nouns in both dictionaries (src/build/mythes.ts POS_NAMES, src/build/hunspell.ts). */
const NOUN_POS = 'नाम';

/** A headword record of a noun: it takes the case endings (hunspell's case class), or a dictionary tags it नाम. */
export function isNounHeadword(h: HeadwordRecord | undefined): boolean {
  return h?.entries.some((e) => e.classes.includes(CASE_ENDING_CLASS) || e.pos === NOUN_POS || e.senses.some((s) => s.pos === NOUN_POS)) ?? false;
}

/** Part-of-speech names of adjectives (विशेषण, सार्वनामिक विशेषण), not क्रियाविशेषण (adverb). */
function isAdjectivePos(pos: string | null): boolean {
  return !!pos && pos.includes('विशेषण') && !pos.includes('क्रियाविशेषण');
}

/** Part-of-speech names of verbs (src/build/mythes.ts POS_NAMES: अकर्मक क्रिया, सकर्मक क्रिया, ...), not क्रियायोगी (adverb). */
function isVerbPos(pos: string | null): boolean {
  return !!pos && pos.includes('क्रिया') && !pos.includes('क्रियायोगी');
}

/**
 * The infinitives a passive stem is made from: -इ after a vowel stem
 * (पकाइ <- पकाउनु, खाइ <- खानु, पिइ <- पिउनु, दिइ <- दिनु), -ि after a
 * consonant stem (मारि <- मार्नु, गरि <- गर्नु).
 */
function passiveInfinitives(stem: string): string[] {
  if (stem.length < 2) return [];
  const base = stem.slice(0, -1);
  if (stem.endsWith('इ')) return [base + 'नु', base + 'उनु'];
  if (stem.endsWith('ि') && isConsonantCode(base.charCodeAt(base.length - 1))) return [base + '्नु'];
  return [];
}
