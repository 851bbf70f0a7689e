// Romanization resolve: romanized Nepali -> Devanagari words from the
// dictionary data (spec section 2.5 / 4.6).
//
// Finding candidates for one roman token (analyzeWord, cached per store):
//   1. exact:    store.aliases(romanKey(token)): the words one of whose
//                stored aliases (roman-aliases.ts) is spelled so.
//   2. reverse:  the token spelled back into Devanagari in its likeliest
//                readings (roman-reverse.ts), kept where the store knows
//                the word (store.form): this reaches the dictionary forms
//                that have no stored aliases (the build stores aliases for
//                ~50k words; the word list makes ~730k forms). Fewer readings are tried when stage 1 found a
//                dictionary word with a usual spelling.
//   3. split:    unless a dictionary word matched whole: the token is a
//                stem plus a postposition or verb ending
//                (roman-inflection.ts); the stem is looked up exactly (and,
//                for verb endings, as the infinitive stem+nu, and stem+unu
//                for an -आउनु verb before a vowel: paka+iyo, पकाउनु, पका+इयो),
//                the Devanagari joined (घर+मा, गर्+छु), and kept when the
//                joined form is a word of the store; a postposition after a
//                headword, and a verb ending after the stem of an infinitive
//                (of a dictionary, or of the news list when the spellchecker's
//                grammar reads the form: पकाइन्छ, backed by that list), are
//                kept even when the joined form is not listed, with a lower
//                weight.
//   4. compound: when nothing matched exactly: two dictionary words written
//                together (suchanapath सूचनापथ), joined as a split candidate;
//                also by the long-a sandhi (niyamanusar नियमानुसार, one
//                casual step lighter, and only with a second word of three
//                aksharas or more unless a list has the compound).
//   4b. news split: when nothing matched exactly: a word only the news
//                list has, typed in a usual spelling, plus a postposition
//                chain in the standard's spelling (hawahurima हावाहुरीमा,
//                photographyle फोटोग्राफीले), backed by the news list
//                (splitToken).
//   5. fuzzy:    store.fuzzyAliases(fuzzyRomanKey(token)): spellings that
//                differ from an alias in vowel length, aspiration,
//                sibilants, nasals, w/v/b, doubled letters, a y glide.
//   6. variants: only when nothing else matched: the fuzzy key with one a
//                added between two consonants or one removed (the schwa a
//                typist wrote or left out), looked up again.
//   7. guesses:  only for a word typed alone (the only word of the request)
//                that no dictionary word matched exactly in a usual
//                spelling (no alias of one, split form or loanword reading
//                weighing GUESS_BLOCKING_WEIGHT or more: an exact match of a
//                word only the news list has, often a name, or of a
//                dictionary word typed more loosely, does not stop it;
//                guesses rank with the fuzzy matches, by weight): the
//                fuzzy key one edit away (a
//                letter left out, added or put for another: shretha
//                श्रेष्ठ, neupany न्यौपाने, tewari तिवारी), fuzzy matches weighed
//                one edit step less where a consonant was put for another
//                letter. In running text such a word stays as typed: mixed
//                text keeps its English (publish, branch and entry are each
//                one edit from a Nepali word). Measured: tier A top-1 84.4%
//                -> 85.1%, top-5 92.9% -> 93.9%, sentences +4 words; letting
//                guesses convert in running text among Nepali neighbours
//                gained 146 sentence words but cost the Lekh sets, whose
//                references keep English words, 6 and 4 words.
//   8. real-text spellings: for an exact or split match, the spelling real
//                text also gives it where the Academy standard spells
//                otherwise, when the spellchecker corrects that spelling to
//                the match: a verb form without the final halanta of its
//                ending (लेख्नुस् -> लेख्नुस: the news list writes a fifth to
//                two fifths of such forms so) and an anusvara for a fifth
//                letter before a stop of its class (अङ्कपत्र -> अंकपत्र).
//                Backed by the match, and flagged, such a spelling is only
//                ever the last resort (standardFirst): never first, never
//                chosen by context, shown when the list has room and no
//                flagged word of an earlier stage takes the one last-resort
//                place (sampatti: the news list's सम्पत्ती, not संपत्ति), for a
//                writer who wants the spelling of real text; a token with
//                one match and such a twin is "ambiguous". Measured: tier
//                A top-5 477 -> 481 of 505 (lekhnus, sodhnus, kholnus,
//                ankapatra), tier B 78.7% -> 78.9%; top-1 and the sentences
//                unchanged (they take the first candidate).
// Every candidate of stages 2, 5 and 6 is scored by the casual scheme
// (casualCost in roman-casual.ts): when the typed token is a casual
// spelling of the word (the build stores only each word's MAX_CASUAL_ALIASES cheapest), it
// is an exact casual alias with the weight its cost gives; otherwise it is a
// fuzzy match.
//
// RANKING (the order of a token's candidates; the first is `converted`):
//   0. a token typed with diacritics (ghaṇṭā, uhā̃) is looked up as typed
//      in stage 1, and read by every other stage as a typist without them
//      writes it (foldDiacritics: ghanta, uhan); within a stage a word one
//      of whose scientific aliases is the token exactly goes first;
//   1. exact alias matches before fuzzy ones, in this order: exact aliases
//      (stored, or casual spellings the casual scheme prices) of dictionary
//      words and of words only the news word list has (names, places,
//      loanwords: weighed ATTESTED_PENALTY less) and English spellings of
//      loanwords (stage 3b, LOAN_PENALTY; found only when no dictionary word
//      matched); split forms and compounds (stages 3 and 4); fuzzy
//      matches of dictionary words, then of news-list words; schwa
//      variants; guesses (stage 7). Every candidate is backed by a word
//      list: a headword, a form the dictionaries make, a word seen in real
//      text that is a headword plus a regular ending (बारेमा, गर्नुहोस्), a
//      split form or compound of dictionary words, or a word of the news
//      list (ATTESTED_WORDLIST) the spellchecker has no correction for. A
//      headword the spellchecker does not call correct (spelled against
//      the Academy standard) goes after the correctly spelled candidates of
//      its stage, and its standard spelling ranks in its place, added when
//      no stage found it (standardSpellingsFirst: tika टिका, not टिक;
//      garekoma गरेकामा), and the headword follows it (respelledAs);
//      of two news-list spellings of one word (one confusion key) the
//      one the spellchecker accepts takes the place of the one it does
//      not know (acceptedVariantsFirst: dirghakalin दीर्घकालीन, not
//      दिर्घकालिन); so does the fifth letter of a stop's class
//      (fifthLetterFirst: sambhav सम्भव, not the word list's संभव);
//      any other word it flags (a news-list spelling such as
//      बिष्ट or संबिधान, a colloquial form) is not ranked at all: the best
//      one is listed after every ranked candidate, and only when there is
//      one (standardFirst);
//   2. weight, higher first: the alias weight, i.e. how usual this
//      spelling is for this word (roman-aliases.ts: casual 100 - 15 x the
//      cost of its casual simplifications, iast/iso15919 60, itrans 55,
//      harvard-kyoto 50; a casual spelling the store does not keep gets
//      the weight of its cost, roman-casual.ts casualCost). Inferred
//      matches weigh less: a split form takes the lower of the stem's and
//      the ending's spelling weight minus 5 (a compound minus 15), minus 25
//      more when the joined form is not itself a known form; a fuzzy match
//      loses 20 plus 10 per edit between the typed token and the alias;
//      a closed-class word counts one casual step (15) more, a word the
//      news word list does not have (real text never showed it) one step
//      less (kanoon: कानुन, not the word list's rare कनूँ), a word with
//      RICHLY_INFLECTED case forms in the news list one step more (man:
//      मन, not मान; see rule 5);
//   3. a closed-class word (conjunction, particle, pronoun, numeral, common
//      adverb, copula: the spellchecker's FUNCTION_WORDS, morphology.ts; and
//      the postpositions written as words of their own, roman-inflection.ts
//      STANDALONE_POSTPOSITIONS) before other words: they are the commonest
//      words of any text (pani: पनि before पानी; sanga: सँग before सङ्ग,
//      bata: बाट before वटा; measured: tier A 79.4% -> 79.8%, sentences
//      unchanged, as the detached-postposition rule already read them there);
//   4. attestation class, higher first: the attestation of rule 8 in
//      classes that double (0 | 1-2 | 3-6 | 7-14 | ...), so a word seen
//      clearly more often in real text goes first (counted only when the
//      ranking gets this far, see WordFacts);
//   5. case forms in real text, more first: how many of the word's case
//      forms (घरमा, घरको, घरहरू...: the spellchecker's PARADIGM_PROBES) the
//      news word list has, the nearest thing to a word frequency the
//      packaged data has (rati: राति, 4, before रति, 0; sathi: साथी before
//      साठी; measured: tier A 81.0% -> 82.0%, sentences 79.1% -> 79.2%,
//      105 reference words gained and 32 lost; placed before rule 4 it
//      gained more on tier A, 82.4%, but lost तयार to टायर 55 times: words
//      that take no case endings, adjectives and adverbs, have none); a
//      headword plus a postposition chain counts its headword's case forms
//      (nadima: नदीमा, 9, before नाडीमा, 1), and is seen in real text (rule
//      2's step) when its headword is (acharma: अचारमा; measured: sentences
//      38,738 -> 38,851 of 48,629 reference words, tier B top-1 70.5% ->
//      70.9%, tier A unchanged);
//   6. presence in more dictionaries (both the thesaurus and the hunspell
//      word list before one of them);
//   7. definition_rank, higher first: the number of definitions (senses)
//      the headword has across the dictionaries (0 for a word that is only
//      an inflected form);
//   8. attested in real text, more first: 1 when the news vocabulary
//      (tesseract) has the word, plus the number of example sentences (the
//      thesaurus's definitions and the other sentence sources of the store)
//      that use it;
//   9. edit distance between the typed token and the alias, smaller first;
//  10. a headword before a word that is only an inflected form;
//  11. example sentences that use the word or one of its forms, more
//      first (ram: राम, whose forms the examples use, before रम);
//  12. the Devanagari word in code point order (so results are stable).
//
// Text-level rules (resolveText, resolveTokens):
//   - Only Latin-letter words are converted; numbers, URLs, e-mail
//     addresses, Devanagari, and letters glued to digits stay as given.
//   - ALL-CAPITALS words of two letters or more (acronyms: KC, NASA) stay.
//   - English clauses: a clause (between sentence punctuation and commas)
//     with at least two words of ENGLISH_WORDS and no more Nepali-only
//     words stays as typed whole (englishClauses).
//   - English: a word of ENGLISH_WORDS (very common English function
//     words, chosen to avoid common Nepali spellings) stays English unless
//     it has an exact Nepali match and its neighbours in the sentence are
//     Nepali and not English; any other word stays English when it has no
//     exact Nepali match and either looks English (c not before h, q,
//     -tion, -ck, wh, -ght) or has an English neighbour and no more Nepali
//     ones; an exact Nepali match stays English only among at least two
//     English neighbours and no Nepali one. Neighbours: up to two word
//     tokens on each side within the sentence; "Nepali" = has an exact
//     match and is not in ENGLISH_WORDS; "English" = in ENGLISH_WORDS, or
//     looks English without an exact match.
//   - A loanword typed the English way (stage 3b) is converted when it is
//     the only word; in running text it stays English, unless a Nepali
//     postposition is joined to it (cancerko, electronharu: read as the
//     loanword plus the postposition) and its neighbours are more Nepali
//     than English. The same holds for a lower-case initialism a word list
//     has, read letter by letter (stage 1b: kc केसी, tv टीभी).
//   - A capitalized word that does not start a sentence (a name, a brand)
//     is converted only when it has an exact match and a Nepali neighbour.
//   - Detached postpositions: when a word follows another word of the same
//     phrase (no punctuation between; the word before may be English kept
//     as it is, "office ma"; it is not a conjunction such as र, तर, जब, or
//     a relative adverb opening a clause, जति, जहाँ: CONJUNCTIONS; after a
//     converb in -एर, an adverb of time, आज, अहिले, or a correlative of
//     manner or degree, त्यसरी, त्यति, the ranking stands: aja ma -> आज म)
//     and one
//     of its exact candidates is a postposition (मा, लाई, ...) weighing at
//     most one casual cost step less than the first, that one is put first
//     (ghar ma -> घर मा, not घर म; ghar bata -> घर बाट, not घर बाटा); at the
//     start of a phrase, the same way, an exact non-postposition goes before
//     a postposition (ma ghar -> म घर). A conjunction ranked first stays
//     (garyo ki ...: कि, not the genitive की; measured: 91 reference words
//     more, none fewer). A word alone (the only word of the
//     request) keeps its ranking (lagi: लागि).
//   - Finite verb at the end of a sentence: the last word before . ? ! । or
//     a line end (or the text's end), in a request of several words, whose
//     first candidate has an exact twin ending in halanta that weighs as
//     much, takes the twin (u le topi lagain. -> ... लगाइन्, the finite
//     past, not लगाइन, the passive infinitive).
//   - Agreement: when the sentence has a subject pronoun before its last
//     word (the last one wins: म, मैले, हामी, हामीले... are first person;
//     तिमी, तँ, ऊ, उसले, उनी, उनीहरू... are not), the last word's first
//     candidate gives way to the first exact candidate weighing as much
//     whose person agrees: a finite verb ending in chandrabindu or
//     anusvara is first person (गरेँ, गर्यौँ, गरौँ, थिएँ), the other forms
//     are not (maile kaam gare. -> गरेँ; timi ... gare. -> गरे). Inside
//     the sentence the same holds between twins in -औ/-औँ only (hami ...
//     saksham bhayau bhane: भयौँ; a word in -े there is as often a
//     participle or a conditional: गर्ने, भने; measured: 9 reference words
//     more, none fewer, where all words gave 12 more and 24 fewer). Measured
//     on sentence_pairs.tsv: 39 reference words right that were wrong, 8
//     the other way (anusvara and chandrabindu read alike; the 8 are the
//     references' own colloquial मैले ... गरे).
//   - An enclitic particle (त, नि, पो, रे, and the focus particles पनि,
//     नै) leans on the word before it and opens no sentence: at a
//     sentence's start an exact candidate as heavy goes before it (ta kina
//     dhilo aayau? -> तँ, the pronoun; pani chha -> पानी; measured: 22
//     reference words more, none fewer; पनि, नै: 12 more, none fewer).
//   - The tokens form takes the list as one phrase for these rules.

