// Roman aliases of a word from its pronunciation (the lexicon's phonemes,
// lang/phonemes.ts): how people type the word as they say it. The build
// stores them beside the aliases of its spelling (aliases.ts), kind
// "pronunciation", weighted one casual step under a casual spelling of
// the same cost: where the spelling's own aliases have the same string,
// they decide (typed the way it sounds, sita is सित as well as सीता, and
// bigyan विज्ञ as well as विज्ञान; bench/journal/2026-11-28.md#pronunciation-aliases).
//
// The plain spelling (lang/phonemes.ts romanPhonemes: बस्नेत basnet, इलाम
// ilam) costs 0, and so do the free choices typists make of it: छ chh or
// ch, फ ph or f, a nasalized vowel with its n or without (गाउँ gaun, gau),
// व after a consonant w or v. Costing 1: every long a written aa (ilaam,
// the marked style), a double consonant written once (bhatarai).
//
// Only a spelling the letters allow too (casual.ts casualCost prices it)
// is kept: where the sound and the letters part, typists follow the
// letters (the lexicon says वर्ल्ड as "ward", but no one types world so),
// and the lexicon's slips stay out.

import { CASUAL_BASE_WEIGHT, casualWeight, type GeneratedAlias } from './aliases.js';
import { casualCost } from './casual.js';
import { syllabify } from './schemes.js';
import { normalizeWord } from '../lang/normalize.js';
import { isConsonantPhoneme, isNasalVowelPhoneme, parsePhonemes, romanPhonemes } from '../lang/phonemes.js';

export const PRONUNCIATION_KIND = 'pronunciation';
/** Kind of an alias that is a Latin spelling the pronunciation lexicon gives the word's phonemes (laptop: ल्यापटप; the build links them, src/build/records.ts). */
export const LATIN_SPELLING_KIND = 'latin-spelling';
/** Its weight: a spelling typists use as a matter of course (aliases.ts, a casual spelling of cost 0). */
export const LATIN_SPELLING_WEIGHT = CASUAL_BASE_WEIGHT;

/** How many casual steps a spelling from the pronunciation weighs less than the same spelling of the word's letters. */
const PRONUNCIATION_STEP = 1;
/** Typed spellings costing more than this are not stored (aliases.ts stores casual spellings up to cost 2; these are fewer and surer). */
const MAX_PRONUNCIATION_COST = 1;
/** At most this many aliases per transcription, the cheapest. */
const MAX_PRONUNCIATION_ALIASES = 8;

interface Choice {
  s: string;
  c: number;
}

/**
 * The typed spellings of a word's transcription that its letters allow
 * too, cheapest first, as aliases of kind "pronunciation" weighing what a
 * casual spelling one step dearer does (aliases.ts casualWeight). Empty
 * when the transcription is none (lang/phonemes.ts parsePhonemes) or the
 * word no Devanagari.
 */
export function pronunciationAliases(word: string, transcription: string): GeneratedAlias[] {
  const syllables = parsePhonemes(transcription);
  const letters = syllabify(normalizeWord(word));
  if (!syllables || !letters) return [];
  const spelled = romanPhonemes(syllables);
  // the marked style only where there is a long a to mark (aa, and its diphthongs and nasal: aaj, aawn)
  const styles = spelled.some((r) => r.phoneme.startsWith('aa')) ? [false, true] : [false];
  const best = new Map<string, number>();
  for (const marked of styles) {
    let partial: Choice[] = [{ s: '', c: marked ? 1 : 0 }];
    spelled.forEach((r, i) => {
      const choices = typedChoices(r.phoneme, r.roman, spelled[i - 1]?.phoneme, marked);
      const grown: Choice[] = [];
      for (const p of partial) for (const o of choices) if (p.c + o.c <= MAX_PRONUNCIATION_COST) grown.push({ s: p.s + o.s, c: p.c + o.c });
      partial = grown;
    });
    for (const p of partial) if (!best.has(p.s) || best.get(p.s)! > p.c) best.set(p.s, p.c);
  }
  return [...best]
    .filter(([alias]) => casualCost(letters, alias) !== Infinity)
    .sort((a, b) => a[1] - b[1])
    .slice(0, MAX_PRONUNCIATION_ALIASES)
    .map(([alias, cost]) => ({ alias, kinds: [PRONUNCIATION_KIND], weight: casualWeight(cost + PRONUNCIATION_STEP) }));
}

/** How a typist may write one phoneme, given its plain spelling, the phoneme before it and the length style. */
function typedChoices(phoneme: string, roman: string, previous: string | undefined, marked: boolean): Choice[] {
  const consonant = isConsonantPhoneme(phoneme);
  if (consonant && phoneme === previous) {
    // the second of a double consonant: written again, or left out (bhatarai)
    return [
      { s: roman, c: 0 },
      { s: '', c: 1 },
    ];
  }
  if (phoneme === 'tsh') {
    return [
      { s: 'chh', c: 0 },
      { s: 'ch', c: 0 },
    ];
  }
  if (phoneme === 'ph') {
    return [
      { s: 'ph', c: 0 },
      { s: 'f', c: 0 },
    ];
  }
  if (phoneme === 'w' && previous !== undefined && isConsonantPhoneme(previous)) {
    return [
      { s: 'w', c: 0 },
      { s: 'v', c: 0 },
    ];
  }
  if (consonant) return [{ s: roman, c: 0 }];
  // a vowel: its long a written aa in the marked style; a nasalized one with its n or without
  const spelled = marked && phoneme.startsWith('aa') ? 'a' + roman : roman;
  if (isNasalVowelPhoneme(phoneme) && spelled.endsWith('n')) {
    return [
      { s: spelled, c: 0 },
      { s: spelled.slice(0, -1), c: 0 },
    ];
  }
  return [{ s: spelled, c: 0 }];
}
