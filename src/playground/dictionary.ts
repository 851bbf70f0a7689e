// Dictionary look-up (op lookup) and suggest-while-typing (op suggest) in a
// search box: a combobox whose list is chosen with ↑ ↓ and Enter or a click.
// A romanized query is first resolved (op romanize_tokens): its candidates
// lead the list, then the headwords beginning with the top one.

import type { SuggestResponse } from '../schemas/dictionary-suggest.js';
import type { DictionaryEntry } from '../schemas/dictionary-word.js';
import type { RomanizationResponse } from '../schemas/romanization-resolve.js';
import { t } from './i18n.js';
import { LiveError, type LiveClient } from './live.js';

export interface DictionaryElements {
  input: HTMLInputElement;
  go: HTMLButtonElement;
  list: HTMLUListElement;
  entry: HTMLElement;
}

const SUGGEST_DELAY_MS = 120;
const LIMIT = 10;
const LATIN = /[A-Za-z]/;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

export class Dictionary {
  private items: string[] = [];
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  private lookupSeq = 0;

  constructor(
    private readonly live: LiveClient,
    private readonly e: DictionaryElements,
  ) {
    e.input.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.suggest(), SUGGEST_DELAY_MS);
    });
    e.input.addEventListener('keydown', (ev) => this.onKeyDown(ev));
    e.input.addEventListener('blur', () => setTimeout(() => this.close(), 150));
    e.go.addEventListener('click', () => void this.lookupTyped());
    e.list.addEventListener('mousedown', (ev) => ev.preventDefault());
    e.list.addEventListener('click', (ev) => {
      const li = (ev.target as HTMLElement).closest('li');
      if (li) this.pick(Number(li.dataset.index));
    });
  }

  private async suggest(): Promise<void> {
    const q = this.e.input.value.trim();
    const seq = ++this.seq;
    if (q === '' || q.length > 100) return this.show([]);
    try {
      let words: string[] = [];
      let prefix = q;
      if (LATIN.test(q)) {
        const r = await this.live.request<RomanizationResponse>('romanize_tokens', { tokens: [q], max_candidates: 3 });
        words = r.tokens[0]?.candidates.map((c) => c.word) ?? [];
        prefix = words[0] ?? '';
      }
      if (prefix !== '') words.push(...(await this.live.request<SuggestResponse>('suggest', { q: prefix, limit: LIMIT })));
      if (seq === this.seq) this.show([...new Set(words)].slice(0, LIMIT));
    } catch (err) {
      if (seq === this.seq) this.show([]);
      if (!(err instanceof LiveError && (err.code === 'OFFLINE' || err.code === 'INVALID_PARAMETER'))) this.message(err);
    }
  }

  private show(words: string[]): void {
    this.items = words;
    this.active = -1;
    const { list, input } = this.e;
    list.replaceChildren(
      ...words.map((w, i) => {
        const li = el('li', w);
        li.id = `sug-${i}`;
        li.lang = 'ne';
        li.dataset.index = String(i);
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        return li;
      }),
    );
    list.hidden = words.length === 0 || document.activeElement !== input;
    input.setAttribute('aria-expanded', String(!list.hidden));
    input.removeAttribute('aria-activedescendant');
  }

  private close(): void {
    this.e.list.hidden = true;
    this.e.input.setAttribute('aria-expanded', 'false');
    this.e.input.removeAttribute('aria-activedescendant');
    this.active = -1;
  }

  private move(to: number): void {
    const { list, input } = this.e;
    if (this.items.length === 0) return;
    if (list.hidden) {
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
    this.active = (to + this.items.length) % this.items.length;
    for (const li of list.children) li.setAttribute('aria-selected', String(li.id === `sug-${this.active}`));
    input.setAttribute('aria-activedescendant', `sug-${this.active}`);
    list.children[this.active]?.scrollIntoView({ block: 'nearest' });
  }

  private onKeyDown(ev: KeyboardEvent): void {
    if (ev.key === 'ArrowDown') {
      ev.preventDefault();
      this.move(this.active + 1);
    } else if (ev.key === 'ArrowUp') {
      ev.preventDefault();
      this.move(this.active - 1);
    } else if (ev.key === 'Enter') {
      ev.preventDefault();
      if (this.active >= 0 && !this.e.list.hidden) this.pick(this.active);
      else void this.lookupTyped();
    } else if (ev.key === 'Escape' && !this.e.list.hidden) {
      ev.preventDefault();
      this.close();
    }
  }

  private pick(i: number): void {
    const w = this.items[i];
    if (w === undefined) return;
    this.e.input.value = w;
    this.close();
    void this.lookup(w);
  }

  /** The typed word; a romanized one is looked up as its first suggestion. */
  private async lookupTyped(): Promise<void> {
    const q = this.e.input.value.trim();
    if (q === '') return;
    if (LATIN.test(q)) {
      clearTimeout(this.timer);
      await this.suggest();
      if (this.items[0]) return this.pick(0);
    }
    return this.lookup(q);
  }

  async lookup(word: string): Promise<void> {
    const seq = ++this.lookupSeq;
    this.e.input.value = word;
    this.close();
    const box = this.e.entry;
    box.setAttribute('aria-busy', 'true');
    try {
      const entry = await this.live.request<DictionaryEntry>('lookup', { q: word });
      if (seq === this.lookupSeq) this.renderEntry(entry);
    } catch (err) {
      if (seq !== this.lookupSeq) return;
      if (err instanceof LiveError && err.code === 'WORD_NOT_FOUND') this.renderNotFound(word, err.similarWords ?? []);
      else this.message(err);
    } finally {
      if (seq === this.lookupSeq) box.removeAttribute('aria-busy');
    }
  }

  private renderEntry(entry: DictionaryEntry): void {
    const h = el('h3', entry.word);
    h.lang = 'ne';
    const parts: Node[] = [h];
    if (entry.part_of_speech) {
      parts.push(el('p', t('pos', { p: entry.part_of_speech }), 'pos'));
    }
    if (entry.definitions.length > 0) {
      const ol = el('ol');
      ol.lang = 'ne';
      for (const d of entry.definitions)
        ol.append(el('li', d.part_of_speech && d.part_of_speech !== entry.part_of_speech ? `(${d.part_of_speech}) ${d.text}` : d.text));
      parts.push(ol);
    }
    parts.push(el('p', t('dictionaries', { list: entry.dictionaries.join(', ') }), 'dicts'));
    this.e.entry.replaceChildren(...parts);
  }

  private renderNotFound(word: string, similar: string[]): void {
    const parts: Node[] = [el('p', t('notFound', { w: word }))];
    if (similar.length > 0) {
      parts.push(el('p', t('similar')));
      const row = el('div', undefined, 'similar');
      for (const w of similar) {
        const b = el('button', w);
        b.type = 'button';
        b.lang = 'ne';
        b.addEventListener('click', () => void this.lookup(w));
        row.append(b);
      }
      parts.push(row);
    }
    this.e.entry.replaceChildren(...parts);
  }

  private message(err: unknown): void {
    const text =
      err instanceof LiveError
        ? err.code === 'RATE_LIMIT_EXCEEDED'
          ? t('tooFast', { s: err.retryAfter ?? 1 })
          : t('failed', { m: `${err.code}: ${err.message}` })
        : t('failed', { m: String(err) });
    this.e.entry.replaceChildren(el('p', text, 'notice'));
  }
}