import { ATTESTED_WORDLIST, FORM_ATTESTED, FORM_LEXICON, HUNSPELL_DICT, type AliasRecord } from '../store/types.js';
import type { Morphology } from './spell/morphology.js';
import { Spellchecker } from './spell/spellchecker.js';
import { confusionKey } from './spell/confusion.js';
import { CONJUNCTION_WORDS, FUNCTION_WORDS } from './lang/closed-class.js';
import { editDistance } from './lang/edit-distance.js';
import { aksharaCount, CONSONANTS, HALANTA } from './lang/letters.js';
import { hasLetterOrDigit, sentencesUsing } from './lang/text.js';
import type { WordStore } from '../store/word-store.js';
import { CASUAL_COST_STEP, casualWeight, fuzzyRomanKey, romanAliases, romanKey } from './roman-aliases.js';
import { casualCost } from './roman-casual.js';
import { initialismReading, loanReadings } from './roman-english.js';
import { reverseSpellings } from './roman-reverse.js';
import { syllabify, type Syllable } from './roman-schemes.js';
import { endingsFor, halantaLessTwin, joinStem, postpositionHeadword, MAX_ENDING_LENGTH, POSTPOSITION_WORDS, STANDALONE_POSTPOSITIONS, type Ending } from './roman-inflection.js';
import { tokenizeRoman, type RomanTextToken } from './roman-tokenize.js';
import type { RomanCandidate, RomanizationResult, RomanToken } from './results.js';

export const DEFAULT_MAX_CANDIDATES = 5;
export const MIN_MAX_CANDIDATES = 1;
export const MAX_MAX_CANDIDATES = 10;

/** Match stages, in ranking order. */
const enum Stage {
  /**
   * An alias of a dictionary word: a headword, a form the dictionaries
   * make, or a word seen in real text that is a headword plus a regular
   * ending (बारेमा, गर्नुहोस्).
   */
  Exact = 0,
  /** A dictionary stem + a known ending, or two dictionary words written together. */
  Split = 1,
  /** An English spelling of a loanword the word lists have (roman-english.ts): digital डिजिटल. */
  Loan = 2,
  Fuzzy = 3,
  /** A fuzzy match of a word only the news word list has. */
  AttestedFuzzy = 4,
  Variant = 5,
  /** One edit of the fuzzy key away (stage 7): only for a word typed alone that no dictionary word matches exactly in a usual spelling. */
  Guess = 6,
}

const ATTESTED_ONLY_DICTIONARIES = [ATTESTED_WORDLIST];

/**
 * A word only the news word list has weighs this much less than a
 * dictionary word typed the same way: two casual cost steps, so a
 * dictionary word typed with one simplification (tara: तर) still goes
 * first, and one the typist would hardly write so (ङ्याउँपाने for nyaupane,
 * weight 45) does not. Measured (bench/romanization-quality.ts, tier A top-1
 * / sentences): 15 gives 78.0% / 76.4%, 30 gives 78.4% / 76.5%, 45 gives
 * 78.2% / 76.4%; a separate stage after all dictionary words gave 77.8% / 76.4%.
 */
export const ATTESTED_PENALTY = 2 * CASUAL_COST_STEP;
export const SPLIT_PENALTY = 5;
/** A loanword reading (roman-english.ts) is an inference: it weighs less than the same casual spelling typed. */
export const LOAN_PENALTY = 10;

/** The RANKING above in short, for the API description (OpenAPI) and the README. */
export const RANKING_SUMMARY =
  'Candidates, best first: (1) how the token matched: an exact alias of a dictionary word (a headword, a form the dictionaries make, ' +
  `or a headword plus a regular ending) or of a word only the news word list has (names, places, loanwords; dictionaries is ["${ATTESTED_WORDLIST}"], ` +
  `definition_rank 0, weight ${ATTESTED_PENALTY} less), and, when no dictionary word matched, a loanword typed the English way (kind english, ` +
  `weight ${LOAN_PENALTY} less); then a stem plus an ending (a dictionary stem, or, when nothing matched exactly, a news-list word plus a ` +
  'postposition), or two dictionary words written together; then fuzzy matches (vowel ' +
  'length, aspiration, sibilants, nasals, w/v/b folded; dictionary words before ' +
  'news-list words); then the token with a written or omitted inherent a; then, for a word typed alone that no dictionary word matches exactly in a usual spelling (weighing 70 or more: a word typed whole with at most two casual simplifications), the words ' +
  'one edit of its fuzzy key away, ranked with the fuzzy matches by weight (a consonant put for another letter one step less; in running text such a word stays as typed); within each, for a token typed with diacritics, a word ' +
  'one of whose scientific aliases is the token exactly (pānī: पानी). (2) weight, higher first: how usual this spelling is for the ' +
  'word (casual 100 minus 15 per casual simplification, iast/iso15919 60, itrans 55, harvard-kyoto 50; less for news-list words and ' +
  'loanword readings, and for split, compound and fuzzy matches), a closed-class word (pronouns, particles, conjunctions, postpositions, the copula) ' +
  'counted 15 more, a word real text never showed (not in the news word list) 15 less, one real text inflects richly (7 case forms or more in the news list) 15 more. (3) closed-class words first; between a stem plus a ' +
  'postposition and the stem with ā plus it (melama: मेलमा, मेलामा), the ā. (4) attestation in real text, in classes that double. (5) case ' +
  'forms of the word in real text (how many of घरमा, घरको, घरहरू... the news word list has; for a headword plus a postposition, ' +
  'those of the headword). (6) presence in more ' +
  'dictionaries. (7) definition_rank: the number of definitions of the headword. (8) attestation count. (9) edit distance between the ' +
  'token and the alias. (10) a headword before an inflected form. (11) example sentences using the word or its forms. A word the ' +
  'spellchecker would correct is never offered first: a headword spelled against the Academy standard goes right after its ' +
  'standard spelling, which takes its rank (tika: टिका, then टीका; the standard spelling of any respelled form is added when no list has it), and of the other flagged forms (a news-list spelling of a name, a colloquial form; real text\'s spelling of a match where the ' +
  'standard spells otherwise: a verb ending without its final halanta, lekhnus: लेख्नुस् then लेख्नुस; an anusvara for the fifth letter, ' +
  'ankapatra: अङ्कपत्र then अंकपत्र) the best one is listed only after every other candidate, and only when there is one. Of two news-list spellings of one word (differing in ' +
  'vowel length, sibilants, ब/व, nasals or halanta) the one the spellchecker accepts takes the rank of the one it does not know ' +
  '(dirghakalin: दीर्घकालीन before दिर्घकालिन), unless that one is typed more closely or real text inflects it in more case forms; ' +
  'of an anusvara spelling and the fifth-letter spelling of one word, the fifth letter, the standard\'s (sambhav: सम्भव before संभव).';

/** The text-level rules of the header in short, for the API description (OpenAPI). */
export const CONTEXT_SUMMARY =
  'In a text the neighbours count too (the tokens form is read as one phrase): numbers, URLs, e-mail addresses, Devanagari and ' +
  'ALL-CAPITALS acronyms stay as given; a clause with two common English words or more and no more Nepali ones stays English whole ' +
  '(I sent the report to my boss); an English word stays English unless it has an exact Nepali match among Nepali neighbours, ' +
  'and a loanword typed the English way is converted only when it is the only word (mixed text keeps its English) or carries a ' +
  'Nepali postposition among Nepali neighbours (cancerko: क्यान्सरको), or is a lower-case initialism read letter by letter ' +
  '(mero naam kc ho: केसी); a capitalized ' +
  'word inside a sentence is converted only with an exact match and a Nepali neighbour; a detached postposition after a word of ' +
  'its phrase is read as one (ghar ma: घर मा, not घर म), unless a conjunction ranks first (ki: कि) or the word before is a converb ' +
  'in -एर, an adverb of time (aja ma: आज म) or a correlative of manner or degree (tyasari ma: त्यसरी म), and a phrase (after a conjunction such as जब, too) does not start with one ' +
  '(ma ghar: म घर); the last word of a ' +
  'sentence takes its finite-verb twin with a final halanta when both match equally (lagain.: लगाइन्); before a written . ? or ! ' +
  'a finite verb within one casual step goes before a noun or a non-finite form (kaam gara.: गर, not गरा); the last word ' +
  'agrees in person with the ' +
  'last subject pronoun of its sentence (म, मैले, हामी...: the first-person form ending in chandrabindu; तिमी, ऊ, उनी...: a form without) ' +
  'when an exact candidate as heavy does (maile kaam gare.: गरेँ); inside the sentence, so does a verb between twins in -औ/-औँ ' +
  '(hami ... bhayau bhane: भयौँ); an enclitic particle (त, नि, पो, रे, पनि, नै) opens no sentence (ta kina ...: तँ; pani chha: पानी). A word alone is taken as ranked.';
export const UNVERIFIED_SPLIT_PENALTY = 25;
export const FUZZY_PENALTY = 20;
export const FUZZY_EDIT_PENALTY = 10;

/** Adds a candidate (see computeAnalysis); `stems` back a joined word no dictionary lists. */
type AddCandidate = (word: string, alias: string, weight: number, kinds: string[], stage: Stage, stems?: string[]) => void;

interface Scored extends RomanCandidate {
  stage: Stage;
  /** Store facts about the word; their attestation is worked out only when the ranking needs it. */
  facts: WordFacts;
  headword: boolean;
  distance: number;
  /** Set by standardSpellingsFirst and acceptedVariantsFirst: the weight of the word whose accepted spelling this word is. */
  standardOfWeight?: number;
  /**
   * Set by acceptedVariantsFirst and fifthLetterFirst on a spelling that
   * gives its place to a variant (Gate.Later): a news-list spelling whose
   * variant the spellchecker accepts, a dictionary twin of real text's own
   * spelling (विन्दु beside बिन्दु), an anusvara spelling beside the fifth
   * letter (संभव beside सम्भव).
   */
  variantOfAccepted?: boolean;
  /**
   * Set by standardSpellingsFirst on a headword an orthography rule of the
   * standard respells: its standard spelling (टीका: टिका). The headword is
   * listed right after it (standardFirst), not after every other word of
   * its stage: the same word in the older spelling, which much real text
   * still writes. (Not for the news list's variants of an accepted word,
   * हत्त beside हत, nor for an anusvara spelling beside the fifth letter,
   * संग beside सङ्ग: measured, moving those up pushed out the candidates the
   * sentence rules choose from, हट, सँग.)
   */
  respelledAs?: string;
  /** Set by stage 8 on real text's spelling of a match the standard spells otherwise (लेख्नुस beside लेख्नुस्): only ever the last resort. */
  realTextSpelling?: boolean;
  /** Set for a token typed with diacritics: one of the word's scientific aliases is the token exactly (ghaṇṭā: घण्टा). */
  typedExactly?: boolean;
  /** The words a split form or compound no list has is backed by (its stem: भुटेको for भुटेकोमा). */
  stems?: string[];
}

/** What one roman token resolves to, independent of max_candidates and of its context. */
interface WordAnalysis {
  /** Ranked, at most MAX_MAX_CANDIDATES. */
  candidates: Scored[];
  /** Some candidate is an exact alias match (a dictionary word, a split form or an attested word). */
  exact: boolean;
  /** The first candidate is an English spelling of a loanword (Stage.Loan). */
  loan: boolean;
  /** ... with a Nepali postposition joined (cancerko: क्यान्सरको): a Nepali reading is meant. */
  loanInflected: boolean;
  /** The first candidate is a lower-case initialism read letter by letter (kc: केसी), a name or term of the word lists. */
  initialism: boolean;
  /** No dictionary word matched exactly in a usual spelling: stage 7 guesses for the word when it is typed alone (analyzeWord's `guess`). */
  guessable: boolean;
  /** The lower-cased token is one of ENGLISH_WORDS. */
  englishWord: boolean;
  /** The token has letter patterns of English spelling (LOOKS_ENGLISH). */
  looksEnglish: boolean;
  /** The public candidates (all of them; callers take the first max_candidates). */
  public: RomanCandidate[];
  /**
   * The lists handed out so far (see candidateView), by postposition order
   * and max_candidates: the same token gets the same (never mutated) array
   * in every answer, so a serializer can cache its JSON by the array
   * (roman-json.ts).
   */
  views?: Map<number, RomanCandidate[]>;
}

// --- per-store cache of token analyses --------------------------------------
// A romanized text repeats its words; a service sees the same words in many
// requests. Analyses depend only on the store and the token's key, so they
// are cached per store (a rebuilt store is a new object, with a new cache).
const CACHE_LIMIT = 20_000;
const caches = new WeakMap<WordStore, Map<string, WordAnalysis>>();

