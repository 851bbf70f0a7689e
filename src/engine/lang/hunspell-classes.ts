// The affix classes of hunspell-ne's ne_NP.aff (7.5.0) that the service
// reads by number. The store keeps, for every form the hunspell expansion
// made, the class that made it (FormRecord analyses) and, for every stem,
// its classes (HeadwordRecord entries): the spellchecker's morphology asks
// whether a form is a verb's by its class, and the importer
// (src/build/hunspell.ts, pipeline.ts) tells a stem's part of speech and
// its bound roots by them.
//
// Classes are named by number only, so each is given here with a rule it
// must have (its kind and one `add` of its rules, as studied in that .aff).
// The build checks every one of them against the .aff it imports
// (classMismatches in src/build/hunspell.ts) and stops on a mismatch, so an
// .aff that numbers its classes otherwise fails loudly instead of being
// read wrong. The evidence for each reading is in src/build/hunspell.ts
// ("Part of speech").

export interface AffixClassSign {
  flag: number;
  kind: 'PFX' | 'SFX';
  /** An `add` this class has in the studied .aff. */
  add: string;
}

const sfx = (flag: number, add: string): AffixClassSign => ({ flag, kind: 'SFX', add });

export const HUNSPELL_CLASSES = {
  /** Verbs: -्-final roots (गर् अड्: नु, ने, छ, ेको). */
  verbConsonantRoot: sfx(1, 'नु'),
  /** Verbs: vowel-final roots (अल्झ अर्पि: नु, न्छ, एको). */
  verbVowelRoot: sfx(8, 'न्छ'),
  /** Verbs: उ-final causative roots (अराउ उड्काउ: ँछ, एको, ँदै). */
  verbCausativeRoot: sfx(9, 'ँछ'),
  /** Verbs: छो रो धो ग भ थि (धोएर, गएको, भए, थियो). */
  verbShortRoot: sfx(10, 'एको'),
  /** Verbs: जा होइ (जान्छ, जाँदै). */
  verbJa: sfx(11, 'न्छ'),
  /** The verb हो (होला, होस्, होइन). */
  verbHo: sfx(12, 'ला'),
  /** Pronouns (उस यस को जो तिमी हामी म: बाट, सित, सँग, द्वारा). */
  pronoun: sfx(16, 'बाट'),
  /** Pronoun roots (उस् यस् कस्: उसको, उसले). */
  pronounRoot: sfx(2, 'को'),
  /** म, तँ (मेरो, मैले, तेरो). */
  pronounMa: sfx(6, 'ेरो'),
  /** तिमी, हामी, आफू (तिम्रो, हाम्रो). */
  pronounTimi: sfx(7, '्रो'),
  /** Adjectives in -ो with -ा/-ी agreement (अग्लो अग्ला अग्ली). */
  adjective: sfx(14, 'ा'),
  /** Pronominal adjective roots (उस्त् कस्त्: उस्तो, उस्ता). */
  pronominalAdjective: sfx(5, 'ो'),
  /** Adverbs of place (क ज य त्य: कहाँ, जहाँ). */
  adverb: sfx(3, 'हाँ'),
  /** Bound pronominal roots (उत् कत्: उता, कति, उत्रो). */
  pronominalRoot: sfx(4, 'रो'),
  /** The case endings (को का मा ले लाई ...): a stem that takes them is a noun. */
  caseEndings: sfx(15, 'को'),
  /** The plural हरू. */
  plural: sfx(18, 'हरू'),
} as const satisfies Record<string, AffixClassSign>;

const C = HUNSPELL_CLASSES;

/** The verb classes. */
export const VERB_CLASS_SIGNS: readonly AffixClassSign[] = [C.verbConsonantRoot, C.verbVowelRoot, C.verbCausativeRoot, C.verbShortRoot, C.verbJa, C.verbHo];

/** The verb classes, by number (the spellchecker's morphology: a form is a verb's when one of them made it). */
export const VERB_CLASSES: ReadonlySet<number> = new Set(VERB_CLASS_SIGNS.map((s) => s.flag));

/** The case-ending class, by number (the morphology: a headword that takes it is a noun). */
export const CASE_ENDING_CLASS = C.caseEndings.flag;
