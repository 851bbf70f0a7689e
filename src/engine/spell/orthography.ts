// Orthography rules of the Nepal Academy standard (नेपाली वर्णविन्यास, as
// restated by the varnavinyas project, MIT/Apache-2.0), applied before the
// lexicon: the hunspell-ne word list is older than the standard and accepts
// spellings the standard corrects (उपनिषद, तत्व, सँस्था, अण्डा), and some
// standard spellings are in neither dictionary (पुनःप्रकाशन,
// आधुनिकीकरण). Each rule below is a general rule of word formation
// (sandhi, derivation, loanword spelling), not a list of words: it names
// the pattern it reads and, wherever the pattern alone could match a
// correct word, asks the lexicon to confirm the pieces (the base word of a
// derivation, the members of a compound). The rule that fires is reported
// in the result's `rule` field by its id.
//
// A rule sees a "base": the word itself, or the word without a trailing
// postposition chain (the caller re-attaches the chain to the correction),
// so उपनिषदको is corrected to उपनिषद्को by the rule for उपनिषद.

import { PRONOUNS } from '../lang/closed-class.js';
import { POSTPOSITIONS } from '../lang/postpositions.js';
import { aksharaCount, CONSONANTS, HALANTA, memberSplits } from '../lang/letters.js';

export interface OrthographyContext {
  /** A lexicon form or a function word. */
  isLexicon(word: string): boolean;
  /** Accepted by the lexicon or the morphology layer. */
  accepts(word: string): boolean;
  /** The parts of speech the thesaurus gives the headword (Nepali names such as "नाम"), [] when it has none. */
  thesaurusPos(word: string): string[];
  /** A lexicon verb form the dictionary made with the -ई participle suffix (भनी, गरी). */
  isVerbParticiple(word: string): boolean;
  /** A lexicon form the dictionary made from the stem (one of its analyses has that stem: ठूला from ठूलो). */
  isInflectionOf(word: string, stem: string): boolean;
  /** A headword of any dictionary (a stem, not an inflected form). */
  isHeadword(word: string): boolean;
  /** A headword of the thesaurus (the curated dictionary, which follows the standard more closely than the word list). */
  isThesaurusHeadword(word: string): boolean;
  /** How many case endings real text (the news word list) gives the word, not counting forms that are headwords of their own. */
  nounCaseForms(word: string): number;
}

export interface OrthographyRule {
  /** Short stable id, reported in results. */
  id: string;
  /** The rule of the standard, in a sentence. */
  description: string;
  /**
   * A cheap test on the whole word: when it fails, apply() cannot fire on
   * the word or on any base cut from it, and is not called (most words of a
   * text match no rule; the test keeps the rules' dictionary look-ups off
   * them).
   */
  quick: RegExp;
  /** Apply to the whole word only, not to bases cut from a postposition chain. */
  wholeWord?: boolean;
  /** The corrected spelling of `base`, or null when the rule does not apply. */
  apply(base: string, ctx: OrthographyContext): string | null;
}

export interface OrthographyFinding {
  rule: string;
  correction: string;
}

const CONSONANT = new RegExp(`[${CONSONANTS}]`);
/** A letter a word can begin with: a vowel letter or a consonant. */
const WORD_START = new RegExp(`[\u0905-\u0914${CONSONANTS}]`);

// --- helpers for vowel grade changes

const VRIDDHI_SIGN: Record<string, string> = { '': 'ा', 'ि': 'ै', 'ी': 'ै', 'े': 'ै', 'ु': 'ौ', 'ू': 'ौ', 'ो': 'ौ' };
const VRIDDHI_LETTER: Record<string, string> = { अ: 'आ', इ: 'ऐ', ई: 'ऐ', ए: 'ऐ', उ: 'औ', ऊ: 'औ', ओ: 'औ' };

/**
 * आदिवृद्धि: the first vowel of the word raised to its vriddhi grade
 * (अ -> आ, इ/ई/ए -> ऐ, उ/ऊ/ओ -> औ), or null when it is already a vriddhi
 * vowel (आ, ऐ, औ) or cannot be raised.
 */
export function firstVowelVriddhi(w: string): string | null {
  const first = w[0];
  if (!first) return null;
  if (VRIDDHI_LETTER[first]) return VRIDDHI_LETTER[first] + w.slice(1);
  // Skip the first consonant cluster (C्C्...C), then read its vowel sign.
  let i = 0;
  while (i < w.length && CONSONANT.test(w[i]!)) {
    if (w[i + 1] === HALANTA) i += 2;
    else {
      i += 1;
      break;
    }
  }
  if (i === 0) return null;
  const sign = w[i] ?? '';
  const isSign = /[\u093E-\u094C]/.test(sign);
  const key = isSign ? sign : '';
  const raised = VRIDDHI_SIGN[key];
  if (!raised) return null;
  return w.slice(0, i) + raised + w.slice(isSign ? i + 1 : i);
}

const VRIDDHI_LETTER_OF_SIGN: Readonly<Record<string, string>> = { 'ा': 'आ', 'ै': 'ऐ', 'ौ': 'औ' };

/**
 * The first vowel of the word is one of `vowels` (vriddhi vowels: आ, ऐ,
 * औ), as letter or sign. A first syllable with the inherent vowel (सभ्य)
 * or another sign has none of them.
 */