function cacheFor(store: WordStore): Map<string, WordAnalysis> {
  let c = caches.get(store);
  if (!c) caches.set(store, (c = new Map()));
  return c;
}

/** The spellchecker's morphology over this store (the same object, with its caches): what it accepts, romanization may offer. */
function morphologyFor(store: WordStore): Morphology {
  return spellcheckerFor(store).morph;
}

/** Forgets the cached analyses of a store (benchmarks measure cold runs with it). */
export function clearAnalysisCache(store: WordStore): void {
  caches.delete(store);
  factCaches.delete(store);
  spellcheckers.delete(store);
  syllableCache.clear();
}

/**
 * Runs every code path of the resolver once over a text made from the
 * store's own closed-class words (their casual spellings, and for some of
 * them an inflected form and a spelling with long vowels doubled), so that a worker's first real request does not pay
 * for compiling the code and paging in the store. Call once per thread at
 * start-up; the analyses it caches are of real, common words.
 */
export function warmUpRomanizer(store: WordStore): void {
  const words: string[] = [];
  for (const w of FUNCTION_WORDS) {
    const a = romanAliases(w).find((x) => x.kinds.includes('casual'));
    if (!a) continue;
    words.push(a.alias);
    // an inflected form (split stage) and a variant spelling (reverse and fuzzy stages)
    if (words.length % 7 === 0) words.push(a.alias + 'ko', a.alias.replace(/a/g, 'aa'));
  }
  resolveText(store, words.join(' '), MAX_MAX_CANDIDATES);
}

/**
 * Resolves one roman word (no context rules), cached by the token as typed
 * and by its key. With `guess`, a word nothing matches is also looked up
 * one edit of its fuzzy key away (stage 7 of computeAnalysis): asked only
 * for a word typed alone (resolveSequence).
 */
export function analyzeWord(store: WordStore, token: string, guess = false): WordAnalysis {
  const cache = cacheFor(store);
  const tag = guess ? GUESS_TAG : '';
  const hit = cache.get(tag + token);
  if (hit) return hit;
  const key = romanKey(token);
  let a = key === token ? undefined : cache.get(tag + key);
  if (!a) {
    a = computeAnalysis(store, key, guess);
    remember(cache, tag + key, a);
  }
  if (key !== token) remember(cache, tag + token, a);
  return a;
}

/** Cache-key prefix of an analysis with guesses (no roman token holds this character). */
const GUESS_TAG = '\u0001';

function remember(cache: Map<string, WordAnalysis>, k: string, a: WordAnalysis): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(k, a);
}

/**
 * Letters with diacritics (IAST, ISO 15919 and loose typing with them: Ghaṇṭā,
 * tapaiṅle) as a casual typist writes them; other marks are dropped (ā -> a,
 * ṭ -> t), a tilde or candrabindu over a vowel is its nasal (uhā̃ -> uhan), and
 * the scientific c is ch.
 */
const DIACRITIC_LETTERS: Readonly<Record<string, string>> = {
  'ś': 'sh', 'ṣ': 'sh', 'ṛ': 'ri', 'ṝ': 'ri', 'ḷ': 'li', 'ṅ': 'n', 'ñ': 'n', 'ṇ': 'n', 'ṃ': 'n', 'ṁ': 'n', 'ḥ': 'h',
};
const DIACRITIC_LETTER = /[śṣṛṝḷṅñṇṃṁḥ]/g;
const NASAL_MARK = /[̃̐]/g;
const MARKS = /\p{M}/gu;
const BARE_C = /c(?!h)/g;

/** The token without its diacritics, read with DIACRITIC_LETTERS (the anusvara ṃ/ṁ as n); null when it has none (or is not Latin). */
export function foldDiacritics(lower: string): string | null {
  if (CASUAL_TYPED.test(lower)) return null;
  const s = lower
    .normalize('NFC')
    .replace(DIACRITIC_LETTER, (ch) => DIACRITIC_LETTERS[ch]!)
    .normalize('NFD')
    .replace(NASAL_MARK, 'n')
    .replace(MARKS, '')
    .replace(BARE_C, 'ch');
  return s !== lower && CASUAL_TYPED.test(s) ? s : null;
}

/** Longer tokens are no Nepali word (and would only cost look-ups). */
const MAX_TOKEN_LENGTH = 40;

function computeAnalysis(store: WordStore, key: string, guess = false): WordAnalysis {
  if (key.length === 0 || key.length > MAX_TOKEN_LENGTH) return { candidates: [], exact: false, loan: false, loanInflected: false, initialism: false, guessable: false, englishWord: false, looksEnglish: false, public: [] };
  const found = new Map<string, Scored>();
  const info = new WordInfo(store);
  const lower = key.toLowerCase();
  // A token typed with diacritics (ghaṇṭā, tapāīṅle, uhā̃) is looked up as
  // typed (its scientific aliases), and read by the casual stages as a
  // typist without them would write it (ghanta, tapainle, uhan).
  const folded = foldDiacritics(lower);
  const typed = folded ?? lower;
  const add: AddCandidate = (word, alias, weight, kinds, stage, stems) => {
    const i = info.of(word);
    if (i.boundStem) return;
    // Candidates are backed by a word list (spec 2.5): a split form or
    // compound not listed itself is backed by the dictionaries of its parts;
    // a word only the news word list has (a name, a place, a loanword) is
    // backed by that list and weighs ATTESTED_PENALTY less (a fuzzy match of
    // one goes after the fuzzy matches of dictionary words); a join of
    // unknown pieces is not offered.
    let dictionaries = i.dictionaries;
    if (dictionaries.length === 0 && stems) {
      dictionaries = [];
      for (const st of stems) for (const d of info.of(st).dictionaries) if (!dictionaries.includes(d)) dictionaries.push(d);
    }
    if (dictionaries.length === 0) {
      // A form of a verb only the news list has (पकाइयो of पकाउनु; the
      // split stage joins it only where the spellchecker's grammar reads it)
      // is backed by that list, as the infinitive is.
      const fromAttested = stems !== undefined && stems.length > 0 && stems.every((st) => info.of(st).attestedOnly);
      if (!(i.attestedOnly && !stems) && !fromAttested) return;
      dictionaries = ATTESTED_ONLY_DICTIONARIES;
      if (stage <= Stage.Split) weight = Math.max(1, weight - ATTESTED_PENALTY);
      else if (stage === Stage.Fuzzy) stage = Stage.AttestedFuzzy;
    }
    const prev = found.get(word);
    if (prev && (prev.stage < stage || (prev.stage === stage && prev.weight >= weight))) return;
    found.set(word, {
      word,
      alias,
      weight,
      kinds: [...kinds],
      definition_rank: i.definitionRank,
      dictionaries,
      stage,
      facts: i,
      headword: i.headword,
      distance: editDistance(lower, alias.toLowerCase()),
      ...(stems ? { stems } : {}),
    });
  };
  // A candidate found by any means whose spelling the casual scheme can
  // produce is an exact casual alias, weighted by its cost; otherwise it is
  // a fuzzy match.
  const typedIsCasual = CASUAL_TYPED.test(typed);
  const addScoredTwin = (word: string, stems?: string[]): void => {
    const cost = casualCostOf(word, typed);
    if (cost !== Infinity) add(word, typed, casualWeight(cost), CASUAL_KINDS, Stage.Exact, stems);
  };
  const addScored = (word: string, fallback: AliasRecord | null, stage: Stage): void => {
    const cost = typedIsCasual ? casualCostOf(word, typed) : Infinity;
    if (cost !== Infinity) add(word, typed, casualWeight(cost), CASUAL_KINDS, Stage.Exact);
    else {
      // Not a casual spelling: weighed by its distance from the word's likeliest alias.
      fallback ??= bestAlias(word);
      if (fallback) addFuzzy(fallback, typed, stage, add);
    }
  };

  // 1. exact: stored aliases
  let exact = store.aliases(key);
  if (exact.length === 0 && key !== lower) exact = store.aliases(lower);
  // Typed with diacritics: a word one of whose scientific aliases is the token exactly is what was meant.
  const typedExactly = folded === null ? null : new Set(exact.map((r) => r.word));
  if (folded !== null) exact = [...exact, ...store.aliases(folded)];
  for (const r of exact) {
    add(r.word, r.alias, r.weight, r.kinds, Stage.Exact);
    // Matched through a scientific scheme only: the casual reading may weigh more.
    if (typedIsCasual && !r.kinds.includes('casual')) {
      const cost = casualCostOf(r.word, typed);
      if (cost !== Infinity && casualWeight(cost) > r.weight) add(r.word, typed, casualWeight(cost), [...r.kinds, 'casual'], Stage.Exact);
    }
  }

  // 1b. an initialism typed in lower case, letter by letter (kc: केसी), where a word list has it
  const initialism = initialismReading(typed);
  if (initialism !== null && store.mayBeForm(initialism) && store.form(initialism) !== undefined) {
    add(initialism, typed, casualWeight(0) - LOAN_PENALTY, LOAN_KINDS, Stage.Loan);
  }

  // 2. the typed token spelled back into Devanagari, kept where the store
  //    knows the word; a short search when a dictionary word already matched
  //    with a usual spelling
  if (typedIsCasual) {
    let best = 0;
    for (const c of found.values()) if (c.stage === Stage.Exact && c.weight > best) best = c.weight;
    let hits = 0;
    const limit = best >= casualWeight(0) ? REVERSE_AFTER_USUAL : best >= casualWeight(1) ? REVERSE_AFTER_COMMON : REVERSE_SPELLINGS;
    for (const dev of reverseSpellings(typed, limit)) {
      // Looked up when the Bloom filter (over every form, lexicon and attested) says it may be one.
      if (found.has(dev) || !store.mayBeForm(dev) || store.form(dev) === undefined) continue;
      addScored(dev, null, Stage.Fuzzy);
      if (++hits >= REVERSE_HITS) break;
    }
  }

  // 3. split into stem + ending, unless a dictionary word matched whole
  //    (one the spellchecker lets through: a misspelling the word list
  //    carries, प्रकृयाहरु, does not stop the search for प्रक्रियाहरू)
  let matchedWhole = false;
  for (const c of found.values()) {
    if (c.stage === Stage.Exact && !c.facts.attestedOnly && gate(spellcheckerFor(store), c) !== Gate.LastResort) {
      matchedWhole = true;
      break;
    }
  }
  if (!matchedWhole) splitToken(store, typed, add);
  else if (typedIsCasual) firstPersonTwins(store, found, addScoredTwin);

  // 3b. an English spelling of a loanword, when no dictionary word matched
  if (typedIsCasual && ![...found.values()].some((c) => c.stage <= Stage.Split && !c.facts.attestedOnly)) loanToken(store, typed, add);

  // 4. a compound of two dictionary words, when nothing matched exactly
  let compound = false;
  // (A word only the news list has does not stop the search for dictionary words.)
  const noDictionaryWord = (): boolean => ![...found.values()].some((c) => !c.facts.attestedOnly);
  if (typedIsCasual && noDictionaryWord()) compound = compoundToken(store, typed, add);

  // 4b. a postposition after a word only real text has, when nothing else matched exactly
  if (!matchedWhole && ![...found.values()].some((c) => c.stage <= Stage.Loan)) splitToken(store, typed, add, true);

  // 5. fuzzy
  const fkey = fuzzyRomanKey(lower);
  if (fkey) {
    let scored = 0;
    for (const r of store.fuzzyAliases(fkey)) {
      if (found.has(r.word)) continue;
      if (scored++ < FUZZY_SCORED) addScored(r.word, r, Stage.Fuzzy);
      else addFuzzy(r, typed, Stage.Fuzzy, add);
    }
  }

  // 6. schwa variants of the fuzzy key
  if (noDictionaryWord() && fkey.length >= 3) {
    for (const v of schwaVariants(fkey)) for (const r of store.fuzzyAliases(v)) if (!found.has(r.word)) addScored(r.word, r, Stage.Variant);
  }

  // 7. a guess: the words one edit of the fuzzy key away, when no
  //    dictionary word matched exactly in a usual spelling and the caller
  //    asks (a word typed alone)
  const guessable =
    typedIsCasual &&
    fkey.length >= MIN_GUESS_KEY &&
    fkey.length <= MAX_GUESS_KEY &&
    ![...found.values()].some((c) => c.stage <= Stage.Loan && !c.facts.attestedOnly && c.weight >= GUESS_BLOCKING_WEIGHT);
  if (guess && guessable) {
    for (const [v, dear] of oneEditVariants(fkey)) {
      for (const r of store.fuzzyAliases(v)) if (!found.has(r.word)) addFuzzy(r, typed, Stage.Guess, add, dear ? FUZZY_EDIT_PENALTY : 0);
    }
  }

  // 8. real text's own spellings of an exact or split match, where the
  //    standard spells otherwise and the spellchecker corrects them to it:
  //    a verb form without the final halanta of its ending (lekhnus:
  //    लेख्नुस्, then लेख्नुस), an anusvara for a fifth letter before a stop
  //    of its class (ankapatra: अङ्कपत्र, then अंकपत्र); flagged, such a
  //    spelling is only ever the last resort (standardFirst)
  if (typedIsCasual) {
    const spell = spellcheckerFor(store);
    for (const c of [...found.values()]) {
      if (c.stage > Stage.Split) continue;
      for (const twin of [halantaLessTwin(c.word), anusvaraSpelling(c.word)]) {
        if (twin === null || found.has(twin)) continue;
        const cost = casualCostOf(twin, typed);
        if (cost === Infinity) continue;
        const v = spell.checkWord(twin);
        if (v.status !== 'misspelled' || v.corrections?.[0] !== c.word) continue;
        // Backed by what backs the match: its lists, or the stems of a split form no list has
        // (add takes ATTESTED_PENALTY off again for a match only the news list has: given back here).
        const weight = Math.min(c.weight + (c.facts.attestedOnly ? ATTESTED_PENALTY : 0), casualWeight(cost)) - UNVERIFIED_SPLIT_PENALTY;
        add(twin, typed, Math.max(1, weight), CASUAL_KINDS, Stage.Split, c.stems ?? [c.word]);
        const t = found.get(twin);
        if (t) t.realTextSpelling = true;
      }
    }
  }

  standardSpellingsFirst(store, found, add);
  acceptedVariantsFirst(store, found);
  fifthLetterFirst(store, found);
  if (typedExactly !== null) for (const c of found.values()) c.typedExactly = typedExactly.has(c.word);
  const { candidates, lastResort } = standardFirst(store, [...found.values()].sort(compareCandidates));
  return {
    candidates,
    // A compound made up here says little about the language of the token.
    exact: candidates.some((c) => c.stage <= Stage.Split && !(compound && c.stage === Stage.Split)),
    loan: candidates[0]?.stage === Stage.Loan,
    loanInflected: candidates[0]?.stage === Stage.Loan && postpositionHeadword(candidates[0].word, (w) => store.headword(w) !== undefined) !== null,
    initialism: initialism !== null && candidates[0]?.word === initialism,
    guessable,
    englishWord: ENGLISH_WORDS.has(lower),
    looksEnglish: folded === null && LOOKS_ENGLISH.test(lower),
    public: [...candidates, ...lastResort].slice(0, MAX_MAX_CANDIDATES).map(publicCandidate),
  };
}

