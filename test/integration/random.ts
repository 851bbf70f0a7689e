// Deterministic randomness for the integration tests, so a failure can be replayed.

/** mulberry32: a seeded PRNG giving numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = 'कखगघचछजझटठडढतथदधनपफबभमयरलवसह';
const SIGNS = ['', 'ा', 'ि', 'ी', 'ु', 'ू', 'े', 'ै', 'ो', 'ौ'];

/** Devanagari texts of `words` words of 2-4 random syllables: words no request has sent before, mostly in no list (the dearest to check). */
export function syllableTexts(count: number, words: number, seed: number): string[] {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[] | string): T => xs[Math.floor(rand() * xs.length)] as T;
  const word = (): string => Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick<string>(CONSONANTS) + pick(SIGNS)).join('');
  return Array.from({ length: count }, () => Array.from({ length: words }, word).join(' '));
}
