// The casual scheme: how Nepali speakers actually type Devanagari words in
// Latin letters, with no fixed standard. A word is spelled as a sequence of
// choices (one per consonant cluster, vowel, nasal sign, visarga); each
// choice has options, and each option a cost: 0 for a spelling typists use as
// a matter of course, 1 for a common simplification or a less usual habit,
// 2 for a rarer one. The cheapest spellings are the word's casual aliases;
// an alias's weight is derived from its total cost (casualWeight).
//
// The phenomena and their costs (C = consonant, V = vowel):
//   inherent a (schwa)
//     - first syllable, or a one-syllable word (र ra, छ chha): always "a".
//     - last syllable after one consonant: dropped 0 (घर ghar), kept 1 (ghara);
//       after य: kept and dropped both 0 (समय samaya/samay) unless after i/ī
//       (राष्ट्रिय rastriya); after a conjunct, and in the negative verb
//       ending -ऐन (-दैन, छैन): kept 0 (गर्छ garchha, धर्म dharma, छैन chhaina), dropped 1. An a carrying ं ँ or ः is always written.
//     - inside the word: where the right-to-left schwa-deletion rule of
//       Indo-Aryan (VC_CV, Ohala) predicts deletion, dropped and kept both 0
//       (घरमा gharma/gharama, नेपालको nepalko, सरकार sarkar/sarakar),
//       except that before ह, where the letters would join into an
//       aspirate, dropping costs 1 (सटही satahi: "sathi" reads साथी);
//       elsewhere always written.
//   vowel length (ā ī ū): a word is typed in a "plain" style (ā->a, ī->i,
//     ū->u) at cost 0 or a "marked" style (aa, ee/ii, oo/uu) at cost 1; one
//     vowel against the style costs 1 more (naam in the plain style).
//   a word-initial य or त्य with its inherent a: ya/tya, or ye/te/tye 1 (the
//     demonstratives are said so: यस्तो yesto, त्यसको tesko, यहाँ yeha);
//   the inherent a after a consonant with the व glide: also o 1 (ईश्वर
//     ishwor, बानेश्वर baneshwor);
//   ऐ ai (ei 1); औ au (ou 1; after य also eu 1, as texting writes the
//     past: gayeu गयौ; after a cluster ending in य, the य and औ typed
//     together as eu 1: न्यौपाने neupane; a cluster's य before ए left out
//     1: प्रत्येक pratek); ए after a vowel e or ye (भएको bhaeko/bhayeko);
//     word-initial ए e (ye 1); ऋ/ृ ri (ru 2).
//   consonants: श/ष sh or s (Nepali says all three sibilants s: शर्मा sarma,
//     शेर्पा serpa; ष before ट/ठ s first: राष्ट्र rastra); छ chh or ch
//     (x 1, as in texting: xa, garxu); भ bh (v 1, texting too: vayo, vanera);
//     च ch (c 2); फ ph or f; ज j (z 2); ज़ z or j; व: word-initially b or v
//     (w 1), after a consonant w or v (b 1; after r: b or v), between vowels
//     w, v or b, as Nepali says it (केवल kebal, कविता kabita, जीवन jiban,
//     संविधान sambidhan); ङ/ञ before their stops n (ng/ny 1).
//   clusters: क्ष ksh (x 1, chh 1, ks 2); ज्ञ gy (gn, jn 2); ह्र hr (r 1:
//     गाह्रो garo); a doubled
//     consonant written twice 0, once 1 (भट्टराई bhattarai/bhatarai);
//     च्छ chh (cchh, chchh, ch 1); च्च chch or cch (ch or chh 1: bachha बच्चा).
//   nasal signs: ं before p/b/m/व m or n, before y r l s h n (m 1),
//     elsewhere n (dropped 1, m at word end 1); ँ n or dropped 0, at the word end (गाउँ gaun/gau,
//     तपाईं tapain/tapai) as inside (जाँदै jandai/jadai, लिँदैन lidaina): typists leave the
//     chandrabindu out as a matter of course (jadai reads जाँदै before the rare noun जडाइ).
//   visarga ः: inside the word dropped 0 (दुःख dukha), h 1; at the end h 0,
//     dropped 1.
//
// Scoring (casualCost) prices any typed spelling of a word with the same
// tables plus options too sloppy to be stored as aliases (SCORING ONLY, cost
// 2 or 3): aspiration dropped or added (kh->k, d->dh), a short vowel typed
// long (u->oo, i->ee, a->aa), s typed sh, ब typed v/w, क typed q/c, ऐ/औ
// typed e/o, a final e typed ey and a final i/ī typed y (as in romanized
// names), य after i/ī/e left out (gario), a single consonant typed double
// (thapa->thappa), an
// inherent a dropped where the deletion rule does not predict it.
// The build stores only the cheapest spellings (MAX_CASUAL_COST, at most
// MAX_CASUAL_ALIASES per word); the resolver scores the others on demand,
// so a typed spelling of any cost up to MAX_SCORED_COST is a casual alias of
// the word with the weight its cost gives.