const spellcheckers = new WeakMap<WordStore, Spellchecker>();
/** Entries of the romanizer's own spellcheck cache (per store). */
const SPELL_CACHE = 20_000;

/**
 * Lets the romanizer use the thread's spellchecker over this store (the
 * worker's, engines.ts) instead of opening its own: one cache of word
 * statuses for both engines, warm for both.
 */
export function shareSpellchecker(store: WordStore, spell: Spellchecker): void {
  spellcheckers.set(store, spell);
}

/**
 * How many flagged forms that are no headword a token lists after its
 * ranked candidates: the best one only. Measured (romanization-quality
 * bench, tier A top-5): none 89.7%, one 91.7%, two or more 91.9%; each
 * further one is mostly a variant misspelling (sambidhan: संबिधान,
 * सम्बिधान... after संविधान), noise for a typist.
 */
const LAST_RESORT_CANDIDATES = 1;

/**
 * The ranked candidates as the spellchecker sees them, at most
 * MAX_MAX_CANDIDATES: a word it does not call correct (spelled against the
 * Academy standard, or a misspelling the hunspell word list carries) goes
 * after the correctly spelled candidates of its stage when it is a
 * headword (dictionary-backed all the same). A word the lists have that is
 * no headword and that the spellchecker flags (a news-list spelling of a
 * name, बिष्ट for बिस्ट; a colloquial form, राख्नुस) is never ranked: the
 * best of them is only listed, in `lastResort`, after every ranked
 * candidate, and only when there is one (a token with nothing better
 * stays unresolved rather than take a flagged form). So the romanizer never offers first what the
 * spellchecker would flag, and context (postposition, sentence and
 * agreement orders) chooses among `candidates` only.
 */
function standardFirst(store: WordStore, ranked: Scored[]): { candidates: Scored[]; lastResort: Scored[] } {
  const spell = spellcheckerFor(store);
  const out: Scored[] = [];
  const lastResort: Scored[] = [];
  let flagged: Scored[] = [];
  let stage = -1;
  for (const c of ranked) {
    if (c.stage !== stage) {
      out.push(...flagged);
      flagged = [];
      stage = c.stage;
    }
    if (out.length >= MAX_MAX_CANDIDATES) break;
    const verdict = gate(spell, c);
    if (verdict === Gate.Keep) out.push(c);
    else if (verdict === Gate.Later) flagged.push(c);
    else if (lastResort.length < LAST_RESORT_CANDIDATES) lastResort.push(c);
  }
  out.push(...flagged);
  // A respelled word follows the spelling that took its place, wherever that ranked.
  for (const c of out.filter((x) => x.respelledAs !== undefined)) {
    const at = out.indexOf(c);
    out.splice(at, 1);
    if (!placeAfterRespelling(out, c)) out.splice(at, 0, c);
  }
  const candidates = out.slice(0, MAX_MAX_CANDIDATES);
  return { candidates, lastResort: candidates.length ? lastResort : [] };
}

/**
 * Puts a respelled word (Scored.respelledAs) right after the spelling that
 * took its place, and after any other respelling of it already there, when
 * that spelling is listed already: true when it did.
 */
function placeAfterRespelling(out: Scored[], c: Scored): boolean {
  if (c.respelledAs === undefined) return false;
  let i = out.findIndex((t) => t.word === c.respelledAs);
  if (i < 0) return false;
  while (i + 1 < out.length && out[i + 1]!.respelledAs === c.respelledAs) i++;
  out.splice(i + 1, 0, c);
  return true;
}

function spellcheckerFor(store: WordStore): Spellchecker {
  let spell = spellcheckers.get(store);
  if (!spell) spellcheckers.set(store, (spell = new Spellchecker(store, { cacheSize: SPELL_CACHE })));
  return spell;
}

const enum Gate {
  Keep,
  /** A headword the spellchecker would correct, or a news-list spelling whose variant it accepts: after the correctly spelled candidates of its stage. */
  Later,
  /**
   * A word that is no headword, which the spellchecker flags, or real text's
   * spelling of a match (stage 8): listed after every ranked candidate,
   * never first.
   */
  LastResort,
}

/** What standardFirst does with a candidate. */
function gate(spell: Spellchecker, c: Scored): Gate {
  if (c.realTextSpelling) return Gate.LastResort;
  if (c.variantOfAccepted) return Gate.Later;
  const status = spell.checkWord(c.word).status;
  // A word only the news list has, a headword plus a regular ending seen
  // in real text (बारेमा), and a compound no list has may be "unknown" to
  // the spellchecker: they are kept while it has no correction for them.
  if (status === 'correct' || (status === 'unknown' && (c.facts.attestedOnly || c.facts.regular || (c.stage === Stage.Split && !c.facts.lexicon)))) return Gate.Keep;
  return c.headword ? Gate.Later : Gate.LastResort;
}

function bestAlias(word: string): AliasRecord | null {
  const a = romanAliases(word)[0];
  return a ? { word, alias: a.alias, weight: a.weight, kinds: a.kinds } : null;
}

const CASUAL_TYPED = /^[a-z]+$/;

const CASUAL_KINDS = ['casual'];
/**
 * Devanagari spellings of a token tried against the store: fewer when a
 * dictionary word matched already with a cost-0 (REVERSE_AFTER_USUAL) or
 * cost-1 (REVERSE_AFTER_COMMON) spelling; and the most kept. The search
 * is the largest part of a cold analysis; trying 96 readings instead of 48
 * found no more words of the evaluation sets (bench/romanization-quality.ts:
 * the same tier A and sentence figures, 0.1 point more top-5 on tier B).
 */
const REVERSE_SPELLINGS = 48;
const REVERSE_AFTER_USUAL = 8;
const REVERSE_AFTER_COMMON = 16;
const REVERSE_HITS = 10;
/** Fuzzy-index records scored by the casual scheme (the store lists them best first); the rest keep the fuzzy weight. */
const FUZZY_SCORED = 12;

// Syllable analyses of candidate words, reused across tokens (bounded).
const SYLLABLE_CACHE_LIMIT = 50_000;
const syllableCache = new Map<string, Syllable[] | null>();

function casualCostOf(word: string, typed: string): number {
  let syl = syllableCache.get(word);
  if (syl === undefined) {
    syl = syllabify(word);
    if (syllableCache.size >= SYLLABLE_CACHE_LIMIT) syllableCache.clear();
    syllableCache.set(word, syl);
  }
  return syl ? casualCost(syl, typed) : Infinity;
}

function addFuzzy(
  r: AliasRecord,
  typed: string,
  stage: Stage,
  add: AddCandidate,
  /** Weight taken off besides the fuzzy and edit penalties (stage 7's dear edits). */
  extraPenalty = 0,
): void {
  const d = editDistance(typed, r.alias.toLowerCase());
  add(r.word, r.alias, Math.max(1, r.weight - FUZZY_PENALTY - FUZZY_EDIT_PENALTY * d - extraPenalty), r.kinds, stage);
}

/**
 * The stage a candidate ranks in: a loanword reading with the exact matches
 * (it is found only when no dictionary word matched exactly, and competes by
 * weight with the exact matches of news-list words: phone: फोन, weight 90,
 * before the news list's फोने, 70); a guess (stage 7) with the fuzzy
 * matches, by weight (both are inexact; the weight counts the edits:
 * bhattary reads भट्टराई, one letter from its alias, before the fuzzy भातृ,
 * typed unlike any of its spellings).
 */
function rankStage(stage: Stage): Stage {
  return stage === Stage.Loan ? Stage.Exact : stage === Stage.Guess ? Stage.Fuzzy : stage;
}

/** The closed-class words of rule 3: the spellchecker's FUNCTION_WORDS and the postpositions that stand as words. */
const CLOSED_CLASS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...STANDALONE_POSTPOSITIONS]);

/**
 * Case forms in the news list (WordFacts.caseForms, of the 13 probed) that
 * make a word one real text uses a lot: it ranks as if typed one casual
 * step more usually (rankWeight; sujhab: सुझाव, chhetra: क्षेत्र).
 * Measured (romanization-quality.js) with thresholds 5 / 7 / 9: sentences
 * 79.2% / 79.4% / 79.3% (79.2% without the step), tier A top-1 83.0% /
 * 82.0% / 82.0% (82.0%); at 5, तारा (tara) and सामान (samana) rose over
 * तर and सामना. Less than a whole step gave the same figures, without
 * sujhab and chhetra and with gita: गीता, lekha: लेखा.
 */
const RICHLY_INFLECTED = 7;

/**
 * A closed-class word ranks as if typed one casual step more usually (tara:
 * तर before तारा); a word that real text does not show (not in the news word
 * list) one step less usually (kanoon: कानुन before the word list's कनूँ).
 * Measured (romanization-quality.js): the second step moved tier A top-1
 * 79.0% -> 79.4%, sentences 76.9% -> 77.0%; 8 gave no change, 22 and 30
 * the same as 15. A word real text inflects richly (RICHLY_INFLECTED) one
 * step more usually; the standard spelling of a respelled headword weighs
 * at least what the headword does (standardSpellingsFirst).
 */
function rankWeight(c: Scored): number {
  if (CLOSED_CLASS.has(c.word)) return c.weight + CASUAL_COST_STEP;
  const w = Math.max(c.weight, c.standardOfWeight ?? 0) + (c.facts.caseForms >= RICHLY_INFLECTED ? CASUAL_COST_STEP : 0);
  return c.facts.seenInRealText ? w : w - CASUAL_COST_STEP;
}

/**
 * A word that an orthography rule of the Academy standard respells
 * (टीका -> टिका, tadbhav-hrasva; गरेकोमा -> गरेकामा, oblique-genitive) is
 * the word the typist meant, in an older spelling: a headword goes after
 * the correctly spelled candidates and any other form is not ranked
 * (standardFirst). Its standard spelling stands in for it: when that is a
 * candidate too (a news-list word, ATTESTED_PENALTY lighter), it ranks
 * with the respelled word's stage and weight (tika: टिका, not the lighter
 * टिक); when it is not, and the spellchecker accepts it, it is added so,
 * backed by the respelled word's dictionaries (garekoma: गरेकामा). The
 * headword itself is listed right after its standard spelling (respelledAs).
 */
function standardSpellingsFirst(store: WordStore, found: Map<string, Scored>, add: AddCandidate): void {
  const spell = spellcheckerFor(store);
  for (const c of [...found.values()]) {
    if (c.stage > Stage.Split || c.facts.attestedOnly) continue;
    const standard = spell.standardSpelling(c.word);
    if (standard === null) continue;
    const t = found.get(standard);
    if (!t) {
      if (spell.checkWord(standard).status !== 'correct') continue;
      // Backed by what backs the respelled form: itself, or the stem of a split form no list has
      // (भुटेकोमा: भुटेको); not a compound made up here of two words (सद्दे + कोमा for sadekoma).
      add(standard, c.alias, c.weight, c.kinds, c.stage, c.stems?.length === 1 ? c.stems : [c.word]);
      if (found.has(standard)) c.respelledAs = standard;
      continue;
    }
    c.respelledAs = standard;
    if (t.stage < c.stage) continue;
    t.stage = c.stage;
    t.standardOfWeight = Math.max(t.standardOfWeight ?? 0, c.weight);
  }
}

/**
 * Two spellings of one word that only the news word list has, differing
 * only in the classes the Academy standard settles (vowel length,
 * sibilants, ब/व, nasals, halanta: one confusion key), of which the
 * spellchecker accepts one (its grammar reads दीर्घ + कालीन) and knows
 * nothing of the other (दिर्घकालिन): news text carries both, and the
 * accepted one is the word. It takes the other's place (stage and weight)
 * and the other goes after it (variantOfAccepted: Gate.Later), unless it
 * is typed more closely or real text inflects it in more case forms (a
 * word of its own: a name, वडा beside बडा). Before this,
 * such ties fell to code point order, which puts a short vowel first
 * (dirghakalin: दिर्घकालिन, samkalin: समकालिन, chunautipurna: चुनौतिपूर्ण).
 */
