// Roman -> Devanagari spellings to test against the store.
//
// The build gives aliases to headwords and to the inflected forms seen in
// real text (~100k words); the hunspell expansion has ~730k forms and the
// news vocabulary names and places that are not dictionary words. To reach
// those too, the resolver spells the typed token back into Devanagari in the
// likeliest ways and keeps the spellings the store knows (store.form). Each
// roman letter group has its Devanagari readings, likeliest first (t: त ट;
// s: स श ष; i: ि ी; a after a consonant: the inherent a or ा); between two
// consonants the reading is a conjunct (halanta) or a dropped inherent a;
// a final consonant ends bare or with halanta; n/m after a vowel before a
// consonant may be ं or ँ. Spellings come out in order of cost (an
// unlikely reading costs 1 or 2) and of how many readings depart from the
// first one, so a few dozen look-ups cover the likely ones.
//
// Found words are scored by the casual scheme itself (casualCost), so this
// only proposes candidates; it never decides their rank.

import { HALANTA } from '../lang/letters.js';

interface Reading {
  dev: string;
  c: number;
}

/** Consonant letter groups -> consonants (or conjuncts), likeliest first. */
const CONSONANTS: Record<string, Reading[]> = {
  k: [{ dev: 'क', c: 0 }],
  kh: [{ dev: 'ख', c: 0 }],
  g: [{ dev: 'ग', c: 0 }],
  gh: [{ dev: 'घ', c: 0 }],
  ng: [{ dev: 'ङ', c: 1 }],
  c: [{ dev: 'च', c: 1 }, { dev: 'क', c: 2 }],
  ch: [{ dev: 'च', c: 0 }, { dev: 'छ', c: 0 }],
  chh: [{ dev: 'छ', c: 0 }, { dev: 'च्छ', c: 1 }],
  cch: [{ dev: 'च्छ', c: 0 }, { dev: 'च्च', c: 0 }],
  cchh: [{ dev: 'च्छ', c: 0 }],
  chch: [{ dev: 'च्च', c: 0 }],
  chchh: [{ dev: 'च्छ', c: 0 }],
  j: [{ dev: 'ज', c: 0 }, { dev: 'झ', c: 2 }],
  jh: [{ dev: 'झ', c: 0 }],
  z: [{ dev: 'ज', c: 0 }, { dev: 'ज़', c: 1 }],
  t: [{ dev: 'त', c: 0 }, { dev: 'ट', c: 0 }],
  th: [{ dev: 'थ', c: 0 }, { dev: 'ठ', c: 0 }],
  d: [{ dev: 'द', c: 0 }, { dev: 'ड', c: 0 }],
  dh: [{ dev: 'ध', c: 0 }, { dev: 'ढ', c: 0 }],
  n: [{ dev: 'न', c: 0 }, { dev: 'ण', c: 1 }],
  p: [{ dev: 'प', c: 0 }],
  ph: [{ dev: 'फ', c: 0 }],
  f: [{ dev: 'फ', c: 0 }],
  b: [{ dev: 'ब', c: 0 }, { dev: 'व', c: 0 }],
  bh: [{ dev: 'भ', c: 0 }],
  m: [{ dev: 'म', c: 0 }],
  y: [{ dev: 'य', c: 0 }],
  r: [{ dev: 'र', c: 0 }],
  l: [{ dev: 'ल', c: 0 }],
  v: [{ dev: 'व', c: 0 }, { dev: 'भ', c: 1 }],
  w: [{ dev: 'व', c: 0 }],
  sh: [{ dev: 'श', c: 0 }, { dev: 'ष', c: 0 }],
  s: [{ dev: 'स', c: 0 }, { dev: 'श', c: 1 }, { dev: 'ष', c: 1 }],
  h: [{ dev: 'ह', c: 0 }],
  x: [{ dev: 'क्ष', c: 0 }, { dev: 'छ', c: 0 }],
  ksh: [{ dev: 'क्ष', c: 0 }],
  gy: [{ dev: 'ज्ञ', c: 0 }],
  q: [{ dev: 'क', c: 0 }],
};

