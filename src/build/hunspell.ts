// Importer of the hunspell-ne dictionary (Madan Puraskar Pustakalaya, LGPL-2.1):
// parses ne_NP.aff / ne_NP.dic, repairs the known defects of the data, and
// expands every stem into the surface forms hunspell itself would accept.
// The .aff parser is hunspell-aff.ts.
//
// Expansion follows hunspell 1.7's checking semantics (affixmgr.cxx /
// affentry.cxx), read backwards as generation:
//   - SFX/PFX rule: the stem must end (start) with `strip` and match the
//     condition; the stripped stem may not become empty (no FULLSTRIP).
//   - cross product: a prefix combines with a suffix when both classes say Y
//     and the prefix is allowed on the root: the root carries the prefix flag,
//     or a suffix's continuation class carries it (hunspell-ne writes `/17X`
//     on verb endings so that the negative prefix न- goes with them even
//     though no stem has flag 17: नगर्नु, नगरेको).
//   - continuation classes: a suffix whose continuation names another suffix
//     class gets that class as a second suffix (hunspell's two-level suffix
//     stripping: गरेका + हरू, गर्ने + लाई). The outer suffix's own
//     continuation is not followed (hunspell strips two suffixes at most),
//     except that a prefix flag there allows the prefix.
//   - NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD, FULLSTRIP are honoured.
//     ne_NP.aff 7.5.0 has none of them (its directives are SET, TRY, FLAG,
//     REP, SFX, PFX), but a later data version may add them, and without them
//     the importer would silently accept forms hunspell rejects. Directives
//     that change validity in ways this importer does not model (compounding,
//     circumfixes, flag aliases, input conversion) stop the build instead.
//
// Every stem and every produced form goes through normalizeWord, so the
// forms meet the service's lookup keys.

import { DataFormatError } from './errors.js';
import { bump, conditionOf, parseAffix, parseFlagList, splitLines, type AffixClass, type AffixRule, type AffixTable } from './hunspell-aff.js';
import { HUNSPELL_CLASSES, VERB_CLASS_SIGNS, type AffixClassSign } from '../engine/lang/hunspell-classes.js';
import { WORD_LETTERS_AND_SIGNS } from '../engine/lang/letters.js';
import { normalizeWord } from '../engine/lang/normalize.js';

// ---------------------------------------------------------------------------
// Types

export interface HunspellStem {
  stem: string;
  flags: number[];
  /** First line of the .dic that has this stem (1-based, the count line is line 1). */
  line: number;
}

export interface ExpandedForm {
  form: string;
  stem: string;
  /** Prefix added ("" when none), e.g. "न". */
  prefix: string;
  /** Everything after the part of the stem the suffixes keep ("" when none), e.g. "ेकाहरू" for गर् -> गरेकाहरू. */
  suffix: string;
  /**
   * The class that produced the form: the outermost suffix class when there is a suffix (19 for
   * गरेकोले), else the prefix class (न + stem), or null for the bare stem. A prefix is always
   * visible in `prefix`, so the suffix class is kept here rather than the prefix's.
   */
  flag: number | null;
}

export interface HunspellImport {
  affix: AffixTable;
  stems: HunspellStem[];
  forms: ExpandedForm[];
  report: {
    /** Physical lines of the .dic, the count line included. */
    lines: number;
    /** Distinct normalized stems. */
    stems: number;
    /** Distinct surface forms (strings). */
    distinctForms: number;
    /**
     * Defects repaired, by kind. .dic kinds count lines (crlf, bom, zwj, zwnj, invisibleChar,
     * colonVisarga, nfc, stemEdgeSpace, stemInnerSpaces, lineTrailingSpace, missingFlagSlash,
     * parentheticalNote, duplicateMerged, flagSuffixX); formNormalized counts produced forms that
     * needed normalizing again; "aff:" kinds count occurrences in the .aff.
     */
    repairs: Record<string, number>;
    skipped: { line: number; reason: string }[];
  };
}

// ---------------------------------------------------------------------------
// .dic

interface DicParse {
  stems: HunspellStem[];
  lines: number;
  repairs: Record<string, number>;
  skipped: { line: number; reason: string }[];
}

