// The .aff half of the hunspell-ne importer (hunspell.ts has the .dic, the
// expansion and the import): the affix table as hunspell 1.7 reads it, with
// the repairs the data needs, and the line and flag helpers both halves use.

import { DataFormatError } from './errors.js';
import { normalizeWord } from '../engine/lang/normalize.js';

export interface AffixRule {
  /** Characters removed from the stem's end (SFX) or start (PFX) before `add`; "" for hunspell's "0". */
  strip: string;
  /** Characters added; "" for hunspell's "0". */
  add: string;
  /** hunspell condition as written ("." = any), tested on the stem's end (SFX) or start (PFX). */
  condition: string;
  /** Continuation classes: affix flags the affixed form takes in turn (`/17X,19X` -> [17, 19]). */
  continuation: number[];
  /** Morphological fields after the condition (ne_NP.aff has "+अकर्मक" on two rules). */
  morph: string[];
  /** Line of the .aff the rule comes from. */
  line: number;
}

export interface AffixClass {
  flag: number;
  kind: 'PFX' | 'SFX';
  crossProduct: boolean;
  rules: AffixRule[];
}

export interface AffixTable {
  classes: Map<number, AffixClass>;
  /** SET: the only encoding accepted is UTF-8 (the caller hands decoded text). */
  encoding: string;
  /** FLAG: only "num" (comma-separated decimal flags) is supported. */
  flagType: 'num';
  /** NEEDAFFIX flag: a stem (or affix) with it is not a word by itself. */
  needAffix: number | null;
  /** ONLYINCOMPOUND flag: only inside compounds, which this data has none of, so never a form here. */
  onlyInCompound: number | null;
  /** FORBIDDENWORD flag (hunspell's default is 65510): the stem and its affixed forms are not words. */
  forbiddenWord: number;
  /** FULLSTRIP: a rule may strip the whole stem. */
  fullStrip: boolean;
  /** Directives read but irrelevant to which forms are valid (TRY, REP, ...), by name. */
  ignoredDirectives: string[];
  /** Quirks of the .aff met while parsing, by kind (e.g. "flagSuffixX": flags written `17X`). */
  repairs: Record<string, number>;
}

// ---------------------------------------------------------------------------
// .aff

// Directives that change which forms are valid in ways this importer does not
// model. Meeting one means the expansion would be wrong, so the build stops.
const UNSUPPORTED_DIRECTIVES = new Set([
  'AF',
  'AM',
  'IGNORE',
  'ICONV',
  'COMPLEXPREFIXES',
  'CIRCUMFIX',
  'COMPOUNDFLAG',
  'COMPOUNDBEGIN',
  'COMPOUNDMIDDLE',
  'COMPOUNDEND',
  'COMPOUNDLAST',
  'COMPOUNDRULE',
  'COMPOUNDPERMITFLAG',
  'COMPOUNDFORBIDFLAG',
  'COMPOUNDMIN',
  'COMPOUNDWORDMAX',
  'COMPOUNDROOT',
  'CHECKCOMPOUNDPATTERN',
  'SUBSTANDARD',
  'LEMMA_PRESENT',
  'PSEUDOROOT',
]);

/** hunspell's default FORBIDDENWORD flag (65510) applies when the .aff does not name one. */
export const DEFAULT_FORBIDDEN_WORD = 65510;
export const MAX_FLAG = 65535;

/** Lines of a text file without their line ends; counts CRLF ends and a leading BOM. */
export function splitLines(text: string): { lines: string[]; crlf: number; bom: boolean } {
  let bom = false;
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    bom = true;
  }
  const lines = text.split('\n');
  // A final line end does not start another line.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let crlf = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith('\r')) {
      lines[i] = l.slice(0, -1);
      crlf++;
    }
  }
  return { lines, crlf, bom };
}

export function bump(counts: Record<string, number>, kind: string, n = 1): void {
  if (n > 0) counts[kind] = (counts[kind] ?? 0) + n;
}

