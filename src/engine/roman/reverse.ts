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
import { feedLaneA, feedLaneB, LANE_A_START, LANE_B_START, type BeginningsFilter } from '../../store/bloom.js';

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
  c: [
    { dev: 'च', c: 1 },
    { dev: 'क', c: 2 },
  ],
  ch: [
    { dev: 'च', c: 0 },
    { dev: 'छ', c: 0 },
  ],
  chh: [
    { dev: 'छ', c: 0 },
    { dev: 'च्छ', c: 1 },
  ],
  cch: [
    { dev: 'च्छ', c: 0 },
    { dev: 'च्च', c: 0 },
  ],
  cchh: [{ dev: 'च्छ', c: 0 }],
  chch: [{ dev: 'च्च', c: 0 }],
  chchh: [{ dev: 'च्छ', c: 0 }],
  j: [
    { dev: 'ज', c: 0 },
    { dev: 'झ', c: 2 },
  ],
  jh: [{ dev: 'झ', c: 0 }],
  z: [
    { dev: 'ज', c: 0 },
    { dev: 'ज़', c: 1 },
  ],
  t: [
    { dev: 'त', c: 0 },
    { dev: 'ट', c: 0 },
  ],
  th: [
    { dev: 'थ', c: 0 },
    { dev: 'ठ', c: 0 },
  ],
  d: [
    { dev: 'द', c: 0 },
    { dev: 'ड', c: 0 },
  ],
  dh: [
    { dev: 'ध', c: 0 },
    { dev: 'ढ', c: 0 },
  ],
  n: [
    { dev: 'न', c: 0 },
    { dev: 'ण', c: 1 },
  ],
  p: [{ dev: 'प', c: 0 }],
  ph: [{ dev: 'फ', c: 0 }],
  f: [{ dev: 'फ', c: 0 }],
  b: [
    { dev: 'ब', c: 0 },
    { dev: 'व', c: 0 },
  ],
  bh: [{ dev: 'भ', c: 0 }],
  m: [{ dev: 'म', c: 0 }],
  y: [{ dev: 'य', c: 0 }],
  r: [{ dev: 'र', c: 0 }],
  l: [{ dev: 'ल', c: 0 }],
  v: [
    { dev: 'व', c: 0 },
    { dev: 'भ', c: 1 },
  ],
  w: [{ dev: 'व', c: 0 }],
  sh: [
    { dev: 'श', c: 0 },
    { dev: 'ष', c: 0 },
  ],
  s: [
    { dev: 'स', c: 0 },
    { dev: 'श', c: 1 },
    { dev: 'ष', c: 1 },
  ],
  h: [{ dev: 'ह', c: 0 }],
  x: [
    { dev: 'क्ष', c: 0 },
    { dev: 'छ', c: 0 },
  ],
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
  t: [
    { dev: 'थ', c: 2 },
    { dev: 'ठ', c: 2 },
  ],
  d: [
    { dev: 'ध', c: 2 },
    { dev: 'ढ', c: 2 },
  ],
  p: [{ dev: 'फ', c: 2 }],
  b: [{ dev: 'भ', c: 2 }],
};

/**
 * Every piece a search step appends to a spelling, by index (the search
 * keeps indexes, not strings).
 */
const PIECES: string[] = [];
const PIECE_INDEX = new Map<string, number>();
function pieceOf(s: string): number {
  let i = PIECE_INDEX.get(s);
  if (i === undefined) {
    i = PIECES.length;
    PIECES.push(s);
    PIECE_INDEX.set(s, i);
  }
  return i;
}
const NOTHING = pieceOf('');
const FINAL_HALANTA = pieceOf(HALANTA);
const FINAL_II = pieceOf('ी');
const ANUSVARA_PIECE = pieceOf('ं');
const CHANDRABINDU_PIECE = pieceOf('ँ');
const E_LETTER = pieceOf('ए');
const VISARGA_PIECE = pieceOf('ः');

/** What the search does on reading one letter group: its readings, as the pieces each appends. */
interface GroupReadings {
  name: string;
  /** Consonant readings (with the deaspirated ones): the piece alone, and after a consonant with halanta. */
  cons: { dev: number; afterCons: number; c: number }[] | null;
  vow: { sign: number; letter: number; c: number }[] | null;
  /** The glide before the group's likeliest vowel (gario: the य left out before o): य + its sign. */
  glide: number;
}