// ASCII ':' that normalizeWord turns into visarga (same lookbehind as src/engine/lang/normalize.ts).
const COLON_AFTER_DEVANAGARI = new RegExp(`(?<=[${WORD_LETTERS_AND_SIGNS}]):`);
const OTHER_INVISIBLES = /[\u200B\u2060\u00AD]/;
// "जोल्टो14": the flags follow the word without their "/".
const GLUED_FLAGS = /^(.*[^\x00-\x7F])(\d+(?:,\d+)*)$/s;
// "श्रीसिया (नउ.टा.जा.)": a note in parentheses after the word.
const TRAILING_NOTE = /^(.*\S)\s*\([^()]*\)$/s;

/** Trims spaces, tabs and no-break spaces, but not U+FEFF (String.trim would, hiding the defect). */
function trimSpaces(s: string): string {
  return s.replace(/^[ \t\u00A0]+|[ \t\u00A0]+$/g, '');
}

/**
 * knownFlags: when given (the .aff's classes), a word with digits glued to it
 * ("जोल्टो14") is split only if every glued number is one of them, so that a
 * word really ending in ASCII digits is left alone.
 */
function parseDicDetailed(text: string, file: string, knownFlags?: ReadonlySet<number>): DicParse {
  const { lines, crlf, bom } = splitLines(text);
  const repairs: Record<string, number> = {};
  const skipped: { line: number; reason: string }[] = [];
  bump(repairs, 'crlf', crlf);
  if (bom) bump(repairs, 'bom');

  if (lines.length === 0) throw new DataFormatError(file, 1, 'empty .dic file (the first line must be the word count)');
  const header = trimSpaces(lines[0]!);
  if (!/^\d+$/.test(header)) throw new DataFormatError(file, 1, `first line must be the word count, found "${header}"`);

  const byStem = new Map<string, HunspellStem>();
  const order: HunspellStem[] = [];

  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    let entry = lines[i]!;
    if (trimSpaces(entry) === '') {
      skipped.push({ line: lineNo, reason: 'empty line' });
      continue;
    }
    // A tab starts hunspell's morphological fields ("गर्/1\t[क्रि]").
    const tab = entry.indexOf('\t');
    if (tab >= 0) entry = entry.slice(0, tab);

    // Split word and flags at the first "/" that is not the first character
    // (hunspell: a leading "/" belongs to the word).
    const slash = entry.indexOf('/', 1);
    let word = slash >= 0 ? entry.slice(0, slash) : entry;
    let flagText = slash >= 0 ? entry.slice(slash + 1) : '';
    if (slash >= 0 && flagText !== trimSpaces(flagText)) {
      bump(repairs, 'lineTrailingSpace');
      flagText = trimSpaces(flagText);
    }
    if (slash >= 0 && flagText === '') throw new DataFormatError(file, lineNo, 'empty flag list after "/"');

    // Invisible characters are counted before any trimming: String.trim and
    // \s would silently eat U+FEFF.
    if (word.includes('\uFEFF')) bump(repairs, 'bom');
    if (word.includes('\u200D')) bump(repairs, 'zwj');
    if (word.includes('\u200C')) bump(repairs, 'zwnj');
    if (OTHER_INVISIBLES.test(word)) bump(repairs, 'invisibleChar');
    if (word !== trimSpaces(word)) {
      bump(repairs, 'stemEdgeSpace');
      word = trimSpaces(word);
    }
    if (/[ \t]{2,}/.test(word)) {
      bump(repairs, 'stemInnerSpaces');
      word = word.replace(/[ \t]{2,}/g, ' ');
    }
    if (slash < 0) {
      const g = GLUED_FLAGS.exec(word);
      if (g && (!knownFlags || g[2]!.split(',').every((f) => knownFlags.has(Number(f))))) {
        bump(repairs, 'missingFlagSlash');
        word = g[1]!;
        flagText = g[2]!;
      }
    }
    if (/^\([^()]*\)$/.test(word)) {
      // "(क्रियो)": a part-of-speech tag that slipped into the word list.
      skipped.push({ line: lineNo, reason: `not a word: "${word}" is a note in parentheses` });
      continue;
    }
    const note = TRAILING_NOTE.exec(word);
    if (note) {
      bump(repairs, 'parentheticalNote');
      word = note[1]!;
    }
    if (COLON_AFTER_DEVANAGARI.test(word)) bump(repairs, 'colonVisarga');
    if (word.normalize('NFC') !== word) bump(repairs, 'nfc');
    const stem = trimSpaces(normalizeWord(word));
    if (stem === '') {
      skipped.push({ line: lineNo, reason: 'no word left after removing invisible characters' });
      continue;
    }
    const flags = parseFlagList(flagText, file, lineNo, repairs);

    const prev = byStem.get(stem);
    if (prev) {
      // Duplicates (exact, or equal once repaired): one stem, flags merged.
      bump(repairs, 'duplicateMerged');
      for (const f of flags) if (!prev.flags.includes(f)) prev.flags.push(f);
      prev.flags.sort((a, b) => a - b);
      continue;
    }
    const s: HunspellStem = { stem, flags: [...flags].sort((a, b) => a - b), line: lineNo };
    byStem.set(stem, s);
    order.push(s);
  }
  return { stems: order, lines: lines.length, repairs, skipped };
}

