// Romanized typing in the writing box, as a state machine apart from the
// DOM (editor.ts draws it and feeds it the box's events; test/playground
// drives it in Node).
//
// The roman word before the caret is the pending word; its candidates (asked
// with up to three words before it in the sentence as context) are listed
// under the box. A space or punctuation accepts the selected candidate (the
// top one unless ↑ ↓ chose another); Enter or a digit 1-9 accepts one without
// typing anything; Esc keeps the roman spelling; Backspace right after a
// converted word gives its roman spelling back. A word accepted before its
// candidates came is converted when they come (fast typing never waits for
// the network).

import { difference, Spans, type Span } from './spans.js';

/** A roman word accepted (with the separator typed after it) before its candidates came. */
interface Commit extends Span {
  roman: string;
  context: string[];
  index: number;
  sep: string;
}
/** The last conversion: Backspace at its end gives the roman spelling back. */
interface Converted extends Span {
  word: string;
  roman: string;
  sep: string;
}
/** The roman word before the caret, and its candidates once they came (null until then). */
export interface Pending {
  start: number;
  roman: string;
  context: string[];
  candidates: string[] | null;
  selected: number;
}

/** What the state machine asks of the writing box (editor.ts, or a test's fake). */
export interface TypingView {
  /** The selection (UTF-16 offsets; start = end at a caret). */
  selection(): { start: number; end: number };
  /** Replaces text[start, end) with `text` and selects [selStart, selEnd); returns the box's text after the edit. */
  write(start: number, end: number, text: string, selStart: number, selEnd: number): string;
  /** The spans moved, and some may have died (alive false). */
  shifted(): void;
  /** The text changed (typed, or written by the machine). */
  edited(): void;
  /** The pending word, its candidates or its selection changed. */
  pendingChanged(): void;
  /** A request for candidates failed. */
  failed(err: unknown): void;
}

/** The candidates of the last token of `tokens` (the words before it are its context), best first. */
export type CandidateSource = (tokens: string[]) => Promise<string[]>;

