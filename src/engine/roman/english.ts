// English in romanized Nepali: the English spellings of loanwords, read
// the way Nepali writes the word, initialisms read letter by letter, and
// the common English words that tell English text from Nepali.
//
// Nepali writes English loanwords by their sound (डिजिटल, रिपोर्ट, फाइल,
// अनलाइन), and people type them in Latin letters the English way
// ("digital", "report", "file", "online"), not the way the casual scheme
// would spell the Devanagari ("dijital", "riport", "phail", "anlain"). So
// the casual aliases of these words never match what is typed.
// loanReadings() rewrites an English spelling into the casual spellings of
// its likely Nepali pronunciation; the romanizer looks those up like typed
// casual tokens (stages/loan.ts, stage 3b), and keeps the words the store
// has.
//
// The rules are the regular correspondences of English loans in Nepali
// (as the Nepali word lists spell them, e.g. कम्प्युटर, फारम, रेकर्ड):
//   - silent final e and the vowel it lengthens: a_e -> e (save सेभ, grade
//     ग्रेड), i_e and y_e -> ai (file फाइल, online अनलाइन, type टाइप), o_e
//     -> o (code कोड), u_e -> yu; -le -> al (table टेबल);
//   - letters with no Nepali sound of their own: c -> s before e/i/y, else k;
//     ck, q -> k; x -> ks; ph -> f; sch -> sk; v -> bh (convert कन्भर्ट,
//     save सेभ); doubled consonants written once;
//   - vowel digraphs: oo -> u, ee/ei/ea -> i, ai/ay -> e, oa -> o;
//   - y of a first open syllable -> ai or i (cyber साइबर), y as another
//     vowel -> i (an i of English has both sounds too, but read as ai it
//     makes Nepali words of Nepali tokens: billi, pizza);
//   - the unstressed e of a final -em/-en after a consonant cluster or a
//     long vowel -> a (system सिस्टम, problem प्रोब्लम, item आइटम), e kept
//     as the second reading;
//   - r-coloured vowels before a consonant or at the end: er, ur, or -> ar
//     (folder फोल्डर, record रेकर्ड, form फारम);
//   - the short u and o of closed syllables -> a (upload अपलोड, submit
//     सबमिट, font फन्ट, online अनलाइन), u starting a word before one
//     consonant -> yu (unicode युनिकोड);
//   - a after a first consonant of a closed syllable -> ya or a (cancer
//     क्यान्सर, black ब्ल्याक, plan प्लान), also before a doubled consonant
//     (battery ब्याट्री, gallery ग्यालरी);
//   - e starting a word before one consonant -> i (email इमेल); re-, de-,
//     be- -> re or ri (report रिपोर्ट, design डिजाइन);
//   - an unstressed final -ice -> is (police पुलिस), ign -> ain (design);
//     g before a silent final e -> j (package प्याकेज); s between vowels ->
//     s or j (season सिजन); u of an open syllable -> yu (computer
//     कम्प्युटर, music म्युजिक);
//   - g before e/i -> j (digital डिजिटल), kept as g too (get).
// Where a rule has two outcomes, both readings are made, the first listed
// first. Readings are ordered as made and capped.

/**
 * One rewrite: a pattern and its replacements, likeliest first, and
 * letters every match of the pattern contains (a reading without them is
 * not tried against the pattern: most rules match few readings, and
 * looking for a letter is many times cheaper than running the pattern).
 */
type Rule = [RegExp, string[], string?];

const C = '[bcdfghjklmnpqrstvwxz]';
// Vowels, lower case as typed; a long vowel a rule has settled is written in
// capitals (E, AI, O, YU, U, I, A) so that later rules leave it alone, and
// lower-cased at the end.
const V = '[aeiouAEIOU]';
const NOT_V_OR_R = '[^aeiourAEIOU]';

