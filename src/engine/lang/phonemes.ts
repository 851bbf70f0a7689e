// How Nepali words sound, in the phoneme set of the pronunciation lexicon
// the data build imports (data/google-language-resources-ne/lexicon.tsv,
// CC BY 4.0): a word is its phonemes separated by spaces and its syllables
// by " . " (राम्रो "r aa m . m r o"). The inherent vowel is already dropped
// where speech drops it, so the phonemes say how a word is typed better
// than its letters do.
//
// Two renderings of a transcription, each symbol for symbol (the tables
// below are the mapping, documented in docs/api.md, "Pronunciation"):
//   - IPA (toIpa): syllables kept apart by "."; the lexicon writes the
//     first consonant of a cluster inside the word twice (राम्रो ram.mro,
//     पुत्र put.tro), as speech lengthens it, and the IPA keeps what the
//     lexicon says.
//   - an everyday romanization (toRoman): how people type the word in
//     Latin letters, the plain way (no long vowels, no diacritics, छ chh,
//     च ch, ज j), the lengthened cluster consonant written once (ramro).

/** A phoneme of the lexicon: its IPA and its plain romanization. */
interface PhonemeSpelling {
  ipa: string;
  roman: string;
}

/** The vowels, diphthongs and nasalized vowels (a vowel with n: aan, axwn). */
const VOWELS: Readonly<Record<string, PhonemeSpelling>> = {
  ax: { ipa: 'ʌ', roman: 'a' },
  aa: { ipa: 'a', roman: 'a' },
  i: { ipa: 'i', roman: 'i' },
  u: { ipa: 'u', roman: 'u' },
  e: { ipa: 'e', roman: 'e' },
  o: { ipa: 'o', roman: 'o' },
  axj: { ipa: 'ʌi̯', roman: 'ai' },
  aaj: { ipa: 'ai̯', roman: 'ai' },
  axw: { ipa: 'ʌu̯', roman: 'au' },
  aaw: { ipa: 'au̯', roman: 'au' },
  ew: { ipa: 'eu̯', roman: 'eu' },
  oj: { ipa: 'oi̯', roman: 'oi' },
  ow: { ipa: 'ou̯', roman: 'ou' },
};

/** Nepali's consonants as the lexicon writes them (ts च, jh ज, jhh झ; tt ट, t त). */
const CONSONANTS: Readonly<Record<string, PhonemeSpelling>> = {
  k: { ipa: 'k', roman: 'k' },
  kh: { ipa: 'kʰ', roman: 'kh' },
  g: { ipa: 'ɡ', roman: 'g' },
  gh: { ipa: 'ɡʱ', roman: 'gh' },
  ng: { ipa: 'ŋ', roman: 'ng' },
  ts: { ipa: 't͡s', roman: 'ch' },
  tsh: { ipa: 't͡sʰ', roman: 'chh' },
  jh: { ipa: 'd͡z', roman: 'j' },
  jhh: { ipa: 'd͡zʱ', roman: 'jh' },
  tt: { ipa: 'ʈ', roman: 't' },
  tth: { ipa: 'ʈʰ', roman: 'th' },
  dd: { ipa: 'ɖ', roman: 'd' },
  ddh: { ipa: 'ɖʱ', roman: 'dh' },
  nn: { ipa: 'ɳ', roman: 'n' },
  t: { ipa: 't̪', roman: 't' },
  th: { ipa: 't̪ʰ', roman: 'th' },
  d: { ipa: 'd̪', roman: 'd' },
  dh: { ipa: 'd̪ʱ', roman: 'dh' },
  n: { ipa: 'n', roman: 'n' },
  p: { ipa: 'p', roman: 'p' },
  ph: { ipa: 'pʰ', roman: 'ph' },
  b: { ipa: 'b', roman: 'b' },
  bh: { ipa: 'bʱ', roman: 'bh' },
  m: { ipa: 'm', roman: 'm' },
  y: { ipa: 'j', roman: 'y' },
  r: { ipa: 'r', roman: 'r' },
  l: { ipa: 'l', roman: 'l' },
  w: { ipa: 'w', roman: 'w' },
  s: { ipa: 's', roman: 's' },
  h: { ipa: 'ɦ', roman: 'h' },
};

/** The nasalizing tilde, put on the vowel's first letter (aawn: ãu̯). */
const TILDE = '\u0303';

