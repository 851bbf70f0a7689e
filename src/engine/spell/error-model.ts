// The error model: what a Nepali misspelling costs, as a weighted
// Damerau-Levenshtein distance in which the confusions writers of Nepali
// actually make are cheap and arbitrary edits are dear, and the edit
// variants of a word that the spellchecker tries against the lexicon.
//
// Costs (an arbitrary edit costs 1):
//   0.2   nukta added or dropped (ड़/ड); ो/ौ typed as ा and े/ै in either
//         order (प्रयाेग, भएकेा)
//   0.3   hrasva/dirgha (ि/ी, ु/ू, इ/ई, उ/ऊ); halanta added or dropped
//         (आफनो/आफ्नो, गर्छन/गर्छन्); chandrabindu added or dropped
//         (हुदैन/हुँदैन); anusvara/chandrabindu swapped (संग/सँग); a nasal
//         consonant with halanta for anusvara (सङ्घ/संघ, सन्सार/संसार);
//         ृ/्रि, ऋ/रि (कृषि/क्रिषि); ज्ञ/ग्य; ए/य, ए/ये (यहाँ/एहाँ, गए/गये);
//         visarga added or dropped (प्रायः/प्राय);
//         anusvara added or dropped (the same slip as chandrabindu: which
//         of the two is meant is left to the ranking, which prefers the
//         dictionary's headwords)
//   0.35  श/ष/स; ब/व; क्ष/छ्य; ्रृ/ृ (क्रृ/कृ)
//   0.4   ण/न; क्ष/छ, क्ष/च्छ, क्ष/क्छ; द्य/ध्य; nasal consonant for chandrabindu; a geminate
//         stop with the aspirate as its second half or not (मुद्धा/मुद्दा);
//         the glide व after उ/ऊ written or not (सुरुवात/सुरुआत); a doubled
//         consonant written single or the reverse inside a word
//         (तत्व/तत्त्व); at the end of a word doubling is expressive
//         (ट्याप/ट्याप्प) and costs 0.6
//   0.6   aspirate/plain stop of one place (द/ध, त/थ, ...); ई/ी; a
//         halanta that was typed inside the word (before another letter)
//         and is absent from the candidate (स्किन/सकिन: see
//         TYPED_HALANTA_COST)
//   0.7   one vowel sign for another (े/ै, ो/ौ, े/ि ...), one vowel letter
//         for another; dental/retroflex stop (त/ट, द/ड); a vowel sign added
//         or dropped inside the word
//   0.8   two adjacent letters transposed
//   0.9   a vowel sign added or dropped at the end of the word
//   1     anything else
// The cheap pairs are the error classes of the spec (section 1) and of the
// issue; the middle ones are phonetic neighbours, so a real typo beats an
// unrelated word of the same plain edit distance.

import { ANUSVARA, CHANDRABINDU, HALANTA, HALANTA_CODE, isConsonantCode, isVowelSignCode, NUKTA, VISARGA } from '../lang/letters.js';

// --- single-character substitution and insertion costs

// Costs live in tables indexed by code unit within the Devanagari block
// (U+0900..U+097F): the distance loop reads a typed array instead of
// building a string key per cell. Anything outside the block costs 1.
const BLOCK = 0x900;
const SIZE = 0x80;
const SUB = new Float32Array(SIZE * SIZE).fill(1);
const INDEL = new Float32Array(SIZE).fill(1);

function setSub(group: string, cost: number): void {
  const codes = [...group].map((c) => c.charCodeAt(0) - BLOCK);
  for (const a of codes) for (const b of codes) if (a !== b) SUB[a * SIZE + b] = Math.min(cost, SUB[a * SIZE + b]!);
}
setSub('िी', 0.3);
setSub('ुू', 0.3);
setSub('इई', 0.3);
setSub('उऊ', 0.3);
setSub('शषस', 0.35);
setSub('बव', 0.35);
setSub('णन', 0.4);
setSub(ANUSVARA + CHANDRABINDU, 0.3);
for (const pair of ['कख', 'गघ', 'चछ', 'जझ', 'टठ', 'डढ', 'तथ', 'दध', 'पफ', 'बभ']) setSub(pair, 0.6);
setSub('ईी', 0.6);
for (const pair of ['तट', 'थठ', 'दड', 'धढ']) setSub(pair, 0.7);
setSub('ािीुूेैोौृ', 0.7);
setSub('अआइईउऊएऐओऔ', 0.7);

