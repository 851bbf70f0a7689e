// Closed-class words: the conjunctions, particles, pronouns, numerals and
// common adverbs Nepali grammar lists, in the Nepal Academy spelling. The
// spellchecker accepts them whatever the dictionaries say, the romanizer
// ranks them first, and the build serves them as the `nls-closed-class`
// dictionary.

/**
 * Closed-class words, in the Nepal Academy spelling, that a Nepali
 * spellchecker must know whatever its dictionary says: conjunctions,
 * particles, personal and demonstrative pronouns, interrogatives, numerals
 * to ten and the round numbers, and the commonest adverbs of time, place
 * and manner. Each group has its word class (Nepali name); all but the copula
 * forms are also served as headwords of the `nls-closed-class` dictionary
 * (src/build/pipeline.ts), since hunspell-ne lacks common ones such as र.
 */
export const CLOSED_CLASS_GROUPS: readonly { pos: string; headwords: boolean; words: readonly string[] }[] = [
  // conjunctions (संयोजक)
  { pos: 'संयोजक', headwords: true, words: [
    'र', 'तथा', 'एवं', 'एवम्', 'अनि', 'तर', 'वा', 'अथवा', 'किंवा', 'कि', 'किनभने', 'किनकि', 'त्यसैले', 'यसैले',
    'यद्यपि', 'तापनि', 'तैपनि', 'बरु', 'यदि', 'भने', 'नत्र', 'नभए', 'अर्थात्', 'जबकि', 'जब', 'तब', 'ताकि', 'परन्तु', 'किन्तु',
    'जबसम्म', 'जबदेखि',
  ] },
  // particles (निपात)
  { pos: 'निपात', headwords: true, words: [
    'नै', 'पनि', 'मात्र', 'मात्रै', 'त', 'नि', 'पो', 'है', 'रे', 'क्यारे', 'ल', 'हँ', 'नी', 'चाहिँ', 'समेत', 'आदि', 'इत्यादि', 'लगायत',
  ] },
  // interjections (विस्मयादिबोधक)
  { pos: 'विस्मयादिबोधक', headwords: true, words: [
    'ए', 'ओ', 'हे', 'अहो', 'ओहो', 'छि', 'धत्', 'हरे', 'वाह',
  ] },
  // pronouns and their case forms (सर्वनाम)
  { pos: 'सर्वनाम', headwords: true, words: [
    'म', 'मैले', 'मलाई', 'हामी', 'तँ', 'तिमी', 'तपाईं', 'तपाईँ', 'हजुर', 'ऊ', 'उनी', 'उहाँ', 'यो', 'त्यो', 'यी', 'ती', 'यिनी',
    'तिनी', 'यस', 'त्यस', 'उस', 'यिन', 'तिन', 'उन', 'आफू', 'आफ्नो', 'आफ्ना', 'आफ्नी', 'आफैँ', 'आफैं', 'स्वयं', 'स्वयम्',
    'मेरो', 'मेरा', 'मेरी', 'हाम्रो', 'हाम्रा', 'हाम्री', 'तिम्रो', 'तिम्रा', 'तिम्री', 'तेरो', 'तेरा', 'तेरी',
    'के', 'को', 'कुन', 'केही', 'कोही', 'जो', 'जुन', 'जे', 'सबै', 'अरू', 'अन्य',
  ] },
  // pronominal adjectives (सार्वनामिक विशेषण)
  { pos: 'सार्वनामिक विशेषण', headwords: true, words: [
    'कुनै', 'कति', 'कस्तो', 'कस्ता', 'कस्ती', 'जति', 'जस्तो', 'जस्ता', 'जस्ती', 'यस्तो', 'यस्ता', 'यस्ती', 'त्यस्तो', 'त्यस्ता',
    'त्यस्ती', 'यति', 'त्यति', 'प्रत्येक', 'हरेक',
  ] },
  // interrogative and relative adverbs (क्रियाविशेषण)
  { pos: 'क्रियाविशेषण', headwords: true, words: [
    'कसरी', 'किन', 'कहाँ', 'कहिले', 'जसरी', 'जस्तै',
  ] },
  // numerals (सङ्ख्या)
  { pos: 'सङ्ख्या', headwords: true, words: [
    'एक', 'दुई', 'तीन', 'चार', 'पाँच', 'छ', 'सात', 'आठ', 'नौ', 'दस', 'सय', 'हजार', 'लाख', 'करोड', 'अर्ब', 'खर्ब', 'पहिलो', 'दोस्रो', 'तेस्रो', 'चौथो',
  ] },
  // adverbs of time, place and manner (क्रियाविशेषण)
  { pos: 'क्रियाविशेषण', headwords: true, words: [
    'अब', 'अहिले', 'आज', 'भोलि', 'हिजो', 'पर्सि', 'अस्ति', 'सधैँ', 'कहिलेकाहीँ', 'प्रायः', 'फेरि', 'पुनः', 'तुरुन्त', 'अझ', 'अझै', 'झन्',
    'यहाँ', 'त्यहाँ', 'जहाँ', 'यता', 'उता', 'कता', 'जता', 'माथि', 'तल', 'भित्र', 'बाहिर', 'अगाडि', 'पछाडि', 'अघि', 'पछि', 'नजिक', 'टाढा',
    'यसरी', 'त्यसरी', 'धेरै', 'थोरै', 'अलिअलि', 'अलि', 'निकै', 'एकदम', 'बिस्तारै', 'साथै', 'साथ', 'सहित', 'बिना', 'अनुसार', 'बारे', 'बित्तिकै',
  ] },
  // copula forms (छ/हो): the dictionary lists some as bare stems
  { pos: 'क्रिया', headwords: false, words: [
    'छ', 'छन्', 'छु', 'छौ', 'छौँ', 'छस्', 'छिन्', 'छे', 'छैन', 'छैनन्', 'छैनौँ', 'छैनौ', 'छैनस्', 'छैनिन्', 'हो', 'होइन', 'हुन्', 'हौँ', 'हौ',
    'थियो', 'थिए', 'थिइन्', 'थिएँ', 'थियौँ', 'थिएन', 'थिएनन्',
  ] },
];