import type { Cons, Syllable, Vowel } from './schemes.js';

interface Option {
  s: string;
  c: number;
  /** This option deletes an inherent a (no two neighbouring deletions). */
  del: boolean;
}

// Every option and slot is made by these, so all have one shape (the
// pricing loops stay monomorphic when optimized).
const opt = (s: string, c: number): Option => ({ s, c, del: false });
const deleting = (s: string, c: number): Option => ({ s, c, del: true });

interface Slot {
  options: readonly Option[];
  /** A vowel slot: records whether its syllable's schwa was deleted. */
  vowel: boolean;
}

/** Casual spellings costing more than this are not generated as stored aliases. */
export const MAX_CASUAL_COST = 2;
/**
 * At most this many casual aliases per word (the cheapest). The split stage
 * looks a stem up among the stored aliases only, so a stem typed with one
 * step (prabhava, its final a written) must be among them: a word with many
 * free choices (व typed b, v or w; vowel length) has more than 8 spellings
 * at no cost.
 */
export const MAX_CASUAL_ALIASES = 12;
/** casualCost reports costs up to this; a dearer spelling is not a casual alias. */
export const MAX_SCORED_COST = 5;

const LABIALS = new Set<Cons>(['p', 'ph', 'b', 'bh', 'm', 'f']);
const VELARS = new Set<Cons>(['k', 'kh', 'g', 'gh', 'q', 'khh', 'ghh']);
const PALATALS = new Set<Cons>(['c', 'ch', 'j', 'jh', 'z']);
const RETROFLEX_STOPS = new Set<Cons>(['tt', 'tth', 'dd', 'ddh']);
/** Before these, ं is said n or m (संसार sansar, संयोग sanyog/samyog). */
const SONORANTS_SIBILANTS = new Set<Cons>(['y', 'r', 'l', 'sh', 'ss', 's', 'h']);
const LONG: Partial<Record<Vowel, true>> = { aa: true, ii: true, uu: true };

/** Position of a consonant inside its syllable's cluster, for the few letters spelled by position. */
interface ConsContext {
  prev: Cons | undefined; // previous consonant in the cluster
  next: Cons | undefined; // next consonant in the cluster
  afterVowel: boolean; // the cluster follows a vowel (not word-initial)
  wordInitial: boolean;
}

/** Scoring only: the unaspirated partner (typed without its h) or the aspirated one (typed with an h). */
const DEASPIRATED: Partial<Record<Cons, string>> = { kh: 'k', gh: 'g', jh: 'j', tth: 't', th: 't', ddh: 'd', dh: 'd', ph: 'p', bh: 'b' };
const ASPIRATED: Partial<Record<Cons, string>> = { k: 'kh', g: 'gh', j: 'jh', tt: 'th', t: 'th', dd: 'dh', d: 'dh', p: 'ph', b: 'bh' };

function consonantOptions(c: Cons, x: ConsContext, ext: boolean): Option[] {
  const o = baseConsonantOptions(c, x);
  if (!ext) return o;
  const de = DEASPIRATED[c];
  if (de !== undefined) o.push(opt(de, 2));
  const asp = ASPIRATED[c];
  if (asp !== undefined) o.push(opt(asp, 2));
  if (c === 's') o.push(opt('sh', 2));
  if (c === 'b') o.push(opt('v', 2), opt('w', 2));
  if (c === 'c') o.push(opt('chh', 2));
  if (c === 'ch') o.push(opt('c', 2));
  if (c === 'k') o.push(opt('q', 2), opt('c', 2));
  return o;
}