export function parseDic(text: string, file: string): HunspellStem[] {
  return parseDicDetailed(text, file).stems;
}

// ---------------------------------------------------------------------------
// Expansion

function applySuffix(word: string, rule: AffixRule, affix: AffixTable): string | null {
  if (rule.strip !== '' && !word.endsWith(rule.strip)) return null;
  const base = word.length - rule.strip.length;
  if (base <= 0 && !affix.fullStrip) return null;
  const cond = conditionOf(rule, 'SFX');
  if (cond.re ? !cond.re.test(word) : countCodePoints(word, cond.length) < cond.length) return null;
  return word.slice(0, base) + rule.add;
}

function applyPrefix(word: string, rule: AffixRule, affix: AffixTable): string | null {
  if (rule.strip !== '' && !word.startsWith(rule.strip)) return null;
  if (word.length - rule.strip.length <= 0 && !affix.fullStrip) return null;
  const cond = conditionOf(rule, 'PFX');
  if (cond.re ? !cond.re.test(word) : countCodePoints(word, cond.length) < cond.length) return null;
  return rule.add + word.slice(rule.strip.length);
}

/** Code points in s, counting no further than `limit`. */
function countCodePoints(s: string, limit: number): number {
  let n = 0;
  for (const _ of s) {
    if (++n >= limit) break;
  }
  return n;
}

function has(flags: readonly number[], flag: number | null): boolean {
  return flag !== null && flags.includes(flag);
}

/** An affix (rule of a class) that may not end a word: it needs another affix, or it only lives in compounds. */
function blocksAlone(rule: AffixRule, affix: AffixTable): boolean {
  return has(rule.continuation, affix.needAffix);
}

function excluded(rule: AffixRule, affix: AffixTable): boolean {
  return has(rule.continuation, affix.onlyInCompound);
}

// Prefix and suffix strings repeat across hundreds of thousands of forms;
// one normalized copy of each keeps the expansion's memory to the forms.
const tails = new Map<string, string>();
function tail(s: string): string {
  if (s === '') return '';
  let t = tails.get(s);
  if (t === undefined) {
    t = normalizeWord(s);
    tails.set(s, t);
  }
  return t;
}

/** A suffixed form: one suffix, or an inner and an outer one (two-level). */
interface SuffixStep {
  form: string;
  /** Stem characters kept at the front. */
  keep: number;
  inner: { cls: AffixClass; rule: AffixRule };
  outer: { cls: AffixClass; rule: AffixRule } | null;
}

export function expandStem(stem: HunspellStem, affix: AffixTable): ExpandedForm[] {
  return expand(stem, affix, { normalizedForms: 0 });
}