function firstVowelIs(w: string, vowels: string): boolean {
  const first = w[0];
  if (first === undefined) return false;
  if (!CONSONANT.test(first)) return vowels.includes(first);
  let i = 0;
  while (i < w.length && CONSONANT.test(w[i]!) && w[i + 1] === HALANTA) i += 2;
  const letter = VRIDDHI_LETTER_OF_SIGN[w[i + 1] ?? ''];
  return letter !== undefined && vowels.includes(letter);
}

const TO_HRASVA: Record<string, string> = { 'ी': 'ि', 'ू': 'ु' };
/** The other way: a short vowel sign made long. */
const SIGN_TO_DIRGHA: Readonly<Record<string, string>> = { 'ि': 'ी', 'ु': 'ू' };

// --- compounds follow their parts

/** A vowel sign at the end of a compound's first member and the vowels a second member may start with to make it in sandhi (अ/आ + आ = आ, अ + इ = ए, ...). */
const SANDHI_SOURCES: Readonly<Record<string, string>> = { 'ा': 'अआ', 'ि': 'इ', 'ी': 'इई', 'ु': 'उ', 'ू': 'उऊ', 'े': 'इई', 'ो': 'उऊ', 'ै': 'एऐ', 'ौ': 'ओऔ' };

/**
 * The base is a compound first + second whose members the rules may each
 * be asked about: both are lexicon words of two aksharas or more, the
 * curated dictionary (the thesaurus) does not list the compound itself,
 * and the joint is no vowel sandhi (मूल + आधार = मूलाधार, नील + आकाश =
 * नीलाकाश: a tatsam compound whose apparent first member मूला or नीला is
 * no member of it; read so when the first member without its last vowel
 * sign is a headword and the second, with a vowel that makes that sign in
 * sandhi, is a word).
 */
function isCompoundOf(base: string, first: string, second: string, ctx: OrthographyContext): boolean {
  // (memberSplits gives members of two aksharas or more.)
  if (!ctx.isLexicon(first) || !ctx.isLexicon(second)) return false;
  // A second member that ends in a postposition after a word: the base without the chain is asked
  // instead (applyOrthography's bases), where the members are the words themselves (बूढाबूढी + का,
  // not बूढा + बूढीका); and a word with its postposition is no compound (आईटी + का, not आई + टीका).
  // Nor is a first member that is a word with its postposition: a compound joins stems (नगरकोटीको is
  // नगरकोटी + को, not नगरको + टीको).
  for (const p of POSTPOSITIONS) {
    if (second.length > p.length && second.endsWith(p) && (ctx.isLexicon(second.slice(0, -p.length)) || ctx.isLexicon(base.slice(0, -p.length)))) return false;
    if (first.endsWith(p) && aksharaCount(first.slice(0, -p.length)) >= 2 && ctx.isLexicon(first.slice(0, -p.length))) return false;
  }
  const sources = SANDHI_SOURCES[first[first.length - 1]!];
  if (sources !== undefined && ctx.isHeadword(first.slice(0, -1)) && [...sources].some((v) => ctx.isLexicon(v + second))) return false;
  return !ctx.isThesaurusHeadword(base);
}

// --- the rules

/**
 * 1. यण् and विसर्ग sandhi are not दीर्घ sandhi: प्रति + अक्ष = प्रत्यक्ष,
 * अनु + अय = अन्वय, पुनः + अर्थ = पुनरर्थ. Writing आ after the joint
 * (प्रत्याक्ष) makes the second member आ-initial; when that word does
 * not exist but its अ-initial form does, and the first member is a word,
 * the आ is the error. A compound is made of stems, so both members are
 * headwords (a dictionary's stem), not inflected forms (धानि, पोलि, stems
 * of verb classes; अटे, a verb form). And the आ stands where:
 *   - it ends a first member that is a word of its own before a second
 *     that is one (सन्ध्या + काल = सन्ध्याकाल, no sandhi, where सन्धि +
 *     अकाल is only a reading of the letters);
 *   - the letters before it, with their inherent अ, are a word and the
 *     second member is अ-initial: अ + अ = आ is दीर्घ sandhi, right as
 *     written (वाक्य + अंश = वाक्यांश, धान्य + अचल = धान्याचल);
 *   - the य/व cluster begins a word that the आ is a vowel of (आ + श्वास +
 *     ई = आश्वासी; अ + स्वामी + क = अस्वामिक, the -ई stem short before a
 *     suffix): the base is a prefix on that word, with no joint at the आ.
 */
const sandhiVowel: OrthographyRule = {
  id: 'sandhi-no-lengthening',
  description: 'यण्/विसर्ग सन्धिमा दोस्रो पदको अ दीर्घ हुँदैन (प्रति + अक्ष = प्रत्यक्ष)',
  quick: /्या|्वा|रा/,
  apply(base, ctx) {
    for (let p = 2; p < base.length - 2; p++) {
      if (base[p] !== 'ा') continue;
      const left = base.slice(0, p);
      const rest = base.slice(p + 1);
      if (aksharaCount('अ' + rest) < 2) continue;
      let firstMember: string[];
      if (left.endsWith('्य')) firstMember = [left.slice(0, -2) + 'ि'];
      else if (left.endsWith('्व')) firstMember = [left.slice(0, -2) + 'ु'];
      else if (left.endsWith('र')) firstMember = [left.slice(0, -1) + 'ः', left.slice(0, -1) + 'र्'];
      else continue;
      if (!firstMember.some((f) => aksharaCount(f) >= 2 && ctx.isHeadword(f))) continue;
      if (ctx.isLexicon('आ' + rest) || !ctx.isHeadword('अ' + rest)) continue;
      // No sandhi at all (सन्ध्या + काल), or दीर्घ sandhi (वाक्य + अंश).
      if (ctx.isLexicon(left + 'ा') && aksharaCount(rest) >= 2 && ctx.isLexicon(rest)) continue;
      if (ctx.accepts(left)) continue;
      if (left[p - 1] !== 'र' && clusterBeginsWordThrough(base, p, ctx)) continue;
      return left + rest;
    }
    return null;
  },
};