function baseConsonantOptions(c: Cons, x: ConsContext): Option[] {
  switch (c) {
    case 'ng':
      return x.next && VELARS.has(x.next) ? [opt('n', 0), opt('ng', 1)] : [opt('ng', 0), opt('n', 1)];
    case 'ny':
      return x.next && PALATALS.has(x.next) ? [opt('n', 0)] : [opt('ny', 0), opt('n', 1)];
    case 'c':
      return [opt('ch', 0), opt('c', 2)];
    case 'ch':
      // x: the texting habit (xa छ, garxu गर्छु, xaina छैन)
      return [opt('chh', 0), opt('ch', 0), opt('x', 1)];
    case 'j':
      return [opt('j', 0), opt('z', 2)];
    case 'tt':
      return [opt('t', 0)];
    case 'tth':
      return [opt('th', 0)];
    case 'dd':
      return [opt('d', 0)];
    case 'ddh':
      return [opt('dh', 0)];
    case 'nn':
      return [opt('n', 0)];
    case 'ph':
      return [opt('ph', 0), opt('f', 0)];
    case 'v':
      if (x.prev === 'r') return [opt('b', 0), opt('v', 0), opt('w', 1)];
      if (x.prev) return [opt('w', 0), opt('v', 0), opt('b', 1)];
      if (x.wordInitial) return [opt('b', 0), opt('v', 0), opt('w', 1)];
      return [opt('w', 0), opt('v', 0), opt('b', 0)];
    case 'sh':
    case 'ss':
      return x.next && RETROFLEX_STOPS.has(x.next) ? [opt('s', 0), opt('sh', 0)] : [opt('sh', 0), opt('s', 0)];
    case 'lll':
      return [opt('l', 0)];
    case 'q':
      return [opt('k', 0), opt('q', 1)];
    case 'khh':
      return [opt('kh', 0)];
    case 'ghh':
      return [opt('g', 0), opt('gh', 1)];
    case 'z':
      return [opt('z', 0), opt('j', 0)];
    case 'rr':
      return [opt('r', 0), opt('d', 1)];
    case 'rrh':
      return [opt('rh', 0), opt('dh', 1)];
    case 'f':
      return [opt('f', 0), opt('ph', 1)];
    case 'bh':
      // v: the texting habit (vayo भयो, vanera भनेर)
      return [opt('bh', 0), opt('v', 1)];
    case 'yy':
      return [opt('y', 0)];
    default:
      // k kh g gh jh t th d dh n p b bh m y r l s h: one spelling each
      return [opt(c, 0)];
  }
}

/** Unaspirated consonant -> its aspirated partner (a geminate of aspirates is written C+Ch: बुद्ध buddha). */
const ASPIRATE_OF: Partial<Record<Cons, Cons>> = { k: 'kh', g: 'gh', c: 'ch', j: 'jh', tt: 'tth', dd: 'ddh', t: 'th', d: 'dh', p: 'ph', b: 'bh' };

/** Special spellings of a two-consonant sequence inside a cluster, replacing the letter-by-letter ones. */
function pairOptions(a: Cons, b: Cons, ext: boolean): Option[] | null {
  if (a === 'k' && b === 'ss') {
    const o = [opt('ksh', 0), opt('x', 1), opt('chh', 1), opt('ks', 2)];
    if (ext) o.push(opt('ch', 2), opt('kch', 2), opt('kchh', 2));
    return o;
  }
  if (a === 'j' && b === 'ny') {
    const o = [opt('gy', 0), opt('gn', 2), opt('jn', 2)];
    if (ext) o.push(opt('gny', 2), opt('jny', 2));
    return o;
  }
  if (a === 'c' && b === 'ch') return [opt('chh', 0), opt('cchh', 1), opt('chchh', 1), opt('ch', 1), opt('cch', 1)];
  if (a === 'c' && b === 'c') return [opt('chch', 0), opt('cch', 0), opt('ch', 1), opt('chh', 1)];
  // ह्र is said with a breathy r, and typed without its h as often as with it (गाह्रो garo, बाह्र bara, साह्रै sarai).
  if (a === 'h' && b === 'r') return [opt('hr', 0), opt('r', 1)];
  return null;
}