function acceptedVariantsFirst(store: WordStore, found: Map<string, Scored>): void {
  const spell = spellcheckerFor(store);
  // Grouped by confusion key first: a word with no other spelling among the
  // candidates needs no spellcheck here (on a text never seen before, most
  // news-list candidates are such, and each check of an unknown word is the
  // dearest step of a cold analysis).
  const byKey = new Map<string, Scored[]>();
  for (const t of found.values()) {
    const k = confusionKey(t.word);
    const list = byKey.get(k);
    if (list) list.push(t);
    else byKey.set(k, [t]);
  }
  for (const c of found.values()) {
    if (!c.facts.attestedOnly) continue;
    const group = byKey.get(confusionKey(c.word))!;
    if (group.length < 2 || spell.checkWord(c.word).status !== 'unknown') continue;
    for (const t of group) {
      if (t === c || spell.checkWord(t.word).status !== 'correct') continue;
      // Real text's own spelling of a word the lists spell otherwise (बिन्दु, विन्दु: Spellchecker.prefersOver): it takes the twin's place.
      if (!t.facts.attestedOnly && prefersOverInflected(spell, c.word, t.word)) {
        t.variantOfAccepted = true;
        if (c.stage > t.stage) c.stage = t.stage;
        c.standardOfWeight = Math.max(c.standardOfWeight ?? 0, t.weight);
        continue;
      }
      // Not a word of its own that real text uses more (वडा, ward, beside बडा; स्वीकृति beside स्वीकृती),
      // nor one the typed token fits better (nisha: the name निशा, not निस्सा).
      if (t.weight < c.weight || c.facts.caseForms > t.facts.caseForms) continue;
      c.variantOfAccepted = true;
      if (t.stage > c.stage) t.stage = c.stage;
      t.standardOfWeight = Math.max(t.standardOfWeight ?? 0, c.weight);
    }
  }
}

/**
 * Spellchecker.prefersOver on the stems when both words carry the same
 * postposition chain (बिन्दुमा, विन्दुमा: बिन्दु over विन्दु), whose case
 * forms real text has; on the words themselves otherwise.
 */
function prefersOverInflected(spell: Spellchecker, w: string, twin: string): boolean {
  for (const { base, suffix } of spell.morph.splitPostpositions(w)) {
    if (twin.endsWith(suffix) && twin.length > suffix.length && spell.prefersOver(base, twin.slice(0, twin.length - suffix.length))) return true;
  }
  return spell.prefersOver(w, twin);
}

/** The fifth letter (पञ्चम वर्ण) of each stop's class. */
const FIFTH_LETTER: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...'कखगघ'].map((c) => [c, 'ङ'])),
  ...Object.fromEntries([...'चछजझ'].map((c) => [c, 'ञ'])),
  ...Object.fromEntries([...'टठडढ'].map((c) => [c, 'ण'])),
  ...Object.fromEntries([...'तथदध'].map((c) => [c, 'न'])),
  ...Object.fromEntries([...'पफबभ'].map((c) => [c, 'म'])),
};
const STOPS = Object.keys(FIFTH_LETTER).join('');
const ANUSVARA_BEFORE_STOP = new RegExp(`ं(?=[${STOPS}])`, 'g');
const FIFTH_BEFORE_STOP = new RegExp(`([${[...new Set(Object.values(FIFTH_LETTER))].join('')}])${HALANTA}(?=([${STOPS}]))`, 'g');

/** The word with the fifth letter of its class for each anusvara before a stop (संभव: सम्भव). */
function fifthLetterSpelling(word: string): string {
  return word.replace(ANUSVARA_BEFORE_STOP, (_m, i: number) => FIFTH_LETTER[word[i + 1]!]! + HALANTA);
}

/** The other way: an anusvara for each fifth letter before a stop of its class (अङ्कपत्र: अंकपत्र); null when it has none. */
function anusvaraSpelling(word: string): string | null {
  const s = word.replace(FIFTH_BEFORE_STOP, (m, fifth: string, stop: string) => (FIFTH_LETTER[stop] === fifth ? 'ं' : m));
  return s === word ? null : s;
}

/**
 * Of two spellings of one word that differ only in an anusvara before a
 * stop or the fifth letter of the stop's class with halanta (संभव /
 * सम्भव, संबन्धी / सम्बन्धी, संख्या / सङ्ख्या), the fifth letter, the
 * standard's own spelling (the spellchecker accepts it for that reason,
 * isStandardOfVariant), takes the anusvara spelling's place, and that one
 * follows it (variantOfAccepted). Before this the tie fell to code point
 * order, which puts ं before every consonant.
 */
function fifthLetterFirst(store: WordStore, found: Map<string, Scored>): void {
  const spell = spellcheckerFor(store);
  for (const c of found.values()) {
    if (!c.word.includes('ं')) continue;
    const fifth = fifthLetterSpelling(c.word);
    const t = fifth === c.word ? undefined : found.get(fifth);
    if (!t || spell.checkWord(t.word).status !== 'correct') continue;
    c.variantOfAccepted = true;
    if (t.stage > c.stage) t.stage = c.stage;
    // The anusvara spelling's weight, with rankWeight's step for a word real text never showed made good.
    t.standardOfWeight = Math.max(t.standardOfWeight ?? 0, c.weight + (c.facts.seenInRealText && !t.facts.seenInRealText ? CASUAL_COST_STEP : 0));
  }
}

/** The ranking of the header, as a comparator. */
export function compareCandidates(a: Scored, b: Scored): number {
  return (
    rankStage(a.stage) - rankStage(b.stage) ||
    Number(b.typedExactly === true) - Number(a.typedExactly === true) ||
    rankWeight(b) - rankWeight(a) ||
    Number(CLOSED_CLASS.has(b.word)) - Number(CLOSED_CLASS.has(a.word)) ||
    longStemFirst(a.word, b.word) ||
    frequencyClass(b.facts.attested) - frequencyClass(a.facts.attested) ||
    b.facts.caseForms - a.facts.caseForms ||
    b.dictionaries.length - a.dictionaries.length ||
    b.definition_rank - a.definition_rank ||
    b.facts.attested - a.facts.attested ||
    a.distance - b.distance ||
    Number(b.headword) - Number(a.headword) ||
    b.facts.formUses - a.facts.formUses ||
    (a.word < b.word ? -1 : a.word > b.word ? 1 : 0)
  );
}

/**
 * Between X + postposition and X + ा + postposition, typed alike (melama:
 * मेलमा, मेलामा), the second first (-1 when `a` is it, 1 when `b` is, else
 * 0): a casual typist drops the schwa before a postposition (melma for
 * मेलमा, gharma for घरमा) but writes ā as a (melama for मेलामा).
 */
function longStemFirst(a: string, b: string): number {
  if (Math.abs(a.length - b.length) !== 1) return 0;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (const p of POSTPOSITION_WORDS) {
    if (!short.endsWith(p) || short.length === p.length) continue;
    const stem = short.slice(0, short.length - p.length);
    if (long === stem + 'ा' + p) return long === a ? -1 : 1;
  }
  return 0;
}

/** Attestation counts in classes that double (0 | 1-2 | 3-6 | 7-14 | ...): a word seen clearly more often ranks first. */
function frequencyClass(attested: number): number {
  return 31 - Math.clz32(attested + 1);
}

class WordFacts {
  constructor(
    private readonly store: WordStore,
    private readonly word: string,
    /** The news word list (real text) has the word. */
    readonly inNews: boolean,
    readonly dictionaries: string[],
    readonly definitionRank: number,
    readonly headword: boolean,
    readonly lexicon: boolean,
    /** Not a dictionary form, but a headword plus a regular ending (roman-inflection.ts), or a form the spellchecker's grammar builds on a headword. */
    readonly regular: boolean,
    readonly boundStem: boolean,
    /** Whose case forms tell how much real text uses the word: the word, or for a headword plus a postposition chain (नदीमा), the headword (नदी). */
    private readonly caseStem: string = word,
  ) {}

  private uses = -1;

  /** Only the news word list has the word: no dictionary has it, and it is no form the grammar builds on a headword (`regular`). */
  get attestedOnly(): boolean {
    return this.inNews && !this.lexicon && !this.regular;
  }

  /**
   * Attestation in real text: 1 when the news vocabulary has the word, plus
   * the number of the store's example sentences that use it (the store keeps
   * at most 40 per word), so among otherwise equal candidates the word seen
   * more comes first. Counted on first use: reading and scanning a word's
   * sentences is the dearest look-up of a cold analysis, and most
   * candidates are ranked before their attestation is compared.
   */
  get attested(): number {
    if (this.uses < 0) this.readExamples();
    return (this.inNews ? 1 : 0) + this.uses;
  }

  private seen = -1;

  /**
   * Real text (the news list) shows the word, or, for a headword plus a
   * postposition chain, its headword (अचारमा: अचार). Read on first use and
   * memoized: every comparison of the ranking asks (rankWeight).
   */
  get seenInRealText(): boolean {
    if (this.seen < 0) this.seen = this.inNews || (this.caseStem !== this.word && spellcheckerFor(this.store).isAttestedForm(this.caseStem)) ? 1 : 0;
    return this.seen === 1;
  }

  private cases = -1;

  /**
   * How many case forms of the word (PARADIGM_PROBES: घरमा, घरको, घरहरू...)
   * the news word list has: a word real text uses often shows up in many
   * (मन 10, मान 0; साथी, राति), the nearest thing to a frequency the
   * packaged data has. Counted by the spellchecker (its memo of store
   * records) on first use, memoized with the word's other facts.
   */
  get caseForms(): number {
    if (this.cases < 0) this.cases = spellcheckerFor(this.store).caseForms(this.caseStem);
    return this.cases;
  }

  private verb = -1;

  /** A form a verb class of the dictionary makes (Morphology.isVerbForm), read on first use. */
  get verbForm(): boolean {
    if (this.verb < 0) this.verb = morphologyFor(this.store).isVerbForm(this.word) ? 1 : 0;
    return this.verb === 1;
  }

  private formUsesCount = -1;

  /** Example sentences that use the word or one of its inflected forms (रामको for राम): the last tie-breaker before code point order. */
  get formUses(): number {
    if (this.formUsesCount < 0) this.readExamples();
    return this.formUsesCount;
  }

  /** One read of the word's example sentences gives both counts. */
  private readExamples(): void {
    const examples = this.store.examples(this.word);
    this.formUsesCount = examples.length;
    this.uses = sentencesUsing(examples, this.word);
  }
}

/** Parts of speech (as the store names them) whose halanta-final stems are bound. */
const BOUND_STEM_POS = new Set(['क्रिया', 'सर्वनाम']);

// Facts about candidate words, reused across tokens (bounded; per store).
const FACTS_LIMIT = 100_000;
const factCaches = new WeakMap<WordStore, Map<string, WordFacts>>();

/** Store facts about a candidate word. */
class WordInfo {
  private readonly memo: Map<string, WordFacts>;
  constructor(private readonly store: WordStore) {
    let m = factCaches.get(store);
    if (!m) factCaches.set(store, (m = new Map()));
    this.memo = m;
  }

  of(word: string): WordFacts {
    let m = this.memo.get(word);
    if (m) return m;
    const h = this.store.headword(word);
    const f = this.store.form(word);
    let dictionaries: string[] = [];
    let definitionRank = 0;
    if (h) {
      dictionaries = h.entries.map((e) => e.dictionary);
      for (const e of h.entries) definitionRank += e.senses.length;
    } else if (f) {
      // An inflected form belongs to the dictionaries of the stems it
      // inflects; a verb root (गर्, लागि) is no headword, its -नु form is.
      for (const a of f.analyses) {
        const stem = this.store.headword(a.stem) ?? this.store.headword(a.stem + 'नु');
        for (const e of stem?.entries ?? []) if (!dictionaries.includes(e.dictionary)) dictionaries.push(e.dictionary);
      }
      // A form the hunspell expansion made from a stem that is no headword
      // (the copula हो, थियो: verb fragments without a -नु form) is still a
      // word of the hunspell list; a bare fragment (थि) is not offered.
      if (dictionaries.length === 0 && (f.flags & FORM_LEXICON) !== 0 && (FUNCTION_WORDS.has(word) || f.analyses.some((a) => a.suffix !== '' || a.prefix !== ''))) {
        dictionaries = [HUNSPELL_DICT];
      }
    }
    const flags = f?.flags ?? 0;
    // A verb or pronoun stem ending in halanta (गर्, खेल्, उस्) is what the
    // dictionary inflects, not a word written alone.
    // So is a verb root the word list gives bare (मान्, काम्) when the
    // dictionaries have its infinitive (मान्नु).
    // (A closed-class word is a word whatever it looks like: the copula छिन्
    // beside the root of छिन्नु.)
    const boundStem =
      word.endsWith(HALANTA) &&
      !FUNCTION_WORDS.has(word) &&
      (h !== undefined
        ? h.entries.every((e) => e.pos !== null && BOUND_STEM_POS.has(e.pos))
        : f !== undefined && f.analyses.length > 0 && f.analyses.every((a) => a.stem === word && a.suffix === '' && a.prefix === '') && this.store.headword(word + 'नु') !== undefined);
    const lexicon = h !== undefined || (flags & FORM_LEXICON) !== 0;
    // A word no dictionary lists, but seen in real text and made of a
    // headword and a regular ending: it belongs to the headword's dictionaries.
    let regular = false;
    if (!lexicon && f !== undefined) {
      const base = postpositionHeadword(word, (w) => this.store.headword(w) !== undefined);
      if (base !== null) {
        regular = true;
        dictionaries = this.store.headword(base)!.entries.map((e) => e.dictionary);
      } else {
        // Or a form the spellchecker's grammar builds on a headword
        // (गर्नुहोस् = गर्नु + होस्), or on a lexicon form (गयौ, the person
        // twin of गयौँ): it belongs to that word's dictionaries.
        const a = morphologyFor(this.store).analyse(word);
        const base = a && !a.speculative ? (this.store.headword(a.base) ?? this.store.headword(a.base + 'नु')) : undefined;
        if (base) {
          regular = true;
          dictionaries = base.entries.map((e) => e.dictionary);
        } else if (a && !a.speculative && a.base !== word && (this.store.form(a.base)?.flags ?? 0) & FORM_LEXICON) {
          const twin = this.of(a.base);
          if (twin.dictionaries.length > 0) {
            regular = true;
            dictionaries = [...twin.dictionaries];
          }
        }
      }
    }
    // An inflected form is used as much as its headword is: its own case forms mean nothing (नदीमामा).
    const caseStem = h === undefined ? (postpositionHeadword(word, (w) => this.store.headword(w) !== undefined) ?? word) : word;
    m = new WordFacts(this.store, word, (flags & FORM_ATTESTED) !== 0, dictionaries, definitionRank, h !== undefined, lexicon, regular, boundStem, caseStem);
    if (this.memo.size >= FACTS_LIMIT) this.memo.clear();
    this.memo.set(word, m);
    return m;
  }
}

