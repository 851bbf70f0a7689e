// The answer of /v2/check in LanguageTool's shape (its
// RuleMatchesAsJsonSerializer), with every field its clients read present:
// LibreOffice 7.4 and language_tool_python throw on a missing one, and
// gramma reads the matched word out of `context`.
//
// - One match per occurrence of a word, sorted by offset, never overlapping.
// - `offset` and `length` in UTF-16 code units of what the client sent
//   (markup included, for `data`); `context` is up to 40 units either side
//   in that same text, newlines as spaces, "..." where it is cut, never
//   cutting a surrogate pair; `sentence` is the plain sentence that holds
//   the match, trimmed.
// - `sentenceRanges`: [from, to] of each sentence, trimmed, in the client's
//   offsets. A sentence ends after । ॥ . ? ! (and closing quotes or
//   brackets) followed by white space or the end, or at a blank line.

import { isSpace as isTextSpace } from '../engine/lang/text.js';
import type { SpellcheckTextResult } from '../engine/results.js';
import type { AnnotatedText } from './annotated.js';
import { ruleOf, TYPOS, UNKNOWN_WORD_RULE, type LtRule } from './rules.js';

/** The one language: its name, LanguageTool's short code and long code. */
export const NEPALI = { name: 'Nepali', code: 'ne', longCode: 'ne-NP' } as const;

/** Characters of context either side of a match (LanguageTool's CONTEXT_SIZE). */
export const CONTEXT_SIZE = 40;
/** Replacements offered per match at most. */
export const MAX_REPLACEMENTS = 10;

export interface SoftwareInfo {
  version: string;
  buildDate: string;
}

export interface LtMatch {
  message: string;
  shortMessage: string;
  replacements: { value: string }[];
  offset: number;
  length: number;
  context: { text: string; offset: number; length: number };
  sentence: string;
  type: { typeName: string };
  rule: { id: string; subId?: string; description: string; issueType: string; category: { id: string; name: string } };
  ignoreForIncompleteSentence: boolean;
  contextForSureMatch: number;
}

/** The `software` block every answer of the check and info endpoints carries. */
function softwareBlock(info: SoftwareInfo): Record<string, unknown> {
  return { name: 'LanguageTool', version: info.version, buildDate: info.buildDate, apiVersion: 1, premium: false, status: '' };
}

const LANGUAGE_BLOCK = {
  name: NEPALI.name,
  code: NEPALI.longCode,
  detectedLanguage: { name: NEPALI.name, code: NEPALI.longCode, confidence: 1, source: 'fixed' },
} as const;

/** The match's context (module header). */
export function contextOf(text: string, from: number, to: number): { text: string; offset: number; length: number } {
  let start = from - CONTEXT_SIZE;
  let prefix = '...';
  if (start <= 0) {
    start = 0;
    prefix = '';
  } else if (isLowSurrogate(text.charCodeAt(start))) start--;
  let end = to + CONTEXT_SIZE;
  let postfix = '...';
  if (end >= text.length) {
    end = text.length;
    postfix = '';
  } else if (isHighSurrogate(text.charCodeAt(end - 1))) end++;
  const slice = text.slice(start, end);
  const body = slice.includes('\n') ? slice.replace(/\n/g, ' ') : slice;
  return { text: prefix + body + postfix, offset: prefix.length + from - start, length: to - from };
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** । ॥ . ? ! */
const isSentenceEnd = (c: number): boolean => c === 0x964 || c === 0x965 || c === 0x2e || c === 0x3f || c === 0x21;
/** What isSentenceEnd accepts, and the line break. */
const SENTENCE_END_OR_LINE = /[\u0964\u0965.?!\n]/g;
/** " ' ” ’ » ) ] */
const isCloser = (c: number): boolean => c === 0x22 || c === 0x27 || c === 0x201d || c === 0x2019 || c === 0xbb || c === 0x29 || c === 0x5d;
/** White space as JavaScript's \s reads it: the spellchecker's white space and the byte-order mark. */
const isSpace = (c: number): boolean => isTextSpace(c) || c === 0xfeff;

/**
 * The runs of the text between white space: never fewer than the words the
 * spellcheck's limits count (those are runs between fewer kinds of white
 * space that hold a letter or digit), and counted without a regular
 * expression: a text of at most MAX_TEXT_WORDS runs is within the word limit
 * without asking the slower word count.
 */
export function runCount(text: string): number {
  let n = 0;
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inRun) n++;
    inRun = !space;
  }
  return n;
}

