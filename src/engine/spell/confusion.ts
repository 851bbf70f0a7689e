// The confusion key: one string shared by a word and its common Nepali
// misspellings, so that one store look-up (WordStore.formsByConfusionKey)
// finds every lexicon form a typist may have meant when the error is one of
// the confusions writers of Nepali make most. The build indexes every
// lexicon form under its key (src/build/records.ts); the spellchecker looks
// up the key of an unknown word (candidates.ts).
//
// Folded (the key forgets the difference):
//   - hrasva/dirgha:       ि/ी, ु/ू, इ/ई, उ/ऊ
//   - sibilants:           श/ष/स
//   - ब/व, ण/न
//   - nasals:              ं, ँ, and a nasal consonant with halanta before a
//                          stop of its class or before य र ल व श ष स ह are
//                          all dropped: सङ्घ/संघ/सघ, हुँदैन/हुदैन, संसार/सन्सार
//   - halanta:             ् dropped everywhere (आफनो/आफ्नो, गर्छन/गर्छन्)
//   - visarga:             ः dropped (प्राय/प्रायः)
//   - nukta:               ़ dropped (ड़/ड)
//   - ऋ/रि/ृ:               ृ and ऋ read as रि (कृषि/क्रिषि, ऋण/रिण)
//   - क्ष/छ्य/च्छ/छ:          all read as छ (शिक्षा/सिछ्या, स्वच्छ/स्वक्ष, क्षमा/छमा),
//                          and so is कष/कस, क्ष with its halanta dropped (रक्षा/रकषा)
//   - ज्ञ/ग्य:              ज्ञ read as ग्य (ज्ञान/ग्यान)
//   - ए/य, ये/ए:            the vowel letter ए read as य, and य+े as य
//                          (यहाँ/एहाँ, गए/गये)
//   - doubled consonants:  C्C read as C (तत्त्व/तत्व, सम्मान/समान)
//   - ो/ाे/ेा, ौ/ाै/ैा:      the o-signs typed as ा and े/ै, in either order,
//                          which render alike (प्रयाेग, भएकेा)
// Not folded: vowel signs other than the hrasva/dirgha pairs (ा, े/ै, ो/ौ),
// aspiration (द/ध), anything else: those errors are found by the edit
// candidates of the error model, which price them higher.
//
// The key is only ever compared for equality; it need not be readable. It is
// computed on a normalized word (normalizeWord), in one pass plus two
// replaceAll-free regex passes, so it is cheap enough for every form the build
// indexes and for every unknown word of a request.

import { ANUSVARA, CHANDRABINDU, CONSONANTS, HALANTA, NUKTA, VISARGA } from '../lang/letters.js';

const PRECOMPOSED_NUKTA = /[\u0929\u0931\u0934\u0958-\u095F]/;

// Multi-letter confusions, applied before halanta is dropped (they are
// spelled with halanta). Longest first where one contains another.
// Two passes, because क्ष becomes छ first and a क्ष्य (क्ष + ्य) must then
// meet a typed छ्य: the second pass folds छ्य and च्छ into छ.
const CLUSTERS = /क्ष|ज्ञ|ृ|ॄ|ऋ|ॠ|ये/g;
// The o-signs typed as two signs, folded first: in येा the े belongs to the o-sign, not to ये.
const TWO_SIGN_O = /ाे|ेा|ाै|ैा/g;
const TWO_SIGN_O_KEY: Record<string, string> = { 'ाे': 'ो', 'ेा': 'ो', 'ाै': 'ौ', 'ैा': 'ौ' };
const CHHA_CLUSTERS = /छ्य|च्छ/g;
const GEMINATE = new RegExp(`([${CONSONANTS}])${HALANTA}\\1`, 'g');
const CLUSTER_KEY: Record<string, string> = {
  क्ष: 'छ',
  ज्ञ: 'गय',
  'ृ': 'रि',
  'ॄ': 'रि',
  ऋ: 'रि',
  ॠ: 'रि',
  ये: 'य',
};

// A nasal consonant with halanta is the same sound as anusvara (पञ्चम वर्ण
// vs शिरबिन्दु) before a stop of its own class and before य र ल व श ष स ह
// (सङ्घ/संघ, सन्सार/संसार); both are often dropped or written as
// chandrabindu: there they vanish from the key. Elsewhere the nasal is a
// letter of its own and stays (जन्म, चुम्ने, दन्केको, सम्मान).
const NASAL_CLUSTER = /ङ्(?=[कखगघ])|ञ्(?=[चछजझ])|[णन]्(?=[टठडढतथदधयरलवशषसह])|म्(?=[पफबभयरलवशषसह])/g;

