// The two ways Devanagari writes a nasal before a stop: the fifth letter of
// the stop's class with halanta (सम्भव, अङ्क), which the Academy standard
// writes in tatsam words, or the anusvara (संभव, अंक), which older word
// lists and much real text write.

import { HALANTA, STOP_CLASSES, STOPS } from '../lang/letters.js';

/** The fifth letter (पञ्चम वर्ण) of each stop's class. */
const FIFTH_LETTER: Readonly<Record<string, string>> = Object.fromEntries(STOP_CLASSES.flatMap((c) => [...c.stops].map((s) => [s, c.fifth])));
const ANUSVARA_BEFORE_STOP = new RegExp(`ं(?=[${STOPS}])`, 'g');
const FIFTH_BEFORE_STOP = new RegExp(`([${[...new Set(Object.values(FIFTH_LETTER))].join('')}])${HALANTA}(?=([${STOPS}]))`, 'g');

/** The word with the fifth letter of its class for each anusvara before a stop (संभव: सम्भव). */
export function fifthLetterSpelling(word: string): string {
  return word.replace(ANUSVARA_BEFORE_STOP, (_m, i: number) => FIFTH_LETTER[word[i + 1]!]! + HALANTA);
}

/** The other way: an anusvara for each fifth letter before a stop of its class (अङ्कपत्र: अंकपत्र); null when it has none. */
export function anusvaraSpelling(word: string): string | null {
  const s = word.replace(FIFTH_BEFORE_STOP, (m, fifth: string, stop: string) => (FIFTH_LETTER[stop] === fifth ? 'ं' : m));
  return s === word ? null : s;
}