/**
 * The spellings of each consonant cluster met, by the cluster and the
 * arguments of clusterOptions: a few thousand distinct ones spell every word,
 * and pricing a typed token (casualCost) spells its word's clusters again
 * each time. Read-only (the slots built from them share them); not frozen,
 * which would give them another hidden class than the other options.
 */
const CLUSTER_OPTIONS = new Map<string, readonly Option[]>();
/** More distinct clusters than this (no lexicon has them) empty the memo. */
const CLUSTER_OPTIONS_MAX = 50_000;

/** Spellings of a whole consonant cluster, cheapest first, each costing at most `limit` (memoized: CLUSTER_OPTIONS). */
function clusterOptions(cons: Cons[], afterVowel: boolean, wordInitial: boolean, ext: boolean, limit: number): readonly Option[] {
  const key = `${cons.join(' ')}|${afterVowel ? 1 : 0}${wordInitial ? 1 : 0}${ext ? 1 : 0}${limit}`;
  let opts = CLUSTER_OPTIONS.get(key);
  if (opts === undefined) {
    if (CLUSTER_OPTIONS.size >= CLUSTER_OPTIONS_MAX) CLUSTER_OPTIONS.clear();
    opts = spellCluster(cons, afterVowel, wordInitial, ext, limit);
    CLUSTER_OPTIONS.set(key, opts);
  }
  return opts;
}

function spellCluster(cons: Cons[], afterVowel: boolean, wordInitial: boolean, ext: boolean, limit: number): Option[] {
  // Each position offers the options of one consonant, or of a pair starting there.
  let partial: Option[] = [opt('', 0)];
  let i = 0;
  while (i < cons.length) {
    const c = cons[i]!;
    const next = cons[i + 1];
    let opts: Option[];
    let step = 1;
    const pair = next !== undefined ? pairOptions(c, next, ext) : null;
    const ctx = (k: number): ConsContext => ({ prev: cons[k - 1], next: cons[k + 1], afterVowel, wordInitial: wordInitial && k === 0 });
    if (pair) {
      opts = pair;
      step = 2;
    } else if (next !== undefined && (next === c || ASPIRATE_OF[c] === next)) {
      // A geminate: written in full (tt, ddh) at 0, or as one consonant at 1.
      const full = consonantOptions(c, ctx(i), false);
      const second = consonantOptions(next, ctx(i + 1), ext);
      opts = [];
      for (const f of full) for (const s of second) opts.push(opt(f.s + s.s, f.c + s.c));
      for (const s of second) opts.push(opt(s.s, s.c + 1));
      step = 2;
    } else {
      opts = consonantOptions(c, ctx(i), ext);
      // Scoring only: a single consonant typed double (thapa -> thappa), not word-initially.
      if (ext && (afterVowel || i > 0) && cons.length === 1) {
        const doubled: Option[] = [];
        for (const o of opts) if (o.s.length) doubled.push(opt(o.s[0] + o.s, o.c + 2));
        opts = opts.concat(doubled);
      }
    }
    const grown: Option[] = [];
    for (const p of partial) for (const o of opts) if (p.c + o.c <= limit) grown.push(opt(p.s + o.s, p.c + o.c));
    partial = grown;
    i += step;
  }
  return dedupeOptions(partial);
}

function dedupeOptions(opts: Option[]): Option[] {
  const best = new Map<string, Option>();
  for (const o of opts) {
    const b = best.get(o.s);
    if (!b || o.c < b.c) best.set(o.s, o);
  }
  return [...best.values()].sort((a, b) => a.c - b.c);
}