/** The sentences of the plain text as [start, end) ranges, trimmed, empty ones left out. */
export function sentencesOf(plain: string): [number, number][] {
  const out: [number, number][] = [];
  const n = plain.length;
  let start = 0;
  const push = (end: number): void => {
    let a = start;
    let b = end;
    while (a < b && isSpace(plain.charCodeAt(a))) a++;
    while (b > a && isSpace(plain.charCodeAt(b - 1))) b--;
    if (b > a) out.push([a, b]);
    start = end;
  };
  // Only the characters that can end a sentence are looked at: the regular expression finds them faster than a loop over every character.
  SENTENCE_END_OR_LINE.lastIndex = 0;
  for (let m = SENTENCE_END_OR_LINE.exec(plain); m !== null; m = SENTENCE_END_OR_LINE.exec(plain)) {
    let i = m.index;
    const c = plain.charCodeAt(i);
    if (isSentenceEnd(c)) {
      let j = i + 1;
      while (j < n && isSentenceEnd(plain.charCodeAt(j))) j++;
      while (j < n && isCloser(plain.charCodeAt(j))) j++;
      if (j === n || isSpace(plain.charCodeAt(j))) push(j);
      i = j - 1;
    } else {
      // A blank line: a line break, white space without one, another line break.
      let j = i + 1;
      while (j < n && plain.charCodeAt(j) !== 0x0a && isSpace(plain.charCodeAt(j))) j++;
      if (j < n && plain.charCodeAt(j) === 0x0a) {
        push(j + 1);
        i = j;
      }
    }
    SENTENCE_END_OR_LINE.lastIndex = i + 1;
  }
  push(n);
  return out;
}

function messageOf(rule: LtRule, word: string, first: string | undefined, ruleText: string | undefined): { message: string; shortMessage: string } {
  if (rule === UNKNOWN_WORD_RULE) return { message: `‘${word}’ is in no word list of this service, and no word near it is.`, shortMessage: 'Unknown word' };
  if (rule.id === 'NEPALI_REAL_WORD_SPELLER_RULE') {
    return {
      message: `Possible spelling mistake: ‘${word}’ is a word, but ‘${first}’ is far more common and probably meant.`,
      shortMessage: 'Spelling mistake',
    };
  }
  if (rule.id === 'NEPALI_STANDARD_SPELLER_RULE') {
    return { message: `The Nepal Academy standard spells this ‘${first}’.${ruleText ? ` ${ruleText}।` : ''}`, shortMessage: 'Academy spelling' };
  }
  return { message: 'Possible spelling mistake found.', shortMessage: 'Spelling mistake' };
}

export interface AnswerInput {
  text: AnnotatedText;
  /** The spellcheck result of the plain text (offsets in it), or null when nothing was checked. */
  result: SpellcheckTextResult | null;
  /** The rule ids left on (rules.ts activeRules). */
  active: ReadonlySet<string>;
  software: SoftwareInfo;
  /** The Nepali sentence of each orthography rule id (a standard correction's message quotes it). */
  ruleTexts: Readonly<Record<string, string>>;
}

/** What every occurrence of one finding (a word and its rule) writes alike: its message, replacements and rule, as JSON. */
interface Finding {
  /** `"message":...,"shortMessage":...,"replacements":[...]` */
  head: string;
  /** `"type":{...},"rule":{...},"ignoreForIncompleteSentence":false,"contextForSureMatch":0}` */
  tail: string;
}

const json = JSON.stringify;

/** The characters JSON.stringify writes escaped: quote, backslash, controls, and any surrogate (a lone one is escaped). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;
/** A string as JSON.stringify writes it: a slice of Devanagari text is only quoted, which costs less than JSON.stringify's copy. */
const quoted = (s: string): string => (ESCAPED.test(s) ? json(s) : `"${s}"`);

