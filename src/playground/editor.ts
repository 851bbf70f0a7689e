// The writing box: a textarea over a mirror of its text (the mirror carries
// the underlines, which a textarea cannot draw).
//
// Romanized typing: the roman word before the caret is the pending word; its
// candidates (op romanize_tokens, with up to three words before it in the
// sentence as context) are listed under the box. A space or punctuation
// accepts the selected candidate (the top one unless ↑ ↓ chose another);
// Enter or a digit 1-9 accepts one without typing anything; Esc keeps the
// roman spelling; Backspace right after a converted word gives its roman
// spelling back. A word accepted before its candidates came is converted when
// they come (fast typing never waits for the network).
//
// Spellcheck: op spellcheck on the whole text, debounced; misspelled words
// get a wavy underline, unknown words a dotted one. Clicking a marked word
// (or Alt+Enter on it, or its button in the list under the box) shows its
// corrections and the rule of the standard that fired; one click applies a
// correction.
//
// Every range the editor remembers (marks, conversions in flight) is a Span,
// moved along by each edit before it and dropped by an edit touching it.

import { lang, num, t } from './i18n.js';
import { LiveError, type LiveClient } from './live.js';

interface Candidate {
  word: string;
}
interface RomanToken {
  token: string;
  converted: string;
  candidates: Candidate[];
}
interface RomanResult {
  tokens: RomanToken[];
}
interface SpellWord {
  word: string;
  status: 'misspelled' | 'unknown';
  corrections?: string[];
  occurrences: { start: number; end: number }[];
  rule?: string;
}
interface SpellResult {
  misspelled: SpellWord[];
  unknown: SpellWord[];
}

interface Span {
  start: number;
  end: number;
  alive: boolean;
}
interface Mark extends Span {
  word: string;
  kind: 'miss' | 'unknown';
  corrections: string[];
  rule?: string;
}
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
interface Pending {
  start: number;
  roman: string;
  context: string[];
  candidates: string[] | null;
  selected: number;
}

export interface EditorElements {
  textarea: HTMLTextAreaElement;
  mirror: HTMLElement;
  candidates: HTMLOListElement;
  candidatesLive: HTMLElement;
  popover: HTMLElement;
  popoverWord: HTMLElement;
  popoverKind: HTMLElement;
  popoverRule: HTMLElement;
  popoverCorrections: HTMLElement;
  popoverLookup: HTMLButtonElement;
  popoverClose: HTMLButtonElement;
  spellSummary: HTMLElement;
  spellList: HTMLElement;
}