/** Options of a written (non-inherent) vowel in one length style. */
function vowelOptions(v: Vowel, marked: boolean, hiatus: boolean, wordInitial: boolean, wordFinal: boolean, afterY: boolean, ext: boolean): Option[] {
  const o = baseVowelOptions(v, marked, hiatus, wordInitial, afterY);
  if (!ext) return o;
  switch (v) {
    case 'a':
      o.push(opt('aa', 2));
      break;
    case 'i':
      o.push(opt('ee', 2), opt('ii', 3));
      if (wordFinal && !wordInitial) o.push(opt('y', 2));
      break;
    case 'ii':
      // a final ī typed y, as in romanized names (adhikary)
      if (wordFinal && !wordInitial) o.push(opt('y', 2));
      break;
    case 'u':
      o.push(opt('oo', 2), opt('uu', 3));
      break;
    case 'e':
      if (wordFinal) o.push(opt('ey', 2));
      o.push(opt('ai', 3));
      break;
    case 'ai':
      o.push(opt('e', 2), opt('ay', 2));
      break;
    case 'au':
      o.push(opt('o', 2), opt('ow', 2));
      break;
    case 'o':
      o.push(opt('au', 3));
      break;
  }
  return o;
}

function baseVowelOptions(v: Vowel, marked: boolean, hiatus: boolean, wordInitial: boolean, afterY: boolean): Option[] {
  switch (v) {
    case 'a':
      return [opt('a', 0)];
    case 'aa':
      return marked ? [opt('aa', 0), opt('a', 1)] : [opt('a', 0), opt('aa', 1)];
    case 'ii':
      return marked ? [opt('ee', 0), opt('ii', 1), opt('i', 1)] : [opt('i', 0), opt('ee', 1), opt('ii', 2)];
    case 'uu':
      return marked ? [opt('oo', 0), opt('uu', 1), opt('u', 1)] : [opt('u', 0), opt('oo', 1), opt('uu', 2)];
    case 'i':
      return hiatus ? [opt('i', 0), opt('yi', 1)] : [opt('i', 0)];
    case 'u':
      return [opt('u', 0)];
    case 'r':
    case 'rr':
      return [opt('ri', 0), opt('ru', 2)];
    case 'l':
    case 'll':
      return [opt('lri', 0)];
    case 'e':
      if (hiatus) return [opt('e', 0), opt('ye', 0)];
      if (wordInitial) return [opt('e', 0), opt('ye', 1)];
      return [opt('e', 0)];
    case 'ai':
      return [opt('ai', 0), opt('ei', 1)];
    case 'o':
      return [opt('o', 0)];
    case 'au':
      // texting writes the -यौ of the past as -yeu (gayeu, garyeu)
      return afterY ? [opt('au', 0), opt('ou', 1), opt('eu', 1)] : [opt('au', 0), opt('ou', 1)];
  }
}

/** य or त्य starting a word: the onsets of यो/त्यो's family (यस, यति, यहाँ, त्यस, त्यति, त्यहाँ), whose a is said e. */
function isDemonstrativeOnset(cons: Cons[]): boolean {
  return (cons.length === 1 && cons[0] === 'y') || (cons.length === 2 && cons[0] === 't' && cons[1] === 'y');
}

/** Consonants whose casual letter followed by h spells another consonant (k+h kh, t+h th, s+h sh, c+h chh). */
const JOINS_WITH_H: ReadonlySet<Cons> = new Set<Cons>(['k', 'g', 'c', 'j', 'tt', 't', 'dd', 'd', 'p', 'b', 's']);

/**
 * Which inherent vowels inside the word the right-to-left schwa-deletion rule
 * deletes: an a after a single consonant that itself follows a vowel, and
 * before a single consonant that carries a written vowel (VC_CV). The last
 * syllable's a is handled by finalSchwaOptions.
 */
function predictedDeletions(syl: Syllable[]): boolean[] {
  const n = syl.length;
  const deleted = new Array<boolean>(n).fill(false);
  for (let i = n - 2; i >= 1; i--) {
    const s = syl[i]!;
    if (!s.inherent || s.nasal || s.visarga || s.cons.length !== 1) continue;
    const prev = syl[i - 1]!;
    if (prev.vowel === null || deleted[i - 1]) continue;
    const next = syl[i + 1]!;
    // Not before a last syllable that is itself an inherent a, kept or not
    // (कमल kamal, not kaml; विद्यालय vidyalaya, not vidyalya).
    if (next.cons.length !== 1 || next.vowel === null || (next.inherent && i + 1 === n - 1)) continue;
    deleted[i] = true;
  }
  return deleted;
}