/**
 * One numeric flag. hunspell-ne writes continuation flags as `17X`; hunspell
 * reads flags with atoi, so `17X` is 17. Only that one quirk is accepted:
 * any other non-digit is a malformed flag.
 */
export function parseFlag(token: string, file: string, line: number, repairs: Record<string, number> | null): number {
  const m = /^(\d+)(X?)$/.exec(token);
  if (!m) throw new DataFormatError(file, line, `flag "${token}" is not a number (FLAG num)`);
  const flag = Number(m[1]);
  if (flag < 1 || flag > MAX_FLAG) throw new DataFormatError(file, line, `flag ${flag} is outside 1..${MAX_FLAG}`);
  if (m[2] && repairs) bump(repairs, 'flagSuffixX');
  return flag;
}

export function parseFlagList(list: string, file: string, line: number, repairs: Record<string, number> | null): number[] {
  if (list === '') return [];
  const flags: number[] = [];
  for (const token of list.split(',')) {
    const f = parseFlag(token, file, line, repairs);
    if (!flags.includes(f)) flags.push(f);
  }
  return flags;
}

/** A compiled condition: a regex anchored at the end (SFX) or start (PFX), or null for ".". */
export interface CompiledCondition {
  re: RegExp | null;
  /** Number of characters the condition spans; the stem must be at least this long. */
  length: number;
}

// With the regex `u` flag only syntax characters may be escaped, and "-" only inside a class.
function escapeOutside(ch: string): string {
  return /[\\^$.*+?()[\]{}|\/]/.test(ch) ? '\\' + ch : ch;
}
function escapeInside(ch: string): string {
  return /[\\^\]\[-]/.test(ch) ? '\\' + ch : ch;
}

/**
 * hunspell condition syntax: a sequence of single characters, "." (any
 * character) and bracket classes "[abc]" / "[^abc]". Inside brackets every
 * character is literal (hunspell has no ranges). Anything else is unreadable.
 */
function compileCondition(cond: string, kind: 'PFX' | 'SFX', file: string, line: number): CompiledCondition {
  const chars = Array.from(cond);
  const parts: string[] = [];
  let allAny = true;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '[') {
      // As libhunspell 1.7 reads it (checked with its spell()): "^" anywhere
      // inside the brackets negates the class and is not itself a member
      // ("[ा^]" = "[^ा]", "[^^]" = any character); "." inside is literal.
      let j = i + 1;
      let negate = false;
      const members: string[] = [];
      while (j < chars.length && chars[j] !== ']') {
        if (chars[j] === '[') throw new DataFormatError(file, line, `unreadable condition "${cond}": "[" inside a bracket class`);
        if (chars[j] === '^') negate = true;
        else members.push(chars[j]!);
        j++;
      }
      if (j >= chars.length) throw new DataFormatError(file, line, `unreadable condition "${cond}": "[" without "]"`);
      if (members.length === 0 && !negate) throw new DataFormatError(file, line, `unreadable condition "${cond}": empty bracket class`);
      if (members.length === 0) {
        parts.push('.');
      } else {
        parts.push('[' + (negate ? '^' : '') + members.map(escapeInside).join('') + ']');
        allAny = false;
      }
      i = j;
    } else if (ch === ']') {
      throw new DataFormatError(file, line, `unreadable condition "${cond}": "]" without "["`);
    } else if (ch === '.') {
      parts.push('.');
    } else {
      parts.push(escapeOutside(ch));
      allAny = false;
    }
  }
  if (parts.length === 0) throw new DataFormatError(file, line, 'empty condition');
  // A condition of dots only asks for length alone, which the length check covers.
  if (allAny) return { re: null, length: parts.length };
  const src = kind === 'SFX' ? '(?:' + parts.join('') + ')$' : '^(?:' + parts.join('') + ')';
  return { re: new RegExp(src, 'su'), length: parts.length };
}

