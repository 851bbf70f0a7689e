// A word's result as the checker makes, caches and shares it: the two
// results every correct and unknown word shares, a misspelling's category,
// and the string form the threads' shared table holds.

import { confusionKey } from './confusion.js';
import type { SpellCategory, SpellcheckWordResult } from './results.js';

/** The checker's own answer for a normalized word, cached (Spellchecker.checkNormalized): the stages that check another word ask it. */
export type CheckNormalized = (w: string) => SpellcheckWordResult;

export const CORRECT: SpellcheckWordResult = Object.freeze({ status: 'correct', corrections: null }) as SpellcheckWordResult;
export const UNKNOWN: SpellcheckWordResult = Object.freeze({ status: 'unknown', corrections: null }) as SpellcheckWordResult;

/** A misspelled result (frozen: the caches share it), with its rule or category when given. */
export function misspelled(corrections: string[], extra: { rule?: string; category?: SpellCategory } = {}): SpellcheckWordResult {
  return Object.freeze({ status: 'misspelled', corrections, ...extra }) as SpellcheckWordResult;
}

/**
 * A misspelling's category (results.ts SpellCategory): `standard` when a
 * rule of the standard fired or the word and its first correction share a
 * confusion key (they differ only inside the classes the standard settles),
 * else `typo`.
 */
export function categoryOf(word: string, r: SpellcheckWordResult): SpellCategory {
  if (r.category === 'real-word') return 'real-word';
  if (r.rule) return 'standard';
  const first = r.corrections?.[0];
  return first !== undefined && confusionKey(word) === confusionKey(first) ? 'standard' : 'typo';
}

/** Separates the fields of an encoded result (no normalized word has it). */
const FIELD = '\u001f';
const STATUS_CODES = { correct: 'c', misspelled: 'm', unknown: 'u' } as const;

/**
 * A word's result as one string for the threads' shared table: the status's
 * letter and the rule, the category, then the corrections, separated by
 * U+001F. decodeResult gives back an equal result (the same fields, in the
 * same order, so its JSON is the same).
 */
export function encodeResult(r: SpellcheckWordResult): string {
  return `${STATUS_CODES[r.status]}${r.rule ?? ''}${FIELD}${r.category ?? ''}${FIELD}${r.corrections?.join(FIELD) ?? ''}`;
}

export function decodeResult(s: string): SpellcheckWordResult {
  const parts = s.split(FIELD);
  const head = parts[0]!;
  const status = head[0] === 'c' ? 'correct' : head[0] === 'u' ? 'unknown' : 'misspelled';
  if (status !== 'misspelled' && head.length === 1 && !parts[1]) return status === 'correct' ? CORRECT : UNKNOWN;
  const r: SpellcheckWordResult = { status, corrections: status === 'misspelled' ? parts.slice(2) : null };
  if (head.length > 1) r.rule = head.slice(1);
  if (parts[1]) r.category = parts[1] as SpellCategory;
  return Object.freeze(r);
}