const GROUP_READINGS = new Map<string, GroupReadings>();
for (const g of new Set([...Object.keys(CONSONANTS), ...Object.keys(VOWELS)])) {
  let cons = CONSONANTS[g];
  if (cons && DEASPIRATED[g]) cons = cons.concat(DEASPIRATED[g]!);
  const vow = VOWELS[g];
  GROUP_READINGS.set(g, {
    name: g,
    cons: cons ? cons.map((r) => ({ dev: pieceOf(r.dev), afterCons: pieceOf(HALANTA + r.dev), c: r.c })) : null,
    vow: vow ? vow.map((r) => ({ sign: pieceOf(r.sign), letter: pieceOf(r.letter), c: r.c })) : null,
    glide: vow ? pieceOf('य' + vow[0]!.sign) : NOTHING,
  });
}
/** The letter groups as a trie over their letters (a-z), to find the groups at a position without slicing the token. */
interface GroupNode {
  group: GroupReadings | null;
  next: (GroupNode | null)[];
}
const newNode = (): GroupNode => ({ group: null, next: new Array<GroupNode | null>(26).fill(null) });
const GROUP_TRIE = newNode();
for (const [g, r] of GROUP_READINGS) {
  let node = GROUP_TRIE;
  for (let i = 0; i < g.length; i++) node = node.next[g.charCodeAt(i) - 97] ??= newNode();
  node.group = r;
}
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
/** Longest token searched; the order key counts positions up to MAX_POSITIONS. */
const MAX_TYPED = 30;
const MAX_POSITIONS = MAX_TYPED + 1;

const enum Last {
  Start,
  Cons,
  Vowel,
}

/**
 * The search's states, in flat arrays reused by every call (one search runs
 * at a time per thread): a state is an index, its spelling so far the piece
 * it appended to its parent state's. A search pushes hundreds of states and
 * completes a few dozen: only those are spelled out as strings.
 */
class States {
  size = 0;
  pos = new Int32Array(4096);
  last = new Uint8Array(4096);
  cost = new Int32Array(4096);
  dep = new Int32Array(4096);
  /** Complete: nothing more to read. */
  done = new Uint8Array(4096);
  parent = new Int32Array(4096);
  /** The piece appended, as an index into PIECES. */
  piece = new Int32Array(4096);
  /** The Bloom filter's two hash lanes over the spelling so far, and its length (store/bloom.ts; feedLanes): a search over the store's forms tests each state's beginning without building it. */
  laneA = new Int32Array(4096);
  laneB = new Int32Array(4096);
  length = new Int32Array(4096);
  /**
   * A binary min-heap of state indexes, with the order key of each beside
   * it: (cost x COST_PER_DEPARTURES + departures, then cost, then the
   * position read, further first) as one integer (orderKey).
   */
  heap = new Int32Array(4096);
  keys = new Int32Array(4096);
  heapSize = 0;
  /** The search that spelled out each state (spellings[i] is valid when spelled[i] is the current one). */
  spelled = new Int32Array(4096);
  spellings: string[] = [];
  private search = 0;

  reset(): void {
    this.size = 0;
    this.heapSize = 0;
    if (this.search === 0x7fffffff) {
      this.search = 0;
      this.spelled.fill(0);
    }
    this.search++;
  }

  add(pos: number, last: Last, cost: number, dep: number, done: boolean, parent: number, piece: number): number {
    const i = this.size++;
    if (i === this.pos.length) this.grow();
    this.pos[i] = pos;
    this.last[i] = last;
    this.cost[i] = cost;
    this.dep[i] = dep;
    this.done[i] = done ? 1 : 0;
    this.parent[i] = parent;
    this.piece[i] = piece;
    return i;
  }