/** The consonant before -ऐन in the negative verb endings: -दैन (गर्दैन, हुँदैन) and छैन. */
const NEGATIVE_ENDING_CONS: ReadonlySet<string> = new Set(['d', 'ch']);

/** Options of the last syllable's inherent a (see the header). */
function finalSchwaOptions(syl: Syllable[]): Option[] {
  const n = syl.length;
  const last = syl[n - 1]!;
  if (n === 1 || last.nasal || last.visarga) return [opt('a', 0)];
  if (last.cons.length >= 2) return [opt('a', 0), deleting('', 1)];
  // The negative verb ending -ऐन (-दैन, छैन) keeps its a (छैन chhaina,
  // हुँदैन hundaina); a noun in -ऐन does not (ऐन ain, जैन jain).
  const before = syl[n - 2]!;
  if (last.cons[0] === 'n' && before.vowel === 'ai' && NEGATIVE_ENDING_CONS.has(before.cons[before.cons.length - 1]!)) {
    return [opt('a', 0), deleting('', 1)];
  }
  if (last.cons[0] === 'y') {
    const pv = syl[n - 2]!.vowel;
    if (pv === 'i' || pv === 'ii') return [opt('a', 0)];
    return [opt('a', 0), deleting('', 0)];
  }
  return [deleting('', 0), opt('a', 1)];
}