/** The JSON after a match's sentence, per rule and subId (few of them): LtMatch's fields in its order. */
const TAILS = new Map<string, string>();
function tailOf(rule: LtRule, subId: string | undefined): string {
  const key = subId === undefined ? rule.id : `${rule.id}/${subId}`;
  let tail = TAILS.get(key);
  if (tail === undefined) {
    const r: LtMatch['rule'] = {
      id: rule.id,
      ...(subId === undefined ? {} : { subId }),
      description: rule.description,
      issueType: rule.issueType,
      category: { id: TYPOS.id, name: TYPOS.name },
    };
    tail = `"type":${json({ typeName: rule.typeName })},"rule":${json(r)},"ignoreForIncompleteSentence":false,"contextForSureMatch":0}`;
    TAILS.set(key, tail);
  }
  return tail;
}

function findingOf(
  rule: LtRule,
  word: string,
  corrections: readonly string[],
  subId: string | undefined,
  ruleTexts: Readonly<Record<string, string>>,
): Finding {
  const { message, shortMessage } = messageOf(rule, word, corrections[0], subId === undefined ? undefined : ruleTexts[subId]);
  let replacements = '';
  for (let i = 0; i < corrections.length && i < MAX_REPLACEMENTS; i++) replacements += `${i === 0 ? '' : ','}{"value":${quoted(corrections[i]!)}}`;
  return { head: `"message":${quoted(message)},"shortMessage":${quoted(shortMessage)},"replacements":[${replacements}]`, tail: tailOf(rule, subId) };
}

/**
 * The answer body of /v2/check (module header) as JSON: the text
 * JSON.stringify writes for an answer with LtMatch's fields in their order,
 * written here from pieces, since a 1,000-word text's answer is four times
 * its spellcheck result (every match carries its context, sentence and rule)
 * and the pieces every occurrence of a word or sentence shares are written
 * once.
 */
export function checkAnswerJson(input: AnswerInput): string {
  const { text, result, active } = input;
  const plainSentences = sentencesOf(text.plain);
  const found: { start: number; end: number; finding: Finding }[] = [];
  if (result !== null) {
    for (const w of result.misspelled) {
      const rule = ruleOf(w.category);
      if (!active.has(rule.id)) continue;
      const finding = findingOf(rule, w.word, w.corrections, w.rule, input.ruleTexts);
      for (const o of w.occurrences) found.push({ start: o.start, end: o.end, finding });
    }
    if (active.has(UNKNOWN_WORD_RULE.id)) {
      for (const w of result.unknown) {
        const finding = findingOf(UNKNOWN_WORD_RULE, w.word, [], undefined, input.ruleTexts);
        for (const o of w.occurrences) found.push({ start: o.start, end: o.end, finding });
      }
    }
  }
  found.sort((a, b) => a.start - b.start);

  // Pieces joined once: a string built by += is a rope, which costs more to encode as UTF-8 than the flat string join makes.
  const out: string[] = [];
  const head = json({ software: softwareBlock(input.software), warnings: { incompleteResults: false }, language: LANGUAGE_BLOCK });
  out.push(head.slice(0, -1), ',"matches":[');
  let lastEnd = -1;
  let s = 0;
  let sentenceAt = -1;
  let sentence = '';
  for (const f of found) {
    const offset = text.startOf(f.start);
    const end = text.endOf(f.end);
    // Words whose ends map into one markup's interpretAs can share a range: the first is kept.
    if (offset < lastEnd || end <= offset) continue;
    while (s < plainSentences.length - 1 && plainSentences[s]![1] <= f.start) s++;
    if (s !== sentenceAt) {
      const range = plainSentences[s];
      sentence = quoted(range === undefined ? '' : text.plain.slice(range[0], range[1]));
      sentenceAt = s;
    }
    const context = contextOf(text.original, offset, end);
    out.push(
      lastEnd === -1 ? '{' : ',{',
      f.finding.head,
      `,"offset":${offset},"length":${end - offset},"context":{"text":`,
      quoted(context.text),
      `,"offset":${context.offset},"length":${context.length}},"sentence":`,
      sentence,
      ',',
      f.finding.tail,
    );
    lastEnd = end;
  }
  out.push('],"sentenceRanges":[');
  plainSentences.forEach(([a, b], i) => out.push(`${i === 0 ? '' : ','}[${text.startOf(a)},${text.endOf(b)}]`));
  out.push(']}');
  return out.join('');
}