  /** Works out state i's lanes and length from its parent's (a search over the store's forms only: every state of it has them). */
  feedLanes(i: number): void {
    const parent = this.parent[i]!;
    let a = parent < 0 ? LANE_A_START : this.laneA[parent]!;
    let b = parent < 0 ? LANE_B_START : this.laneB[parent]!;
    const text = PIECES[this.piece[i]!]!;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      a = feedLaneA(a, c);
      b = feedLaneB(b, c);
    }
    this.laneA[i] = a;
    this.laneB[i] = b;
    this.length[i] = (parent < 0 ? 0 : this.length[parent]!) + text.length;
  }

  /** Drops the state added last (a search over the store's forms: no form begins with its spelling). */
  dropLast(): void {
    this.size--;
  }

  /** The spelling of state i: its parent's spelling and its piece (memoized for this search: completed states share their beginnings). */
  spelling(i: number): string {
    if (this.spelled[i] === this.search) return this.spellings[i]!;
    const p = this.parent[i]!;
    const s = p < 0 ? PIECES[this.piece[i]!]! : this.spelling(p) + PIECES[this.piece[i]!]!;
    this.spelled[i] = this.search;
    this.spellings[i] = s;
    return s;
  }

  push(s: number, key: number): void {
    if (this.heapSize === this.heap.length) {
      const heap = new Int32Array(this.heap.length * 2);
      heap.set(this.heap);
      this.heap = heap;
      const keys = new Int32Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    const a = this.heap;
    const k = this.keys;
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!(key < k[p]!)) break;
      a[i] = a[p]!;
      k[i] = k[p]!;
      i = p;
    }
    a[i] = s;
    k[i] = key;
  }

  /** The first state, or -1 when none is left. */
  pop(): number {
    if (this.heapSize === 0) return -1;
    const a = this.heap;
    const k = this.keys;
    const top = a[0]!;
    const n = --this.heapSize;
    if (n) {
      const s = a[n]!;
      const key = k[n]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let mk = key;
        if (l < n && k[l]! < mk) {
          m = l;
          mk = k[l]!;
        }
        if (r < n && k[r]! < mk) m = r;
        if (m === i) break;
        a[i] = a[m]!;
        k[i] = k[m]!;
        i = m;
      }
      a[i] = s;
      k[i] = key;
    }
    return top;
  }

  private grow(): void {
    const n = this.pos.length * 2;
    const more = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.pos = more(this.pos);
    this.last = more(this.last);
    this.cost = more(this.cost);
    this.dep = more(this.dep);
    this.done = more(this.done);
    this.parent = more(this.parent);
    this.piece = more(this.piece);
    this.laneA = more(this.laneA);
    this.laneB = more(this.laneB);
    this.length = more(this.length);
    this.spelled = more(this.spelled);
  }
}

const states = new States();

/**
 * The store's forms, for a search that keeps only them: `beginnings` says
 * whether any form begins with a spelling (a state whose spelling no form
 * begins with is not expanded), `has` whether a complete spelling is a form
 * to keep (it decides; the filter only spares work, so the answer does not
 * depend on it).
 */
export interface FormSearch {
  beginnings: BeginningsFilter;
  has(word: string): boolean;
}

/**
 * Devanagari spellings of a lower-case ASCII roman token, likeliest first
 * (see COST_PER_DEPARTURES), at most `limit`; empty for anything else. A
 * uniform-cost search over reading positions. With `forms`, only the
 * spellings that are forms (forms.has), at most `limit` of them: the search
 * then follows only the readings some form begins with, so it reaches the
 * forms however far down the order they are, for a fraction of the work.
 */