/** The choices that spell a word, in order. `ext` adds the scoring-only options. */
function buildSlots(syl: Syllable[], marked: boolean, ext: boolean): Slot[] {
  const n = syl.length;
  const limit = ext ? MAX_SCORED_COST : MAX_CASUAL_COST;
  const finalOpts = syl[n - 1]!.inherent ? finalSchwaOptions(syl) : null;
  const predicted = predictedDeletions(syl);
  const slots: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const s = syl[i]!;
    const prev = syl[i - 1];
    const next = syl[i + 1];
    const afterVowel = i > 0;
    // The demonstratives' य and त्य with their a, said e (यस्तो yesto,
    // त्यसको tesko, यहाँ yeha): one slot, so that the y goes only with the e.
    if (i === 0 && n > 1 && s.inherent && !s.nasal && !s.visarga && isDemonstrativeOnset(s.cons)) {
      const opts = clusterOptions(s.cons, false, true, ext, limit).map((o) => opt(o.s + 'a', o.c));
      if (s.cons.length === 1) opts.push(opt('ye', 1));
      else opts.push(opt('te', 1), opt('tye', 1));
      slots.push({ options: opts, vowel: true });
      continue;
    }
    // A cluster ending in य before औ (न्यौपाने): the glide and the vowel
    // typed together as eu at one step (neupane, as names are romanized),
    // beside y + au.
    const glideWithVowel = s.cons.length >= 2 && s.cons[s.cons.length - 1] === 'y' && s.vowel === 'au';
    if (glideWithVowel) {
      const withY = clusterOptions(s.cons, afterVowel, i === 0, ext, limit);
      const withoutY = clusterOptions(s.cons.slice(0, -1), afterVowel, i === 0, ext, limit);
      const vowels = vowelOptions('au', marked, false, false, i === n - 1 && !s.nasal && !s.visarga, true, ext);
      const opts: Option[] = [];
      for (const c of withY) for (const v of vowels) opts.push(opt(c.s + v.s, c.c + v.c));
      for (const c of withoutY) opts.push(opt(c.s + 'eu', c.c + 1));
      slots.push({ options: opts, vowel: true });
    } else if (s.cons.length) {
      let opts = clusterOptions(s.cons, afterVowel, i === 0, ext, limit);
      // A cluster ending in य before ए is said with a plain e and often typed
      // so, one step dearer (प्रत्येक pratek beside pratyek).
      if (s.cons.length >= 2 && s.cons[s.cons.length - 1] === 'y' && s.vowel === 'e') {
        opts = opts.concat(clusterOptions(s.cons.slice(0, -1), afterVowel, i === 0, ext, limit).map((o) => opt(o.s, o.c + 1)));
      }
      // Scoring only: य after i/ī/e left out (gario for गरियो, dio for दियो).
      if (ext && s.cons.length === 1 && s.cons[0] === 'y' && prev && (prev.vowel === 'i' || prev.vowel === 'ii' || prev.vowel === 'e')) {
        opts = opts.concat([opt('', 1)]);
      }
      slots.push({ options: opts, vowel: false });
    }
    // --- the vowel
    if (glideWithVowel) {
      // spelled with its cluster above
    } else if (s.vowel === null) {
      // halanta: nothing written
    } else if (s.inherent) {
      let opts: Option[];
      if (i === n - 1) opts = finalOpts!;
      // Where the letters would run together into an aspirate, the a is
      // usually written: सटही satahi, since "sathi" reads साथी (t+h is th).
      else if (i > 0 && predicted[i]) opts = [opt('a', 0), deleting('', next!.cons[0] === 'h' && JOINS_WITH_H.has(s.cons[0]!) ? 1 : 0)];
      else if (ext && i > 0 && s.cons.length === 1 && !s.nasal && !s.visarga && next && next.cons.length) opts = [opt('a', 0), deleting('', 2)];
      else opts = [opt('a', 0)];
      // After a consonant with the व glide (श्व, स्व, द्व, ज्व) the a is said
      // rounded and often typed o: ईश्वर ishwor, विश्व bishwo, बानेश्वर
      // baneshwor, प्रज्वलित prajwolit, as names and places are romanized.
      // Not after the repha (पूर्व purwa, सर्वत्र: r + va, no glide).
      if (s.cons.length >= 2 && s.cons[s.cons.length - 1] === 'v' && s.cons[s.cons.length - 2] !== 'r') opts = opts.concat([opt('o', 1)]);
      if (ext) opts = opts.concat([opt('aa', 3)]);
      slots.push({ options: opts, vowel: true });
    } else {
      // An independent vowel letter after a vowel is a hiatus (भएको bha-e-ko), typed with a glide.
      const hiatus = s.cons.length === 0 && prev !== undefined && prev.vowel !== null;
      const afterY = s.cons[s.cons.length - 1] === 'y';
      const opts = vowelOptions(s.vowel, marked, hiatus, i === 0 && s.cons.length === 0, i === n - 1 && !s.nasal && !s.visarga, afterY, ext);
      slots.push({ options: opts, vowel: true });
    }
    // --- nasal sign and visarga on the vowel
    const nextCons = next && next.cons.length ? next.cons[0] : undefined;
    if (s.nasal === 1) {
      if (nextCons && (LABIALS.has(nextCons) || nextCons === 'v')) slots.push({ options: [opt('m', 0), opt('n', 0), opt('', 1)], vowel: false });
      else if (nextCons && VELARS.has(nextCons)) slots.push({ options: [opt('n', 0), opt('ng', 1), opt('', 1)], vowel: false });
      else if (nextCons && SONORANTS_SIBILANTS.has(nextCons)) slots.push({ options: [opt('n', 0), opt('m', 1), opt('', 1)], vowel: false });
      else if (nextCons) slots.push({ options: [opt('n', 0), opt('', 1)], vowel: false });
      else slots.push({ options: [opt('n', 0), opt('m', 1), opt('', 1)], vowel: false });
    } else if (s.nasal === 2) {
      slots.push({ options: [opt('n', 0), opt('', 0)], vowel: false });
    }
    if (s.visarga) {
      slots.push({ options: next ? [opt('', 0), opt('h', 1)] : [opt('h', 0), opt('', 1)], vowel: false });
    }
  }
  return slots;
}

function hasLongVowel(syl: Syllable[]): boolean {
  return syl.some((s) => s.vowel !== null && !s.inherent && LONG[s.vowel]);
}

/**
 * The casual spellings of an analysed word with their costs, cheapest first,
 * at most `limit` of them.
 */