for (const [ch, cost] of [
  [NUKTA, 0.2],
  [HALANTA, 0.3],
  [CHANDRABINDU, 0.3],
  [VISARGA, 0.3],
  [ANUSVARA, 0.3],
] as const) {
  INDEL[ch.charCodeAt(0) - BLOCK] = cost;
}
for (const v of 'ािीुूेैोौ') INDEL[v.charCodeAt(0) - BLOCK] = 0.7;

function sub(a: number, b: number): number {
  if (a === b) return 0;
  const x = a - BLOCK;
  const y = b - BLOCK;
  return x >= 0 && x < SIZE && y >= 0 && y < SIZE ? SUB[x * SIZE + y]! : 1;
}
function indel(c: number): number {
  const x = c - BLOCK;
  return x >= 0 && x < SIZE ? INDEL[x]! : 1;
}

export const TRANSPOSE_COST = 0.8;
/**
 * The one asymmetric cost. Dropping a halanta is the common slip
 * (आफनो for आफ्नो: typing a conjunct takes an extra key), so a candidate
 * that adds one costs 0.3. Typing a halanta that does not belong inside a
 * word is rare; a typed word with a conjunct the candidate lacks is mostly a
 * different word (an English loan's initial cluster, स्किन, ग्रेन, ट्री,
 * read as सकिन, गरेन, टरी). Only a halanta between two consonants counts
 * (conjunctHalanta). At the end of the word both directions stay
 * cheap: the final halanta is what the standard's rules are about (गर्छन्,
 * and a halanta wrongly added, र्, धन्).
 */
export const TYPED_HALANTA_COST = 0.6;
export const GEMINATE_COST = 0.4;
export const FINAL_GEMINATE_COST = 0.6;
/**
 * A vowel sign added or dropped at the end of a word changes its form
 * (खेचरी/खेचर, परमात्मा/परमात्म: gender, number, another word) more often
 * than it is a typo: dearer than inside the word (कितब/किताब).
 */
export const FINAL_MATRA_COST = 0.9;

// --- multi-character confusions: [one spelling, another, cost], both directions

/** Unaspirated stops and their aspirates, for geminates written with either (GEMINATE_ASPIRATES, candidates.ts). */
export const GEMINATE_ASPIRATES: readonly (readonly [string, string])[] = [
  ['क', 'ख'],
  ['ग', 'घ'],
  ['ज', 'झ'],
  ['ट', 'ठ'],
  ['ड', 'ढ'],
  ['त', 'थ'],
  ['द', 'ध'],
  ['प', 'फ'],
  ['ब', 'भ'],
];