/** setTimeout and clearTimeout, or a test's stand-in. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const GLOBAL_TIMERS: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export const ROMAN_CHAR = /[A-Za-z\u00C0-\u024F\u1E00-\u1EFF~^]/;
const ROMAN_WORD = /[A-Za-z\u00C0-\u024F\u1E00-\u1EFF~^]+$/;
/** What accepts the pending word when typed after it. */
const SEPARATOR = /^[\s.,;:!?।॥"'()[\]{}\-–—/]$/u;
const DEVANAGARI_WORD = /[\u0900-\u097F\u200C\u200D]+$/;
const CONTEXT_WORDS = 3;
/** A word's candidates are asked this long after the last key: a fast typist's letters in between are not asked about. */
const CANDIDATES_DELAY_MS = 60;
/** Candidate lists kept (by word and context), the oldest dropped first. */
const CACHE_MAX = 500;
/** How far back from the caret a word is looked for. */
const WORD_REACH = 100;

const isCommit = (s: Span): s is Commit => 'roman' in s && 'index' in s;
const cacheKey = (context: string[], roman: string): string => [...context, roman].join('\u0001');

export class Typing {
  mode: 'roman' | 'plain' = 'roman';
  /** The box's text, as the machine last saw or wrote it. */
  private value = '';
  /** Every range the editor remembers, the spellcheck's marks among them. */
  readonly spans = new Spans();
  private current: Pending | null = null;
  /** A roman word Esc kept: it is not converted by the separator after it. */
  private kept: Span | null = null;
  private converted: Converted | null = null;
  /** The roman spelling each converted word was typed as (the context of later words, Backspace). */
  private readonly romanOf = new Map<string, string>();
  private readonly cache = new Map<string, Promise<string[]>>();
  private readonly known = new Map<string, string[]>();
  private candidatesTimer: unknown;

  constructor(
    private readonly view: TypingView,
    private readonly source: CandidateSource,
    private readonly timers: Timers = GLOBAL_TIMERS,
  ) {}

  get text(): string {
    return this.value;
  }

  get pending(): Readonly<Pending> | null {
    return this.current;
  }

  setMode(mode: 'roman' | 'plain'): void {
    this.mode = mode;
    this.refresh();
  }

  /** The connection is (back) up: candidates are asked again (all of them when the data changed). */
  reconnected(dataChanged: boolean): void {
    if (dataChanged) {
      this.cache.clear();
      this.known.clear();
    }
    this.current = null;
    this.refresh();
  }

  /** The box's text is now `now` after an input event (`inputType`, `data` as the event says): a separator typed after a roman word accepts it. */
  input(now: string, inputType: string, data: string | null): void {
    const d = difference(this.value, now);
    // Where Esc kept a roman word: read before the edit, which touches its end.
    const keptStart = this.kept?.alive ? this.kept.start : -1;
    this.value = now;
    if (d) this.shift(d.at, d.removed, d.inserted);
    if (this.mode === 'roman' && inputType === 'insertText' && data !== null && SEPARATOR.test(data)) {
      const wordEnd = this.view.selection().start - data.length;
      const m = ROMAN_WORD.exec(now.slice(Math.max(0, wordEnd - WORD_REACH), wordEnd));
      const start = m ? wordEnd - m[0].length : -1;
      if (m && start !== keptStart) {
        const p = this.current;
        const same = p !== null && p.start === start && p.roman === m[0];
        this.accept(start, m[0], same ? p.context : this.contextBefore(start), same ? p.selected : 0, data);
      }
      if (this.kept) this.spans.forget(this.kept);
      this.kept = null;
    }
    this.afterEdit();
  }

  /** A key released: a caret moved by it may have left or reached a roman word. */
  keyUp(key: string): void {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(key) || (!this.current && key.startsWith('Arrow'))) this.refresh();
  }

  /**
   * A key pressed (without Ctrl, Meta or Alt): what the machine does with
   * it, true when it took the key (the box must not act on it too).
   */
  keyDown(key: string, shift: boolean): boolean {
    if (this.mode === 'roman' && key === 'Backspace' && !shift) return this.unconvert();
    const p = this.current;
    if (!p) return false;
    const n = p.candidates?.length ?? 0;
    if ((key === 'ArrowDown' || key === 'ArrowUp') && n > 1) {
      p.selected = (p.selected + (key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.view.pendingChanged();
    } else if (/^[1-9]$/.test(key) && Number(key) <= n) {
      this.accept(p.start, p.roman, p.context, Number(key) - 1, '');
    } else if (key === 'Enter') {
      this.accept(p.start, p.roman, p.context, p.selected, '');
    } else if (key === 'Escape') {
      this.kept = this.spans.track<Span>({ start: p.start, end: p.start + p.roman.length, alive: true });
      this.current = null;
      this.view.pendingChanged();
    } else return false;
    return true;
  }

  /** Candidate `index` of the pending word chosen (a click on the list). */
  pick(index: number): void {
    const p = this.current;
    if (p) this.accept(p.start, p.roman, p.context, index, '');
  }

  /** Replaces text[start, end) with `text`, keeping the caret where the user had it (or after the text). */
  replace(start: number, end: number, text: string, caretAfter = false): void {
    const sel = this.view.selection();
    const delta = text.length - (end - start);
    const moved = (pos: number): number => (pos >= end ? pos + delta : pos > start ? start + text.length : pos);
    const [a, b] = caretAfter ? [start + text.length, start + text.length] : [moved(sel.start), moved(sel.end)];
    this.value = this.view.write(start, end, text, a, b);
    this.shift(start, end - start, text.length);
    this.afterEdit();
  }

  /** The spans as they are after an edit of the box from `before` to the text now (a spellcheck result's marks, made for the text it was sent). */
  follow(before: string): void {
    const d = difference(before, this.value);
    if (d) this.shift(d.at, d.removed, d.inserted);
  }

  /** The pending word as the caret and the text now make it; its candidates asked for when not known. */
  refresh(): void {
    const next = this.wordAtCaret();
    if (next === null) {
      if (this.current) {
        this.current = null;
        this.view.pendingChanged();
      }
      return;
    }
    if (this.current && this.current.start === next.start && this.current.roman === next.roman) return;
    const context = this.contextBefore(next.start);
    const p: Pending = { ...next, context, candidates: this.known.get(cacheKey(context, next.roman)) ?? null, selected: 0 };
    this.current = p;
    this.timers.clear(this.candidatesTimer);
    if (p.candidates === null) {
      this.candidatesTimer = this.timers.set(() => {
        if (this.current !== p) return;
        this.candidatesFor(p.roman, context).then(
          (c) => {
            if (this.current !== p) return;
            p.candidates = c;
            this.view.pendingChanged();
          },
          (err) => this.view.failed(err),
        );
      }, CANDIDATES_DELAY_MS);
    }
    this.view.pendingChanged();
  }

  /** The roman word that ends at the caret, when it is one to convert: not followed by more letters, not in flight, not kept. */
  private wordAtCaret(): { start: number; roman: string } | null {
    if (this.mode !== 'roman') return null;
    const sel = this.view.selection();
    if (sel.start !== sel.end) return null;
    const caret = sel.start;
    const m = ROMAN_WORD.exec(this.value.slice(Math.max(0, caret - WORD_REACH), caret));
    if (!m) return null;
    const start = caret - m[0].length;
    const inFlight = this.spans.some((s) => isCommit(s) && s.start === start);
    if (ROMAN_CHAR.test(this.value.charAt(caret)) || inFlight || (this.kept?.alive && this.kept.start === start)) return null;
    return { start, roman: m[0] };
  }

  private afterEdit(): void {
    this.refresh();
    this.view.edited();
  }

  private shift(at: number, removed: number, inserted: number): void {
    this.spans.shift(at, removed, inserted);
    this.view.shifted();
  }

  /** Up to CONTEXT_WORDS words before `start` in its sentence, each converted one as it was typed. */
  private contextBefore(start: number): string[] {
    const before = this.value.slice(Math.max(0, start - 300), start);
    const sentence = before.split(/[।॥.!?\n]/).pop() ?? '';
    return sentence
      .split(/\s+/)
      .map((w) => w.replace(/[,;:"'()[\]{}]/g, ''))
      .filter((w) => w.length > 0 && w.length <= 100)
      .slice(-CONTEXT_WORDS)
      .map((w) => this.romanOf.get(w) ?? w);
  }

  private candidatesFor(roman: string, context: string[]): Promise<string[]> {
    const key = cacheKey(context, roman);
    let p = this.cache.get(key);
    if (!p) {
      p = this.source([...context, roman]).then((words) => {
        this.known.set(key, words);
        return words;
      });
      p.catch(() => this.cache.delete(key));
      this.cache.set(key, p);
      if (this.cache.size > CACHE_MAX) {
        const oldest = this.cache.keys().next().value as string;
        this.cache.delete(oldest);
        this.known.delete(oldest);
      }
    }
    return p;
  }

  /** Accepts candidate `index` of the roman word at `start`, followed by `sep` (already typed, or '' for none). */
  private accept(start: number, roman: string, context: string[], index: number, sep: string): void {
    const c = this.spans.track<Commit>({ start, end: start + roman.length, alive: true, roman, context, index, sep });
    if (this.current?.start === start) {
      this.current = null;
      this.view.pendingChanged();
    }
    const known = this.known.get(cacheKey(context, roman));
    if (known) return this.convert(c, known);
    this.candidatesFor(roman, context).then(
      (words) => this.convert(c, words),
      (err) => {
        this.spans.forget(c);
        this.view.failed(err);
      },
    );
  }

  private convert(c: Commit, words: string[]): void {
    this.spans.forget(c);
    if (!c.alive || this.value.slice(c.start, c.end) !== c.roman) return;
    const word = words[Math.min(c.index, words.length - 1)];
    if (word === undefined) return;
    this.romanOf.set(word, c.roman);
    const sepEnd = c.start + word.length + c.sep.length;
    this.replace(c.start, c.end, word);
    if (this.converted) this.spans.forget(this.converted);
    this.converted =
      this.value.slice(c.start + word.length, sepEnd) === c.sep
        ? this.spans.track<Converted>({ start: c.start, end: sepEnd, alive: true, word, roman: c.roman, sep: c.sep })
        : null;
  }

  /** Backspace right after a converted word: its roman spelling back. True when done. */
  private unconvert(): boolean {
    const sel = this.view.selection();
    if (sel.start !== sel.end) return false;
    const caret = sel.start;
    const c = this.converted;
    if (c?.alive && caret === c.end && this.value.slice(c.start, c.end) === c.word + c.sep) {
      this.converted = null;
      this.spans.forget(c);
      this.replace(c.start, c.end, c.roman, true);
      return true;
    }
    const m = DEVANAGARI_WORD.exec(this.value.slice(Math.max(0, caret - WORD_REACH), caret));
    const roman = m ? this.romanOf.get(m[0]) : undefined;
    if (!m || roman === undefined) return false;
    this.replace(caret - m[0].length, caret, roman, true);
    return true;
  }
}