/**
 * The consonant cluster before the आ at `p` (श्व in आश्वासी) begins a
 * lexicon word of two aksharas or more that goes on past the आ, as
 * written (श्वास) or with its last इ/उ long (स्वामि: स्वामी, whose -ई is
 * short before a suffix).
 */
function clusterBeginsWordThrough(base: string, p: number, ctx: OrthographyContext): boolean {
  let s = p - 1;
  while (s >= 2 && base[s - 1] === HALANTA && CONSONANT.test(base[s - 2]!)) s -= 2;
  for (let e = p + 2; e <= base.length; e++) {
    const word = base.slice(s, e);
    if (aksharaCount(word) < 2) continue;
    const long = SIGN_TO_DIRGHA[word[word.length - 1]!];
    if (ctx.isLexicon(word) || (long !== undefined && ctx.isLexicon(word.slice(0, -1) + long))) return true;
  }
  return false;
}

/**
 * 2. पुनः keeps its visarga before a voiceless consonant (विसर्ग सन्धि):
 * पुनः + प्रकाशन = पुनःप्रकाशन, not पुनर्प्रकाशन; it becomes पुनर् only
 * before a vowel or a voiced consonant (पुनर्जन्म, पुनरागमन).
 */
const punahVisarga: OrthographyRule = {
  id: 'visarga-punah',
  description: 'पुनः अघोष व्यञ्जन (क ख च छ ट ठ त थ प फ श ष स) अघि पुनः नै रहन्छ, पुनर् हुँदैन',
  quick: /^पुनर्/,
  apply(base, ctx) {
    const m = /^पुनर्([कखचछटठतथपफशषस].*)$/.exec(base);
    if (!m || !ctx.accepts(m[1]!)) return null;
    return 'पुनः' + m[1];
  },
};

/**
 * 2b. The prefixes अन्तर्, पुनर् and बहिर् end in र् (विसर्ग सन्धि: the
 * visarga of antaḥ, punaḥ, bahiḥ is र् before a voiced sound): अन्तर् +
 * राष्ट्रिय = अन्तर्राष्ट्रिय, अन्तर् + गत = अन्तर्गत, पुनर् + निर्माण =
 * पुनर्निर्माण. Written with a full र before a voiced consonant
 * (अन्तरराष्ट्रिय, which the word list carries) the prefix is misspelled,
 * when what follows it is a word and the halanta form is one too (so
 * अन्तरङ्ग, अन्तर् + अङ्ग, stays). The same prefix before a र-initial
 * word written with one र (अन्तराष्ट्रिय: र् + रा read as रा) has lost its
 * र्. Before a voiceless consonant पुनः keeps its visarga (rule 2);
 * अन्तरक्रिया is left to the lexicon.
 */
const R_PREFIX_VOICED = /^(अन्तर|पुनर|बहिर)([गघङजझञडढणदधनबभमयरलवह].*)$/;
const R_PREFIX_BEFORE_RA = /^(अन्तर|पुनर|बहिर)([ािीुूेैोौ].*)$/;
const prefixHalanta: OrthographyRule = {
  id: 'halanta-r-prefix',
  description: 'अन्तर्, पुनर्, बहिर् उपसर्ग घोष व्यञ्जन अघि र् (हलन्त) लेखिन्छ (अन्तर्राष्ट्रिय, अन्तर्गत, पुनर्निर्माण)',
  quick: /^(?:अन्तर|पुनर|बहिर)[गघङजझञडढणदधनबभमयरलवहािीुूेैोौ]/,
  apply(base, ctx) {
    let m = R_PREFIX_VOICED.exec(base);
    let word = m?.[2];
    if (!m) {
      m = R_PREFIX_BEFORE_RA.exec(base);
      if (m) word = 'र' + m[2];
    }
    if (!m || word === undefined || aksharaCount(word) < 2 || !ctx.accepts(word)) return null;
    const fixed = m[1] + HALANTA + word;
    return ctx.accepts(fixed) ? fixed : null;
  },
};

/**
 * 3. Words made on the Sanskrit root सद् (to sit) with a prefix keep its
 * halanta: उप + नि + सद् = उपनिषद्, and so with सम्, परि, नि, प्र, आ
 * (हलन्त अनिवार्य: संस्कृत मूलको अन्त्य द्).
 */
const rootSad: OrthographyRule = {
  id: 'halanta-root-sad',
  description: 'उपसर्ग + सद् धातुबाट बनेका तत्सम शब्द (उपनिषद्) हलन्त लेखिन्छन्',
  quick: /[सष]द/,
  apply(base, ctx) {
    if (!/^(?:सं|परि|उपनि|नि|प्र|आ)[सष]द$/.test(base)) return null;
    if (!ctx.isLexicon(base) && !ctx.isLexicon(base + HALANTA)) return null;
    return base + HALANTA;
  },
};