/** Verb forms whose first person adds a chandrabindu (खायौ/खायौँ, गरे/गरेँ, गए/गएँ). */
const FIRST_PERSON_TWIN = /[ेौएऔ]$/;

/**
 * The first-person twin of an exact candidate (khayau: खायौ, and खायौँ):
 * casual typing leaves out the chandrabindu that marks the first person,
 * and the word lists often have one form of the two. Found when the split
 * stage does not run (the token matched whole); offered when the word
 * lists have it or the spellchecker's morphology builds it on an
 * infinitive, which then backs it. The sentence picks between the two
 * (agreementOrder).
 */
function firstPersonTwins(store: WordStore, found: Map<string, Scored>, add: (word: string, stems?: string[]) => void): void {
  for (const c of [...found.values()]) {
    if (c.stage !== Stage.Exact || c.facts.attestedOnly || !FIRST_PERSON_TWIN.test(c.word)) continue;
    const twin = c.word + 'ँ';
    if (found.has(twin)) continue;
    if (store.mayBeForm(twin) && store.form(twin) !== undefined) add(twin);
    else {
      const a = morphologyFor(store).analyse(twin);
      if (a && !a.speculative && a.rule === 'verb-paradigm') add(twin, [a.base]);
    }
  }
}

// --- stage 3b: English spellings of loanwords -------------------------------

/** Readings of an English spelling tried (roman-english.ts), and Devanagari spellings of each. */
const LOAN_READINGS = 6;
const LOAN_SPELLINGS = 12;
const LOAN_KINDS = ['english'];
/** English words longer than this are too rare to pay the readings' search for (internationalization has 20 letters). */
const MAX_LOAN_LENGTH = 20;

/** Letter groups of Nepali typing that English spelling does not use: such a token is no English loan. */
const TYPED_NEPALI = /aa|ii|uu|bh|dh|jh|kh|chh/;
/** The emphatic -ai and the -au of verbs (chittai छिट्टै, sangai सँगै, garau गरौँ): few English words end so. */
const NEPALI_ENDING = /a[iu]$/;

function loanToken(store: WordStore, token: string, add: AddCandidate): void {
  if (TYPED_NEPALI.test(token) || token.length > MAX_LOAN_LENGTH) return;
  // An English word with a Nepali postposition (electronharu, cancerlai) is
  // read first as the loanword with the postposition joined: the English
  // readings of the whole would spell the postposition the English way
  // (cancerlai as क्यान्सरले). Endings that English words have too (-le,
  // -ma: table, cinema) are split only when the whole has no reading, and
  // only after a stem of four letters or more not in -a or -u.
  if (loanWithPostposition(store, token, add, true) || NEPALI_ENDING.test(token)) return;
  let found = false;
  forEachLoanWord(store, token, (dev, reading, weight) => {
    found = true;
    add(dev, reading, weight, LOAN_KINDS, Stage.Loan);
  });
  if (!found) loanWithPostposition(store, token, add, false);
}

/**
 * The loanword's Nepali spelling with the postposition joined, where the
 * loanword is a headword (postpositions attach to nouns) and the
 * spellchecker's morphology accepts the whole; `distinctive`: only the
 * endings no English word ends in (ko, lai, haru, bata, ...). Whether any was added.
 */
function loanWithPostposition(store: WordStore, token: string, add: AddCandidate, distinctive: boolean): boolean {
  let added = false;
  for (let p = MIN_LOAN_STEM; p < token.length; p++) {
    const suffix = token.slice(p);
    if (distinctive !== (suffix.length >= 3 || suffix === 'ko')) continue;
    // Before -le, -ma, -ka, -ki only a stem of four letters or more that
    // does not end in a or u, the way Nepali stems typed casually do
    // (matrixma, framema; not cyc+le, bacca+le, jugnu+le).
    if (!distinctive && (p < MIN_LOAN_STEM_BEFORE_COMMON_ENDING || NEPALI_STEM_END.test(token.slice(0, p)))) continue;
    const endings = endingsFor(suffix).filter((e) => e.type === 'post');
    if (endings.length === 0) continue;
    forEachLoanWord(store, token.slice(0, p), (dev, _reading, weight) => {
      if (store.headword(dev) === undefined) return;
      for (const e of endings) {
        const joined = joinStem(dev, e);
        if (joined === null) continue;
        if (store.form(joined) === undefined && !morphologyFor(store).analyse(joined)) continue;
        add(joined, token, Math.max(1, Math.min(weight, e.weight) - SPLIT_PENALTY), LOAN_KINDS, Stage.Loan, [dev]);
        added = true;
      }
    });
  }
  return added;
}

/** Shortest English stem read before a postposition (cancer+ko; not a two-letter stem). */
const MIN_LOAN_STEM = 3;
/** ... before an ending English words have too (-le, -ma, -ka, -ki: matrixma, not cyc+le). */
const MIN_LOAN_STEM_BEFORE_COMMON_ENDING = 4;
/** Nepali stems typed casually end so (bacca+le, jugnu+le); English ones seldom do. */
const NEPALI_STEM_END = /[au]$/;

/** The store's words an English spelling reads as (roman-english.ts), with the reading and the weight of each. */
function forEachLoanWord(store: WordStore, english: string, visit: (dev: string, reading: string, weight: number) => void): void {
  for (const reading of loanReadings(english, LOAN_READINGS)) {
    for (const r of store.aliases(reading)) {
      if (r.kinds.includes('casual')) visit(r.word, reading, Math.max(1, r.weight - LOAN_PENALTY));
    }
    for (const dev of reverseSpellings(reading, LOAN_SPELLINGS)) {
      if (!store.mayBeForm(dev) || store.form(dev) === undefined) continue;
      const cost = casualCostOf(dev, reading);
      if (cost !== Infinity) visit(dev, reading, Math.max(1, casualWeight(cost) - LOAN_PENALTY));
    }
  }
}

// --- stage 2: stem + ending ------------------------------------------------

/** An ending that starts with a vowel sign, a vowel letter or य (the ones before which an -आउ stem loses its उ). */
const VOWEL_INITIAL_ENDING = /^[\u093E-\u094C\u0905-\u0914य]/;

/** Shortest roman stem tried. */
const MIN_STEM = 2;
/** Stem records considered per look-up (they come best first). */
const STEM_RECORDS = 8;

/**
 * Stem + ending readings of the token: a dictionary stem with a
 * postposition chain or a verb ending, joined only where the word is listed
 * or the spellchecker's grammar reads it (tryJoin). With `newsStems`, the
 * last pass when nothing matched exactly: a word only real text has (a
 * name, a place, a loanword, a noun the dictionaries lack) with a
 * postposition chain (हावाहुरीमा, फोटोग्राफीले), in the standard's spelling
 * of the ending (-हरू, not -हरु: the spellchecker, which calls such a form
 * "unknown", cannot tell), backed by the news list like the word itself.
 */
function splitToken(
  store: WordStore,
  token: string,
  add: AddCandidate,
  newsStems = false,
): void {
  const n = token.length;
  for (let p = Math.max(MIN_STEM, n - MAX_ENDING_LENGTH); p <= n - 1; p++) {
    const endings = endingsFor(token.slice(p));
    if (endings.length === 0) continue;
    const stem = token.slice(0, p);
    const stemRecs = store.aliases(stem).slice(0, STEM_RECORDS);
    let infinitives: AliasRecord[] | null = null;
    let auInfinitives: AliasRecord[] | null = null;
    for (const e of endings) {
      if (newsStems) {
        if (e.type !== 'post' || !e.standard) continue;
        for (const r of stemRecs) {
          if (r.weight >= MIN_NEWS_STEM_WEIGHT && isNewsOnly(store, r.word) && aksharaCount(r.word) >= MIN_NEWS_STEM_AKSHARAS) tryJoin(store, r.word, r, e, token, add, false, true);
        }
        continue;
      }
      for (const r of stemRecs) tryJoin(store, r.word, r, e, token, add);
      if (e.type === 'verb') {
        // The verb's dictionary form is the infinitive: garchu -> garnu -> गर्नु -> गर्.
        infinitives ??= store.aliases(stem + 'nu').slice(0, STEM_RECORDS);
        for (const r of infinitives) if (r.word.endsWith('नु')) tryJoin(store, r.word.slice(0, -2), r, e, token, add, true);
        // An -आउनु verb loses its उ before an ending that starts with a
        // vowel (पकाउनु: पकाइयो, पकायो, पकाएको), so its stem is typed
        // without the u: pakaiyo -> paka + unu -> पकाउनु -> पका.
        if (VOWEL_INITIAL_ENDING.test(e.dev)) {
          auInfinitives ??= store.aliases(stem + 'unu').slice(0, STEM_RECORDS);
          for (const r of auInfinitives) if (r.word.endsWith('ाउनु')) tryJoin(store, r.word.slice(0, -3), r, e, token, add, true);
        }
      }
    }
  }
}

function tryJoin(
  store: WordStore,
  stemDev: string,
  stemRec: AliasRecord,
  ending: Ending,
  token: string,
  add: AddCandidate,
  fromInfinitive = false,
  newsStem = false,
): void {
  const joined = joinStem(stemDev, ending);
  if (!joined) return;
  const known = isLexiconForm(store, joined);
  let weight = Math.min(stemRec.weight, ending.weight) - SPLIT_PENALTY;
  if (!known) {
    // Not listed: a postposition after a headword (they attach to any noun)
    // or after a form the dictionaries make (an infinitive or participle:
    // बुझ्नलाई, बुझ्नको), or a verb ending after the stem of an infinitive
    // the dictionaries have. Either way the word must be one the
    // spellchecker's morphology accepts, so the romanizer never offers what
    // the spellchecker would flag. A postposition after a word only real
    // text has (newsStem: splitToken's last pass) is backed by the news
    // list like the word itself.
    const plausible = ending.type === 'post' ? newsStem || store.headword(stemDev) !== undefined || isLexiconForm(store, stemDev) : fromInfinitive;
    if (!plausible || (!newsStem && !morphologyFor(store).analyse(joined))) return;
    weight -= UNVERIFIED_SPLIT_PENALTY;
  }
  add(joined, token, Math.max(1, weight), stemRec.kinds, Stage.Split, [stemRec.word]);
}

/**
 * A news-list stem of fewer aksharas is not split off (the list holds
 * fragments such as फि and होः: file would read फिले).
 */
const MIN_NEWS_STEM_AKSHARAS = 2;
/**
 * ... nor one typed unlike its usual spellings (a casual spelling with more
 * than one simplification, or a scientific scheme): a join ranks before
 * the fuzzy matches, so a far-fetched stem (ward: वर्ड) would push out a
 * close fuzzy match (wardma: वार्डमा).
 */
const MIN_NEWS_STEM_WEIGHT = casualWeight(1);

/** A dictionary makes the word (a headword or one of its forms). */
function isLexiconForm(store: WordStore, word: string): boolean {
  return ((store.form(word)?.flags ?? 0) & FORM_LEXICON) !== 0;
}

/** The news word list has the word and no dictionary does. */
function isNewsOnly(store: WordStore, word: string): boolean {
  const flags = store.form(word)?.flags ?? 0;
  return (flags & FORM_ATTESTED) !== 0 && (flags & FORM_LEXICON) === 0;
}

// --- compounds ------------------------------------------------------------------

/** Shortest roman part of a compound. */
const MIN_COMPOUND_PART = 3;
/** A compound's weight loses this besides the split penalties. */
export const COMPOUND_PENALTY = 10;

/**
 * A token that is two dictionary words written together (सूचना+पथ, कागज+घर):
 * every split point where both parts are exact aliases of dictionary words;
 * the joined Devanagari is a split candidate, weighted by the lighter part.
 * Returns whether any was added.
 */
