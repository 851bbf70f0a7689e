// The rules this service answers LanguageTool's clients with: one rule per
// kind of finding of the spellchecker, all in LanguageTool's category TYPOS
// with ids ending in _SPELLER_RULE, which is what LTeX, the Obsidian plugin
// and the browser add-ons key on to draw the typo style and offer "add to
// dictionary", and what LibreOffice colours red.
//
// - NEPALI_SPELLER_RULE: a typo (category `typo` of the spellchecker).
// - NEPALI_REAL_WORD_SPELLER_RULE: a word of the lexicon written for its far
//   commoner twin (category `real-word`: छेत्र for क्षेत्र).
// - NEPALI_STANDARD_SPELLER_RULE: a spelling the Nepal Academy standard
//   settles (category `standard`); `subId` names the orthography rule of the
//   standard that fired, when one did.
// - NEPALI_UNKNOWN_WORD_SPELLER_RULE: a word no word list has and no
//   correction is near (names, loanwords); off by default, on at
//   `level=picky` or when named in `enabledRules`.
//
// How LanguageTool's switches map to this service's spellcheck `level`:
// the standard's corrections are asked for (level `standard`) unless
// NEPALI_STANDARD_SPELLER_RULE is off (in `disabledRules`, or left out of an
// `enabledOnly` list), when the check runs at level `lenient`, which answers
// typos and real-word errors alone; `disabledCategories=TYPOS` turns every
// rule off (the text is then not checked at all).

import type { SpellCategory } from '../engine/results.js';

export const TYPOS = { id: 'TYPOS', name: 'Possible Typo' } as const;

export interface LtRule {
  id: string;
  description: string;
  /** LanguageTool's match type: UnknownWord is a spelling error. */
  typeName: 'UnknownWord';
  issueType: 'misspelling';
  /** On unless asked for (level=picky or enabledRules). */
  defaultOff: boolean;
}

export const SPELLER_RULE: LtRule = {
  id: 'NEPALI_SPELLER_RULE',
  description: 'Possible spelling mistake',
  typeName: 'UnknownWord',
  issueType: 'misspelling',
  defaultOff: false,
};
export const REAL_WORD_RULE: LtRule = {
  id: 'NEPALI_REAL_WORD_SPELLER_RULE',
  description: 'A word written for its far commoner twin',
  typeName: 'UnknownWord',
  issueType: 'misspelling',
  defaultOff: false,
};
export const STANDARD_RULE: LtRule = {
  id: 'NEPALI_STANDARD_SPELLER_RULE',
  description: 'Spelling of the Nepal Academy standard',
  typeName: 'UnknownWord',
  issueType: 'misspelling',
  defaultOff: false,
};
export const UNKNOWN_WORD_RULE: LtRule = {
  id: 'NEPALI_UNKNOWN_WORD_SPELLER_RULE',
  description: 'Word not in any word list',
  typeName: 'UnknownWord',
  issueType: 'misspelling',
  defaultOff: true,
};

export const RULES: readonly LtRule[] = [SPELLER_RULE, REAL_WORD_RULE, STANDARD_RULE, UNKNOWN_WORD_RULE];

/** The rule of a misspelled word's category. */
export function ruleOf(category: SpellCategory): LtRule {
  return category === 'standard' ? STANDARD_RULE : category === 'real-word' ? REAL_WORD_RULE : SPELLER_RULE;
}

/** What a request's switches leave on (module header). */
export interface RuleSelection {
  level: 'default' | 'picky';
  enabledRules: readonly string[];
  disabledRules: readonly string[];
  enabledCategories: readonly string[];
  disabledCategories: readonly string[];
  enabledOnly: boolean;
}

/** The ids of the rules a request leaves on, as LanguageTool selects rules (Tools.selectRules). */
export function activeRules(s: RuleSelection): Set<string> {
  const on = new Set<string>();
  for (const rule of RULES) {
    let active: boolean;
    if (s.enabledOnly) active = s.enabledRules.includes(rule.id) || s.enabledCategories.includes(TYPOS.id);
    else {
      active = !rule.defaultOff || s.level === 'picky' || s.enabledRules.includes(rule.id);
      if (s.disabledRules.includes(rule.id) || s.disabledCategories.includes(TYPOS.id)) active = false;
    }
    if (active) on.add(rule.id);
  }
  return on;
}