/**
 * 4. A consonant doubled at a joint stays doubled (द्वित्व): तत् + त्व =
 * तत्त्व, सत् + त्व = सत्त्व, उत् + तर = उत्तर, उद् + देश्य = उद्देश्य. When the word reads as a त्/द्-final headword plus the suffix
 * -त्व or a second word that starts with the same consonant, the single
 * consonant is the error. (त् and द् are the finals of the Sanskrit stems
 * and prefixes this happens to: -मत्, -वत्, तत्, सत्, उत्, उद्.) Not a word
 * the thesaurus lists as written: the curated dictionary's word is one of
 * its own, made otherwise (असत्य + ता = असत्यता, अ + सतर्क = असतर्क, not
 * असत् + त्यता or असत् + तर्क).
 */
/**
 * The suffix -त्व with its inherent अ, which sandhi makes आ, ए, ओ, ऐ or औ
 * before a second member (महत्त्वाकाङ्क्षा), never इ, उ or ऋ: त्वि, त्वृ are
 * no -त्व (ईषत् + विवृत, विद्वत् + वृत्ति).
 */
const TVA_SUFFIX = /^त्व(?![िीुूृ्])/;
const geminateJoint: OrthographyRule = {
  id: 'geminate-at-joint',
  description: 'त्/द् अन्त्य भएको पदपछि उही व्यञ्जनबाट सुरु हुने पद वा -त्व आउँदा दुवै व्यञ्जन लेखिन्छन् (तत्त्व, उद्देश्य)',
  quick: /[तद]/,
  apply(base, ctx) {
    for (let k = 1; k < base.length - 1; k++) {
      const c = base[k]!;
      if ((c !== 'त' && c !== 'द') || base[k - 1] === HALANTA) continue;
      const first = base.slice(0, k) + c + HALANTA;
      const second = base.slice(k);
      const isSuffix = c === 'त' && TVA_SUFFIX.test(second);
      // A one-akshara first member (तत्, सत्) only before the suffix -त्व.
      if (aksharaCount(first) < (isSuffix ? 1 : 2) || !ctx.isHeadword(first)) continue;
      if (!isSuffix && !(aksharaCount(second) >= 2 && ctx.isHeadword(second))) continue;
      return ctx.isThesaurusHeadword(base) ? null : first + second;
    }
    return null;
  },
};

/**
 * 5. -ईकरण on an -इक adjective keeps the -इक: आधुनिक + ईकरण =
 * आधुनिकीकरण, व्यापारिक + ईकरण = व्यापारिकीकरण. A word in -ीकरण whose base
 * is not a word but is an -इक adjective minus its -इक has lost it.
 */
const ikIkaran: OrthographyRule = {
  id: 'ikaran-after-ik',
  description: '-इक विशेषणमा -ईकरण लाग्दा -इक रहन्छ (आधुनिक + ईकरण = आधुनिकीकरण)',
  quick: /ीकरण/,
  apply(base, ctx) {
    if (!base.endsWith('ीकरण')) return null;
    const stem = base.slice(0, -4);
    if (aksharaCount(stem) < 2 || ctx.isLexicon(stem) || ctx.isLexicon(stem + 'ि')) return null;
    if (!ctx.isLexicon(stem + 'िक')) return null;
    return stem + 'िकीकरण';
  },
};

/**
 * 6. The taddhita suffix -इक raises the first vowel (आदिवृद्धि): नगर + इक
 * = नागरिक, धर्म + इक = धार्मिक, वर्ष + इक = वार्षिक. An -इक
 * word without the raised vowel is corrected when its raised form is in
 * the lexicon and its base word is too.
 */
const ikVriddhi: OrthographyRule = {
  id: 'vriddhi-ik',
  description: '-इक प्रत्यय लाग्दा पहिलो स्वरको वृद्धि हुन्छ (नगर + इक = नागरिक)',
  quick: /िक/,
  apply(base, ctx) {
    const m = /^(.+)िक(ा|ी|ता)?$/.exec(base);
    if (!m) return null;
    const stem = m[1]!;
    // A base of three aksharas or more (समाज, व्यवहार, इतिहास): shorter
    // -इका words are mostly not -इक derivations (तरिका, सरिका).
    if (aksharaCount(stem) < 3) return null;
    const raised = firstVowelVriddhi(base);
    if (!raised || raised === base || !ctx.isLexicon(raised)) return null;
    if (ctx.isThesaurusHeadword(base)) return null;
    if (!['', 'ा', 'ि', 'ी', 'ु'].some((v) => ctx.isLexicon(stem + v))) return null;
    return raised;
  },
};

/**
 * 7. -ता makes abstract nouns of adjectives; a noun that is already
 * abstract, made with आदिवृद्धि + -य (ऐक्य, सौजन्य, माधुर्य), takes no -ता:
 * ऐक्यता -> ऐक्य. An adjective made the same way (सौम्य, gentle) does: a
 * -ता word the thesaurus lists is such a noun (सौम्यता).
 */
