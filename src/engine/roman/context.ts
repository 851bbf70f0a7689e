// The text-level rules: how the neighbours of a token in a text choose
// among its candidates and decide whether it is converted at all (English
// kept in mixed text, detached postpositions, the sentence-final verb,
// agreement with the subject, the infinitive before a verb that takes one,
// enclitic particles). The rules in prose, with
// examples: roman/README.md, "Context"; CONTEXT_SUMMARY says them in brief
// for the API description.

import { CONJUNCTION_WORDS } from '../lang/closed-class.js';
import { HALANTA } from '../lang/letters.js';
import { hasLetterOrDigit } from '../lang/text.js';
import { CASUAL_COST_STEP } from './aliases.js';
import { candidateView, type RankedCandidate, type WordAnalysis } from './analysis.js';
import { Stage } from './candidates.js';
import { POSTPOSITION_WORDS } from './inflection.js';
import { CLOSED_CLASS } from './ranking.js';
import type { RomanToken } from './results.js';
import type { RomanTextToken } from './tokenize.js';

/** The text-level rules in brief, for the endpoint's OpenAPI description; the rules in full are in roman/README.md. */
export const CONTEXT_SUMMARY =
  'In a text the neighbours count too (the tokens form is read as one phrase): numbers, URLs, e-mail addresses, Devanagari and ' +
  'ALL-CAPITALS acronyms stay as given, English stays English in mixed text, a detached postposition after a word of its phrase is ' +
  'read as one (ghar ma: घर मा), a word before a verb that takes an infinitive is read as that infinitive (hun sakchha: हुन सक्छ), ' +
  'and the last word of a sentence prefers a finite verb that agrees in person with its subject. ' +
  'A word alone is taken as ranked. The rules in full, with examples: src/engine/roman/README.md, "Context".';

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
 * postposition): the conjunctions (CONJUNCTION_WORDS, lang/closed-class.ts:
 * र, तर, किनकि, जब, जबकि...), the particles पनि, नि, त,
 * and the relative adverbs that open a clause (jati ma padhchhu: जति म,
 * not जति मा).
 */
const CONJUNCTIONS: ReadonlySet<string> = new Set([...CONJUNCTION_WORDS, 'पनि', 'नि', 'त', 'जति', 'जहाँ', 'जुनबेला']);

/**
 * Adverbs that take no detached postposition: of time (aja ma ghar: आज म,
 * not आज मा), and the correlatives of manner and degree, which open the
 * clause answering a जसरी or जति (..., tyasari ma pani: त्यसरी म; ...,
 * tyati ma bujhchhu: त्यति म). An emphatic नै may follow them (त्यसरी नै).
 */
const ADVERBS_WITHOUT_POSTPOSITION: ReadonlySet<string> = new Set([
  'आज',
  'भोलि',
  'हिजो',
  'पर्सि',
  'अस्ति',
  'अहिले',
  'पहिले',
  'जसरी',
  'त्यसरी',
  'यसरी',
  'उसरी',
  'त्यति',
  'यति',
  'उति',
]);

/**
 * A word that takes no detached postposition: a converb in -एर (उठेर,
 * बजेर: its clause ends there) or one of ADVERBS_WITHOUT_POSTPOSITION.
 */
function endsClause(word: string): boolean {
  return word.endsWith('ेर') || word.endsWith('एर') || ADVERBS_WITHOUT_POSTPOSITION.has(word);
}

/**
 * Resolves the given tokens with the text-level rules (roman/README.md,
 * "Context"): `analyze` gives each word token's analysis (with guesses
 * when asked), `max` is max_candidates; non-word tokens stay as given.
 */