/** Vowel letter groups -> [dependent sign ('' = the inherent a), independent letter], likeliest first. */
const VOWELS: Record<string, { sign: string; letter: string; c: number }[]> = {
  a: [
    { sign: '', letter: 'अ', c: 0 },
    { sign: 'ा', letter: 'आ', c: 0 },
  ],
  aa: [{ sign: 'ा', letter: 'आ', c: 0 }],
  i: [
    { sign: 'ि', letter: 'इ', c: 0 },
    { sign: 'ी', letter: 'ई', c: 0 },
  ],
  ee: [
    { sign: 'ी', letter: 'ई', c: 0 },
    { sign: 'ि', letter: 'इ', c: 1 },
  ],
  ii: [
    { sign: 'ी', letter: 'ई', c: 0 },
    { sign: 'ि', letter: 'इ', c: 1 },
  ],
  u: [
    { sign: 'ु', letter: 'उ', c: 0 },
    { sign: 'ू', letter: 'ऊ', c: 0 },
  ],
  oo: [
    { sign: 'ू', letter: 'ऊ', c: 0 },
    { sign: 'ु', letter: 'उ', c: 1 },
  ],
  uu: [
    { sign: 'ू', letter: 'ऊ', c: 0 },
    { sign: 'ु', letter: 'उ', c: 1 },
  ],
  e: [{ sign: 'े', letter: 'ए', c: 0 }],
  ai: [{ sign: 'ै', letter: 'ऐ', c: 0 }],
  ei: [{ sign: 'ै', letter: 'ऐ', c: 1 }],
  o: [{ sign: 'ो', letter: 'ओ', c: 0 }],
  au: [{ sign: 'ौ', letter: 'औ', c: 0 }],
  ou: [{ sign: 'ौ', letter: 'औ', c: 0 }],
  // texting's -yeu for the past in -यौ (gayeu)
  eu: [{ sign: 'ौ', letter: 'औ', c: 1 }],
  ri: [{ sign: 'ृ', letter: 'ऋ', c: 1 }],
  ey: [{ sign: 'े', letter: 'ए', c: 1 }],
};

/** Unlikely readings of single letters: an aspirate typed without its h (g for घ). */
const DEASPIRATED: Record<string, Reading[]> = {
  k: [{ dev: 'ख', c: 2 }],
  g: [{ dev: 'घ', c: 2 }],
  j: [{ dev: 'झ', c: 2 }],
  t: [{ dev: 'थ', c: 2 }, { dev: 'ठ', c: 2 }],
  d: [{ dev: 'ध', c: 2 }, { dev: 'ढ', c: 2 }],
  p: [{ dev: 'फ', c: 2 }],
  b: [{ dev: 'भ', c: 2 }],
};

const GROUPS = [...new Set([...Object.keys(CONSONANTS), ...Object.keys(VOWELS)])].sort((a, b) => b.length - a.length);
const MAX_GROUP = GROUPS[0]!.length;
const GROUP_SET = new Set(GROUPS);
const ASPIRABLE = new Set(['k', 'g', 'c', 'ch', 'j', 't', 'd', 'p', 'b', 's']);
const VOWEL_CHARS = new Set(['a', 'e', 'i', 'o', 'u']);
/**
 * Search order: cost x COST_PER_DEPARTURES + departures, so a long word's
 * many equally cheap readings do not crowd out a slightly dearer one that
 * departs from the likeliest readings less.
 */
const COST_PER_DEPARTURES = 3;
/** Expanding more states than this ends the search (a pathological token). */
const NODE_LIMIT = 4_000;
/**
 * Six consonant letters in a row spell no Nepali cluster (the longest
 * casual ones have five: bachchha, rchchh is not typed): such a token is
 * no romanized Nepali, and the search would only exhaust NODE_LIMIT.
 */
const UNPRONOUNCEABLE = /[^aeiou]{6}/;

const enum Last {
  Start,
  Cons,
  Vowel,
}

interface State {
  pos: number;
  out: string;
  last: Last;
  cost: number;
  dep: number;
  /** Complete: nothing more to read. */
  done: boolean;
}