export function reverseSpellings(typed: string, limit: number, maxCost = 2, forms: FormSearch | null = null): string[] {
  if (!/^[a-z]+$/.test(typed) || typed.length > MAX_TYPED || UNPRONOUNCEABLE.test(typed)) return [];
  const n = typed.length;
  // The letter groups starting at each position, longest first (each a
  // prefix of the longest), and whether each is the unlikely reading of a
  // shorter group where a longer one matches (k+h for kh, a+a for aa).
  const groupsAt: GroupReadings[][] = [];
  const splitAt: number[][] = [];
  for (let p = 0; p < n; p++) {
    const gs: GroupReadings[] = [];
    for (let node: GroupNode | null = GROUP_TRIE, i = p; i < n; i++) {
      node = node.next[typed.charCodeAt(i) - 97]!;
      if (node === null) break;
      if (node.group) gs.push(node.group);
    }
    gs.reverse();
    const splits: number[] = [];
    const longer = gs.length > 0 ? gs[0]!.name : '';
    for (let gi = 0; gi < gs.length; gi++) {
      const g = gs[gi]!.name;
      let split = 0;
      if (gi > 0) {
        if (longer === g + 'h' && ASPIRABLE.has(g)) split = 2;
        else if (longer.length === 2 && longer[0] === longer[1] && VOWEL_CHARS.has(longer[0]!)) split = 2;
      }
      splits.push(split);
    }
    groupsAt.push(gs);
    splitAt.push(splits);
  }
  const found: string[] = [];
  const seen = new Set<string>();
  const st = states;
  st.reset();
  // The order key (States.heap): rank, then cost, then the position read, further first.
  const costs = maxCost + 1;
  const beginnings = forms?.beginnings ?? null;
  const push = (pos: number, last: Last, cost: number, dep: number, parent: number, piece: number, done = false): void => {
    if (cost > maxCost) return;
    const s = st.add(pos, last, cost, dep, done, parent, piece);
    if (beginnings !== null) {
      st.feedLanes(s);
      // (A piece of nothing leaves the spelling as its parent's, which was tested.)
      if (piece !== NOTHING && !beginnings.mayBegin(st.laneA[s]!, st.laneB[s]!, st.length[s]!)) {
        st.dropLast();
        return;
      }
    }
    st.push(s, ((cost * COST_PER_DEPARTURES + dep) * costs + cost) * MAX_POSITIONS + (n - pos));
  };
  push(0, Last.Start, 0, 0, -1, NOTHING);
  let pops = 0;
  while (found.length < limit && pops++ < NODE_LIMIT) {
    const s = st.pop();
    if (s < 0) break;
    const pos = st.pos[s]!;
    const last = st.last[s]! as Last;
    const cost = st.cost[s]!;
    const dep = st.dep[s]!;
    if (st.done[s]) {
      const out = st.spelling(s);
      if (!seen.has(out)) {
        seen.add(out);
        if (forms === null || forms.has(out)) found.push(out);
      }
      continue;
    }
    if (pos === n) {
      // a final consonant: bare (inherent a unwritten) or, less likely, with halanta
      push(pos, last, cost, dep, s, NOTHING, true);
      if (last === Last.Cons) push(pos, last, cost, dep + 1, s, FINAL_HALANTA, true);
      continue;
    }
    const gs = groupsAt[pos]!;
    for (let gi = 0; gi < gs.length; gi++) {
      const { name: g, cons, vow, glide } = gs[gi]!;
      const end = pos + g.length;
      const split = splitAt[pos]![gi]!;
      if (cons) {
        for (let k = 0; k < cons.length; k++) {
          const r = cons[k]!;
          const c = cost + r.c + split;
          const d = dep + (k === 0 ? 0 : 1);
          if (last === Last.Cons) {
            // conjunct (halanta) or an unwritten inherent a between the consonants
            push(end, Last.Cons, c, d, s, r.afterCons);
            push(end, Last.Cons, c, d + 1, s, r.dev);
          } else push(end, Last.Cons, c, d, s, r.dev);
        }
      }
      if (vow) {
        for (let k = 0; k < vow.length; k++) {
          const r = vow[k]!;
          push(end, Last.Vowel, cost + r.c + split, dep + (k === 0 ? 0 : 1), s, last === Last.Cons ? r.sign : r.letter);
        }
        // aa for an inherent a (rohaan): unlikely
        if (g === 'aa' && last === Last.Cons) push(end, Last.Vowel, cost + 2, dep + 1, s, NOTHING);
      }
      if (last === Last.Cons) {
        // y at the end after a consonant: a final ī as romanized names write
        // it (adhikary). As likely as a final -्य, which typists write with
        // its a (karya, not kary).
        if (g === 'y' && end === n) push(end, Last.Vowel, cost, dep, s, FINAL_II);
        // a consonant typed twice for one (thappa): unlikely
        if (cons && g.length === 1 && letterAt(typed, pos - 1) === g) push(end, Last.Cons, cost + 2, dep + 1, s, NOTHING);
      }
      // a vowel right after i or e: the y glide left out (gario for गरियो)
      if (vow && last === Last.Vowel && (letterAt(typed, pos - 1) === 'i' || letterAt(typed, pos - 1) === 'e') && g !== 'i') {
        push(end, Last.Vowel, cost + 1 + vow[0]!.c, dep + 1, s, glide);
      }
      if (last === Last.Vowel) {
        // n/m after a vowel, before a consonant or at the end: a nasal sign.
        if (g === 'n' || g === 'm') {
          const nx = letterAt(typed, end);
          if (nx === '' || !VOWEL_CHARS.has(nx)) {
            push(end, Last.Vowel, cost, dep + 1, s, ANUSVARA_PIECE);
            push(end, Last.Vowel, cost, dep + 1, s, CHANDRABINDU_PIECE);
          }
        }
        // ye after a vowel: the glide a typist adds before ए (bhayeko भएको).
        if (g === 'y' && letterAt(typed, end) === 'e') push(end + 1, Last.Vowel, cost, dep + 1, s, E_LETTER);
        // h at the very end after a vowel: visarga.
        if (g === 'h' && end === n) push(end, Last.Vowel, cost + 1, dep, s, VISARGA_PIECE);
      }
    }
  }
  return found;
}

/** The letter at i, or '' outside the token (reading past a string's end makes optimized code fall back). */
function letterAt(typed: string, i: number): string {
  return i >= 0 && i < typed.length ? typed[i]! : '';
}