export function resolveSequence(toks: RomanTextToken[], analyze: (token: string, guess?: boolean) => WordAnalysis, max: number): RomanToken[] {
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
    let a = analyze(tok.text);
    // A word typed alone that no dictionary word matches exactly gets the guesses one
    // edit away too (shretha: श्रेष्ठ; bhattary: भट्टराई beside the fuzzy भातृ); in
    // running text it stays as typed (mixed text keeps its English:
    // publish, branch, entry are one edit from Nepali words).
    if (words === 1 && a.guessable) a = analyze(tok.text, true);
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
      // English) unless, among Nepali words, a Nepali postposition is joined
      // to it (cancerko: क्यान्सरको), where a Nepali reading is meant, or the
      // news word list writes it in Devanagari (mero phone ko: फोन); so
      // too a lower-case initialism of the word lists (mero naam kc ho: केसी)
      else if (analysis.loan)
        convert = words === 1 || ((analysis.loanInflected || analysis.initialism || analysis.loanAttested) && ctxNe > 0 && ctxNe >= ctxEn);
      else if (!tok.sentenceStart && isCapitalized(tok.text)) convert = analysis.exact && ctxNe > 0;
      else if (analysis.exact) convert = !(ctxEn >= 2 && ctxNe === 0);
      else convert = !analysis.looksEnglish && !(ctxEn > 0 && ctxEn >= ctxNe);
    }
    if (!convert) {
      out[k] = { token: tok.text, converted: tok.text, status: 'unresolved', start: tok.start, end: tok.end, candidates: [] };
      // A word left as it is (English in mixed text, Devanagari, an acronym) and a number still take
      // postpositions: "office ma", "2023 ma", "PFK-1 lai".
      prevWord =
        tok.kind === 'word' || tok.kind === 'devanagari' || tok.kind === 'number' || (tok.kind === 'mixed' && hasLetterOrDigit(tok.text)) ? tok.text : null;
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
    if (order < 0 && !sentenceFinal) order = infinitiveOrder(analysis!.candidates, nextWordTop(toks, analyses, k));
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

/**
 * The index of the first candidate after the first that `wanted` accepts,
 * among those matched exactly and weighing at least `minWeight` (the scan
 * stops at the first candidate that is not), or -1: how every text-level
 * rule picks the candidate it puts first.
 */
function exactAfterTop(ranked: RankedCandidate[], minWeight: number, wanted: (c: RankedCandidate) => boolean): number {
  for (let i = 1; i < ranked.length; i++) {
    const c = ranked[i]!;
    if (c.stage !== Stage.Exact || c.weight < minWeight) break;
    if (wanted(c)) return i;
  }
  return -1;
}

/** Subject pronouns (nominative and ergative) by the person their verb takes: first person, or not. */
const SUBJECT_PERSON: ReadonlyMap<string, Person> = new Map([
  ...['म', 'मैले', 'हामी', 'हामीले', 'हामीहरू', 'हामीहरूले', 'हामीहरु', 'हामीहरुले'].map((w) => [w, 'first'] as const),
  ...[
    'तिमी',
    'तिमीले',
    'तिमीहरू',
    'तिमीहरूले',
    'तिमीहरु',
    'तिमीहरुले',
    'तँ',
    'तैँले',
    'तैंले',
    'ऊ',
    'उ',
    'उसले',
    'उनी',
    'उनले',
    'उनीहरू',
    'उनीहरूले',
    'उनीहरु',
    'उनीहरुले',
    'तिनी',
    'तिनले',
    'तिनीहरू',
    'तिनीहरूले',
    'यिनी',
    'यिनले',
    'यिनीहरू',
    'यिनीहरूले',
  ].map((w) => [w, 'other'] as const),
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
function agreementOrder(ranked: RankedCandidate[], subject: Person, sentenceFinal: boolean): number {
  const top = ranked[0]!;
  if (top.stage !== Stage.Exact || personOf(top.word) === subject) return -1;
  // Inside the sentence (a clause before भने, a comma), only the twins
  // in -औ/-औँ are surely finite verbs (भयौ/भयौँ); -े/-एँ words there are
  // as often participles and conditionals (गर्ने, भने).
  if (!sentenceFinal && !/ौँ?$/.test(top.word)) return -1;
  return exactAfterTop(ranked, top.weight, (c) => personOf(c.word) === subject && (sentenceFinal || c.word.replace(/ँ$/, '') === top.word.replace(/ँ$/, '')));
}

/**
 * Which candidate the detached-postposition rule puts first, or -1 to keep
 * the ranking: after a word of the phrase, a postposition among the top
 * exact candidates (as heavy as the first); elsewhere, a word that is not a
 * postposition when the first one is.
 */
function postpositionOrder(ranked: RankedCandidate[], afterWord: boolean): number {
  const top = ranked[0]!;
  // A conjunction typed as closely stays (usle yati kaam garyo ki ...: कि, not the genitive की).
  if (top.stage !== Stage.Exact || (afterWord && CONJUNCTIONS.has(top.word))) return -1;
  const topIsPost = POSTPOSITION_WORDS.has(top.word);
  if (afterWord === topIsPost) return -1;
  // within one casual cost step of the first (bata for बाट after a noun)
  return exactAfterTop(ranked, top.weight - CASUAL_COST_STEP, (c) => POSTPOSITION_WORDS.has(c.word) === afterWord);
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
function sentenceStartOrder(ranked: RankedCandidate[]): number {
  const top = ranked[0]!;
  if (top.stage !== Stage.Exact || !ENCLITIC_PARTICLES.has(top.word)) return -1;
  return exactAfterTop(ranked, top.weight, (c) => !ENCLITIC_PARTICLES.has(c.word));
}

/**
 * Which candidate a sentence-final word puts first, or -1: the first
 * candidate's twin with a final halanta, matched exactly and weighing as
 * much (lagain: लगाइन्, the finite past, before लगाइन, the infinitive of
 * the passive; the halanta is the only difference the typist cannot show);
 * or else, before a written full stop (`written`), a finite verb form
 * within one casual step (see below).
 */
function finiteVerbOrder(ranked: RankedCandidate[], written: boolean): number {
  const top = ranked[0]!;
  if (top.stage !== Stage.Exact) return -1;
  const twin = top.word + HALANTA;
  const withHalanta = exactAfterTop(ranked, top.weight, (c) => c.word === twin);
  if (withHalanta >= 0) return withHalanta;
  // When the first is a headword of another part of speech or a non-finite
  // verb form, a finite verb form within one casual step (gara.: गर, the
  // imperative, before गरा, a terraced field; garaun.: गरौँ before the
  // infinitive गराउन). A form the grammar builds or the news list has
  // (किनेँ, खान्छ) may well be finite: it stays. Only before a written
  // full stop, question or exclamation mark: a line or a phrase without
  // one (a name, a heading: gita thapa, bajet nikasa) need have no verb.
  if (!written || CLOSED_CLASS.has(top.word)) return -1;
  if (top.facts.verbForm ? !NON_FINITE_ENDING.test(top.word) : !top.headword) return -1;
  return exactAfterTop(ranked, top.weight - CASUAL_COST_STEP, (c) => !NON_FINITE_ENDING.test(c.word) && c.facts.verbForm);
}

/**
 * The first candidate of the word right after token k in its clause (no
 * punctuation between), or undefined.
 */
function nextWordTop(toks: RomanTextToken[], analyses: (WordAnalysis | null)[], k: number): RankedCandidate | undefined {
  const next = toks[k + 1];
  if (next === undefined || next.kind !== 'word' || next.sentenceStart || next.punctBefore) return undefined;
  return analyses[k + 1]?.candidates[0];
}

/** The verbs that take an infinitive in -न before them (garna sakchha: गर्न सक्छ; garna thalyo, aauna paaena). */
const INFINITIVE_TAKING = /^(?:सक|पाउ|पाइ|पाए|थाल|लाग|चाह|खोज|सिक|मिल)/;

/**
 * Which candidate a word puts first before a verb that takes an infinitive
 * (INFINITIVE_TAKING), or -1: when the first candidate is a finite form in
 * -न् and its twin without the halanta, the infinitive in -न, is matched
 * exactly within one casual step (hun sakchha: हुन सक्छ, not the finite
 * हुन्, they are; the halanta is the only difference the typist cannot show).
 */
function infinitiveOrder(ranked: RankedCandidate[], next: RankedCandidate | undefined): number {
  const top = ranked[0]!;
  if (next === undefined || top.stage !== Stage.Exact || !top.word.endsWith('न' + HALANTA)) return -1;
  if (!next.facts.verbForm || !INFINITIVE_TAKING.test(next.word)) return -1;
  const infinitive = top.word.slice(0, -1);
  return exactAfterTop(ranked, top.weight - CASUAL_COST_STEP, (c) => c.word === infinitive);
}

/** Endings of the verb forms that do not end a sentence: infinitives, participles, converbs (गर्नु, गर्न, गर्ने, गरेको, गरेर, गर्दै, गर्दा, गरी). */
const NON_FINITE_ENDING = /(?:नु|[^ेै]न|ने|को|का|की|ेर|एर|ँ?द[ैाोी]|[िीइई])$/;