/** A binary min-heap of states by (cost, departures). */
class StateHeap {
  private readonly a: State[] = [];
  get size(): number {
    return this.a.length;
  }
  private static less(x: State, y: State): boolean {
    const rx = x.cost * COST_PER_DEPARTURES + x.dep;
    const ry = y.cost * COST_PER_DEPARTURES + y.dep;
    return rx < ry || (rx === ry && (x.cost < y.cost || (x.cost === y.cost && x.pos > y.pos)));
  }
  push(s: State): void {
    const a = this.a;
    a.push(s);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!StateHeap.less(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): State | undefined {
    const a = this.a;
    if (a.length === 0) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && StateHeap.less(a[l]!, a[m]!)) m = l;
        if (r < a.length && StateHeap.less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Devanagari spellings of a lower-case ASCII roman token, likeliest first
 * (see COST_PER_DEPARTURES), at most `limit`;
 * empty for anything else. A uniform-cost search over reading positions.
 */
export function reverseSpellings(typed: string, limit: number, maxCost = 2): string[] {
  if (!/^[a-z]+$/.test(typed) || typed.length > 30 || UNPRONOUNCEABLE.test(typed)) return [];
  const n = typed.length;
  // The letter groups starting at each position, longest first.
  const groupsAt: string[][] = [];
  for (let p = 0; p < n; p++) {
    const gs: string[] = [];
    for (let len = Math.min(MAX_GROUP, n - p); len >= 1; len--) {
      const g = typed.slice(p, p + len);
      if (GROUP_SET.has(g)) gs.push(g);
    }
    groupsAt.push(gs);
  }
  const found: string[] = [];
  const seen = new Set<string>();
  const heap = new StateHeap();
  const push = (pos: number, out: string, last: Last, cost: number, dep: number, done = false): void => {
    if (cost <= maxCost) heap.push({ pos, out, last, cost, dep, done });
  };
  push(0, '', Last.Start, 0, 0);
  let pops = 0;
  while (found.length < limit && pops++ < NODE_LIMIT) {
    const st = heap.pop();
    if (!st) break;
    const { pos, out, last, cost, dep } = st;
    if (st.done) {
      if (!seen.has(out)) {
        seen.add(out);
        found.push(out);
      }
      continue;
    }
    if (pos === n) {
      // a final consonant: bare (inherent a unwritten) or, less likely, with halanta
      push(pos, out, last, cost, dep, true);
      if (last === Last.Cons) push(pos, out + HALANTA, last, cost, dep + 1, true);
      continue;
    }
    const gs = groupsAt[pos]!;
    for (let gi = 0; gi < gs.length; gi++) {
      const g = gs[gi]!;
      const end = pos + g.length;
      // A shorter group where a longer one matches (k+h for kh, a+a for aa) is an unlikely reading.
      let split = 0;
      if (gi > 0) {
        const longer = gs[0]!;
        if (longer === g + 'h' && ASPIRABLE.has(g)) split = 2;
        else if (longer.length === 2 && longer[0] === longer[1] && VOWEL_CHARS.has(longer[0]!)) split = 2;
      }
      let cons = CONSONANTS[g];
      if (cons && DEASPIRATED[g]) cons = cons.concat(DEASPIRATED[g]!);
      if (cons) {
        for (let k = 0; k < cons.length; k++) {
          const r = cons[k]!;
          const c = cost + r.c + split;
          const d = dep + (k === 0 ? 0 : 1);
          if (last === Last.Cons) {
            // conjunct (halanta) or an unwritten inherent a between the consonants
            push(end, out + HALANTA + r.dev, Last.Cons, c, d);
            push(end, out + r.dev, Last.Cons, c, d + 1);
          } else push(end, out + r.dev, Last.Cons, c, d);
        }
      }
      const vow = VOWELS[g];
      if (vow) {
        for (let k = 0; k < vow.length; k++) {
          const r = vow[k]!;
          push(end, out + (last === Last.Cons ? r.sign : r.letter), Last.Vowel, cost + r.c + split, dep + (k === 0 ? 0 : 1));
        }
        // aa for an inherent a (rohaan): unlikely
        if (g === 'aa' && last === Last.Cons) push(end, out, Last.Vowel, cost + 2, dep + 1);
      }
      if (last === Last.Cons) {
        // y at the end after a consonant: a final ī as romanized names write
        // it (adhikary). As likely as a final -्य, which typists write with
        // its a (karya, not kary).
        if (g === 'y' && end === n) push(end, out + 'ी', Last.Vowel, cost, dep);
        // a consonant typed twice for one (thappa): unlikely
        if (cons && g.length === 1 && typed[pos - 1] === g) push(end, out, Last.Cons, cost + 2, dep + 1);
      }
      // a vowel right after i or e: the y glide left out (gario for गरियो)
      if (vow && last === Last.Vowel && (typed[pos - 1] === 'i' || typed[pos - 1] === 'e') && g !== 'i') {
        push(end, out + 'य' + vow[0]!.sign, Last.Vowel, cost + 1 + vow[0]!.c, dep + 1);
      }
      if (last === Last.Vowel) {
        // n/m after a vowel, before a consonant or at the end: a nasal sign.
        if (g === 'n' || g === 'm') {
          const nx = typed[end];
          if (nx === undefined || !VOWEL_CHARS.has(nx)) {
            push(end, out + 'ं', Last.Vowel, cost, dep + 1);
            push(end, out + 'ँ', Last.Vowel, cost, dep + 1);
          }
        }
        // ye after a vowel: the glide a typist adds before ए (bhayeko भएको).
        if (g === 'y' && typed[end] === 'e') push(end + 1, out + 'ए', Last.Vowel, cost, dep + 1);
        // h at the very end after a vowel: visarga.
        if (g === 'h' && end === n) push(end, out + 'ः', Last.Vowel, cost + 1, dep);
      }
    }
  }
  return found;
}
