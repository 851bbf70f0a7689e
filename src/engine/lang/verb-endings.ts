// The endings of the Nepali verb paradigm: one list, which the
// spellchecker's morphology reads a verb form with (stem + ending, the
// stem's infinitive a dictionary or real text has), and the romanizer's
// split stage joins to a typed stem (roman/inflection.ts, in the form that
// follows a consonant stem, with the compounds it reads whole).

import { groupByLast } from './text.js';

/**
 * Endings of the Nepali verb paradigm, as they follow the stem of the
 * infinitive (गर्|नु, रिसाउ|नु, खा|नु): participles, converbs, finite
 * forms (-इस्, -इनस्: the past of तँ, गरिस्, गरिनस्; -नाले, the oblique
 * infinitive with ले: गर्नाले 'because of doing'; the past habitual -थ्यो, -थे: गर्थ्यो,
 * खान्थे, बनाउँथ्यो). Read with the stem's last letter: a consonant stem loses its
 * halanta before a vowel sign (गर्+ेको = गरेको), an -आउ stem its उ before
 * ए/य (रिसाउ+एको = रिसाएको).
 */
export const VERB_ENDINGS: readonly string[] = [
  'एको', 'एका', 'एकी', 'एकाले', 'एर', 'एन', 'एनन्', 'ए', 'एँ', 'एस्', 'यो', 'यौ', 'यौँ', 'इन्', 'इस्', 'इनस्', 'ई', 'इयो', 'इएको', 'इन्छ', 'इने', 'इँदै',
  'ेको', 'ेका', 'ेकी', 'ेर', 'ेन', 'ेनन्', 'े', 'ेँ', '्यो', '्यौ', '्यौँ', 'िन्', 'िस्', 'िनस्', 'ी', 'िएको', 'िन्छ', 'िने', 'िँदै',
  'छ', 'छन्', 'छु', 'छौ', 'छौँ', 'छिन्', 'छे', 'छस्', 'ँछ', 'ँछन्', 'ँछु', 'ँछौ', 'ँछौँ', 'ँछिन्', 'न्छ', 'न्छन्', 'न्छु', 'न्छौ', 'न्छौँ', 'न्छिन्',
  'दै', 'ँदै', 'दा', 'ँदा', 'दो', 'ँदो', 'दी', 'ँदी', 'दैन', 'ँदैन', 'दैनन्', 'ँदैनन्', 'ने', 'न', 'नाले', 'नु', 'नेछ', 'नेछन्', 'ला', 'लान्',
  // the optative and its first persons: खाओस्, खाऊँ, खाऔँ after a vowel stem; गरोस्, गरूँ, गरौँ after a consonant stem
  'ओस्', 'ऊ', 'ऊँ', 'औँ', 'ोस्', 'ूँ', 'ौँ',
  // the negative persons the forms above lack: present म गर्दिनँ, ऊ (स्त्री) गर्दिन,
  // उनी गर्दिनन्, तँ गर्दैनस्, तिमी गर्दैनौ, हामी गर्दैनौँ (जाँदिनँ after a vowel
  // stem); past म गरिनँ, खाइनँ; future उनी गर्नेछिन्
  'दिनँ', 'ँदिनँ', 'दिन', 'ँदिन', 'दिनन्', 'ँदिनन्', 'दैनस्', 'ँदैनस्', 'दैनौ', 'ँदैनौ', 'दैनौँ', 'ँदैनौँ',
  'िनँ', 'इनँ', 'इनन्', 'िनन्', 'एनौ', 'एनौँ', 'ेनौ', 'ेनौँ', 'नेछिन्', 'नेछु', 'नेछौ', 'नेछौँ', 'नेछस्',
  // the probable future's persons (म गरुँला, जाउँला; तिमी गरौला; तँ गर्लास्; ऊ (स्त्री) गर्ली; not उनी गर्लिन्, rare, which
  // would make names in -लिन (बर्लिन) one halanta from a form),
  // the feminine future गर्नेछे and the negative past habitual (म गर्दिनथेँ, उनी गर्दिनथिन्)
  'ुँला', 'ौँला', 'औँला', 'ौला', 'औला', 'लास्', 'ली', 'नेछे',
  'उँला', 'दिनथेँ', 'ँदिनथेँ', 'दिनथिन्', 'ँदिनथिन्', 'दिनथी', 'ँदिनथी',
  'दैनथ्यो', 'ँदैनथ्यो', 'दैनथे', 'ँदैनथे', 'दैनथिस्', 'ँदैनथिस्', 'दैनथ्यौ', 'ँदैनथ्यौ', 'दैनथ्यौँ', 'ँदैनथ्यौँ',
  // तँ and the feminine ऊ of the present and past habitual (तँ खान्छस्, ऊ आउँछे, ऊ खान्थी)
  'छस्', 'न्छस्', 'ँछस्', 'न्छे', 'ँछे', 'थिस्', 'न्थिस्', 'ँथिस्', 'थी', 'न्थी', 'ँथी',
  // the evidential past (गरेछ, खाएछन्: what one finds has happened)
  'एछ', 'एछन्', 'एछु', 'एछौ', 'एछिन्', 'ेछ', 'ेछन्', 'ेछु', 'ेछौ', 'ेछिन्',
  'थ्यो', 'थे', 'थेँ', 'थिन्', 'थ्यौ', 'थ्यौँ', 'न्थ्यो', 'न्थे', 'न्थेँ', 'न्थिन्', 'न्थ्यौ', 'न्थ्यौँ', 'ँथ्यो', 'ँथे', 'ँथिन्',
].slice().sort((a, b) => b.length - a.length);

/** VERB_ENDINGS by their last code unit, longest first in each list: a word is tried only against the endings it can end with. */
export const VERB_ENDINGS_BY_LAST = groupByLast(VERB_ENDINGS);