const redundantTa: OrthographyRule = {
  id: 'redundant-ta',
  description: 'वृद्धि + य बाट बनेको भाववाचक नाममा -ता लाग्दैन (ऐक्यता होइन, ऐक्य)',
  quick: /्यता/,
  apply(base, ctx) {
    // A -ता noun the thesaurus lists is one the lexicographers made (सौम्यता, on the adjective सौम्य).
    if (!base.endsWith('्यता') || ctx.isThesaurusHeadword(base)) return null;
    const noun = base.slice(0, -2);
    if (aksharaCount(noun) < 2 || !ctx.isLexicon(noun)) return null;
    if (firstVowelIs(noun, 'ऐऔ')) return noun;
    // आ is also the vriddhi of अ, but many adjectives in -य start with आ
    // (मान्य, आवश्यक): there the thesaurus must call the base a noun only.
    if (firstVowelIs(noun, 'आ')) {
      const pos = ctx.thesaurusPos(noun);
      if (pos.length > 0 && pos.every((p) => p === 'नाम')) return noun;
    }
    return null;
  },
};

/**
 * 8. In loanwords (आगन्तुक) and tadbhav words the nasal before ट ठ ड ढ is
 * न, not ण (पञ्चम वर्णको नियम तत्सम शब्दमा मात्र): अन्डा, ग्राउन्ड,
 * ब्रान्ड. A word is read as non-tatsam when it carries a mark no tatsam
 * word has: the tadbhav -आ ending right after the cluster (ण्डा), ya-phala
 * with आ or उ (्या, ्यु: ल्यान्ड, च्युट), a diphthong written with a vowel
 * letter after a vowel sign (ाउ, ाइ), the English endings -िया/-ियन
 * (a country or a people: -ia, -ian), or ऍ/ऑ; in a compound of two words,
 * the mark must be in the member with the cluster (मृत्युदण्ड: the ्यु is
 * मृत्यु's, दण्ड is tatsam).
 */
const NON_TATSAM_MARK = /ण्[टठडढ]ा$|्या|्यु|ाउ|ाइ|िया$|ियन$|[ॅॉऍऑ]/;
const RETROFLEX_CLUSTER = /ण्[टठडढ]/;
const loanNa: OrthographyRule = {
  id: 'na-before-retroflex-non-tatsam',
  description: 'आगन्तुक र तद्भव शब्दमा ट ठ ड ढ अघि न लेखिन्छ, ण होइन (अन्डा, ग्राउन्ड)',
  quick: /ण्[टठडढ]/,
  apply(base, ctx) {
    if (!/ण्[टठडढ]/.test(base) || !NON_TATSAM_MARK.test(base)) return null;
    // A compound whose member with the cluster is a word without the mark (मृत्यु + दण्ड): the mark is the other member's.
    for (const [first, second] of memberSplits(base)) {
      const withCluster = RETROFLEX_CLUSTER.test(first) ? first : second;
      if (ctx.isLexicon(first) && ctx.isLexicon(second) && !NON_TATSAM_MARK.test(withCluster)) return null;
    }
    return base.replace(/ण्(?=[टठडढ])/g, 'न्');
  },
};

/**
 * 9. Loanwords from English are written with स, not ष or श (मास्टर,
 * पोस्टर, -सन for -tion). Read as English when the word has an English
 * ending (-टर, -डर, -सन/-शन after ए, -िङ) or ya-phala with उ/आ. Ya-phala
 * is also Sanskrit (ध्यान, द्युम्न): it marks the ष्ट English only where
 * the ष्ट ends no Sanskrit word that the ya-phala is outside of
 * (ध्यान + आकृष्ट, धृष्ट + द्युम्न: कृष्ट and धृष्ट are words, the ya-phala
 * is the other member's). -ेशन after द or व is no English -tion but the
 * Sanskrit -अन noun of the roots दिश् and विश् (निर्देशन, अधिवेशन,
 * पुनर्निर्देशन): the standard writes English d as ड and v as भ
 * (फाउन्डेसन, इनोभेसन).
 */
const ENGLISH_ENDING = /टर$|डर$|ेसन$|िङ$/;
const YA_PHALA_MARK = /्य[ुा]/;
const SANSKRIT_ESHAN = /[दव]ेशन$/;
const loanSa: OrthographyRule = {
  id: 'sa-in-loanwords',
  description: 'अङ्ग्रेजी आगन्तुक शब्दमा स लेखिन्छ, ष वा श होइन (मास्टर, पोस्टर)',
  quick: /ष्ट|ेशन/,
  apply(base, ctx) {
    const tion = base.endsWith('ेशन') && !SANSKRIT_ESHAN.test(base);
    const english = tion || ENGLISH_ENDING.test(base) || (YA_PHALA_MARK.test(base) && !shtaEndsSanskritWord(base, ctx));
    if (!english) return null;
    let out = base.replace(/ष्(?=ट)/g, 'स्');
    if (tion) out = out.slice(0, -3) + 'ेसन';
    return out === base ? null : out;
  },
};

/** Some ष्ट of the word ends a lexicon word of two aksharas or more without ya-phala (कृष्ट in ध्यानाकृष्ट, धृष्ट in धृष्टद्युम्न). */
function shtaEndsSanskritWord(base: string, ctx: OrthographyContext): boolean {
  for (let end = base.indexOf('ष्ट'); end >= 0; end = base.indexOf('ष्ट', end + 1)) {
    for (let k = 0; k < end; k++) {
      if (base[k - 1] === HALANTA || !WORD_START.test(base[k]!)) continue;
      const word = base.slice(k, end + 3);
      if (!YA_PHALA_MARK.test(word) && aksharaCount(word) >= 2 && ctx.isLexicon(word)) return true;
    }
  }
  return false;
}