const MULTI: [string, string, number][] = [];
function multi(a: string, b: string, cost: number): void {
  MULTI.push([a, b, cost], [b, a, cost]);
}
for (const nasal of ['ङ्', 'ञ्', 'ण्', 'न्', 'म्']) {
  multi(nasal, ANUSVARA, 0.3);
  multi(nasal, CHANDRABINDU, 0.4);
}
multi('ृ', '्रि', 0.3);
multi('ृ', 'रि', 0.35);
multi('ृ', '्री', 0.4);
// ृ typed as the vowel it sounds like, without its र (प्रवित्ति for प्रवृत्ति).
multi('ृ', 'ि', 0.4);
multi('्रृ', 'ृ', 0.35);
multi('ऋ', 'रि', 0.3);
multi('ऋ', 'री', 0.4);
multi('क्ष', 'छ्य', 0.35);
multi('क्ष', 'छ', 0.4);
multi('क्ष', 'च्छ', 0.4);
// क्ष written as it sounds, क्छ (शिक्छा for शिक्षा), and द्य/ध्य and द्व/ध्व, which speech
// does not tell apart (बिध्युत for विद्युत्, विध्यालय for विद्यालय, बिध्वान for विद्वान्): conjunct
// slips as common as the confusions above.
multi('क्ष', 'क्छ', 0.4);
multi('द्य', 'ध्य', 0.4);
multi('द्व', 'ध्व', 0.4);
multi('छ्य', 'छ', 0.35);
// छ्य typed for क्ष्य (लक्ष्य): the ya-phala typed belongs to the word, so
// the candidate that keeps it is closer than the one that drops it (लक्ष).
multi('क्ष्य', 'छ्य', 0.3);
multi('क्ष', 'कष', 0.3);
// ो and ौ typed as ा and े/ै, in either order, look the same on screen.
multi('ाे', 'ो', 0.2);
multi('ाै', 'ौ', 0.2);
multi('ेा', 'ो', 0.2);
multi('ैा', 'ौ', 0.2);
multi('ज्ञ', 'ग्य', 0.3);
// A geminate stop written with the aspirate as its second half, or the
// reverse (मुद्धा/मुद्दा, उद्धेश्य/उद्देश्य, बुद्द/बुद्ध): the two clusters
// sound nearly alike. (च्छ is folded with छ already.)
for (const [plain, aspirate] of GEMINATE_ASPIRATES) multi(plain + HALANTA + aspirate, plain + HALANTA + plain, 0.4);
// The glide व written in the hiatus after उ/ऊ, or left out (सुरुवात/सुरुआत,
// बुआ/बुवा): the same sound, and the standard keeps one spelling per word.
multi('ुवा', 'ुआ', 0.4);
multi('ूवा', 'ूआ', 0.4);
multi('ए', 'य', 0.3);
multi('ए', 'ये', 0.3);

const LOOKBACK = Math.max(3, ...MULTI.map((r) => r[0].length));

/**
 * The weighted Damerau-Levenshtein distance from `a` (what was typed) to `b`
 * (a candidate), with the costs above. Symmetric for every rule listed
 * except a typed halanta inside the word (TYPED_HALANTA_COST).
 * Words are short (a Nepali word is rarely over 20 code units), so the full
 * table is cheap; `limit` lets a caller stop early once every cell of a row
 * exceeds it (the result is then some value above `limit`).
 */
export function editCost(a: string, b: string, limit = Infinity): number {
  const n = a.length;
  const m = b.length;
  if (a === b) return 0;
  const w = m + 1;
  if (buffer.length < (n + 1) * w) buffer = new Float64Array((n + 1) * w * 2);
  const d = buffer;
  d[0] = 0;
  for (let j = 1; j <= m; j++) d[j] = d[j - 1]! + indel(b.charCodeAt(j - 1));
  const rules = applicableRules(a, b);
  // Multi-character rules and geminates reach back up to LOOKBACK rows, so
  // the early exit waits until that many consecutive rows exceed the limit.
  let rowsOver = 0;
  for (let i = 1; i <= n; i++) {
    const ai = a.charCodeAt(i - 1);
    const row = i * w;
    const prev = row - w;
    // Deleting the typed letter costs the same in every cell of the row.
    const delCost = conjunctHalanta(a, i) ? TYPED_HALANTA_COST : indel(ai);
    const delCostHere = i === n && isVowelSignCode(ai) ? FINAL_MATRA_COST : delCost;
    d[row] = d[prev]! + delCost;
    let rowMin = d[row]!;
    const aGeminate = i > 2 && a.charCodeAt(i - 2) === HALANTA_CODE && a.charCodeAt(i - 3) === ai && isConsonantCode(ai);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = d[prev + j - 1]! + sub(ai, bj);
      const del = d[prev + j]! + delCostHere;
      if (del < v) v = del;
      const ins = d[row + j - 1]! + (j === m && isVowelSignCode(bj) ? FINAL_MATRA_COST : indel(bj));
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const t = d[prev - w + j - 2]! + TRANSPOSE_COST;
        if (t < v) v = t;
      }
      // A geminate (C्C) in one word where the other has the single consonant.
      if (aGeminate) {
        const g = d[prev - w + j]! + (i === n ? FINAL_GEMINATE_COST : GEMINATE_COST);
        if (g < v) v = g;
      }
      if (j > 2 && b.charCodeAt(j - 2) === HALANTA_CODE && b.charCodeAt(j - 3) === bj && isConsonantCode(bj)) {
        const g = d[row + j - 2]! + (j === m ? FINAL_GEMINATE_COST : GEMINATE_COST);
        if (g < v) v = g;
      }
      if (rules !== null) {
        for (const [x, y, c] of rules) {
          const xl = x.length;
          const yl = y.length;
          if (xl <= i && yl <= j && a.startsWith(x, i - xl) && b.startsWith(y, j - yl)) {
            const r = d[(i - xl) * w + j - yl]! + c;
            if (r < v) v = r;
          }
        }
      }
      d[row + j] = v;
      if (v < rowMin) rowMin = v;
    }
    rowsOver = rowMin > limit ? rowsOver + 1 : 0;
    if (rowsOver > LOOKBACK) return rowMin;
  }
  return d[n * w + m]!;
}