export function casualSpellings(syl: Syllable[], limit = MAX_CASUAL_ALIASES): { s: string; c: number }[] {
  const styles: { slots: Slot[]; base: number }[] = [{ slots: buildSlots(syl, false, false), base: 0 }];
  if (hasLongVowel(syl)) styles.push({ slots: buildSlots(syl, true, false), base: 1 });
  const found = new Map<string, number>();
  // Iterative deepening on the total cost: every spelling of cost b is found
  // before any of cost b+1, so the cap keeps the cheapest ones. Within one
  // cost, spellings that depart from the first (most usual) option of fewer
  // choices come first, so the kept ones spread over all choices.
  const maxDepartures = styles[0]!.slots.length;
  for (let budget = 0; budget <= MAX_CASUAL_COST && found.size < limit; budget++) {
    for (let dep = 0; dep <= maxDepartures && found.size < limit; dep++) {
      for (const { slots, base } of styles) {
        if (budget < base) continue;
        enumerate(slots, 0, '', budget - base, dep, false, found, budget, limit);
        if (found.size >= limit) break;
      }
    }
  }
  return [...found].map(([s, c]) => ({ s, c })).sort((a, b) => a.c - b.c);
}

/** Depth-first over the slots, adding spellings of exactly `budget` cost and `dep` departures. */
function enumerate(
  slots: Slot[],
  i: number,
  acc: string,
  budget: number,
  dep: number,
  prevDeleted: boolean,
  found: Map<string, number>,
  cost: number,
  limit: number,
): void {
  if (i === slots.length) {
    if (budget === 0 && dep === 0 && !found.has(acc)) found.set(acc, cost);
    return;
  }
  const slot = slots[i]!;
  const opts = slot.options;
  for (let k = 0; k < opts.length; k++) {
    const o = opts[k]!;
    if (o.c > budget) continue;
    const d = k === 0 ? 0 : 1;
    if (d > dep) break;
    if (o.del && prevDeleted) continue;
    const nextPrevDeleted = slot.vowel ? o.del === true : prevDeleted;
    enumerate(slots, i + 1, acc + o.s, budget - o.c, dep - d, nextPrevDeleted, found, cost, limit);
    if (found.size >= limit) return;
  }
}

/**
 * The cost of `typed` as a casual spelling of the analysed word (scoring
 * options included), or Infinity when it is not one within MAX_SCORED_COST.
 * `typed` is lower-case ASCII (a romanKey of what the user typed).
 */
export function casualCost(syl: Syllable[], typed: string): number {
  let best = Infinity;
  const n = typed.length;
  const size = (n + 1) * 2;
  if (scratch.a.length < size) scratch = { a: new Float64Array(size * 2), b: new Float64Array(size * 2) };
  const styles = hasLongVowel(syl) ? BOTH_STYLES : PLAIN_STYLE;
  for (const [marked, base] of styles) {
    const slots = buildSlots(syl, marked, true);
    // cost[pos * 2 + prevDeleted], over the positions lo..hi reached so far
    let cur = scratch.a;
    let nxt = scratch.b;
    cur.fill(Infinity, 0, size);
    cur[0] = base;
    let lo = 0;
    let hi = 0;
    let reached = true;
    for (const slot of slots) {
      nxt.fill(Infinity, 0, size);
      let nlo = n + 1;
      let nhi = -1;
      for (let pos = lo; pos <= hi; pos++) {
        for (let pd = 0; pd < 2; pd++) {
          const c0 = cur[pos * 2 + pd]!;
          if (c0 === Infinity) continue;
          for (const o of slot.options) {
            if (o.del && pd) continue;
            const c1 = c0 + o.c;
            if (c1 > MAX_SCORED_COST) continue;
            if (o.s.length && !typed.startsWith(o.s, pos)) continue;
            const np = pos + o.s.length;
            const nd = slot.vowel ? (o.del ? 1 : 0) : pd;
            const idx = np * 2 + nd;
            if (c1 < nxt[idx]!) {
              nxt[idx] = c1;
              if (np < nlo) nlo = np;
              if (np > nhi) nhi = np;
            }
          }
        }
      }
      if (nhi < 0) {
        reached = false;
        break;
      }
      [cur, nxt] = [nxt, cur];
      lo = nlo;
      hi = nhi;
    }
    if (reached) best = Math.min(best, cur[n * 2]!, cur[n * 2 + 1]!);
  }
  return best;
}

/** The DP rows of casualCost, reused by every call (one runs at a time per thread). */
let scratch = { a: new Float64Array(128), b: new Float64Array(128) };
const PLAIN_STYLE: readonly (readonly [boolean, number])[] = [[false, 0]];
const BOTH_STYLES: readonly (readonly [boolean, number])[] = [
  [false, 0],
  [true, 1],
];
