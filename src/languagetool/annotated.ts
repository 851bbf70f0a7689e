// LanguageTool's annotated text: the `data` parameter, a text made of plain
// parts and markup, of which only the plain parts (and what a markup is to be
// read as, `interpretAs`) are checked, while every offset of the answer
// counts the markup too, so an editor can underline its own document.
//
//   {"annotation": [{"text": "A "}, {"markup": "<b>"}, {"text": "word"},
//                   {"markup": "</b>"}, {"markup": "<p>", "interpretAs": "\n\n"}]}
//   {"text": "plain text", "metaData": {...}}   (metaData is read and ignored)
//
// The problems with `data` are answered with LanguageTool's own sentences
// (its ApiV2), each naming the object at fault as compact JSON.
//
// Positions are mapped back part by part: a position inside a plain part
// moves by the markup before it; a word that begins or ends in a markup's
// `interpretAs` begins at that markup's start or ends at its end; a word cut
// by markup (`पा<b>नि</b>`) spans it. (LanguageTool's own mapping stretches
// the end of a word up to the next plain part, over the closing markup:
// here a match covers the word and what lies inside it, never a tag after it.)

export const DATA_MESSAGES = {
  invalidJson: "Could not parse JSON from 'data' parameter",
  textAndAnnotation: "'data' key in JSON requires either 'text' or 'annotation' key, not both",
  neither: "'data' key in JSON requires 'text' or 'annotation' key",
  textAndMarkup: (node: string) => `Only either 'text' or 'markup' are supported in an object in 'annotation' list, not both: ${node}`,
  textWithInterpretAs: (node: string) => `'text' cannot be used with 'interpretAs' (only 'markup' can): ${node}`,
  other: (node: string) => `Only 'text' and 'markup' are supported in 'annotation' list: ${node}`,
} as const;

/** A text to check and where its positions are in what the client sent. */
export interface AnnotatedText {
  /** What is checked: the plain parts and the markup's `interpretAs`. */
  readonly plain: string;
  /** What the client's offsets count: the plain parts and the markup. */
  readonly original: string;
  /** The markup as plain data, to rebuild the text on another thread (annotatedText); null for a text sent as `text`. */
  readonly markup: Markup | null;
  /** The original position of a match's first character at plain position `p`. */
  startOf(p: number): number;
  /** The original position just after a match ending (exclusive) at plain position `q`. */
  endOf(q: number): number;
}

/** A text sent as `text`: checked as it is. */
export function plainText(text: string): AnnotatedText {
  return { plain: text, original: text, markup: null, startOf: (p) => p, endOf: (q) => q };
}

/** What an annotated text adds to its plain text: the original and the parts that map positions between them. */
export interface Markup {
  readonly original: string;
  readonly parts: readonly Part[];
}

/** The text of `plain` with this markup (AnnotatedText.markup), or `plain` as it is. */
export function annotatedText(plain: string, markup: Markup | null): AnnotatedText {
  return markup === null ? plainText(plain) : new Annotated(plain, markup.original, markup.parts);
}

/** One part of an annotated text: its range in the plain text and in the original. */
export interface Part {
  plainStart: number;
  plainEnd: number;
  origStart: number;
  origEnd: number;
  /** A markup's interpretAs: its positions map to the markup's ends, not one to one. */
  fake: boolean;
}

class Annotated implements AnnotatedText {
  constructor(
    readonly plain: string,
    readonly original: string,
    /** The parts with plain content, in order (markup without interpretAs has none). */
    private readonly parts: readonly Part[],
  ) {}

  get markup(): Markup {
    return { original: this.original, parts: this.parts };
  }

  /** The last part whose plain range starts at or before `p` (and is not empty). */
  private partAt(p: number, end: boolean): Part | null {
    const parts = this.parts;
    let lo = 0;
    let hi = parts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const part = parts[mid]!;
      // A start belongs to the part it lies in; an end to the part it closes.
      if (end ? part.plainStart < p : part.plainStart <= p) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found === -1 ? null : parts[found]!;
  }

  startOf(p: number): number {
    const part = this.partAt(p, false);
    if (part === null) return 0;
    if (p >= part.plainEnd) return part.origEnd;
    return part.fake ? part.origStart : part.origStart + (p - part.plainStart);
  }

  endOf(q: number): number {
    const part = this.partAt(q, true);
    if (part === null) return this.parts.length > 0 ? this.parts[0]!.origStart : 0;
    if (q >= part.plainEnd) return part.origEnd;
    return part.fake ? part.origEnd : part.origStart + (q - part.plainStart);
  }
}

/** Jackson's asText() of a JSON value, which LanguageTool applies to `text`, `markup` and `interpretAs`. */
function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) return 'null';
  return '';
}

/** A JSON value's member, as Jackson's get(name) finds it: only objects have members. */
function member(v: unknown, name: string): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return Object.prototype.hasOwnProperty.call(v, name) ? (v as Record<string, unknown>)[name] : undefined;
}

/** The items of an `annotation` value, as Jackson iterates a node: an array's items, an object's values, nothing else. */
function itemsOf(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v !== null && typeof v === 'object') return Object.values(v);
  return [];
}

/** The annotated text of a `data` parameter, or LanguageTool's sentence for what is wrong with it. */
export function parseData(data: string): { ok: true; text: AnnotatedText } | { ok: false; message: string } {
  let json: unknown;
  if (data.trim() === '') json = undefined;
  else {
    try {
      json = JSON.parse(data);
    } catch {
      return { ok: false, message: DATA_MESSAGES.invalidJson };
    }
  }
  const text = member(json, 'text');
  const annotation = member(json, 'annotation');
  if (text !== undefined && annotation !== undefined) return { ok: false, message: DATA_MESSAGES.textAndAnnotation };
  if (text !== undefined) return { ok: true, text: plainText(asText(text)) };
  if (annotation === undefined) return { ok: false, message: DATA_MESSAGES.neither };

  let plain = '';
  let original = '';
  const parts: Part[] = [];
  for (const node of itemsOf(annotation)) {
    const t = member(node, 'text');
    const markup = member(node, 'markup');
    const interpretAs = member(node, 'interpretAs');
    if (t !== undefined && markup !== undefined) return { ok: false, message: DATA_MESSAGES.textAndMarkup(JSON.stringify(node)) };
    if (t !== undefined && interpretAs !== undefined) return { ok: false, message: DATA_MESSAGES.textWithInterpretAs(JSON.stringify(node)) };
    // A piece: `shown` in the plain text stands for `written` in the original (the same for text, interpretAs for markup).
    const piece = (shown: string, written: string, fake: boolean): void => {
      if (shown.length > 0)
        parts.push({
          plainStart: plain.length,
          plainEnd: plain.length + shown.length,
          origStart: original.length,
          origEnd: original.length + written.length,
          fake,
        });
      plain += shown;
      original += written;
    };
    if (t !== undefined) {
      const s = asText(t);
      piece(s, s, false);
    } else if (markup !== undefined) piece(interpretAs === undefined ? '' : asText(interpretAs), asText(markup), true);
    else return { ok: false, message: DATA_MESSAGES.other(JSON.stringify(node)) };
  }
  return { ok: true, text: new Annotated(plain, original, parts) };
}
