// Importer of the pronunciation lexicon (data/google-language-resources-ne/
// lexicon.tsv, Google, CC BY 4.0; PROVENANCE.md beside it): a spelling, a
// tab, its phonemes (engine/lang/phonemes.ts), an optional label.
//
// Rows in Devanagari give a word's pronunciation (names, places and
// loanwords among them); rows in Latin letters give an English or
// romanized spelling in the same phonemes (laptop, aama), which links it to
// the Devanagari words that sound the same.
//
// The file's noise, and what the import does with it:
//   - zero-width joiners inside words (उत्‍पादन), ':' typed for the visarga
//     (दु:ख): normalizeWord, as every key of the build;
//   - an independent vowel written as a vowel letter and a sign, as some
//     legacy fonts draw it (अावश्यक), and a vowel sign written twice
//     (उपत्यकाा): the letter itself, the sign once ('repaired');
//   - a spelling whose signs make no aksharas once the joiners are out
//     (ग्रन्थ्‍ालाई: a vowel sign after a halanta), or with anything but
//     Devanagari letters and signs, or Latin letters: dropped ('spelling');
//   - a transcription with a symbol that is no phoneme, or a syllable
//     without a vowel: dropped ('phonemes');
//   - a spelling listed twice: both transcriptions kept, the first first
//     ('repeated'); a Latin spelling is lower-cased (Hello).
// A line without a tab is no row of this format: the import stops there.

import { plausibleDevanagari } from './frequency.js';
import { DataFormatError } from './errors.js';
import { DECOMPOSED_VOWELS, DOUBLED_SIGN } from './mythes.js';
import { formatPhonemes, parsePhonemes } from '../engine/lang/phonemes.js';
import { normalizeWord } from '../engine/lang/normalize.js';

export type PronunciationDrop = 'spelling' | 'phonemes';

export interface PronunciationImport {
  /** Normalized Devanagari word -> its transcriptions (phonemes as formatPhonemes writes them), in file order. */
  words: Map<string, string[]>;
  /** Lower-case Latin spelling -> its transcriptions, in file order. */
  latin: Map<string, string[]>;
  report: {
    /** Rows read (not the comment lines). */
    rows: number;
    devanagari: number;
    latin: number;
    /** Rows that give a spelling already read another transcription. */
    repeated: number;
    /** Spellings whose independent vowel was written as a letter and a sign, or with a vowel sign twice. */
    repaired: number;
    dropped: Record<PronunciationDrop, number>;
    /** A few dropped spellings of each kind (for the build log). */
    examples: Partial<Record<PronunciationDrop, string[]>>;
  };
}

const EXAMPLES_PER_KIND = 5;
const LATIN_SPELLING = /^[a-z]+$/;
const DEVANAGARI_ONLY = /^[\u0900-\u0963\u0971-\u097F]+$/;

export function importPronunciationLexicon(text: string, file: string): PronunciationImport {
  const words = new Map<string, string[]>();
  const latin = new Map<string, string[]>();
  const report: PronunciationImport['report'] = {
    rows: 0,
    devanagari: 0,
    latin: 0,
    repeated: 0,
    repaired: 0,
    dropped: { spelling: 0, phonemes: 0 },
    examples: {},
  };
  const drop = (kind: PronunciationDrop, spelling: string): void => {
    report.dropped[kind]++;
    const ex = (report.examples[kind] ??= []);
    if (ex.length < EXAMPLES_PER_KIND) ex.push(spelling);
  };
  const add = (map: Map<string, string[]>, key: string, phonemes: string): void => {
    const list = map.get(key);
    if (!list) map.set(key, [phonemes]);
    else {
      report.repeated++;
      if (!list.includes(phonemes)) list.push(phonemes);
    }
  };
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) return;
    const cols = line.split('\t');
    if (cols.length < 2) throw new DataFormatError(file, i + 1, 'expected a spelling, a tab and its phonemes');
    report.rows++;
    const spelling = cols[0]!.trim();
    const syllables = parsePhonemes(cols[1]!);
    const lower = spelling.toLowerCase();
    if (LATIN_SPELLING.test(lower)) {
      if (!syllables) return drop('phonemes', spelling);
      report.latin++;
      add(latin, lower, formatPhonemes(syllables));
      return;
    }
    const normalized = normalizeWord(spelling);
    const word = repairVowels(normalized);
    if (word !== normalized) report.repaired++;
    if (!DEVANAGARI_ONLY.test(word) || !plausibleDevanagari(word)) return drop('spelling', spelling);
    if (!syllables) return drop('phonemes', spelling);
    report.devanagari++;
    add(words, word, formatPhonemes(syllables));
  });
  return { words, latin, report };
}

/** The spelling with its decomposed vowel letters and doubled vowel signs mended (DECOMPOSED_VOWELS, DOUBLED_SIGN). */
function repairVowels(word: string): string {
  let w = word.replace(DOUBLED_SIGN, '$1');
  for (const [bad, good] of DECOMPOSED_VOWELS) if (w.includes(bad)) w = w.split(bad).join(good);
  return w;
}