function compoundToken(
  store: WordStore,
  token: string,
  add: AddCandidate,
): boolean {
  let any = false;
  const n = token.length;
  for (let p = MIN_COMPOUND_PART; p <= n - MIN_COMPOUND_PART; p++) {
    const a = bestDictionaryRecord(store, token.slice(0, p));
    if (!a) continue;
    const b = bestDictionaryRecord(store, token.slice(p));
    if (!b) continue;
    // The second word starts with a consonant, or merges with the first by
    // the long-a sandhi (दीर्घ सन्धि: दर्शन + अनुसार = दर्शनानुसार, typed
    // darshananusar or darshanaanusar); any other vowel letter inside a
    // word would have merged otherwise.
    const sandhi = !STARTS_WITH_CONSONANT.test(b.word);
    const joined = sandhi ? longASandhi(a.word, b.word) : a.word + b.word;
    if (joined === null) continue;
    // A compound the word lists have, or else (lower) one of two headwords
    // the spellchecker has no correction for (standardFirst): Nepali writes
    // new compounds freely (कागजघर, सूचनापथ), no list has them all.
    const listed = ((store.form(joined)?.flags ?? 0) & (FORM_LEXICON | FORM_ATTESTED)) !== 0;
    // A sandhi join no list has needs a second word of three aksharas or
    // more (अनुसार, आशय): short ones make junk of anything (pas+and: पसाण्ड).
    if (sandhi && !listed && (syllabify(b.word)?.length ?? 0) < 3) continue;
    // A sandhi join is one reading more of the letters (sitaphal: सीता+फल,
    // not सिट+अफल): it goes after a plain join as likely.
    const weight = Math.min(a.weight, b.weight) - SPLIT_PENALTY - COMPOUND_PENALTY - (listed ? 0 : UNVERIFIED_SPLIT_PENALTY) - (sandhi ? CASUAL_COST_STEP : 0);
    add(joined, token, Math.max(1, weight), a.kinds.filter((k) => b.kinds.includes(k)), Stage.Split, [a.word, b.word]);
    any = true;
  }
  return any;
}

const STARTS_WITH_CONSONANT = new RegExp(`^[${CONSONANTS}]`);
const ENDS_WITH_CONSONANT = new RegExp(`[${CONSONANTS}]$`);

/** अ/आ + अ/आ = आ: a first word ending in its inherent a or in ा, a second starting with अ or आ (नियम + अनुसार = नियमानुसार); null otherwise. */
function longASandhi(first: string, second: string): string | null {
  if (!second.startsWith('अ') && !second.startsWith('आ')) return null;
  if (first.endsWith('ा')) return first + second.slice(1);
  return ENDS_WITH_CONSONANT.test(first) ? first + 'ा' + second.slice(1) : null;
}

/** The best stored alias record of a headword of two aksharas or more (a word that can stand in a compound: अति, not का), or null. */
function bestDictionaryRecord(store: WordStore, roman: string): AliasRecord | null {
  for (const r of store.aliases(roman)) {
    if (r.word.endsWith(HALANTA) || aksharaCount(r.word) < 2) continue;
    if (store.headword(r.word)) return r;
  }
  return null;
}

// --- stage 6: schwa variants ---------------------------------------------------

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * Stage 7's limits: a key of fewer letters has too many words one edit
 * away; a longer one is no word (and costs 40 look-ups a letter).
 */
const MIN_GUESS_KEY = 4;
const MAX_GUESS_KEY = 14;
/**
 * An exact match of a dictionary word weighing this much or more (a word
 * typed whole with at most two casual simplifications; a split form, a
 * compound or a loanword reading, which weigh less, with fewer) stops stage 7;
 * one typed more loosely does not (basneet: the dictionary's बसनीत, three
 * steps, and the guess बस्नेत). Measured (bench/romanization-quality.ts,
 * top-5): any exact match stopping it, tier A 476 of 505, tier B 78.6%;
 * under casualWeight(2) or casualWeight(3), 477 and 78.7%; under
 * casualWeight(1), 476 and 78.6%; guesses for every word alone, 470 and
 * 77.8%. Top-1 and the sentences unchanged in each.
 */
const GUESS_BLOCKING_WEIGHT = casualWeight(2);
/** The letters a fuzzy key is made of (roman-aliases.ts fuzzyRomanKey folds f q v w x z away or into these). */
const FUZZY_LETTERS = 'abcdeghijklmnoprstuy';

/**
 * Every string one deletion, substitution or insertion of a FUZZY_LETTERS
 * letter from the fuzzy key `k`, each with whether the edit is a dear one: a
 * letter put for another unless both are vowels. A vowel typed for another
 * (tewari: तिवारी), a letter left out (shretha: श्रेष्ठ) or one too many are
 * the slips of casual typing; a consonant for another (tewari: tesari,
 * त्यसरी) is as often another word.
 */
function oneEditVariants(k: string): [string, boolean][] {
  const out = new Map<string, boolean>();
  const put = (v: string, dear: boolean): void => {
    if (v !== k && !(out.get(v) === false)) out.set(v, dear);
  };
  for (let i = 0; i < k.length; i++) {
    put(k.slice(0, i) + k.slice(i + 1), false);
    for (const c of FUZZY_LETTERS) put(k.slice(0, i) + c + k.slice(i + 1), !(VOWELS.has(c) && VOWELS.has(k[i]!)));
  }
  for (let i = 0; i <= k.length; i++) for (const c of FUZZY_LETTERS) put(k.slice(0, i) + c + k.slice(i), false);
  return [...out];
}

/** The fuzzy key with one a inserted between two consonants or one a between consonants removed. */
function schwaVariants(fkey: string): string[] {
  const out = new Set<string>();
  for (let i = 1; i < fkey.length; i++) {
    const a = fkey[i - 1]!;
    const b = fkey[i]!;
    if (!VOWELS.has(a) && !VOWELS.has(b) && a !== 'y' && b !== 'h') out.add(fkey.slice(0, i) + 'a' + fkey.slice(i));
  }
  for (let i = 1; i < fkey.length - 1; i++) {
    if (fkey[i] === 'a' && !VOWELS.has(fkey[i - 1]!) && !VOWELS.has(fkey[i + 1]!)) out.add(fkey.slice(0, i) + fkey.slice(i + 1));
  }
  if (fkey.endsWith('a') && fkey.length > 3) out.add(fkey.slice(0, -1));
  else if (!VOWELS.has(fkey[fkey.length - 1]!)) out.add(fkey + 'a');
  out.delete(fkey);
  return [...out];
}

// --- text-level rules ----------------------------------------------------------

/**
 * Very common English words, kept as English unless their context is
 * Nepali. Left out on purpose: English spellings that are everyday Nepali
 * (he हे, her हेर, to, so सो, me, man मन, bus बस, sun सुन, din दिन, tin तीन,
 * kin किन, bat बाट, par पर, ho हो, ma म, say सय, let लेट, time, day).
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  (
    'the of and in is are was were be been being for on with as at by from this that these those it its or a an ' +
    'not you your yours we our they their them she his him my i will would can could should shall may might must ' +
    'have has had do does did what which who whom whose when where why how there here if but then than about ' +
    'into over after before because all any some most other only also very just please thank thanks yes hello ' +
    'hi okay ok our us its an each every both few many much such own same too out up down off again further once ' +
    'while during through between under above below until against among per via ' +
    // everyday English verbs, adjectives and nouns that spell no everyday Nepali word
    'am was doing done going love like know want need call see come give get got make take tell said think feel reach ' +
    'wait send sent meet talk help good morning night evening later today tomorrow yesterday happy birthday fine great ' +
    'nice welcome sure really maybe busy never always something anything nothing everything someone people friend ' +
    'family week month year home no'
  ).split(' '),
);

const LOOKS_ENGLISH = /c(?!h)|q|tion|ck|wh|ght/;

type Lang = 'ne' | 'en' | 'unknown';

/** A clause with at least this many English words, and no more Nepali ones, is English. */
const ENGLISH_CLAUSE_MIN = 2;

/**
 * Which word tokens stand in an English clause, kept as typed whole ("I
 * sent the report to my boss": to and boss are Nepali spellings too, टो
 * and बोस, but not here). A clause runs between sentence punctuation and
 * commas; it is English when it has at least ENGLISH_CLAUSE_MIN words of
 * ENGLISH_WORDS and no more words that are Nepali only (an exact match, not
 * an English word). Loanwords and words that look English do not count:
 * Nepali text names English terms (ATP synthase, cellular respiration).
 */
function englishClauses(toks: RomanTextToken[], analyses: (WordAnalysis | null)[], lang: Lang[]): boolean[] {
  const n = toks.length;
  const out = new Array<boolean>(n).fill(false);
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n && !toks[end]!.sentenceStart && !toks[end]!.punctBefore) end++;
    let english = 0;
    let nepali = 0;
    for (let k = start; k < end; k++) {
      const a = analyses[k];
      if (!a) continue;
      if (a.englishWord) english++;
      else if (lang[k] === 'ne') nepali++;
    }
    if (english >= ENGLISH_CLAUSE_MIN && english >= nepali) out.fill(true, start, end);
    start = end;
  }
  return out;
}

function isAllCaps(s: string): boolean {
  if (s.length < 2) return false;
  // Most words start with a lower-case ASCII letter, which upper-casing changes: not all capitals.
  const c = s.charCodeAt(0);
  if (c >= 0x61 && c <= 0x7a) return false;
  return s === s.toUpperCase() && s !== s.toLowerCase();
}

function isCapitalized(s: string): boolean {
  const first = s[0]!;
  return first !== first.toLowerCase() && s.slice(1) === s.slice(1).toLowerCase();
}

/**
 * Words after which a word starts a new phrase (so it is not a detached
 * postposition): the conjunctions (the spellchecker's CONJUNCTION_WORDS,
 * morphology.ts: र, तर, किनकि, जब, जबकि...), the particles पनि, नि, त,
 * and the relative adverbs that open a clause (jati ma padhchhu: जति म,
 * not जति मा).
 */
const CONJUNCTIONS: ReadonlySet<string> = new Set([
  ...CONJUNCTION_WORDS,
  'पनि', 'नि', 'त',
  'जति', 'जहाँ', 'जुनबेला',
]);

/**
 * Adverbs that take no detached postposition: of time (aja ma ghar: आज म,
 * not आज मा), and the correlatives of manner and degree, which open the
 * clause answering a जसरी or जति (..., tyasari ma pani: त्यसरी म; ...,
 * tyati ma bujhchhu: त्यति म). An emphatic नै may follow them (त्यसरी नै).
 */
const ADVERBS_WITHOUT_POSTPOSITION: ReadonlySet<string> = new Set([
  'आज', 'भोलि', 'हिजो', 'पर्सि', 'अस्ति', 'अहिले', 'पहिले',
  'जसरी', 'त्यसरी', 'यसरी', 'उसरी', 'त्यति', 'यति', 'उति',
]);

/**
 * A word that takes no detached postposition: a converb in -एर (उठेर,
 * बजेर: its clause ends there) or one of ADVERBS_WITHOUT_POSTPOSITION.
 */
function endsClause(word: string): boolean {
  return word.endsWith('ेर') || word.endsWith('एर') || ADVERBS_WITHOUT_POSTPOSITION.has(word);
}