/**
 * 10. ऋ is one vowel: र + ृ (क्रृ) writes it twice. कृपा, दृश्य, not
 * क्रृपा.
 */
const doubleRi: OrthographyRule = {
  id: 'ri-not-ra-plus-ri',
  description: 'ऋकारमा र जोडिँदैन: क्रृ होइन कृ (कृपा)',
  quick: /्रृ/,
  apply(base) {
    return base.includes('्रृ') ? base.replaceAll('्रृ', 'ृ') : null;
  },
};

/**
 * 19. क्रिया (कृ + या) is written with र and इ: प्रक्रिया, क्रियाकलाप,
 * प्रतिक्रिया. ृ before या writes the root's vowel where the word has
 * ra + i (प्रकृया, कृयाकलाप: misspellings the hunspell word list carries).
 * Confirmed: the corrected word is a word, so a compound joined at ऋ + य
 * (पितृयज्ञ) stays.
 */
const kriyaRi: OrthographyRule = {
  id: 'kriya-ra-i',
  description: 'क्रिया शब्दमा र र इ लेखिन्छ: प्रक्रिया, क्रियाकलाप (प्रकृया होइन)',
  quick: /ृया/,
  apply(base, ctx) {
    if (!base.includes('ृया')) return null;
    const fixed = base.replaceAll('ृया', '्रिया');
    return ctx.accepts(fixed) ? fixed : null;
  },
};

/**
 * 11. The prefix सम् becomes anusvara before ल व श ष स (संलग्न, संशोधन,
 * संवत्); सम्लग्न and सम्शोधन are not standard. The reading as सम् + word
 * must be confirmed: the corrected word or the part after सम् is a word.
 * Not a Nepali infinitive: सम् is a Sanskrit prefix, and a verb in -नु
 * (सम्लाउनु, to look after) is a word of its own, not सम् + लाउनु.
 */
const samAnusvara: OrthographyRule = {
  id: 'sam-anusvara',
  description: 'सम् उपसर्ग ल व श ष स अघि शिरबिन्दु हुन्छ (संलग्न, संशोधन)',
  quick: /^स[नम]्[लवशषस]/,
  apply(base, ctx) {
    const m = /^स[नम]्([लवशषस].*)$/.exec(base);
    if (!m || base.endsWith('नु')) return null;
    const fixed = 'सं' + m[1];
    return ctx.accepts(fixed) || (aksharaCount(m[1]!) >= 2 && ctx.accepts(m[1]!)) ? fixed : null;
  },
};

/** Case forms in real text that make a word in -इ a noun (absolutiveDirgha). */
const NOUN_CASE_FORMS = 2;

/**
 * 12. The conjunctive participle (असमापक क्रिया) ends in dirgha ई: लेखी,
 * बसी, लिई. A verb's -इ form standing alone, where the dictionary has the
 * -ई participle of the same verb, is the participle misspelled. (The -इ
 * form stays correct inside compounds: लेखिसकेको; a headword in -इ is a
 * noun of its own: हानि, सरि; and so is a word real text declines.)
 */
const absolutiveDirgha: OrthographyRule = {
  id: 'dirgha-conjunctive-participle',
  description: 'असमापक क्रियाको अन्त्यमा दीर्घ ई हुन्छ (लेखी, बसी)',
  quick: /ि$/,
  wholeWord: true,
  apply(base, ctx) {
    if (!base.endsWith('ि') || aksharaCount(base) < 2) return null;
    // A headword in -इ is a word of its own (हानि loss, सरि like), not a verb form.
    if (ctx.isHeadword(base)) return null;
    const participle = base.slice(0, -1) + 'ी';
    if (!ctx.isVerbParticiple(participle)) return null;
    // So is a word real text declines as a noun, in two case forms or more and in more than
    // the -ई form (रुचिको, रुचिलाई: the noun रुचि, which the word list has only as the stem of
    // a verb class); a participle takes no case ending, and a misspelling real text also
    // declines (बढिको) is declined less than its correct spelling (बढी).
    const n = ctx.nounCaseForms(base);
    return n >= NOUN_CASE_FORMS && n > ctx.nounCaseForms(participle) ? null : participle;
  },
};

/**
 * 13. Suffixes that shorten the stem's long vowel (ह्रस्व): -एली like -नु
 * (पूजा + नु = पुज्नु, दूध + एली = दुधेली). A word in -एली on a base word
 * with ई/ऊ in its last syllable is written with इ/उ.
 */
const eliHrasva: OrthographyRule = {
  id: 'hrasva-before-eli',
  description: '-एली प्रत्यय लाग्दा आधार शब्दको दीर्घ ई/ऊ ह्रस्व हुन्छ (दूध + एली = दुधेली)',
  quick: /ेली/,
  apply(base, ctx) {
    if (!base.endsWith('ेली')) return null;
    const stem = base.slice(0, -3);
    if (aksharaCount(stem) < 1 || !ctx.isLexicon(stem)) return null;
    const short = stem.replace(/[ीू](?=[^ीू]*$)/, (v) => TO_HRASVA[v]!);
    return short === stem ? null : short + 'ेली';
  },
};

/**
 * 14. A retroflex ष never stands before a dental (त, थ) in a Sanskrit
 * word: the cluster is स्त/स्थ (मस्तिष्क, not मष्तिष्क).
 */