let buffer = new Float64Array(32 * 32);

/**
 * The i-th code unit of `a` (1-based) is a halanta that joins two
 * consonants into a conjunct inside the word (TYPED_HALANTA_COST). A stray
 * halanta after a vowel sign or before a vowel letter (जु्त्ता, भ्ई) is a
 * plain typo and stays cheap.
 */
function conjunctHalanta(a: string, i: number): boolean {
  return i >= 2 && i < a.length && a.charCodeAt(i - 1) === HALANTA_CODE && isConsonantCode(a.charCodeAt(i - 2)) && isConsonantCode(a.charCodeAt(i));
}

// The two sides of every multi-character rule, each tested once per word
// (not once per rule), and only when the word has the side's first letter.
const RULE_SIDES = [...new Set(MULTI.flatMap((r) => [r[0], r[1]]))];

function sidesIn(word: string): Set<string> {
  const out = new Set<string>();
  for (const side of RULE_SIDES) if (word.includes(side)) out.add(side);
  return out;
}

function applicableRules(a: string, b: string): [string, string, number][] | null {
  const inA = sidesIn(a);
  if (inA.size === 0) return null;
  const inB = sidesIn(b);
  if (inB.size === 0) return null;
  let out: [string, string, number][] | null = null;
  for (const r of MULTI) {
    if (inA.has(r[0]) && inB.has(r[1])) (out ??= []).push(r);
  }
  return out;
}

// --- edit variants: the strings one edit away that are worth a Bloom probe
//
// Every probe costs a hash, so the variants are chosen with the confusion
// key in mind: an edit the key folds (ि/ी, halanta, nasal signs, श/ष/स, ...)
// cannot find anything stage 1 (the confusion-key look-up) has not found
// already, and is not generated. What remains are the errors the key does
// not fold: a letter dropped or doubled, two letters swapped, one vowel
// sign for another, a stop for its aspirate or dental/retroflex twin, a
// vowel sign added where the consonant had its inherent vowel.

const MATRAS = 'ािीुूेैोौ';
/**
 * Vowel signs tried in place of a vowel sign inside the word: all but its
 * own hrasva/dirgha partner (that slip is folded by the key, stage 1). Both
 * members of the other pairs are tried: a variant is looked up as spelled,
 * so राजनैतिक reaches राजनीतिक only through ी itself.
 */
const MATRA_ALTERNATIVES: Record<string, string> = {
  'ा': 'िीुूेैोौ',
  'ि': 'ाुूेैोौ',
  'ी': 'ाुूेैोौ',
  'ु': 'ािीेैोौ',
  'ू': 'ािीेैोौ',
  'े': 'ािीुूैो',
  'ै': 'ािीुूेौ',
  'ो': 'ािीुूेौ',
  'ौ': 'ािीुूैो',
};
/**
 * At the end of the word a vowel sign is grammar (सुत्केरो/सुत्केरी,
 * जीवनै/जीवनी): one member of each pair only, so fewer inflections of a
 * correct word are proposed (the full table flags correct words of real
 * text and corrects no more errors:
 * bench/journal/2026-11-25.md#measurements-behind-the-engines-constants).
 */