export const RULES: readonly Rule[] = [
  [/tion$/, ['san'], 'tion'],
  [/sion$/, ['san'], 'sion'],
  // an unstressed final -ice after another syllable (police पुलिस, notice नोटिस)
  [/(?<=[aeiou][^aeiou]*)ice$/, ['is', 'ice'], 'ice'],
  [/ign/g, ['Ain'], 'ign'],
  // letters and digraphs
  [/sch/g, ['sk'], 'sch'],
  [/ph/g, ['f'], 'ph'],
  [/ck/g, ['k'], 'ck'],
  [/qu/g, ['kw'], 'qu'],
  [/q/g, ['k'], 'q'],
  [/x/g, ['ks'], 'x'],
  [/c(?=[eiy])/g, ['s'], 'c'],
  [/c(?!h)/g, ['k'], 'c'],
  [/oo/g, ['U'], 'oo'],
  [/e[ei]/g, ['I'], 'e'],
  [/ea/g, ['I', 'E'], 'ea'],
  [/a[iy]/g, ['E'], 'a'],
  [/oa/g, ['O'], 'oa'],
  // a before a doubled consonant is the short a of a closed syllable (battery ब्याट्री, gallery ग्यालरी)
  [new RegExp(`^(${C}{1,2})a(?=(${C})\\2)`), ['$1ya', '$1a'], 'a'],
  [new RegExp(`(${C})\\1`, 'g'), ['$1']],
  // g before a silent final e is soft (package प्याकेज, college कलेज)
  [/g(?=e$)/, ['j'], 'ge'],
  // s between vowels is voiced (season सिजन, music म्युजिक, present प्रेजेन्ट)
  [new RegExp(`(?<=${V})s(?=${V})`, 'g'), ['s', 'j'], 's'],
  // silent final e, and the vowel it lengthens
  [new RegExp(`a(${C})e$`), ['E$1'], 'e'],
  [new RegExp(`[iy](${C})e$`), ['AI$1'], 'e'],
  [new RegExp(`o(${C})e$`), ['O$1'], 'o'],
  [new RegExp(`u(${C})e$`), ['YU$1'], 'u'],
  [new RegExp(`(${C})le$`), ['$1al'], 'le'],
  [new RegExp(`(${C})e$`), ['$1'], 'e'],
  // y of a first open syllable: the long i of English (cyber साइबर), or a short one (lyric)
  [new RegExp(`^(${C}{1,2})y(?=${C}${V})`), ['$1AI', '$1i'], 'y'],
  [new RegExp(`(${C})y(?=${C}|$)`, 'g'), ['$1i'], 'y'],
  // r-coloured vowels
  [new RegExp(`[eu]r(?=${C}|$)`, 'g'), ['ar'], 'r'],
  [new RegExp(`or(?=${C}|$)`, 'g'), ['ar', 'or'], 'or'],
  // unstressed re- and e- at the start
  [new RegExp(`^([rdb])e(?=${C})`), ['$1e', '$1i'], 'e'],
  [new RegExp(`^e(?=${C}${V})`), ['i', 'e'], 'e'],
  // short vowels of closed syllables
  [new RegExp(`^u(?=${C}${V})`), ['yu'], 'u'],
  // u of an open syllable after a consonant is yu (computer कम्प्युटर, music म्युजिक)
  [new RegExp(`(?<=${C})u(?=${C}${V})`, 'g'), ['yu', 'u'], 'u'],
  [new RegExp(`u(?=${C}${C}|${C}$)`, 'g'), ['A', 'u'], 'u'],
  [new RegExp(`o(?=[nm]${C}|[nm]$)`, 'g'), ['A', 'o'], 'o'],
  // the unstressed e of a final syllable after a consonant cluster or a
  // long vowel is a schwa (system सिस्टम, problem प्रोब्लम, item आइटम)
  [new RegExp(`(?<=${C}${C}|[AEIOU]${C})e(?=[mn]$)`), ['a', 'e'], 'e'],
  [new RegExp(`^(${C}{1,2})a(?=${NOT_V_OR_R}${C}|${NOT_V_OR_R}$)`), ['$1ya', '$1a'], 'a'],
  [/g(?=[eiEI])/g, ['j', 'g'], 'g'],
  [/v/g, ['bh'], 'v'],
];

/** Readings kept while rules apply (the alternatives multiply). */
const MAX_WORKING = 16;
/** Shortest token read as an English spelling. */
const MIN_LENGTH = 3;