const sibilantBeforeDental: OrthographyRule = {
  id: 'sa-before-dental',
  description: 'त, थ अघि ष होइन स लेखिन्छ (मस्तिष्क)',
  quick: /ष्[तथ]/,
  apply(base) {
    return /ष्[तथ]/.test(base) ? base.replace(/ष्(?=[तथ])/g, 'स्') : null;
  },
};

/**
 * No tatsam word ends in -ओ: a word in -ो is tadbhav (हँस्यौलो), and so is
 * its -ा or -ी form when the -ो form is a word (हँस्यौली).
 */
function isTadbhavByEnding(base: string, ctx: OrthographyContext): boolean {
  if (base.endsWith('ो')) return true;
  return (base.endsWith('ा') || base.endsWith('ी')) && ctx.isLexicon(base.slice(0, -1) + 'ो');
}

/**
 * 15. Tatsam words nasalize with anusvara, not chandrabindu (शिरबिन्दु
 * तत्सममा, चन्द्रबिन्दु तद्भवमा): a chandrabindu on a short vowel right
 * before श, ष, ह or a cluster that starts with a sibilant is the tatsam
 * anusvara misspelled (संस्करण, संस्था, संहार, संशय). Tadbhav chandrabindu
 * sits on long vowels (हाँस, बाँस), before other consonants (सँग, हिँड्नु)
 * and before a doubled sibilant, which no tatsam word has after a nasal
 * (हँस्सी, हँस्सीमजाक); and a word whose ending shows it tadbhav
 * (isTadbhavByEnding: हँस्यौलो, दँहेरो) keeps its chandrabindu.
 */
const TATSAM_CHANDRABINDU = new RegExp(`([${CONSONANTS}][िु]?)ँ(?=[शषह](?!्[शषस])|[शषस]्(?![शषस])[${CONSONANTS}])`, 'g');
const tatsamAnusvara: OrthographyRule = {
  id: 'anusvara-in-tatsam',
  description: 'तत्सम शब्दमा शिरबिन्दु लेखिन्छ, चन्द्रबिन्दु होइन (संस्करण, संस्था)',
  quick: /ँ/,
  apply(base, ctx) {
    if (isTadbhavByEnding(base, ctx)) return null;
    const out = base.replace(TATSAM_CHANDRABINDU, '$1ं');
    return out === base ? null : out;
  },
};

/**
 * 17. Tadbhav words take hrasva (तद्भव शब्दमा ह्रस्व, खण्ड ३(क) नियम १२):
 * मिष्ट -> मिठो, not मीठो. Applied where a word shows itself tadbhav by its
 * form: a two-syllable adjective of the -ो/-ा/-ी paradigm (ठुलो ठुला
 * ठुली, निलो, पिरो, धुलो, चिसो), a shape Sanskrit words do not have. Its
 * dirgha first vowel is written hrasva; the -ो form must be a word of the
 * dictionary (which has these words in their older dirgha spelling), so a
 * tatsam name of the same shape (गीता, पूजा, which have no -ो form) is
 * left alone. A compound follows its members (isCompoundOf): ठूला + बडा =
 * ठुलाबडा, छोटो + मीठो = छोटोमिठो, ठूला + ठूला = ठुलाठुला; not a tatsam
 * compound made in sandhi (मूल + आधार = मूलाधार, where no मूला is a member).
 */
const TADBHAV_ADJECTIVE = new RegExp(`^([${CONSONANTS}](?:्[${CONSONANTS}])*)([ीू])([${CONSONANTS}](?:्[${CONSONANTS}])*)([ोाी])$`);
/** The adjective's shape anywhere in a word: a compound may have it as a member. */
const TADBHAV_ADJECTIVE_INSIDE = new RegExp(`[${CONSONANTS}](?:्[${CONSONANTS}])*[ीू][${CONSONANTS}](?:्[${CONSONANTS}])*[ोाी]`);

/**
 * The hrasva spelling of a tadbhav adjective written dirgha, or null. As a
 * compound's member (`member`), a -ा or -ी form must be the dictionary's
 * form of the -ो adjective (ठूला of ठूलो), not a noun of its own the
 * -ो form happens to stand beside (टीका, a commentary: टीकाटिप्पणी, टीकाराम).
 */
function tadbhavAdjectiveHrasva(w: string, ctx: OrthographyContext, member = false): string | null {
  const m = TADBHAV_ADJECTIVE.exec(w);
  if (!m) return null;
  const [, first, vowel, second, ending] = m;
  const adjective = first! + vowel! + second! + 'ो';
  if (!ctx.isLexicon(adjective)) return null;
  if (member && ending !== 'ो' && !ctx.isInflectionOf(w, adjective)) return null;
  return first! + TO_HRASVA[vowel!]! + second! + ending!;
}

const tadbhavHrasva: OrthographyRule = {
  id: 'tadbhav-hrasva',
  description: 'तद्भव शब्दमा ह्रस्व हुन्छ: -ो/-ा/-ी विशेषणको पहिलो दीर्घ स्वर ह्रस्व (मिठो, ठुलो, निलो), समासमा पनि (ठुलाबडा)',
  quick: TADBHAV_ADJECTIVE_INSIDE,
  apply(base, ctx) {
    const whole = tadbhavAdjectiveHrasva(base, ctx);
    if (whole !== null) return whole;
    for (const [first, second] of memberSplits(base)) {
      const a = TADBHAV_ADJECTIVE.test(first) ? tadbhavAdjectiveHrasva(first, ctx, true) : null;
      const b = TADBHAV_ADJECTIVE.test(second) ? tadbhavAdjectiveHrasva(second, ctx, true) : null;
      if ((a !== null || b !== null) && isCompoundOf(base, first, second, ctx)) return (a ?? first) + (b ?? second);
    }
    return null;
  },
};