/** Resolves the given word tokens with the text-level rules; non-word tokens stay as given. */
function resolveSequence(store: WordStore, toks: RomanTextToken[], maxCandidates: number): RomanToken[] {
  const max = clampMax(maxCandidates);
  const n = toks.length;
  // --- analyse every word, and classify its language
  const analyses: (WordAnalysis | null)[] = new Array(n);
  const lang: Lang[] = new Array(n);
  let words = 0;
  for (const tok of toks) if (tok.kind === 'word') words++;
  for (let k = 0; k < n; k++) {
    const tok = toks[k]!;
    if (tok.kind !== 'word' || isAllCaps(tok.text)) {
      analyses[k] = null;
      lang[k] = 'unknown';
      continue;
    }
    let a = analyzeWord(store, tok.text);
    // A word typed alone that no dictionary word matches exactly gets the guesses one
    // edit away too (shretha: श्रेष्ठ; bhattary: भट्टराई beside the fuzzy भातृ); in
    // running text it stays as typed (mixed text keeps its English:
    // publish, branch, entry are one edit from Nepali words).
    if (words === 1 && a.guessable) a = analyzeWord(store, tok.text, true);
    analyses[k] = a;
    lang[k] = a.englishWord ? 'en' : a.loan ? 'unknown' : a.exact ? 'ne' : a.looksEnglish ? 'en' : 'unknown';
  }
  const englishClause = englishClauses(toks, analyses, lang);

  // --- neighbours within the sentence: up to two word tokens on each side
  let ctxNe = 0;
  let ctxEn = 0;
  const context = (k: number): void => {
    ctxNe = 0;
    ctxEn = 0;
    for (let j = k - 1, seen = 0; j >= 0 && seen < 2; j--) {
      if (toks[j + 1]!.sentenceStart) break;
      if (toks[j]!.kind !== 'word') continue;
      seen++;
      if (lang[j] === 'ne') ctxNe++;
      else if (lang[j] === 'en') ctxEn++;
    }
    for (let j = k + 1, seen = 0; j < n && seen < 2; j++) {
      if (toks[j]!.sentenceStart) break;
      if (toks[j]!.kind !== 'word') continue;
      seen++;
      if (lang[j] === 'ne') ctxNe++;
      else if (lang[j] === 'en') ctxEn++;
    }
  };

  const out: RomanToken[] = new Array(n);
  let prevWord: string | null = null; // the previous token when it is a word: its Devanagari when converted
  let subject: Person | null = null; // the person of the last subject pronoun of the sentence so far
  for (let k = 0; k < n; k++) {
    const tok = toks[k]!;
    if (tok.sentenceStart) subject = null;
    const analysis = analyses[k];
    let convert = false;
    if (analysis && analysis.candidates.length && !englishClause[k]) {
      context(k);
      if (analysis.englishWord) convert = analysis.exact && ctxNe > 0 && ctxEn === 0;
      // a loanword typed the English way: converted when it is the only
      // word; in running text it stays as typed (mixed text keeps its
      // English) unless a Nepali postposition is joined to it among Nepali
      // words (cancerko: क्यान्सरको), where a Nepali reading is meant; so
      // too a lower-case initialism of the word lists (mero naam kc ho: केसी)
      else if (analysis.loan) convert = words === 1 || ((analysis.loanInflected || analysis.initialism) && ctxNe > 0 && ctxNe >= ctxEn);
      else if (!tok.sentenceStart && isCapitalized(tok.text)) convert = analysis.exact && ctxNe > 0;
      else if (analysis.exact) convert = !(ctxEn >= 2 && ctxNe === 0);
      else convert = !analysis.looksEnglish && !(ctxEn > 0 && ctxEn >= ctxNe);
    }
    if (!convert) {
      out[k] = { token: tok.text, converted: tok.text, status: 'unresolved', start: tok.start, end: tok.end, candidates: [] };
      // A word left as it is (English in mixed text, Devanagari, an acronym) and a number still take
      // postpositions: "office ma", "2023 ma", "PFK-1 lai".
      prevWord = tok.kind === 'word' || tok.kind === 'devanagari' || tok.kind === 'number' || (tok.kind === 'mixed' && hasLetterOrDigit(tok.text)) ? tok.text : null;
      if (prevWord !== null) subject = SUBJECT_PERSON.get(prevWord) ?? subject;
      continue;
    }
    // Detached postpositions: one follows a word of its phrase, and never starts one.
    // A word alone (the only word of the request) is taken as ranked: it
    // starts no phrase a postposition could not begin.
    const afterWord = prevWord !== null && (!tok.punctBefore || tok.closeBefore) && !tok.sentenceStart && !CONJUNCTIONS.has(prevWord);
    // After a word that ends its clause the ranking stands: no postposition
    // is read onto it, and an emphatic नै may still follow (आज नै).
    let order = words === 1 || (afterWord && endsClause(prevWord!)) ? -1 : postpositionOrder(analysis!.candidates, afterWord);
    // An enclitic particle follows a word; it never opens a sentence (ta kina ...: तँ, not त).
    if (order < 0 && words > 1 && tok.sentenceStart) order = sentenceStartOrder(analysis!.candidates);
    // The last word of a sentence is its finite verb (Nepali is verb-final).
    const sentenceFinal = k + 1 === n || toks[k + 1]!.sentenceStart;
    if (order < 0 && words > 1 && sentenceFinal) order = finiteVerbOrder(analysis!.candidates, tok.endsSentence);
    if (order < 0 && subject !== null) order = agreementOrder(analysis!.candidates, subject, sentenceFinal);
    const candidates = candidateView(analysis!, order, max);
    out[k] = {
      token: tok.text,
      converted: candidates[0]!.word,
      status: candidates.length > 1 ? 'ambiguous' : 'resolved',
      start: tok.start,
      end: tok.end,
      candidates,
    };
    prevWord = candidates[0]!.word;
    subject = SUBJECT_PERSON.get(prevWord) ?? subject;
  }
  return out;
}

/** Subject pronouns (nominative and ergative) by the person their verb takes: first person, or not. */
const SUBJECT_PERSON: ReadonlyMap<string, Person> = new Map([
  ...['म', 'मैले', 'हामी', 'हामीले', 'हामीहरू', 'हामीहरूले', 'हामीहरु', 'हामीहरुले'].map((w) => [w, 'first'] as const),
  ...['तिमी', 'तिमीले', 'तिमीहरू', 'तिमीहरूले', 'तिमीहरु', 'तिमीहरुले', 'तँ', 'तैँले', 'तैंले', 'ऊ', 'उ', 'उसले', 'उनी', 'उनले', 'उनीहरू', 'उनीहरूले', 'उनीहरु', 'उनीहरुले', 'तिनी', 'तिनले', 'तिनीहरू', 'तिनीहरूले', 'यिनी', 'यिनले', 'यिनीहरू', 'यिनीहरूले'].map((w) => [w, 'other'] as const),
]);

type Person = 'first' | 'other';

/** A finite verb ending in chandrabindu or anusvara is first person (गरेँ, गर्‍यौँ, गरौँ, हुँ); its other forms have none. */
function personOf(word: string): Person {
  const last = word.charCodeAt(word.length - 1);
  return last === 0x901 || last === 0x902 ? 'first' : 'other';
}

/**
 * Which candidate a word puts first when its sentence has a subject pronoun
 * before it, or -1: when the first candidate's person does not agree with
 * the subject, the first exact candidate weighing as much that does
 * (maile ... gare.: गरेँ, not गरे; timi ... gayau.: गयौ, not गयौँ). Before
 * the end of the sentence only between twins in -औ/-औँ (hami ... bhayau
 * bhane: भयौँ).
 */
function agreementOrder(ranked: Scored[], subject: Person, sentenceFinal: boolean): number {
  const top = ranked[0]!;
  if (top.stage !== Stage.Exact || personOf(top.word) === subject) return -1;
  // Inside the sentence (a clause before भने, a comma), only the twins
  // in -औ/-औँ are surely finite verbs (भयौ/भयौँ); -े/-एँ words there are
  // as often participles and conditionals (गर्ने, भने).
  if (!sentenceFinal && !/ौँ?$/.test(top.word)) return -1;
  for (let i = 1; i < ranked.length; i++) {
    const c = ranked[i]!;
    if (c.stage !== Stage.Exact || c.weight < top.weight) break;
    if (personOf(c.word) !== subject) continue;
    if (sentenceFinal || c.word.replace(/ँ$/, '') === top.word.replace(/ँ$/, '')) return i;
  }
  return -1;
}

/**
 * Which candidate the detached-postposition rule puts first, or -1 to keep
 * the ranking: after a word of the phrase, a postposition among the top
 * exact candidates (as heavy as the first); elsewhere, a word that is not a
 * postposition when the first one is.
 */
function postpositionOrder(ranked: Scored[], afterWord: boolean): number {
  const top = ranked[0]!;
  // A conjunction typed as closely stays (usle yati kaam garyo ki ...: कि, not the genitive की).
  if (top.stage !== Stage.Exact || (afterWord && CONJUNCTIONS.has(top.word))) return -1;
  const topIsPost = POSTPOSITION_WORDS.has(top.word);
  if (afterWord === topIsPost) return -1;
  for (let i = 1; i < ranked.length; i++) {
    const c = ranked[i]!;
    // within one casual cost step of the first (bata for बाट after a noun)
    if (c.stage !== Stage.Exact || c.weight < top.weight - CASUAL_COST_STEP) break;
    if (POSTPOSITION_WORDS.has(c.word) === afterWord) return i;
  }
  return -1;
}

/**
 * Particles that lean on the word before them (यहाँ त, न त, आउँछ रे; the
 * focus particles पनि and नै: म पनि, आज नै): no sentence starts with one
 * (है does, as an interjection).
 */
const ENCLITIC_PARTICLES: ReadonlySet<string> = new Set(['त', 'नि', 'पो', 'रे', 'क्यारे', 'नी', 'पनि', 'नै']);

/**
 * Which candidate the first word of a sentence puts first, or -1: when the
 * first candidate is an enclitic particle, the first exact candidate as
 * heavy that is not (ta kina dhilo aayau?: तँ, the pronoun).
 */
function sentenceStartOrder(ranked: Scored[]): number {
  const top = ranked[0]!;
  if (top.stage !== Stage.Exact || !ENCLITIC_PARTICLES.has(top.word)) return -1;
  for (let i = 1; i < ranked.length; i++) {
    const c = ranked[i]!;
    if (c.stage !== Stage.Exact || c.weight < top.weight) break;
    if (!ENCLITIC_PARTICLES.has(c.word)) return i;
  }
  return -1;
}

/**
 * Which candidate a sentence-final word puts first, or -1: the first
 * candidate's twin with a final halanta, matched exactly and weighing as
 * much (lagain: लगाइन्, the finite past, before लगाइन, the infinitive of
 * the passive; the halanta is the only difference the typist cannot show);
 * or else, before a written full stop (`written`), a finite verb form
 * within one casual step (see below).
 */
function finiteVerbOrder(ranked: Scored[], written: boolean): number {
  const top = ranked[0]!;
  if (top.stage !== Stage.Exact) return -1;
  const twin = top.word + HALANTA;
  for (let i = 1; i < ranked.length; i++) {
    const c = ranked[i]!;
    if (c.stage !== Stage.Exact || c.weight < top.weight) break;
    if (c.word === twin) return i;
  }
  // When the first is a headword of another part of speech or a non-finite
  // verb form, a finite verb form within one casual step (gara.: गर, the
  // imperative, before गरा, a terraced field; garaun.: गरौँ before the
  // infinitive गराउन). A form the grammar builds or the news list has
  // (किनेँ, खान्छ) may well be finite: it stays. Only before a written
  // full stop, question or exclamation mark: a line or a phrase without
  // one (a name, a heading: gita thapa, bajet nikasa) need have no verb.
  if (!written || CLOSED_CLASS.has(top.word)) return -1;
  if (top.facts.verbForm ? !NON_FINITE_ENDING.test(top.word) : !top.headword) return -1;
  for (let i = 1; i < ranked.length; i++) {
    const c = ranked[i]!;
    if (c.stage !== Stage.Exact || c.weight < top.weight - CASUAL_COST_STEP) break;
    if (!NON_FINITE_ENDING.test(c.word) && c.facts.verbForm) return i;
  }
  return -1;
}

/** Endings of the verb forms that do not end a sentence: infinitives, participles, converbs (गर्नु, गर्न, गर्ने, गरेको, गरेर, गर्दै, गर्दा, गरी). */
const NON_FINITE_ENDING = /(?:नु|[^ेै]न|ने|को|का|की|ेर|एर|ँ?द[ैाोी]|[िीइई])$/;

/**
 * The public candidates of an analysis as one answer lists them: the
 * candidate at `order` moved first (when order >= 0), the first `max` kept.
 * Memoized on the analysis, so repeated tokens share one array.
 */
function candidateView(analysis: WordAnalysis, order: number, max: number): RomanCandidate[] {
  const pub = analysis.public;
  if (order < 0 && max >= pub.length) return pub;
  const id = (order + 1) * (MAX_MAX_CANDIDATES + 1) + max;
  let views = analysis.views;
  const hit = views?.get(id);
  if (hit) return hit;
  const list = order < 0 ? pub.slice(0, max) : [pub[order]!, ...pub.slice(0, order), ...pub.slice(order + 1)].slice(0, max);
  if (!views) analysis.views = views = new Map();
  views.set(id, list);
  return list;
}

function publicCandidate(c: Scored): RomanCandidate {
  return { word: c.word, alias: c.alias, weight: c.weight, definition_rank: c.definition_rank, dictionaries: c.dictionaries, kinds: c.kinds };
}

function clampMax(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_MAX_CANDIDATES;
  return Math.min(MAX_MAX_CANDIDATES, Math.max(MIN_MAX_CANDIDATES, Math.trunc(n)));
}

/**
 * Resolves a romanized text. Every character is kept: converted_text is the
 * text with each converted token replaced by its first candidate; offsets
 * are UTF-16 code units, end exclusive. `tokens` lists every token that has
 * letters or digits (words, numbers, addresses, Devanagari), converted or
 * not; whitespace and punctuation are not tokens.
 */
export function resolveText(store: WordStore, text: string, maxCandidates: number = DEFAULT_MAX_CANDIDATES): RomanizationResult {
  const toks = tokenizeRoman(text);
  const tokens = resolveSequence(store, toks, maxCandidates);
  const parts: string[] = [];
  let pos = 0;
  for (const t of tokens) {
    if (t.start! > pos) parts.push(text.slice(pos, t.start!));
    parts.push(t.converted);
    pos = t.end!;
  }
  if (pos < text.length) parts.push(text.slice(pos));
  return { text, converted_text: parts.join(''), tokens };
}

/**
 * Resolves a list of roman tokens, each taken whole (trimmed), with the
 * list as the context of the text-level rules. Offsets and text are null;
 * converted_text is the converted tokens joined by single spaces.
 */
export function resolveTokens(store: WordStore, tokens: string[], maxCandidates: number = DEFAULT_MAX_CANDIDATES): RomanizationResult {
  const toks: RomanTextToken[] = tokens.map((raw, i) => {
    const text = raw.trim();
    // A token that is, or ends in, punctuation ("ghar,", ".") stands between its neighbours as the mark would in a text.
    const punctBefore = i > 0 && ENDS_IN_PUNCTUATION.test(tokens[i - 1]!.trim());
    return { text, start: 0, end: 0, kind: tokenKind(text), sentenceStart: i === 0, punctBefore, closeBefore: false, endsSentence: false };
  });
  const resolved = resolveSequence(store, toks, maxCandidates).map((t) => ({ ...t, start: null, end: null }));
  return { text: null, converted_text: resolved.map((t) => t.converted).join(' '), tokens: resolved };
}

/** Ends in a mark that is neither a letter, a digit, nor the apostrophe or hyphen inside words (or is empty). */
const ENDS_IN_PUNCTUATION = /(?:^|[^\p{L}\p{M}\p{N}'\u2019-])$/u;

/** The kind of a token given whole: a word only when it is one word token of the tokenizer. */
function tokenKind(text: string): RomanTextToken['kind'] {
  const t = tokenizeRoman(text);
  if (t.length === 1 && t[0]!.start === 0 && t[0]!.end === text.length) return t[0]!.kind;
  return 'mixed';
}