/**
 * Casual spellings of the Nepali pronunciation of an English-spelled word,
 * likeliest first, at most `limit`; never the token itself. Empty for
 * tokens shorter than MIN_LENGTH or not plain lower-case ASCII letters.
 */
export function loanReadings(token: string, limit: number): string[] {
  if (token.length < MIN_LENGTH || !/^[a-z]+$/.test(token)) return [];
  // (The readings are distinct: a rule that matches none of them leaves the list as it is.)
  let readings = [token];
  for (const [re, reps, needs] of RULES) {
    let next: string[] | null = null;
    for (let i = 0; i < readings.length; i++) {
      const r = readings[i]!;
      re.lastIndex = 0;
      if ((needs !== undefined && !r.includes(needs)) || !re.test(r)) {
        if (next !== null && !next.includes(r)) next.push(r);
        continue;
      }
      next ??= readings.slice(0, i);
      for (const rep of reps) {
        re.lastIndex = 0;
        const out = r.replace(re, rep);
        if (!next.includes(out)) next.push(out);
      }
    }
    if (next !== null) readings = next.length > MAX_WORKING ? next.slice(0, MAX_WORKING) : next;
  }
  const out: string[] = [];
  for (const r of readings) {
    const lower = r.toLowerCase();
    if (lower !== token && lower.length > 0 && !out.includes(lower)) out.push(lower);
  }
  return out.slice(0, limit);
}

/**
 * The Nepali names of the Latin consonant letters, as the word lists spell
 * initialisms (केसी, टीभी, बीपी, एसएलसी, एमबीबीएस).
 */
const LETTER_NAMES: Readonly<Record<string, string>> = {
  b: 'बी',
  c: 'सी',
  d: 'डी',
  f: 'एफ',
  g: 'जी',
  h: 'एच',
  j: 'जे',
  k: 'के',
  l: 'एल',
  m: 'एम',
  n: 'एन',
  p: 'पी',
  q: 'क्यू',
  r: 'आर',
  s: 'एस',
  t: 'टी',
  v: 'भी',
  w: 'डब्लु',
  x: 'एक्स',
  y: 'वाई',
  z: 'जेड',
};
/** Two to five letters and no vowel: no casual spelling of a Nepali word, but an initialism typed in lower case (kc, tv, slc, mbbs). */
const INITIALISM = /^[b-df-hj-np-tv-z]{2,5}$/;

/** The Devanagari of a lower-case initialism spelled letter by letter (kc: केसी), or null when the token is none. */
export function initialismReading(token: string): string | null {
  if (!INITIALISM.test(token)) return null;
  let out = '';
  for (const ch of token) out += LETTER_NAMES[ch]!;
  return out;
}

/**
 * Very common English words, kept as English unless their context is
 * Nepali. Left out on purpose: English spellings that are everyday Nepali
 * (he हे, her हेर, to, so सो, me, man मन, bus बस, sun सुन, din दिन, tin तीन,
 * kin किन, bat बाट, par पर, ho हो, ma म, say सय, let लेट, time, day).
 */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  (
    'the of and in is are was were be been being for on with as at by from this that these those it its or a an ' +
    'not you your yours we our they their them she his him my i will would can could should shall may might must ' +
    'have has had do does did what which who whom whose when where why how there here if but then than about ' +
    'into over after before because all any some most other only also very just please thank thanks yes hello ' +
    'hi okay ok our us its an each every both few many much such own same too out up down off again further once ' +
    'while during through between under above below until against among per via ' +
    // everyday English verbs, adjectives and nouns that spell no everyday Nepali word
    'am was doing done going love like know want need call see come give get got make take tell said think feel reach ' +
    'wait send sent meet talk help good morning night evening later today tomorrow yesterday happy birthday fine great ' +
    'nice welcome sure really maybe busy never always something anything nothing everything someone people friend ' +
    'family week month year home no'
  ).split(' '),
);

/** Letter patterns of English spelling that casual Nepali typing does not use. */
export const LOOKS_ENGLISH = /c(?!h)|q|tion|ck|wh|ght/;