/**
 * 18. Pronouns take dirgha (सर्वनाममा दीर्घ, खण्ड ३(ई)): ऊ, हामी, तिमी,
 * उनी, आफू. A word that is one of the pronouns (PRONOUNS, lang/closed-class.ts)
 * with one of its dirgha vowels written hrasva is that pronoun misspelled
 * (उ for ऊ, हामि for हामी), even where the old word list accepts it.
 */
const HRASVA_SIGN_OR_LETTER = /[िुइउ]/g;
const TO_DIRGHA: Record<string, string> = { ...SIGN_TO_DIRGHA, इ: 'ई', उ: 'ऊ' };
const pronounDirgha: OrthographyRule = {
  id: 'pronoun-dirgha',
  description: 'सर्वनाममा दीर्घ हुन्छ (ऊ, हामी, तिमी, उनी)',
  quick: /[िुइउ]/,
  wholeWord: true,
  apply(base) {
    if (PRONOUNS.has(base)) return null;
    for (const m of base.matchAll(HRASVA_SIGN_OR_LETTER)) {
      const i = m.index!;
      const long = base.slice(0, i) + TO_DIRGHA[m[0]]! + base.slice(i + 1);
      if (PRONOUNS.has(long)) return long;
    }
    return null;
  },
};

/** Rules in the order they are tried on each base; the first that fires wins. */
export const ORTHOGRAPHY_RULES: readonly OrthographyRule[] = [
  doubleRi,
  kriyaRi,
  punahVisarga,
  prefixHalanta,
  sandhiVowel,
  rootSad,
  geminateJoint,
  ikIkaran,
  ikVriddhi,
  redundantTa,
  loanNa,
  loanSa,
  samAnusvara,
  absolutiveDirgha,
  eliHrasva,
  sibilantBeforeDental,
  tatsamAnusvara,
  tadbhavHrasva,
  pronounDirgha,
];

/**
 * 16. Before a postposition the genitive -को takes its oblique form -का
 * (नामयोगी अघि तिर्यक् रूप): लेखेका + मा = लेखेकामा, गरेका + ले = गरेकाले.
 * Applied to whole words, since it reads the chain itself.
 */
const OBLIQUE_POSTPOSITIONS = ['मा', 'ले', 'लाई', 'बाट', 'देखि', 'सँग', 'सम्म', 'तिर', 'भन्दा'];
export const OBLIQUE_GENITIVE_RULE = {
  id: 'oblique-genitive',
  description: 'विभक्ति वा नामयोगी अघि -को को तिर्यक् रूप -का हुन्छ (लेखेकामा, गरेकाले)',
};
/** Every id a finding can carry. */
export const ORTHOGRAPHY_RULE_IDS: readonly string[] = [OBLIQUE_GENITIVE_RULE.id, ...ORTHOGRAPHY_RULES.map((r) => r.id)];
const OBLIQUE_QUICK = new RegExp(`को(?:${OBLIQUE_POSTPOSITIONS.join('|')})$`);
export function obliqueGenitive(word: string, ctx: OrthographyContext): string | null {
  if (!OBLIQUE_QUICK.test(word)) return null;
  for (const p of OBLIQUE_POSTPOSITIONS) {
    if (!word.endsWith('को' + p)) continue;
    const head = word.slice(0, word.length - p.length - 2);
    if (aksharaCount(head) < 1) continue;
    // The genitive must be a real one: head + को is a word (भएको, उसको, फुटेको,
    // जसको), made of a word (भए, उस, फुटे, जस): not a word that merely ends
    // in -को (टाउको, head; अर्को, another: टाउकोमा is that noun with मा, whose
    // oblique टाउकामा the morphology reads too).
    if (!ctx.accepts(head + 'को') || !ctx.accepts(head)) continue;
    return head + 'का' + p;
  }
  return null;
}

/**
 * The first orthography rule that fires on the word, trying the whole word
 * and then each base left by cutting off a postposition chain (`splits`,
 * from the morphology layer), with the chain put back on the correction.
 */
export function applyOrthography(
  word: string,
  splits: readonly { base: string; suffix: string }[] | (() => readonly { base: string; suffix: string }[]),
  ctx: OrthographyContext,
): OrthographyFinding | null {
  const oblique = obliqueGenitive(word, ctx);
  if (oblique) return { rule: OBLIQUE_GENITIVE_RULE.id, correction: oblique };
  // The splits are only worked out when some rule's quick test passes.
  let bases: { base: string; suffix: string }[] | null = null;
  const whole = [{ base: word, suffix: '' }];
  for (const rule of ORTHOGRAPHY_RULES) {
    if (!rule.quick.test(word)) continue;
    if (!rule.wholeWord && bases === null) bases = [...whole, ...(typeof splits === 'function' ? splits() : splits)];
    for (const { base, suffix } of rule.wholeWord ? whole : bases!) {
      const fixed = rule.apply(base, ctx);
      if (fixed && fixed !== base) return { rule: rule.id, correction: fixed + suffix };
    }
  }
  return null;
}
