// Devanagari -> syllables, and the four scientific romanization schemes
// (IAST, ISO 15919, Harvard-Kyoto, ITRANS) rendered from them.
//
// Why our own tables rather than @indic-transliteration/sanscript: the tables
// are small, the build renders ~100k words (a dependency that walks a generic
// scheme map per character is several times slower), and the casual scheme
// (casual.ts) needs the same syllable analysis anyway: which vowels are
// inherent, where a consonant cluster is, where a nasal sign sits. The
// Nepali-specific points are handled explicitly:
//   - schwa: the scientific schemes write every inherent vowel (गर -> "gara"),
//     as their standards say; dropping it is a casual-typing habit.
//   - chandrabindu ँ is kept apart from anusvara ं (IAST/ISO m̐ vs ṃ/ṁ);
//     Harvard-Kyoto has no sign for it and writes M for both.
//   - nukta letters (क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़), precomposed or written with
//     U+093C, map to q k͟h ġ z ṛ ṛh f ẏ.
//   - word-final halanta (आत्मसात्) means no vowel at all.

import { ANUSVARA, CHANDRABINDU, HALANTA, NUKTA, VISARGA } from '../lang/letters.js';

/** Consonant identifiers (our own, ASCII). */
export type Cons =
  | 'k'
  | 'kh'
  | 'g'
  | 'gh'
  | 'ng'
  | 'c'
  | 'ch'
  | 'j'
  | 'jh'
  | 'ny'
  | 'tt'
  | 'tth'
  | 'dd'
  | 'ddh'
  | 'nn'
  | 't'
  | 'th'
  | 'd'
  | 'dh'
  | 'n'
  | 'p'
  | 'ph'
  | 'b'
  | 'bh'
  | 'm'
  | 'y'
  | 'r'
  | 'l'
  | 'v'
  | 'lll'
  | 'sh'
  | 'ss'
  | 's'
  | 'h'
  | 'q'
  | 'khh'
  | 'ghh'
  | 'z'
  | 'rr'
  | 'rrh'
  | 'f'
  | 'yy';

/** Vowel identifiers: a, aa, i, ii, u, uu, r (ऋ), rr (ॠ), l (ऌ), ll (ॡ), e, ai, o, au. */
export type Vowel = 'a' | 'aa' | 'i' | 'ii' | 'u' | 'uu' | 'r' | 'rr' | 'l' | 'll' | 'e' | 'ai' | 'o' | 'au';

/**
 * One orthographic syllable: a consonant cluster (joined by halanta) and the
 * vowel that follows it, with the nasal and visarga signs written on it.
 */
export interface Syllable {
  /** Consonants of the cluster in order; empty for an independent vowel letter. */
  cons: Cons[];
  /** The vowel; null when the cluster ends with halanta (word-final ् or before an independent vowel). */
  vowel: Vowel | null;
  /** True when the vowel is the consonant's inherent a (no sign written). */
  inherent: boolean;
  /** 0 none, 1 anusvara ं, 2 chandrabindu ँ. */
  nasal: 0 | 1 | 2;
  visarga: boolean;
}

const CONSONANTS: Record<string, Cons> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'ng',
  च: 'c',
  छ: 'ch',
  ज: 'j',
  झ: 'jh',
  ञ: 'ny',
  ट: 'tt',
  ठ: 'tth',
  ड: 'dd',
  ढ: 'ddh',
  ण: 'nn',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  ऩ: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ऱ: 'r',
  ल: 'l',
  ळ: 'lll',
  ऴ: 'lll',
  व: 'v',
  श: 'sh',
  ष: 'ss',
  स: 's',
  ह: 'h',
  // Precomposed nukta letters (NFC decomposes them, but raw input may not be NFC).
  '\u0958': 'q',
  '\u0959': 'khh',
  '\u095A': 'ghh',
  '\u095B': 'z',
  '\u095C': 'rr',
  '\u095D': 'rrh',
  '\u095E': 'f',
  '\u095F': 'yy',
};

