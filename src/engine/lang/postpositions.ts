// Postpositions: the case markers (विभक्ति), the नामयोगी and the plural,
// written joined to the word they follow (घरमा, घरभित्र, घरहरूमा) and
// stacked (उनीहरूलाई, सबैभन्दा). One inventory for the spellchecker's
// morphology, its candidate search and orthography rules, and the
// romanizer's split of a typed token into a stem and its ending; a part of
// the engine that reads only some of them names its subset where it is
// used, and says why.

import { groupByLast } from './text.js';

/** Case markers (विभक्ति). */
export const CASE_MARKERS: readonly string[] = ['ले', 'लाई', 'को', 'का', 'की', 'मा', 'बाट', 'देखि', 'सँग', 'सँगै', 'सित', 'सम्म', 'तिर', 'भन्दा', 'द्वारा'];

/** Case markers with the emphatic ै (घरमै, उसकै) or नै joined (उसलेनै, घरमानै). */
export const EMPHATIC_CASE_MARKERS: readonly string[] = ['मै', 'कै', 'लेनै', 'मानै'];

/** नामयोगी: postpositions that are words of their own, written joined to a noun (घरपछि) or standing alone with a case marker (यस बारेमा, उनको साथमा). */
export const NAMAYOGI: readonly string[] = [
  'पछि',
  'अघि',
  'माथि',
  'मुनि',
  'तल',
  'भित्र',
  'बाहिर',
  'अगाडि',
  'पछाडि',
  'बीच',
  'बिच',
  'नजिक',
  'निम्ति',
  'लागि',
  'बारे',
  'विरुद्ध',
  'बमोजिम',
  'अनुसार',
  'सहित',
  'समेत',
  'प्रति',
  'तर्फ',
  'पट्टि',
  'भरि',
  'जस्तो',
  'जस्ता',
  'जस्ती',
  'जस्तै',
  'झैँ',
  'बाहेक',
  'मध्ये',
  'वरिपरि',
  'साथ',
  'साथै',
  'बिना',
  'स्थित',
  'भर',
  'बेला',
  'अन्तर्गत',
  'निकट',
  'लगायत',
  'लगत्तै',
  'कारण',
  'क्रम',
  'बित्तिकै',
];

/** The plural, in the Academy spelling. */
export const PLURAL = 'हरू';

/** 'While', joined to a verb's -दा form (बोल्दाखेरि). */
export const WHILE_SUFFIXES: readonly string[] = ['खेरि', 'खेरी'];

/**
 * Spellings of a postposition that real text writes and the Academy
 * standard corrects, with the standard spelling: the spellchecker accepts
 * none of them (its orthography flags घरहरु), the romanizer reads them
 * only where the spellchecker can judge the whole word.
 */
export const NONSTANDARD_POSTPOSITIONS: ReadonlyMap<string, string> = new Map([
  ['हरु', 'हरू'],
  ['संग', 'सँग'],
]);

/**
 * Every postposition the spellchecker accepts joined to a word, longest
 * first so that the longest match is tried first.
 */
export const POSTPOSITIONS: readonly string[] = [...CASE_MARKERS, ...EMPHATIC_CASE_MARKERS, ...NAMAYOGI, PLURAL, ...WHILE_SUFFIXES].sort(
  (a, b) => b.length - a.length,
);

/** POSTPOSITIONS by their last code unit, in the same order (longest first). */
export const POSTPOSITIONS_BY_LAST = groupByLast(POSTPOSITIONS);

/** POSTPOSITIONS, for membership. */
export const POSTPOSITION_SET: ReadonlySet<string> = new Set(POSTPOSITIONS);

/**
 * The case endings probed in the news word list to see how much real text
 * inflects a word (the spellchecker's caseForms: its realTextWord, the
 * oblique stems of its morphology, and the romanizer's ranking): the
 * commonest case markers and the plural, in both spellings real text
 * writes it (हरू, हरु), since the probe counts what real text shows.
 */
export const CASE_FORM_PROBES: readonly string[] = ['मा', 'को', 'का', 'की', 'ले', 'लाई', 'बाट', 'हरू', 'हरु', 'सँग', 'सम्म', 'भन्दा', 'देखि'];