// Compiled conditions live beside the table, keyed by rule, so that
// AffixTable stays plain data (the lead may serialize it).
const compiled = new WeakMap<AffixRule, CompiledCondition>();

export function conditionOf(rule: AffixRule, kind: 'PFX' | 'SFX'): CompiledCondition {
  let c = compiled.get(rule);
  if (!c) {
    c = compileCondition(rule.condition, kind, '<affix table>', rule.line);
    compiled.set(rule, c);
  }
  return c;
}

/** The header of the class being read announced more rules than came before `line`. */
function shortBlock(open: { cls: AffixClass; expected: number; headerLine: number }, file: string, line: number): DataFormatError {
  const { cls, expected, headerLine } = open;
  return new DataFormatError(
    file,
    line,
    `${cls.kind} ${cls.flag} (line ${headerLine}) announces ${cls.rules.length + expected} rules but has ${cls.rules.length}`,
  );
}

export function parseAffix(text: string, file: string): AffixTable {
  const { lines, crlf, bom } = splitLines(text);
  const repairs: Record<string, number> = {};
  bump(repairs, 'crlf', crlf);
  if (bom) bump(repairs, 'bom');

  const table: AffixTable = {
    classes: new Map(),
    encoding: '',
    flagType: 'num',
    needAffix: null,
    onlyInCompound: null,
    forbiddenWord: DEFAULT_FORBIDDEN_WORD,
    fullStrip: false,
    ignoredDirectives: [],
    repairs,
  };
  let flagSeen = false;
  // Rules still expected by the header being read.
  let open: { cls: AffixClass; expected: number; headerLine: number } | null = null;
  const seenRules = new Map<number, Set<string>>();
  const pending: { field: 'needAffix' | 'onlyInCompound' | 'forbiddenWord'; value: string; line: number }[] = [];

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const fields = trimmed.split(/[ \t]+/);
    const name = fields[0]!;

    if (open && name !== open.cls.kind) throw shortBlock(open, file, lineNo);

    if (name === 'SFX' || name === 'PFX') {
      if (!flagSeen) throw new DataFormatError(file, lineNo, 'affix rules before "FLAG num"');
      const kind = name;
      const isHeader = open === null;
      if (isHeader) {
        // A rule line where a header is due: the class before it has more
        // rules than its header announced.
        const m = /^(\d+)X?$/.exec(fields[1] ?? '');
        const known = m ? table.classes.get(Number(m[1])) : undefined;
        if (known && known.kind === kind && fields.length >= 5) {
          throw new DataFormatError(file, lineNo, `${kind} ${known.flag} has more rules than its header announces (${known.rules.length})`);
        }
        // Header: SFX flag Y|N count
        if (fields.length !== 4) {
          throw new DataFormatError(file, lineNo, `${kind} header needs 4 fields (${kind} flag Y|N count), found ${fields.length}`);
        }
        const flag = parseFlag(fields[1]!, file, lineNo, null);
        const cross = fields[2]!;
        if (cross !== 'Y' && cross !== 'N') throw new DataFormatError(file, lineNo, `cross product must be Y or N, found "${cross}"`);
        if (!/^\d+$/.test(fields[3]!)) throw new DataFormatError(file, lineNo, `rule count "${fields[3]}" is not a number`);
        if (table.classes.has(flag)) throw new DataFormatError(file, lineNo, `second header for affix class ${flag}`);
        const cls: AffixClass = { flag, kind, crossProduct: cross === 'Y', rules: [] };
        table.classes.set(flag, cls);
        seenRules.set(flag, new Set());
        const expected = Number(fields[3]);
        open = expected > 0 ? { cls, expected, headerLine: lineNo } : null;
        continue;
      }
      // Rule: SFX flag strip add[/cont] condition [morph...]
      const cls = open!.cls;
      const flag = parseFlag(fields[1]!, file, lineNo, null);
      if (flag !== cls.flag) throw shortBlock(open!, file, lineNo);
      if (fields.length < 5) {
        throw new DataFormatError(file, lineNo, `${kind} rule needs at least 5 fields (${kind} flag strip add condition), found ${fields.length}`);
      }
      const stripField = fields[2]!;
      const addField = fields[3]!;
      const slash = addField.indexOf('/');
      const addText = slash >= 0 ? addField.slice(0, slash) : addField;
      const contText = slash >= 0 ? addField.slice(slash + 1) : '';
      if (slash >= 0 && contText === '') throw new DataFormatError(file, lineNo, 'empty continuation class after "/"');
      const strip = stripField === '0' ? '' : normalizeAffixText(stripField, repairs);
      const add = addText === '0' ? '' : normalizeAffixText(addText, repairs);
      const continuation = parseFlagList(contText, file, lineNo, repairs);
      const condition = fields[4]!;
      const rule: AffixRule = { strip, add, condition, continuation, morph: fields.slice(5), line: lineNo };
      compiled.set(rule, compileCondition(condition, kind, file, lineNo));
      // ne_NP.aff repeats some rules word for word (SFX 1 "0 छन् ्" twice);
      // they yield the same forms, which the expansion deduplicates.
      const key = `${strip}\u0001${add}\u0001${condition}\u0001${continuation.join(',')}`;
      const seen = seenRules.get(cls.flag)!;
      if (seen.has(key)) bump(repairs, 'duplicateRule');
      seen.add(key);
      cls.rules.push(rule);
      open!.expected--;
      if (open!.expected === 0) open = null;
      continue;
    }

    switch (name) {
      case 'SET':
        table.encoding = fields[1] ?? '';
        if (table.encoding.toUpperCase() !== 'UTF-8') {
          throw new DataFormatError(file, lineNo, `SET ${table.encoding}: only UTF-8 dictionaries are supported`);
        }
        break;
      case 'FLAG':
        if (fields[1] !== 'num') throw new DataFormatError(file, lineNo, `FLAG ${fields[1] ?? ''}: only "FLAG num" is supported`);
        flagSeen = true;
        break;
      case 'NEEDAFFIX':
        pending.push({ field: 'needAffix', value: fields[1] ?? '', line: lineNo });
        break;
      case 'ONLYINCOMPOUND':
        pending.push({ field: 'onlyInCompound', value: fields[1] ?? '', line: lineNo });
        break;
      case 'FORBIDDENWORD':
        pending.push({ field: 'forbiddenWord', value: fields[1] ?? '', line: lineNo });
        break;
      case 'FULLSTRIP':
        table.fullStrip = true;
        break;
      default:
        if (UNSUPPORTED_DIRECTIVES.has(name)) {
          throw new DataFormatError(file, lineNo, `directive ${name} changes which forms are valid and is not supported by this importer`);
        }
        // REP/TRY/KEY/MAP/WORDCHARS/NOSUGGEST/LANG/... shape suggestions or
        // tokenizing, not the word list. REP and MAP carry a count line and
        // entries that all start with the same name, so they are skipped here.
        if (!table.ignoredDirectives.includes(name)) table.ignoredDirectives.push(name);
    }
  }
  if (open) throw shortBlock(open, file, lines.length);
  if (!flagSeen) throw new DataFormatError(file, null, 'no "FLAG num" directive: only numeric flags are supported');
  if (table.encoding === '') throw new DataFormatError(file, null, 'no SET directive: the encoding must be declared UTF-8');
  for (const p of pending) table[p.field] = parseFlag(p.value, file, p.line, null);
  return table;
}

/** Affix strings go through the same normalizer as words, so forms built from them are keys already. */
function normalizeAffixText(s: string, repairs: Record<string, number>): string {
  const n = normalizeWord(s);
  if (n !== s) bump(repairs, 'affixNormalized');
  return n;
}