// Single code points: folded to a representative, or '' to drop.
const CHAR_KEY: ReadonlyMap<string, string> = new Map<string, string>([
  ['ी', 'ि'],
  ['ू', 'ु'],
  ['ई', 'इ'],
  ['ऊ', 'उ'],
  ['श', 'स'],
  ['ष', 'स'],
  ['व', 'ब'],
  ['ण', 'न'],
  ['ए', 'य'],
  [ANUSVARA, ''],
  [CHANDRABINDU, ''],
  [VISARGA, ''],
  [HALANTA, ''],
  [NUKTA, ''],
]);

// CHAR_KEY by code unit over the Devanagari block: -1 keeps the unit, 0 drops it, else the unit to write.
const KEEP = -1;
const DEVANAGARI_BLOCK = 0x900;
const FOLD = new Int32Array(0x80).fill(KEEP);
for (const [ch, key] of CHAR_KEY) FOLD[ch.charCodeAt(0) - DEVANAGARI_BLOCK] = key === '' ? 0 : key.charCodeAt(0);

// What signsIn reports: ा; े or ै (TWO_SIGN_O); a letter one of CLUSTERS starts or ends with
// (ष of क्ष, ञ of ज्ञ, ृ ॄ ऋ ॠ, and े of ये: a word without them has no cluster).
const HAS_AA = 1;
const HAS_E_AI = 2;
const HAS_CLUSTER = 4;
const SIGN_BITS = new Uint8Array(0x80);
SIGN_BITS[0x93e - DEVANAGARI_BLOCK] = HAS_AA;
SIGN_BITS[0x947 - DEVANAGARI_BLOCK] = HAS_E_AI | HAS_CLUSTER;
SIGN_BITS[0x948 - DEVANAGARI_BLOCK] = HAS_E_AI;
for (const ch of 'षञृॄऋॠ') SIGN_BITS[ch.charCodeAt(0) - DEVANAGARI_BLOCK] = HAS_CLUSTER;

function signsIn(w: string): number {
  let has = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i) - DEVANAGARI_BLOCK;
    if (c >= 0 && c < SIGN_BITS.length) has |= SIGN_BITS[c]!;
  }
  return has;
}

/**
 * The confusion key of a normalized word. Two words share a key when they
 * differ only by the confusions listed at the top of this file.
 */
export function confusionKey(word: string): string {
  // Precomposed nukta letters (ऩ ऱ ऴ क़..य़) fold with their base letters:
  // decompose them (NFC leaves क़..य़ decomposed already).
  let w = PRECOMPOSED_NUKTA.test(word) ? word.normalize('NFD') : word;
  // The passes below run only on a word with the letters they read (most have none).
  const has = signsIn(w);
  // ो and ौ typed as two signs (ा + े, ा + ै, or े + ा, ै + ा): they look the same on screen.
  if (has & HAS_AA && has & HAS_E_AI) w = w.replace(TWO_SIGN_O, (m) => TWO_SIGN_O_KEY[m]!);
  if (has & HAS_CLUSTER) w = w.replace(CLUSTERS, (m) => CLUSTER_KEY[m]!);
  if (w.includes('छ')) w = w.replace(CHHA_CLUSTERS, 'छ');
  if (w.includes(HALANTA)) {
    w = w.replace(GEMINATE, '$1');
    // (every nasal cluster has its halanta)
    w = w.replace(NASAL_CLUSTER, '');
  }
  // CHAR_KEY, unit by unit: runs of kept units are copied as slices.
  let out = '';
  let kept = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i) - DEVANAGARI_BLOCK;
    const k = c >= 0 && c < FOLD.length ? FOLD[c]! : KEEP;
    if (k === KEEP) continue;
    out += k === 0 ? w.slice(kept, i) : w.slice(kept, i) + String.fromCharCode(k);
    kept = i + 1;
  }
  out = kept === 0 ? w : out + w.slice(kept);
  // क्ष typed without its halanta (कष) is still क्ष.
  return out.includes('कस') ? out.replaceAll('कस', 'छ') : out;
}