const NUKTA_OF: Partial<Record<Cons, Cons>> = { k: 'q', kh: 'khh', g: 'ghh', j: 'z', dd: 'rr', ddh: 'rrh', ph: 'f', y: 'yy' };

const INDEPENDENT_VOWELS: Record<string, Vowel> = {
  अ: 'a',
  ऄ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ii',
  उ: 'u',
  ऊ: 'uu',
  ऋ: 'r',
  ॠ: 'rr',
  ऌ: 'l',
  ॡ: 'll',
  ऍ: 'e',
  ऎ: 'e',
  ए: 'e',
  ऐ: 'ai',
  ऑ: 'o',
  ऒ: 'o',
  ओ: 'o',
  औ: 'au',
  ॲ: 'e',
};

const VOWEL_SIGNS: Record<string, Vowel> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ii',
  'ु': 'u',
  'ू': 'uu',
  'ृ': 'r',
  'ॄ': 'rr',
  'ॢ': 'l',
  'ॣ': 'll',
  'ॅ': 'e',
  'ॆ': 'e',
  'े': 'e',
  'ै': 'ai',
  'ॉ': 'o',
  'ॊ': 'o',
  'ो': 'o',
  'ौ': 'au',
};

/** The dependent sign of each vowel (for joining a stem and an ending); '' for a. */
export const VOWEL_SIGN_OF: Record<Vowel, string> = {
  a: '',
  aa: 'ा',
  i: 'ि',
  ii: 'ी',
  u: 'ु',
  uu: 'ू',
  r: 'ृ',
  rr: 'ॄ',
  l: 'ॢ',
  ll: 'ॣ',
  e: 'े',
  ai: 'ै',
  o: 'ो',
  au: 'ौ',
};
/** The independent letter of each vowel. */
export const VOWEL_LETTER_OF: Record<Vowel, string> = {
  a: 'अ',
  aa: 'आ',
  i: 'इ',
  ii: 'ई',
  u: 'उ',
  uu: 'ऊ',
  r: 'ऋ',
  rr: 'ॠ',
  l: 'ऌ',
  ll: 'ॡ',
  e: 'ए',
  ai: 'ऐ',
  o: 'ओ',
  au: 'औ',
};
/** Dependent sign -> independent letter (ि -> इ). */
export const SIGN_TO_LETTER: Record<string, string> = Object.fromEntries(
  (Object.keys(VOWEL_SIGN_OF) as Vowel[]).filter((v) => v !== 'a').map((v) => [VOWEL_SIGN_OF[v], VOWEL_LETTER_OF[v]]),
);

/** Code points that may occur inside a word and that the analysis ignores (joiners, accents). */
const IGNORED = new Set(['\u200c', '\u200d', '\u0951', '\u0952', '\u0953', '\u0954']);

/**
 * Splits a Devanagari word into syllables; null when the word holds anything
 * else (digits, Latin letters, danda, avagraha, OM), which no scheme here spells.
 */