/** A vowel phoneme and whether it is nasalized (aan, axwn: a vowel of VOWELS with n). */
function vowelOf(p: string): { v: PhonemeSpelling; nasal: boolean } | undefined {
  const v = VOWELS[p];
  if (v) return { v, nasal: false };
  if (p.length > 1 && p.endsWith('n')) {
    const oral = VOWELS[p.slice(0, -1)];
    if (oral) return { v: oral, nasal: true };
  }
  return undefined;
}

/** The phoneme is one of the lexicon's (a vowel, a nasalized vowel or a consonant). */
export function isPhoneme(p: string): boolean {
  return CONSONANTS[p] !== undefined || vowelOf(p) !== undefined;
}

export function isConsonantPhoneme(p: string): boolean {
  return CONSONANTS[p] !== undefined;
}

export function isVowelPhoneme(p: string): boolean {
  return vowelOf(p) !== undefined;
}

export function isNasalVowelPhoneme(p: string): boolean {
  return vowelOf(p)?.nasal === true;
}

/**
 * A transcription as syllables of phonemes ("r aa m . m r o" ->
 * [[r, aa, m], [m, r, o]]), or null when it has a symbol that is no
 * phoneme, an empty syllable, or a syllable without a vowel.
 */
export function parsePhonemes(transcription: string): string[][] | null {
  const syllables = transcription
    .trim()
    .split(/\s+\.\s+/)
    .map((s) => s.trim().split(/\s+/).filter(Boolean));
  if (syllables.length === 0) return null;
  for (const s of syllables) {
    if (s.length === 0 || !s.every(isPhoneme) || !s.some(isVowelPhoneme)) return null;
  }
  return syllables;
}

/** A transcription written the one way the store keeps it: phonemes separated by one space, syllables by " . ". */
export function formatPhonemes(syllables: readonly (readonly string[])[]): string {
  return syllables.map((s) => s.join(' ')).join(' . ');
}

/** The IPA of a transcription (syllables separated by "."; NFC, so ã is one code point), or null when it is none (parsePhonemes). */
export function toIpa(transcription: string): string | null {
  const syllables = parsePhonemes(transcription);
  if (!syllables) return null;
  const ipa = syllables
    .map((s) =>
      s
        .map((p) => {
          const c = CONSONANTS[p];
          if (c) return c.ipa;
          const { v, nasal } = vowelOf(p)!;
          // The tilde goes on the vowel's first letter, before a diphthong's glide (ãu̯).
          return nasal ? v.ipa[0] + TILDE + v.ipa.slice(1) : v.ipa;
        })
        .join(''),
    )
    .join('.');
  return ipa.normalize('NFC');
}

/**
 * The phonemes as an everyday romanization spells them, one string per
 * phoneme, in order (syllable breaks dropped): what toRoman joins and the
 * romanizer's typed variants (roman/pronunciation.ts) vary. The first
 * consonant of a cluster that the lexicon writes twice across a syllable
 * break (m . m r) is written once; a real double consonant before a vowel
 * stays double (भट्टराई tt . tt ax: bhattarai). A nasalized vowel is the
 * vowel and n, except before a nasal consonant (ज्ञान g y aan n: gyan).
 */
export function romanPhonemes(syllables: readonly (readonly string[])[]): { phoneme: string; roman: string }[] {
  const out: { phoneme: string; roman: string }[] = [];
  syllables.forEach((s, si) => {
    const next = syllables[si + 1];
    s.forEach((p, pi) => {
      const c = CONSONANTS[p];
      if (c) {
        const lengthened = pi === s.length - 1 && next !== undefined && next[0] === p && next.length > 1 && CONSONANTS[next[1]!] !== undefined;
        if (!lengthened) out.push({ phoneme: p, roman: c.roman });
        return;
      }
      const { v, nasal } = vowelOf(p)!;
      const following = s[pi + 1] ?? next?.[0];
      const beforeNasal = following === 'n' || following === 'm' || following === 'ng' || following === 'nn';
      out.push({ phoneme: p, roman: nasal && !beforeNasal ? v.roman + 'n' : v.roman });
    });
  });
  return out;
}

/** The everyday romanization of a transcription (romanPhonemes joined: राम्रो ramro, इलाम ilam), or null when it is none. */
export function toRoman(transcription: string): string | null {
  const syllables = parsePhonemes(transcription);
  return syllables
    ? romanPhonemes(syllables)
        .map((r) => r.roman)
        .join('')
    : null;
}