function expand(stem: HunspellStem, affix: AffixTable, stats: { normalizedForms: number }): ExpandedForm[] {
  const root = normalizeWord(stem.stem);
  const rootFlags = stem.flags;
  const out: ExpandedForm[] = [];
  if (root === '' || has(rootFlags, affix.onlyInCompound)) return out;

  const seen = new Set<string>();
  const emit = (form: string, prefix: string, suffix: string, flag: number | null): void => {
    const f = normalizeWord(form);
    if (f !== form) stats.normalizedForms++;
    const key = `${f}\u0001${prefix}\u0001${suffix}\u0001${flag}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ form: f, stem: root, prefix: tail(prefix), suffix: tail(suffix), flag });
  };

  // Stage 1: the bare stem.
  if (!has(rootFlags, affix.needAffix)) emit(root, '', '', null);

  // Classes the root carries, and prefix classes, which may also be reached
  // through a suffix's continuation (hunspell-ne's /17X).
  const prefixClasses: AffixClass[] = [];
  for (const cls of affix.classes.values()) if (cls.kind === 'PFX') prefixClasses.push(cls);

  // Suffix classes usable on this root: its own, plus those a prefix's
  // continuation names (only together with that prefix, see stage 4).
  const ownSuffixClasses: AffixClass[] = [];
  for (const f of rootFlags) {
    const cls = affix.classes.get(f);
    if (cls && cls.kind === 'SFX') ownSuffixClasses.push(cls);
  }

  // Stage 2: suffixes, one level and two levels, on the root's own classes.
  const steps = suffixSteps(root, ownSuffixClasses, affix);
  for (const s of steps) {
    const last = s.outer ?? s.inner;
    if (excluded(s.inner.rule, affix) || (s.outer && excluded(s.outer.rule, affix))) continue;
    // NEEDAFFIX on the inner suffix is met by the outer one.
    if (s.outer ? blocksAlone(s.outer.rule, affix) : blocksAlone(s.inner.rule, affix)) continue;
    emit(s.form, '', s.form.slice(s.keep), last.cls.flag);
  }

  // Stage 3: prefixes on the bare root (root must carry the prefix flag).
  for (const p of prefixClasses) {
    if (!rootFlags.includes(p.flag)) continue;
    for (const rule of p.rules) {
      if (excluded(rule, affix) || blocksAlone(rule, affix)) continue;
      const form = applyPrefix(root, rule, affix);
      if (form !== null) emit(form, rule.add, '', p.flag);
    }
  }

  // Stage 4: prefix x suffix (cross product). hunspell (PfxEntry::checkword ->
  // SfxEntry::checkword / check_twosfx) accepts prefix P with the suffixes
  // when P and the suffix classes are cross-product, and P is allowed:
  //   one suffix a:        root has P, or a's continuation has P;
  //   inner a + outer b:   b's continuation has P (then a needs no cross
  //                        product), or a is cross-product and (root has P,
  //                        or a's continuation has P).
  // A prefix's own continuation may name suffix classes the root lacks.
  for (const p of prefixClasses) {
    if (!p.crossProduct) continue;
    const rootHasP = rootFlags.includes(p.flag);
    for (const prule of p.rules) {
      if (excluded(prule, affix)) continue;
      const extra: AffixClass[] = [];
      for (const f of prule.continuation) {
        const cls = affix.classes.get(f);
        if (cls && cls.kind === 'SFX' && !ownSuffixClasses.includes(cls)) extra.push(cls);
      }
      const candidates = extra.length > 0 ? steps.concat(suffixSteps(root, extra, affix)) : steps;
      for (const s of candidates) {
        if (excluded(s.inner.rule, affix) || (s.outer && excluded(s.outer.rule, affix))) continue;
        const viaPrefixCont = !ownSuffixClasses.includes(s.inner.cls);
        let allowed: boolean;
        if (s.outer === null) {
          allowed = s.inner.cls.crossProduct && (rootHasP || s.inner.rule.continuation.includes(p.flag));
        } else if (!s.outer.cls.crossProduct) {
          allowed = false;
        } else if (s.outer.rule.continuation.includes(p.flag) && !viaPrefixCont) {
          allowed = true;
        } else {
          allowed = s.inner.cls.crossProduct && (rootHasP || s.inner.rule.continuation.includes(p.flag));
        }
        if (!allowed) continue;
        // NEEDAFFIX: the prefix and the suffixes satisfy each other's need,
        // except when every piece of the word carries it.
        const pieces = [prule, s.inner.rule, ...(s.outer ? [s.outer.rule] : [])];
        if (pieces.every((r) => blocksAlone(r, affix))) continue;
        // The prefix condition is tested on the suffixed word, as hunspell
        // tests it after removing the prefix from the whole word.
        const form = applyPrefix(s.form, prule, affix);
        if (form === null) continue;
        emit(form, prule.add, s.form.slice(s.keep), (s.outer ?? s.inner).cls.flag);
      }
    }
  }
  return out;
}

/** All one- and two-level suffixings of root through the given classes. */
function suffixSteps(root: string, classes: readonly AffixClass[], affix: AffixTable): SuffixStep[] {
  const steps: SuffixStep[] = [];
  for (const cls of classes) {
    for (const rule of cls.rules) {
      const form1 = applySuffix(root, rule, affix);
      if (form1 === null) continue;
      const keep1 = root.length - rule.strip.length;
      const inner = { cls, rule };
      steps.push({ form: form1, keep: keep1, inner, outer: null });
      for (const f of rule.continuation) {
        const outerCls = affix.classes.get(f);
        if (!outerCls || outerCls.kind !== 'SFX') continue;
        for (const orule of outerCls.rules) {
          const form2 = applySuffix(form1, orule, affix);
          if (form2 === null) continue;
          // An outer strip longer than the inner addition eats into the stem.
          const keep2 = Math.min(keep1, form1.length - orule.strip.length);
          steps.push({ form: form2, keep: keep2, inner, outer: { cls: outerCls, rule: orule } });
        }
      }
    }
  }
  return steps;
}

// ---------------------------------------------------------------------------
// Whole import

export function importHunspell(affText: string, dicText: string, files: { aff: string; dic: string }): HunspellImport {
  const affix = parseAffix(affText, files.aff);
  const dic = parseDicDetailed(dicText, files.dic, new Set(affix.classes.keys()));

  const repairs: Record<string, number> = { ...dic.repairs };
  for (const [k, v] of Object.entries(affix.repairs)) bump(repairs, `aff:${k}`, v);

  // FORBIDDENWORD: a forbidden stem's forms are taken out of the whole list,
  // whichever stem produced them (hunspell: "affixed forms are also forbidden").
  const forbidden = new Set<string>();
  const allowedStems: HunspellStem[] = [];
  for (const s of dic.stems) {
    if (s.flags.includes(affix.forbiddenWord)) {
      const flags = s.flags.filter((f) => f !== affix.forbiddenWord);
      for (const f of expandStem({ stem: s.stem, flags, line: s.line }, affix)) forbidden.add(f.form);
    } else {
      allowedStems.push(s);
    }
  }

  const forms: ExpandedForm[] = [];
  const distinct = new Set<string>();
  const stats = { normalizedForms: 0 };
  for (const s of allowedStems) {
    for (const f of expand(s, affix, stats)) {
      if (forbidden.has(f.form)) continue;
      forms.push(f);
      distinct.add(f.form);
    }
  }
  // Forms whose concatenation needed normalizing again (a stem and an affix
  // meeting in a non-NFC order, a ':' next to an added letter).
  bump(repairs, 'formNormalized', stats.normalizedForms);

  return {
    affix,
    stems: dic.stems,
    forms,
    report: { lines: dic.lines, stems: dic.stems.length, distinctForms: distinct.size, repairs, skipped: dic.skipped },
  };
}

// ---------------------------------------------------------------------------
// Part of speech

// What the inflection classes of ne_NP.aff (hunspell-ne 7.5.0) say about a
// stem. Evidence: the rules themselves, and a cross-tabulation of every .dic
// flag set with the part-of-speech tags of the same words in mythes-ne
// (th_ne_NP_v2.dat; verb stems looked up as stem+नु, stem-्+नु):
//   verb   1  गर् अड् अराल्: ्-final roots; नु, ने, छ, ेको, ेर, दै ... (the .dic even
//             tags गर्/1 "[क्रि]"); thesaurus: 14 सक्रि, 5 अक्रि, 3 ना of 22 tagged.
//          8  अल्झ अर्पि उघ्र: vowel-final roots; नु, न्छ, ेको, एको ...; 47 verb tags
//             (अक्रि/कक्रि/सक्रि) of 84 tagged; the 35 ना are -आइ roots that are also
//             deverbal nouns (अँकाइ), which the verb reading still covers.
//          9  अराउ उड्काउ: उ-final causative roots; ँछ, एको, ँदै; 23 verb tags of 29.
//         10  छो रो धो ग भ थि: एर, एको, ए, एछ (धोएर, गएको, भए, थियो).
//         11  जा होइ: नु, न्छ, ँदै.    12  हो: होला, होस्, होइन, होऊँ.
//   pronoun 16 उस यस त्यस को जो यो आफू तिमी हामी म तँ उनी तिनी उहाँ तपाईँ: बाट,
//             सित, सँग, द्वारा without को/का (their genitive is irregular: मेरो, उसको).
//          2  उस् यस् कस् जस् त्यस्: उसको, उसले, उसरी.  6 म तँ: मेरो, मैले, तेरो.
//          7  तिमी हामी आफू: तिम्रो, हाम्रो, आफ्रो.
//   adjective 14: -ो words with -ा/-ी agreement (अग्लो अग्ला अग्ली); 51 वि, 9 ना
//             (nominalized adjectives: बहिरो, लँगडो), 3 both, of 63 tagged.
//          5  उस्त् कस्त् जस्त्: उस्तो, उस्ता, उस्तै (pronominal adjectives).
//   adverb 3  क ज य त्य: कहाँ, जहाँ, यहाँ, त्यहाँ.
//   noun   18 plural हरू (with 15 on 4,768 stems): 754 ना, 27 वि, 14 both, of 799 tagged.
// Unclear, so no answer: 15 alone (case endings को का मा ले लाई ...; 956 ना but
// 94 वि and 12 क्रियो of 1,089 tagged, and many proper names: सबै, धेरै,
// एमाले), 19 (कसै अर्का अर्को छात्रा), 13 (तिन कुन जुन जे त्यहाँ भोलि), 4 (उत् कत्:
// उता, कति, उत्रो), 17 (the prefix न-).
//
// The classes are named by number (src/engine/lang/hunspell-classes.ts), so
// each is checked against the rule it was studied with: with another .aff
// (renumbered classes) the check fails and the function answers null
// rather than a wrong part of speech.
const C = HUNSPELL_CLASSES;
const POS_RULES: { pos: string; classes: readonly AffixClassSign[] }[] = [
  { pos: 'क्रिया', classes: VERB_CLASS_SIGNS },
  { pos: 'सर्वनाम', classes: [C.pronoun, C.pronounRoot, C.pronounMa, C.pronounTimi] },
  { pos: 'विशेषण', classes: [C.adjective, C.pronominalAdjective] },
  { pos: 'क्रियाविशेषण', classes: [C.adverb] },
  { pos: 'नाम', classes: [C.plural] },
];

/**
 * The classes that put case endings (15: को का मा ले लाई ...) or the plural
 * (18: हरू) straight on a stem. A verb stem carrying one is also a noun
 * written the same way: जन्म/8,15 (जन्मनु and जन्म, birth), लडाइ/8,15
 * (लडाइनु and लडाइ, war), हरि/8,15,18, दबाउ/9,15. 160 verb stems of
 * hunspell-ne 7.5 do.
 */
const NOMINAL_SIGNS: readonly AffixClassSign[] = [C.caseEndings, C.plural];

/** The nominal classes (NOMINAL_SIGNS) among a stem's flags, checked against the studied .aff; empty when it has none. */
export function nominalClasses(flags: number[], affix: AffixTable): number[] {
  return NOMINAL_SIGNS.filter((sign) => flags.includes(sign.flag) && classMatches(sign, affix)).map((sign) => sign.flag);
}

function classMatches(sign: AffixClassSign, affix: AffixTable): boolean {
  const cls = affix.classes.get(sign.flag);
  return !!cls && cls.kind === sign.kind && cls.rules.some((r) => r.add === sign.add);
}

/** Part of speech a stem's inflection classes imply, as a Nepali name (e.g. 'क्रिया' for verb classes), or null when they do not tell. */
export function partOfSpeechForClasses(flags: number[], affix: AffixTable): string | null {
  // Checked in order: a verb class decides even next to a nominal one
  // (दबाउ/9,15), a pronoun class next to the plural (तिमी/7,16,18).
  for (const { pos, classes } of POS_RULES) {
    for (const sign of classes) {
      if (flags.includes(sign.flag) && classMatches(sign, affix)) return pos;
    }
  }
  return null;
}

/**
 * The classes this service reads by number (HUNSPELL_CLASSES: the
 * spellchecker's verb and case-ending classes, the importer's
 * part-of-speech and bound-root classes) that the .aff does not have as
 * studied, as messages; empty when all match. The build stops on any.
 */
export function classMismatches(affix: AffixTable): string[] {
  return Object.entries(HUNSPELL_CLASSES)
    .filter(([, sign]) => !classMatches(sign, affix))
    .map(([name, sign]) => `affix class ${sign.flag} is not the ${sign.kind} class with "${sign.add}" read as ${name} (src/engine/lang/hunspell-classes.ts)`);
}