export function syllabify(word: string): Syllable[] | null {
  const out: Syllable[] = [];
  let cluster: Cons[] = [];
  // True right after a consonant (no halanta yet): the cluster is waiting for its vowel.
  let pendingCons = false;
  const closeInherent = (): void => {
    out.push({ cons: cluster, vowel: 'a', inherent: true, nasal: 0, visarga: false });
    cluster = [];
    pendingCons = false;
  };
  const chars = [...word];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (IGNORED.has(ch)) continue;
    const cons = CONSONANTS[ch];
    if (cons !== undefined) {
      if (pendingCons) closeInherent();
      cluster.push(cons);
      pendingCons = true;
      continue;
    }
    if (ch === NUKTA) {
      if (!pendingCons) return null;
      const last = cluster[cluster.length - 1]!;
      cluster[cluster.length - 1] = NUKTA_OF[last] ?? last;
      continue;
    }
    if (ch === HALANTA) {
      if (!pendingCons) return null;
      pendingCons = false; // the next consonant joins the cluster
      continue;
    }
    const sign = VOWEL_SIGNS[ch];
    if (sign !== undefined) {
      if (!pendingCons) return null;
      out.push({ cons: cluster, vowel: sign, inherent: false, nasal: 0, visarga: false });
      cluster = [];
      pendingCons = false;
      continue;
    }
    const indep = INDEPENDENT_VOWELS[ch];
    if (indep !== undefined) {
      if (pendingCons) closeInherent();
      else if (cluster.length) {
        // halanta before an independent vowel: the cluster stands without a vowel
        out.push({ cons: cluster, vowel: null, inherent: false, nasal: 0, visarga: false });
        cluster = [];
      }
      out.push({ cons: [], vowel: indep, inherent: false, nasal: 0, visarga: false });
      continue;
    }
    if (ch === ANUSVARA || ch === CHANDRABINDU || ch === VISARGA) {
      if (pendingCons) closeInherent();
      const prev = out[out.length - 1];
      if (!prev || cluster.length) return null;
      if (ch === VISARGA) prev.visarga = true;
      else prev.nasal = ch === ANUSVARA ? 1 : 2;
      continue;
    }
    return null;
  }
  if (pendingCons) closeInherent();
  else if (cluster.length) out.push({ cons: cluster, vowel: null, inherent: false, nasal: 0, visarga: false });
  return out.length ? out : null;
}

// --- scientific schemes -----------------------------------------------------

export type ScientificScheme = 'iast' | 'iso15919' | 'harvard-kyoto' | 'itrans';
export const SCIENTIFIC_SCHEMES: readonly ScientificScheme[] = ['iast', 'iso15919', 'harvard-kyoto', 'itrans'];

interface SchemeTable {
  cons: Record<Cons, string>;
  vowels: Record<Vowel, string>;
  anusvara: string;
  chandrabindu: string;
  visarga: string;
  /** Whole-cluster spellings the scheme has (ITRANS x for क्ष, GY for ज्ञ). */
  clusters?: Record<string, string>;
}

const IAST_CONS: Record<Cons, string> = {
  k: 'k',
  kh: 'kh',
  g: 'g',
  gh: 'gh',
  ng: 'ṅ',
  c: 'c',
  ch: 'ch',
  j: 'j',
  jh: 'jh',
  ny: 'ñ',
  tt: 'ṭ',
  tth: 'ṭh',
  dd: 'ḍ',
  ddh: 'ḍh',
  nn: 'ṇ',
  t: 't',
  th: 'th',
  d: 'd',
  dh: 'dh',
  n: 'n',
  p: 'p',
  ph: 'ph',
  b: 'b',
  bh: 'bh',
  m: 'm',
  y: 'y',
  r: 'r',
  l: 'l',
  v: 'v',
  lll: 'ḷ',
  sh: 'ś',
  ss: 'ṣ',
  s: 's',
  h: 'h',
  q: 'q',
  khh: 'k͟h',
  ghh: 'ġ',
  z: 'z',
  rr: 'ṛ',
  rrh: 'ṛh',
  f: 'f',
  yy: 'ẏ',
};

