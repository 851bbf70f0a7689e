// The writing box: a textarea over a mirror of its text (the mirror carries
// the underlines, which a textarea cannot draw).
//
// Romanized typing is the state machine of typing.ts, which this class feeds
// the box's events and whose pending word and candidates it draws under the
// box.
//
// Spellcheck: op spellcheck on the whole text, debounced, cut to the text
// limit the connection's ready message states; misspelled words get a wavy
// underline, unknown words a dotted one. Clicking a marked word (or
// Alt+Enter on it, or its button in the list under the box) shows its
// corrections and the rule of the standard that fired; one click applies a
// correction. A mark is a Span (spans.ts) of the typing machine's text:
// moved along by each edit before it, dropped by an edit touching it.

import type { RomanizationResponse } from '../schemas/romanization-resolve.js';
import type { SpellcheckTextResponse } from '../schemas/spellcheck-text.js';
import { lang, num, t } from './i18n.js';
import { LiveError, type LiveClient } from './live.js';
import type { Span } from './spans.js';
import { ROMAN_CHAR, Typing } from './typing.js';

interface Mark extends Span {
  word: string;
  kind: 'miss' | 'unknown';
  corrections: string[];
  rule?: string;
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

const WORD_CHAR = /[\p{L}\p{M}\p{N}\u200C\u200D]/u;
const MAX_CANDIDATES = 9;
const SPELLCHECK_DELAY_MS = 350;

export class Editor {
  private readonly typing: Typing;
  private marks: Mark[] = [];
  private spellTimer: ReturnType<typeof setTimeout> | undefined;
  private spellSeq = 0;
  private popoverMark: Mark | null = null;
  private rules: Record<string, string> = {};

  constructor(
    private readonly live: LiveClient,
    private readonly el: EditorElements,
    private readonly hooks: { lookup(word: string): void; notice(text: string): void },
  ) {
    const ta = el.textarea;
    this.typing = new Typing(
      {
        selection: () => ({ start: ta.selectionStart, end: ta.selectionEnd }),
        write: (start, end, text, selStart, selEnd) => {
          ta.setRangeText(text, start, end);
          ta.setSelectionRange(selStart, selEnd);
          return ta.value;
        },
        shifted: () => {
          this.marks = this.marks.filter((m) => m.alive);
          if (this.popoverMark && !this.popoverMark.alive) this.closePopover(false);
        },
        edited: () => {
          this.grow();
          this.render();
          this.scheduleSpellcheck();
        },
        pendingChanged: () => this.renderCandidates(),
        failed: (err) => this.failed(err),
      },
      (tokens) =>
        live.request<RomanizationResponse>('romanize_tokens', { tokens, max_candidates: MAX_CANDIDATES }).then((r) => {
          const tok = r.tokens[r.tokens.length - 1];
          return tok ? tok.candidates.map((c) => c.word) : [];
        }),
    );
    ta.addEventListener('input', (e) => {
      const ev = e as InputEvent;
      this.typing.input(ta.value, ev.inputType, ev.data);
    });
    ta.addEventListener('keydown', (e) => this.onKeyDown(e));
    ta.addEventListener('keyup', (e) => this.typing.keyUp(e.key));
    ta.addEventListener('click', () => this.onClick());
    el.candidates.addEventListener('mousedown', (e) => e.preventDefault());
    el.candidates.addEventListener('click', (e) => {
      const li = (e.target as HTMLElement).closest('li');
      if (!li || !this.typing.pending) return;
      this.typing.pick(Number(li.dataset.index));
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

  get mode(): 'roman' | 'plain' {
    return this.typing.mode;
  }

  setRules(rules: Record<string, string>): void {
    this.rules = rules;
  }

  setMode(mode: 'roman' | 'plain'): void {
    this.typing.setMode(mode);
    this.render();
  }

  /** The connection is (back) up: ask again for what it may have missed. */
  reconnected(dataChanged: boolean): void {
    this.typing.reconnected(dataChanged);
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
    if (this.typing.keyDown(e.key, e.shiftKey)) e.preventDefault();
  }

  private renderCandidates(): void {
    const { candidates: list, candidatesLive, textarea } = this.el;
    const p = this.typing.pending;
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
    const text = this.typing.text;
    const seq = ++this.spellSeq;
    const sent = this.withinLimit(text);
    if (sent.trim() === '') return this.setMarks(text, { misspelled: [], unknown: [] }, false);
    let r: SpellcheckTextResponse;
    try {
      r = await this.live.request<SpellcheckTextResponse>('spellcheck', { text: sent });
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

  /**
   * The text, or its beginning up to the end of a word, within the longest
   * text the connection checks (its ready message's max_text_characters, in
   * code points); the whole text before the first ready message, when the
   * request fails as offline anyway.
   */
  private withinLimit(text: string): string {
    const limit = this.live.limits?.max_text_characters;
    if (limit === undefined || [...text].length <= limit) return text;
    const head = [...text].slice(0, limit).join('');
    const cut = head.search(/\s\S*$/);
    return cut > 0 ? head.slice(0, cut) : head;
  }

  /** The marks of a result for `text`, moved to the text as it is now. */
  private setMarks(text: string, r: SpellcheckTextResponse, truncated: boolean): void {
    for (const m of this.marks) {
      m.alive = false;
      this.typing.spans.forget(m);
    }
    this.marks = [];
    for (const w of [...r.misspelled, ...r.unknown]) {
      if (ROMAN_CHAR.test(w.word)) continue;
      const miss = w.status === 'misspelled';
      for (const o of w.occurrences) {
        this.marks.push(
          this.typing.spans.track<Mark>({
            start: o.start,
            end: o.end,
            alive: true,
            word: w.word,
            kind: miss ? 'miss' : 'unknown',
            corrections: miss ? w.corrections : [],
            rule: miss ? w.rule : undefined,
          }),
        );
      }
    }
    this.typing.follow(text);
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
    if (truncated) summary += ' ' + t('spellTruncated', { n: num(this.live.limits?.max_text_characters ?? 0, true) });
    if (this.typing.text.trim() === '') summary = '';
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
    this.typing.refresh();
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
      el.popoverRule.replaceChildren(
        t('rule') + ' ',
        code,
        ...(text ? [': ', Object.assign(document.createElement('span'), { textContent: text, lang: 'ne' })] : []),
      );
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
    this.typing.replace(m.start, m.end, word, true);
  }

  // ---- drawing

  private grow(): void {
    const ta = this.el.textarea;
    ta.style.height = 'auto';
    ta.style.height = `${ta.scrollHeight + ta.offsetHeight - ta.clientHeight}px`;
  }

  /** The mirror: the text, with a span per marked word and one for the pending word. */
  private render(): void {
    const text = this.typing.text;
    const ranges: { start: number; end: number; cls: string; mark?: Mark }[] = this.marks
      .filter((m) => m.alive)
      .map((m) => ({ start: m.start, end: m.end, cls: `mark ${m.kind}`, mark: m }));
    const p = this.typing.pending;
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