export const FUNCTION_WORDS: ReadonlySet<string> = new Set(CLOSED_CLASS_GROUPS.flatMap((g) => g.words));

/** The conjunctions (the संयोजक group above). */
export const CONJUNCTION_WORDS: ReadonlySet<string> = new Set(CLOSED_CLASS_GROUPS.filter((g) => g.pos === 'संयोजक').flatMap((g) => g.words));

/** The pronouns and their case forms, in the standard's spelling (the सर्वनाम group above). */
export const PRONOUNS: ReadonlySet<string> = new Set(CLOSED_CLASS_GROUPS.filter((g) => g.pos === 'सर्वनाम').flatMap((g) => g.words));

/**
 * Function words that take postpositions like nouns do (pronouns,
 * demonstratives, interrogatives, numerals, adverbs of time and place:
 * उनीहरूलाई, त्यसपछि, आजसम्म, यहाँबाट); conjunctions, particles and the
 * copula do not (छमा is not a word).
 */
export const NOMINAL_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'म', 'हामी', 'तँ', 'तिमी', 'तपाईं', 'तपाईँ', 'हजुर', 'ऊ', 'उनी', 'उहाँ', 'यो', 'त्यो', 'यी', 'ती', 'यिनी', 'तिनी', 'यस', 'त्यस', 'उस',
  'यिन', 'तिन', 'उन', 'आफू', 'आफ्नो', 'आफ्ना', 'आफ्नी', 'आफैँ', 'आफैं', 'स्वयं', 'के', 'को', 'कुन', 'कति', 'कहाँ', 'कहिले', 'केही', 'कोही', 'कुनै', 'जो',
  'जुन', 'जे', 'जति', 'यति', 'त्यति', 'सबै', 'अरू', 'अन्य', 'प्रत्येक', 'हरेक', 'एक', 'दुई', 'तीन', 'चार', 'पाँच', 'सात', 'आठ', 'नौ', 'दस',
  'सय', 'हजार', 'लाख', 'करोड', 'अर्ब', 'खर्ब', 'पहिलो', 'दोस्रो', 'तेस्रो', 'चौथो', 'अब', 'अहिले', 'आज', 'भोलि', 'हिजो', 'पर्सि', 'अस्ति',
  'यहाँ', 'त्यहाँ', 'जहाँ', 'यता', 'उता', 'कता', 'जता', 'माथि', 'तल', 'भित्र', 'बाहिर', 'अगाडि', 'पछाडि', 'अघि', 'पछि', 'नजिक', 'टाढा',
  'धेरै', 'थोरै',
  // the particles of listing close a noun phrase, which then takes its case marker (कृषि आदिको, शिक्षा लगायतका)
  'आदि', 'इत्यादि', 'लगायत',
]);