const TABLES: Record<ScientificScheme, SchemeTable> = {
  iast: {
    cons: IAST_CONS,
    vowels: { a: 'a', aa: 'ā', i: 'i', ii: 'ī', u: 'u', uu: 'ū', r: 'ṛ', rr: 'ṝ', l: 'ḷ', ll: 'ḹ', e: 'e', ai: 'ai', o: 'o', au: 'au' },
    anusvara: 'ṃ',
    chandrabindu: 'm̐',
    visarga: 'ḥ',
  },
  iso15919: {
    // ISO 15919 differs from IAST in ṁ (anusvara), r̥/l̥ (vocalic liquids) and ē/ō.
    cons: { ...IAST_CONS, lll: 'ḷ' },
    vowels: { a: 'a', aa: 'ā', i: 'i', ii: 'ī', u: 'u', uu: 'ū', r: 'r̥', rr: 'r̥̄', l: 'l̥', ll: 'l̥̄', e: 'ē', ai: 'ai', o: 'ō', au: 'au' },
    anusvara: 'ṁ',
    chandrabindu: 'm̐',
    visarga: 'ḥ',
  },
  'harvard-kyoto': {
    cons: {
      k: 'k',
      kh: 'kh',
      g: 'g',
      gh: 'gh',
      ng: 'G',
      c: 'c',
      ch: 'ch',
      j: 'j',
      jh: 'jh',
      ny: 'J',
      tt: 'T',
      tth: 'Th',
      dd: 'D',
      ddh: 'Dh',
      nn: 'N',
      t: 't',
      th: 'th',
      d: 'd',
      dh: 'dh',
      n: 'n',
      p: 'p',
      ph: 'ph',
      b: 'b',
      bh: 'bh',
      m: 'm',
      y: 'y',
      r: 'r',
      l: 'l',
      v: 'v',
      lll: 'L',
      sh: 'z',
      ss: 'S',
      s: 's',
      h: 'h',
      // HK has no nukta letters; the nearest plain letters are written.
      q: 'k',
      khh: 'kh',
      ghh: 'g',
      z: 'j',
      rr: 'D',
      rrh: 'Dh',
      f: 'ph',
      yy: 'y',
    },
    vowels: { a: 'a', aa: 'A', i: 'i', ii: 'I', u: 'u', uu: 'U', r: 'R', rr: 'RR', l: 'lR', ll: 'lRR', e: 'e', ai: 'ai', o: 'o', au: 'au' },
    anusvara: 'M',
    chandrabindu: 'M',
    visarga: 'H',
  },
  itrans: {
    // ITRANS 5.3, with its lower-case-friendly alternatives where it has them
    // (aa ii uu, chh), because typed text often loses case.
    cons: {
      k: 'k',
      kh: 'kh',
      g: 'g',
      gh: 'gh',
      ng: '~N',
      c: 'ch',
      ch: 'chh',
      j: 'j',
      jh: 'jh',
      ny: '~n',
      tt: 'T',
      tth: 'Th',
      dd: 'D',
      ddh: 'Dh',
      nn: 'N',
      t: 't',
      th: 'th',
      d: 'd',
      dh: 'dh',
      n: 'n',
      p: 'p',
      ph: 'ph',
      b: 'b',
      bh: 'bh',
      m: 'm',
      y: 'y',
      r: 'r',
      l: 'l',
      v: 'v',
      lll: 'L',
      sh: 'sh',
      ss: 'Sh',
      s: 's',
      h: 'h',
      q: 'q',
      khh: 'K',
      ghh: 'G',
      z: 'z',
      rr: '.D',
      rrh: '.Dh',
      f: 'f',
      yy: 'Y',
    },
    vowels: { a: 'a', aa: 'aa', i: 'i', ii: 'ii', u: 'u', uu: 'uu', r: 'RRi', rr: 'RRI', l: 'LLi', ll: 'LLI', e: 'e', ai: 'ai', o: 'o', au: 'au' },
    anusvara: 'M',
    chandrabindu: '.N',
    visarga: 'H',
    clusters: { 'k ss': 'x', 'j ny': 'GY' },
  },
};

/** The analysed word in one scientific scheme (every inherent vowel written), NFC. */
export function renderScientific(syllables: Syllable[], scheme: ScientificScheme): string {
  const t = TABLES[scheme];
  let out = '';
  for (const s of syllables) {
    const cons = s.cons;
    let i = 0;
    while (i < cons.length) {
      if (t.clusters && i + 1 < cons.length) {
        const c2 = t.clusters[cons[i] + ' ' + cons[i + 1]];
        if (c2 !== undefined) {
          out += c2;
          i += 2;
          continue;
        }
      }
      out += t.cons[cons[i]!];
      i++;
    }
    if (s.vowel !== null) {
      // IAST/ISO write a vowel letter after a vowel as such ("aï" ambiguity is ignored: rare in Nepali).
      out += t.vowels[s.vowel];
    }
    if (s.nasal === 1) out += t.anusvara;
    else if (s.nasal === 2) out += t.chandrabindu;
    if (s.visarga) out += t.visarga;
  }
  return out.normalize('NFC');
}