const FINAL_MATRA_ALTERNATIVES: Record<string, string> = {
  'ा': 'िुेैोौ',
  'ि': 'ाुेैोौ',
  'ी': 'ाुेैोौ',
  'ु': 'ािेैोौ',
  'ू': 'ािेैोौ',
  'े': 'ािुैो',
  'ै': 'ािुेौ',
  'ो': 'ािुेौ',
  'ौ': 'ािुैो',
};
const STOP_TWINS: Record<string, string> = {
  क: 'ख',
  ख: 'क',
  ग: 'घ',
  घ: 'ग',
  च: 'छ',
  छ: 'च',
  ज: 'झ',
  झ: 'ज',
  ट: 'ठत',
  ठ: 'टथ',
  ड: 'ढद',
  ढ: 'डध',
  त: 'थट',
  थ: 'तठ',
  द: 'धड',
  ध: 'दढ',
  प: 'फ',
  फ: 'प',
  ब: 'भ',
  भ: 'ब',
  र: 'ल',
  ल: 'र',
};
const VOWEL_LETTER_TWINS: Record<string, string> = { अ: 'आ', आ: 'अ', ए: 'ऐ', ऐ: 'ए', ओ: 'औ', औ: 'ओ', इ: 'ए', उ: 'ओ' };
/** Signs and letters whose position in the word does not matter to the key: their edits are folded. */
const FOLDED_SIGNS = new Set([HALANTA, ANUSVARA, CHANDRABINDU, VISARGA, NUKTA]);
const NASALS = 'ङञणनम';

/**
 * Strings one unfolded edit from `word` (see above): deletions of any
 * letter or sign the key does not ignore, adjacent transpositions,
 * substitutions by a neighbour of the same kind, and insertion of a vowel
 * sign after a consonant that carries its inherent vowel. Duplicates and
 * the word itself are left out.
 */
export function editVariants(word: string): string[] {
  const out = new Set<string>();
  forEachEditVariant(word, (before, insert, after) => out.add(before + insert + after));
  out.delete(word);
  out.delete('');
  return [...out];
}

/**
 * The strings of editVariants, in its order, each given as three pieces
 * (before + insert + after) and not built: the candidate search probes
 * them all in the Bloom filter (WordStore.mayBeFormJoined) and builds the
 * few it may keep. Duplicates, the word itself and '' are not left out.
 */
export function forEachEditVariant(word: string, visit: (before: string, insert: string, after: string) => void): void {
  const n = word.length;
  for (let i = 0; i < n; i++) {
    const before = word.slice(0, i);
    const after = word.slice(i + 1);
    const ch = word[i]!;
    // Deleting a folded sign, or the nasal of a folded nasal cluster, leaves the key as it was.
    if (!FOLDED_SIGNS.has(ch) && !(NASALS.includes(ch) && word[i + 1] === HALANTA)) visit(before, '', after);
    if (i + 1 < n && word[i + 1] !== ch && !FOLDED_SIGNS.has(ch) && !FOLDED_SIGNS.has(word[i + 1]!)) {
      visit(before, word[i + 1]! + ch, word.slice(i + 2));
    }
    const alts = (i === n - 1 ? FINAL_MATRA_ALTERNATIVES : MATRA_ALTERNATIVES)[ch] ?? STOP_TWINS[ch] ?? VOWEL_LETTER_TWINS[ch] ?? '';
    for (const a of alts) visit(before, a, after);
    // A vowel sign where the consonant had its inherent vowel.
    if (isConsonantCode(ch.charCodeAt(0)) && (i + 1 >= n || !isSignOrHalanta(word.charCodeAt(i + 1)))) {
      const head = before + ch;
      const rest = word.slice(i + 1);
      for (const m of MATRAS) visit(head, m, rest);
    }
  }
}

function isSignOrHalanta(c: number): boolean {
  return (c >= 0x93e && c <= 0x94d) || c === 0x93c || (c >= 0x900 && c <= 0x903);
}
