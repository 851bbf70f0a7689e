// The affixes of Nepali word formation and the auxiliary verbs of its
// compound verbs: the derivational suffixes (तद्धित), the prefixes (उपसर्ग)
// and the stems that join an infinitive, absolutive or progressive form as
// one word. The spellchecker's morphology (spell/morphology.ts) reads them.

/**
 * Derivational suffixes (तद्धित प्रत्यय) that make a new word of a word:
 * abstract nouns, adjectives of quality, adverbs of manner (सामान्यतया,
 * सामान्यतः), the numeral classifiers (दुईवटा, एकजना).
 */
export const DERIVATIONAL_SUFFIXES: readonly string[] = [
  'ता',
  'त्व',
  'पन',
  'पना',
  'हीन',
  'शील',
  'पूर्ण',
  'पूर्वक',
  'मय',
  'रहित',
  'युक्त',
  'कारी',
  'वादी',
  'वाद',
  'जनक',
  'योग्य',
  'गत',
  'वान्',
  'वती',
  'दार',
  'वाला',
  'स्वरूप',
  'भर',
  'तर्फी',
  'कालीन',
  'सम्बन्धी',
  'विहीन',
  'प्रद',
  'दायी',
  'दायक',
  'वत्',
  'तया',
  'तः',
  'वटा',
  'वटी',
  'जना',
  'खाले',
  'पटक',
  'विरोधी',
  // the manner adverb joined to a word (विशेषगरी, त्यसैगरी, हुनेगरी)
  'गरी',
]
  .slice()
  .sort((a, b) => b.length - a.length);

/**
 * Suffixes that begin with a vowel sign and take the place of the base's
 * final ा or ो, or follow its last consonant: the adjectives in -ई/-ईय/-आत्मक
 * (उत्तर+ई उत्तरी, अफ्रिका+ई अफ्रिकी, स्तर+ईय स्तरीय, रचना+आत्मक रचनात्मक),
 * the nouns of making in -ईकरण (च्वि + करण: आधुनिक+ईकरण आधुनिकीकरण,
 * सामाजिक+ईकरण सामाजिकीकरण, सरल+ईकरण सरलीकरण)
 * and the emphatic particle ऐ fused to a word (एक+ऐ एकै, सानो+ऐ सानै,
 * पूरा+ऐ पूरै, अत्यन्त+ऐ अत्यन्तै).
 */
export const VOWEL_SUFFIXES: readonly string[] = ['ीकरण', 'ात्मक', 'ीय', 'ी', 'ै'];

/** Prefixes (उपसर्ग, and the Nepali negative and pejorative prefixes) written joined to a word. */
export const PREFIXES: readonly string[] = [
  'अ',
  'अन',
  'कु',
  'सु',
  'उप',
  'प्रति',
  'निर्',
  'निस्',
  'दुर्',
  'दुस्',
  'वि',
  'सम्',
  'सं',
  'अति',
  'अधि',
  'अनु',
  'अभि',
  'परि',
  'प्र',
  'स्व',
  'उत्',
  'नि',
  'बे',
  'गैर',
  'महा',
  'सह',
  'पुनः',
  'उप',
  'अन्तर',
  'अन्तः',
  'पूर्व',
  'उत्तर',
  'नव',
  'बहु',
  'सर्व',
  'अर्ध',
  'स्वयं',
]
  .filter((p, i, all) => all.indexOf(p) === i)
  .sort((a, b) => b.length - a.length);

/**
 * The prefixes whose derivatives contain a free word (अ+स्पष्ट, सु+परिचित,
 * बे+फाइदा, गैर+सरकारी), for back-formation (rule 8). The Sanskrit verbal
 * prefixes (वि-, प्र-, परि-, सम्-, अनु-, अभि-, नि-, उत्-) are left out:
 * their derivatives are words of their own whose tail is often no word
 * (वितथ, प्रवास, उत्रियो).
 */
export const BACK_FORMATION_PREFIXES: readonly string[] = [
  'अ',
  'अन',
  'सु',
  'कु',
  'बे',
  'गैर',
  'निर्',
  'निस्',
  'दुर्',
  'दुस्',
  'अति',
  'महा',
  'उप',
  'प्रति',
  'पूर्व',
  'सह',
  'नव',
  'बहु',
  'अर्ध',
  'स्व',
];

/** Stems (as hunspell-ne analyses them) of the auxiliaries that form compound verbs. */
export const AUXILIARY_STEMS: ReadonlySet<string> = new Set([
  'हु',
  'भ',
  'हो',
  'होइ', // हुनु: honorific and polite forms
  'पर्', // पर्नु: obligation
  'सक्', // सक्नु: ability, completion
  'रह',
  'रह्', // रहनु: continuity
  'दि',
  'दे', // दिनु: benefactive
  'हाल्',
  'राख्',
  'पठाउ',
  'ले',
  'बस्',
  'लाग्',
  'जा',
  'ग',
  'चाह',
  'थि',
  'सकि',
  'आ',
  'आउ', // आउनु: motion towards (चलिआएको)
]);