const ROMAN_CHAR = /[A-Za-z\u00C0-\u024F\u1E00-\u1EFF~^]/;
const ROMAN_WORD = /[A-Za-z\u00C0-\u024F\u1E00-\u1EFF~^]+$/;
/** What accepts the pending word when typed after it. */
const SEPARATOR = /^[\s.,;:!?।॥"'()[\]{}\-–—/]$/u;
const DEVANAGARI_WORD = /[\u0900-\u097F\u200C\u200D]+$/;
const WORD_CHAR = /[\p{L}\p{M}\p{N}\u200C\u200D]/u;
const CONTEXT_WORDS = 3;
const MAX_CANDIDATES = 9;
const SPELLCHECK_DELAY_MS = 350;
const CANDIDATES_DELAY_MS = 60;
const MAX_TEXT = 10_000;
const CACHE_MAX = 500;

/** Where old and new text differ: a common prefix, then `removed` characters of the old replaced by `inserted` of the new. */
function difference(before: string, after: string): { at: number; removed: number; inserted: number } | null {
  if (before === after) return null;
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  return { at: p, removed: before.length - p - s, inserted: after.length - p - s };
}

export class Editor {
  mode: 'roman' | 'plain' = 'roman';
  private value = '';
  private readonly spans = new Set<Span>();
  private marks: Mark[] = [];
  private pending: Pending | null = null;
  private kept: Span | null = null;
  private converted: Converted | null = null;
  private readonly romanOf = new Map<string, string>();
  private readonly cache = new Map<string, Promise<string[]>>();
  private readonly known = new Map<string, string[]>();
  private spellTimer: ReturnType<typeof setTimeout> | undefined;
  private candidatesTimer: ReturnType<typeof setTimeout> | undefined;
  private spellSeq = 0;
  private popoverMark: Mark | null = null;
  private rules: Record<string, string> = {};

  constructor(
    private readonly live: LiveClient,
    private readonly el: EditorElements,
    private readonly hooks: { lookup(word: string): void; notice(text: string): void },
  ) {
    const ta = el.textarea;
    ta.addEventListener('input', (e) => this.onInput(e as InputEvent));
    ta.addEventListener('keydown', (e) => this.onKeyDown(e));
    ta.addEventListener('keyup', (e) => {
      if (['ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(e.key) || (!this.pending && e.key.startsWith('Arrow'))) this.refreshPending();
    });
    ta.addEventListener('click', () => this.onClick());
    el.candidates.addEventListener('mousedown', (e) => e.preventDefault());
    el.candidates.addEventListener('click', (e) => {
      const li = (e.target as HTMLElement).closest('li');
      const p = this.pending;
      if (!li || !p) return;
      this.accept(p.start, p.roman, p.context, Number(li.dataset.index), '');
      ta.focus();
    });
    el.popoverClose.addEventListener('click', () => this.closePopover(true));
    el.popoverLookup.addEventListener('click', () => {
      const m = this.popoverMark;
      if (m) this.hooks.lookup(m.corrections[0] ?? m.word);
    });
    el.popover.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        this.closePopover(true);
      }
    });
    document.addEventListener('mousedown', (e) => {
      const target = e.target as Node;
      if (!el.popover.hidden && !el.popover.contains(target) && target !== ta) this.closePopover(false);
    });
    new ResizeObserver(() => this.grow()).observe(ta);
    this.grow();
  }

  setRules(rules: Record<string, string>): void {
    this.rules = rules;
  }

  setMode(mode: 'roman' | 'plain'): void {
    this.mode = mode;
    this.refreshPending();
    this.render();
  }

  /** The connection is (back) up: ask again for what it may have missed. */
  reconnected(dataChanged: boolean): void {
    if (dataChanged) {
      this.cache.clear();
      this.known.clear();
    }
    this.pending = null;
    this.refreshPending();
    this.scheduleSpellcheck(0);
  }

  /** The word at the caret, or the first word of the selection. */
  currentWord(): string {
    const ta = this.el.textarea;
    const v = ta.value;
    if (ta.selectionStart !== ta.selectionEnd) {
      const sel = v.slice(ta.selectionStart, ta.selectionEnd).trim();
      const m = /[\p{L}\p{M}\p{N}\u200C\u200D]+/u.exec(sel);
      return m ? m[0] : '';
    }
    let a = ta.selectionStart;
    let b = a;
    while (a > 0 && WORD_CHAR.test(v.charAt(a - 1))) a--;
    while (b < v.length && WORD_CHAR.test(v.charAt(b))) b++;
    return v.slice(a, b);
  }

  // ---- edits

  private onInput(e: InputEvent): void {
    const now = this.el.textarea.value;
    const d = difference(this.value, now);
    // Where Esc kept a roman word: read before the edit, which touches its end.
    const keptStart = this.kept?.alive ? this.kept.start : -1;
    this.value = now;
    if (d) this.shift(d.at, d.removed, d.inserted);
    if (this.mode === 'roman' && e.inputType === 'insertText' && e.data !== null && SEPARATOR.test(e.data)) {
      const caret = this.el.textarea.selectionStart;
      const wordEnd = caret - e.data.length;
      const m = ROMAN_WORD.exec(now.slice(Math.max(0, wordEnd - 100), wordEnd));
      const start = m ? wordEnd - m[0].length : -1;
      if (m && start !== keptStart) {
        const p = this.pending;
        const same = p !== null && p.start === start && p.roman === m[0];
        this.accept(start, m[0], same ? p.context : this.contextBefore(start), same ? p.selected : 0, e.data);
      }
      if (this.kept) this.spans.delete(this.kept);
      this.kept = null;
    }
    this.afterEdit();
  }

  private afterEdit(): void {
    this.refreshPending();
    this.grow();
    this.render();
    this.scheduleSpellcheck();
  }

  /** Replaces text[start, end) with `text`, keeping the caret where the user had it. */
  private replace(start: number, end: number, text: string, caretAfter = false): void {
    const ta = this.el.textarea;
    const delta = text.length - (end - start);
    const moved = (pos: number): number => (pos >= end ? pos + delta : pos > start ? start + text.length : pos);
    const [a, b] = caretAfter ? [start + text.length, start + text.length] : [moved(ta.selectionStart), moved(ta.selectionEnd)];
    ta.setRangeText(text, start, end);
    ta.setSelectionRange(a, b);
    this.value = ta.value;
    this.shift(start, end - start, text.length);
    this.afterEdit();
  }

  /** Moves the spans after an edit at `at` ([at, at+removed) became `inserted` characters); drops those it touches. */
  private shift(at: number, removed: number, inserted: number): void {
    const delta = inserted - removed;
    for (const s of this.spans) {
      if (s.end < at) continue;
      if (s.start > at + removed) {
        s.start += delta;
        s.end += delta;
      } else {
        s.alive = false;
        this.spans.delete(s);
      }
    }
    this.marks = this.marks.filter((m) => m.alive);
    if (this.popoverMark && !this.popoverMark.alive) this.closePopover(false);
  }

  private track<T extends Span>(s: T): T {
    this.spans.add(s);
    return s;
  }

  // ---- romanized typing

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
    const key = [...context, roman].join('\u0001');
    let p = this.cache.get(key);
    if (!p) {
      p = this.live.request<RomanResult>('romanize_tokens', { tokens: [...context, roman], max_candidates: MAX_CANDIDATES }).then((r) => {
        const tok = r.tokens[r.tokens.length - 1];
        const words = tok ? tok.candidates.map((c) => c.word) : [];
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

  private refreshPending(): void {
    const ta = this.el.textarea;
    let next: { start: number; roman: string } | null = null;
    if (this.mode === 'roman' && ta.selectionStart === ta.selectionEnd) {
      const caret = ta.selectionStart;
      const m = ROMAN_WORD.exec(this.value.slice(Math.max(0, caret - 100), caret));
      const start = m ? caret - m[0].length : -1;
      const inFlight = [...this.spans].some((s) => 'roman' in s && 'index' in s && s.start === start);
      if (m && !ROMAN_CHAR.test(this.value.charAt(caret)) && !inFlight && !(this.kept?.alive && this.kept.start === start)) next = { start, roman: m[0] };
    }
    if (next === null) {
      if (this.pending) {
        this.pending = null;
        this.renderCandidates();
      }
      return;
    }
    if (this.pending && this.pending.start === next.start && this.pending.roman === next.roman) return;
    const context = this.contextBefore(next.start);
    const p: Pending = { ...next, context, candidates: this.known.get([...context, next.roman].join('\u0001')) ?? null, selected: 0 };
    this.pending = p;
    clearTimeout(this.candidatesTimer);
    if (p.candidates === null) {
      // Asked a moment after the last key: a fast typist's letters in between are not asked about.
      this.candidatesTimer = setTimeout(() => {
        if (this.pending !== p) return;
        this.candidatesFor(p.roman, context).then(
          (c) => {
            if (this.pending !== p) return;
            p.candidates = c;
            this.renderCandidates();
          },
          (err) => this.failed(err),
        );
      }, CANDIDATES_DELAY_MS);
    }
    this.renderCandidates();
  }

  /** Accepts candidate `index` of the roman word at `start`, followed by `sep` (already typed, or '' for none). */
  private accept(start: number, roman: string, context: string[], index: number, sep: string): void {
    const c = this.track<Commit>({ start, end: start + roman.length, alive: true, roman, context, index, sep });
    if (this.pending?.start === start) {
      this.pending = null;
      this.renderCandidates();
    }
    const known = this.known.get([...context, roman].join('\u0001'));
    if (known) return this.convert(c, known);
    this.candidatesFor(roman, context).then(
      (words) => this.convert(c, words),
      (err) => {
        this.spans.delete(c);
        this.failed(err);
      },
    );
  }

  private convert(c: Commit, words: string[]): void {
    this.spans.delete(c);
    if (!c.alive || this.value.slice(c.start, c.end) !== c.roman) return;
    const word = words[Math.min(c.index, words.length - 1)];
    if (word === undefined) return;
    this.romanOf.set(word, c.roman);
    const sepEnd = c.start + word.length + c.sep.length;
    this.replace(c.start, c.end, word);
    if (this.converted) this.spans.delete(this.converted);
    this.converted = this.value.slice(c.start + word.length, sepEnd) === c.sep ? this.track<Converted>({ start: c.start, end: sepEnd, alive: true, word, roman: c.roman, sep: c.sep }) : null;
  }

  /** Backspace right after a converted word: its roman spelling back. True when done. */
  private unconvert(): boolean {
    const ta = this.el.textarea;
    if (ta.selectionStart !== ta.selectionEnd) return false;
    const caret = ta.selectionStart;
    const c = this.converted;
    if (c?.alive && caret === c.end && this.value.slice(c.start, c.end) === c.word + c.sep) {
      this.converted = null;
      this.spans.delete(c);
      this.replace(c.start, c.end, c.roman, true);
      return true;
    }
    const m = DEVANAGARI_WORD.exec(this.value.slice(Math.max(0, caret - 100), caret));
    const roman = m ? this.romanOf.get(m[0]) : undefined;
    if (!m || roman === undefined) return false;
    this.replace(caret - m[0].length, caret, roman, true);
    return true;
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing || e.ctrlKey || e.metaKey) return;
    if (e.altKey) {
      if (e.key === 'Enter') {
        const m = this.markAt(this.el.textarea.selectionStart);
        if (m) {
          e.preventDefault();
          this.openPopover(m, true);
        }
      }
      return;
    }
    if (this.mode === 'roman' && e.key === 'Backspace' && !e.shiftKey) {
      if (this.unconvert()) e.preventDefault();
      return;
    }
    const p = this.pending;
    if (!p) return;
    const n = p.candidates?.length ?? 0;
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && n > 1) {
      e.preventDefault();
      p.selected = (p.selected + (e.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.renderCandidates();
    } else if (/^[1-9]$/.test(e.key) && Number(e.key) <= n) {
      e.preventDefault();
      this.accept(p.start, p.roman, p.context, Number(e.key) - 1, '');
    } else if (e.key === 'Enter') {
      e.preventDefault();
      this.accept(p.start, p.roman, p.context, p.selected, '');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      this.kept = this.track<Span>({ start: p.start, end: p.start + p.roman.length, alive: true });
      this.pending = null;
      this.renderCandidates();
    }
  }

  private renderCandidates(): void {
    const { candidates: list, candidatesLive, textarea } = this.el;
    const p = this.pending;
    if (!p) {
      list.hidden = true;
      list.removeAttribute('aria-busy');
      list.replaceChildren();
      textarea.removeAttribute('aria-activedescendant');
      this.render();
      return;
    }
    // Until the new word's candidates come, the last list stays (no flicker while typing).
    if (p.candidates === null) {
      list.setAttribute('aria-busy', 'true');
      this.render();
      return;
    }
    list.removeAttribute('aria-busy');
    const items = p.candidates.map((w, i) => {
      const li = document.createElement('li');
      li.id = `cand-${i}`;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', String(i === p.selected));
      li.dataset.index = String(i);
      li.lang = 'ne';
      const n = document.createElement('span');
      n.className = 'n';
      n.textContent = num(i + 1);
      li.append(n, w);
      return li;
    });
    list.replaceChildren(...items);
    list.hidden = items.length === 0;
    if (items.length > 0) textarea.setAttribute('aria-activedescendant', `cand-${p.selected}`);
    else textarea.removeAttribute('aria-activedescendant');
    const text = items.length > 0 ? t('candidatesLive', { n: items.length, w: p.roman, list: p.candidates.join(', ') }) : '';
    if (candidatesLive.textContent !== text) candidatesLive.textContent = text;
    this.render();
  }

  // ---- spellcheck

  private scheduleSpellcheck(delay = SPELLCHECK_DELAY_MS): void {
    clearTimeout(this.spellTimer);
    this.spellTimer = setTimeout(() => void this.spellcheck(), delay);
  }

  private async spellcheck(): Promise<void> {
    const text = this.value;
    const seq = ++this.spellSeq;
    let sent = text;
    if ([...sent].length > MAX_TEXT) {
      sent = [...sent].slice(0, MAX_TEXT).join('');
      const cut = sent.search(/\s\S*$/);
      if (cut > 0) sent = sent.slice(0, cut);
    }
    if (sent.trim() === '') return this.setMarks(text, { misspelled: [], unknown: [] }, false);
    let r: SpellResult;
    try {
      r = await this.live.request<SpellResult>('spellcheck', { text: sent });
    } catch (err) {
      if (seq !== this.spellSeq) return;
      if (err instanceof LiveError && err.code === 'OFFLINE') this.el.spellSummary.textContent = t('spellOffline');
      else this.failed(err, (s) => (this.el.spellSummary.textContent = s));
      if (err instanceof LiveError && err.code === 'RATE_LIMIT_EXCEEDED') this.scheduleSpellcheck((err.retryAfter ?? 1) * 1000);
      return;
    }
    if (seq !== this.spellSeq) return;
    this.setMarks(text, r, sent.length < text.length);
  }

  /** The marks of a result for `text`, moved to the text as it is now. */
  private setMarks(text: string, r: SpellResult, truncated: boolean): void {
    for (const m of this.marks) {
      m.alive = false;
      this.spans.delete(m);
    }
    this.marks = [];
    for (const w of [...r.misspelled, ...r.unknown]) {
      if (ROMAN_CHAR.test(w.word)) continue;
      for (const o of w.occurrences) {
        this.marks.push(
          this.track<Mark>({
            start: o.start,
            end: o.end,
            alive: true,
            word: w.word,
            kind: w.status === 'misspelled' ? 'miss' : 'unknown',
            corrections: w.corrections ?? [],
            rule: w.rule,
          }),
        );
      }
    }
    const d = difference(text, this.value);
    if (d) this.shift(d.at, d.removed, d.inserted);
    this.marks.sort((a, b) => a.start - b.start);
    this.render();
    this.renderSpellList(truncated);
  }

  private renderSpellList(truncated: boolean): void {
    const words = new Map<string, Mark>();
    for (const m of this.marks) if (!words.has(m.word)) words.set(m.word, m);
    const miss = [...words.values()].filter((m) => m.kind === 'miss');
    const unknown = [...words.values()].filter((m) => m.kind === 'unknown');
    let summary = miss.length + unknown.length === 0 ? t('spellNone') : t('spellSummary', { m: miss.length, u: unknown.length });
    if (truncated) summary += ' ' + t('spellTruncated');
    if (this.value.trim() === '') summary = '';
    if (this.el.spellSummary.textContent !== summary) this.el.spellSummary.textContent = summary;
    const items = [...miss, ...unknown].map((m) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = m.kind;
      b.lang = 'ne';
      b.textContent = m.kind === 'miss' && m.corrections.length > 0 ? `${m.word} → ${m.corrections[0]}` : m.word;
      b.setAttribute('aria-label', `${m.word}: ${t(m.kind === 'miss' ? 'misspelled' : 'unknown')}`);
      b.addEventListener('click', () => {
        const first = this.marks.find((x) => x.word === m.word && x.alive);
        if (first) this.openPopover(first, true);
      });
      li.append(b);
      return li;
    });
    this.el.spellList.replaceChildren(...items);
  }

  private markAt(pos: number): Mark | undefined {
    return this.marks.find((m) => m.alive && m.start <= pos && pos <= m.end);
  }

  private onClick(): void {
    const ta = this.el.textarea;
    this.refreshPending();
    if (ta.selectionStart !== ta.selectionEnd) return;
    const m = this.markAt(ta.selectionStart);
    if (m) this.openPopover(m, false);
    else this.closePopover(false);
  }

  // ---- the corrections popover

  private openPopover(m: Mark, focus: boolean): void {
    const el = this.el;
    this.popoverMark = m;
    el.popoverWord.textContent = m.word;
    el.popoverWord.lang = 'ne';
    el.popoverKind.textContent = t(m.kind === 'miss' ? 'misspelled' : 'unknown');
    if (m.rule) {
      const code = document.createElement('code');
      code.textContent = m.rule;
      const text = this.rules[m.rule];
      el.popoverRule.replaceChildren(t('rule') + ' ', code, ...(text ? [': ', Object.assign(document.createElement('span'), { textContent: text, lang: 'ne' })] : []));
      el.popoverRule.hidden = false;
    } else el.popoverRule.hidden = true;
    const buttons = m.corrections.map((w) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.lang = 'ne';
      b.textContent = w;
      b.setAttribute('aria-label', t('applyCorrection', { w }));
      b.addEventListener('click', () => this.applyCorrection(w));
      return b;
    });
    if (buttons.length === 0 && m.kind === 'miss') el.popoverCorrections.replaceChildren(t('noCorrections'));
    else el.popoverCorrections.replaceChildren(...buttons);
    el.popover.hidden = false;
    this.placePopover(m);
    if (focus) (buttons[0] ?? el.popoverLookup).focus();
  }

  private placePopover(m: Mark): void {
    const { popover, mirror } = this.el;
    const span = mirror.querySelector<HTMLElement>(`span[data-start="${m.start}"]`);
    const editor = popover.offsetParent as HTMLElement | null;
    if (!span || !editor) return;
    const top = span.offsetTop + span.offsetHeight + 2;
    const left = Math.max(0, Math.min(span.offsetLeft, editor.clientWidth - popover.offsetWidth));
    popover.style.top = `${top}px`;
    popover.style.left = `${left}px`;
  }

  private closePopover(returnFocus: boolean): void {
    if (this.el.popover.hidden) return;
    this.el.popover.hidden = true;
    this.popoverMark = null;
    if (returnFocus) this.el.textarea.focus();
  }

  private applyCorrection(word: string): void {
    const m = this.popoverMark;
    if (!m?.alive) return;
    this.closePopover(false);
    this.el.textarea.focus();
    this.replace(m.start, m.end, word, true);
  }

  // ---- drawing

  private grow(): void {
    const ta = this.el.textarea;
    ta.style.height = 'auto';
    ta.style.height = `${ta.scrollHeight + ta.offsetHeight - ta.clientHeight}px`;
  }

  /** The mirror: the text, with a span per marked word and one for the pending word. */
  private render(): void {
    const text = this.value;
    const ranges: { start: number; end: number; cls: string; mark?: Mark }[] = this.marks.filter((m) => m.alive).map((m) => ({ start: m.start, end: m.end, cls: `mark ${m.kind}`, mark: m }));
    const p = this.pending;
    if (p) ranges.push({ start: p.start, end: p.start + p.roman.length, cls: 'mark pending' });
    ranges.sort((a, b) => a.start - b.start);
    const out: (string | Node)[] = [];
    let pos = 0;
    for (const r of ranges) {
      if (r.start < pos || r.end > text.length) continue;
      out.push(text.slice(pos, r.start));
      const span = document.createElement('span');
      span.className = r.cls;
      span.textContent = text.slice(r.start, r.end);
      if (r.mark) {
        span.dataset.start = String(r.start);
        span.dataset.word = r.mark.word;
      }
      out.push(span);
      pos = r.end;
    }
    // A final newline needs a character after it to take its line in a div.
    out.push(text.slice(pos) + '\u200b');
    this.el.mirror.replaceChildren(...out);
    this.el.mirror.lang = lang() === 'ne' || /[\u0900-\u097F]/.test(text) ? 'ne' : 'en';
  }

  private failed(err: unknown, show: (s: string) => void = this.hooks.notice): void {
    if (!(err instanceof LiveError)) {
      show(t('failed', { m: String(err) }));
      return;
    }
    if (err.code === 'OFFLINE') return;
    if (err.code === 'RATE_LIMIT_EXCEEDED') show(t('tooFast', { s: err.retryAfter ?? 1 }));
    else show(t('failed', { m: `${err.code}: ${err.message}` }));
  }
}
