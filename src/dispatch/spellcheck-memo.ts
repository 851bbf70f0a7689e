// The word verdicts one live connection keeps, so that a paragraph edited by
// one word costs one word: a text is checked word by word (engine/spell/
// text-result.ts), so the answer for a text is assembled from the verdicts of
// its distinct words, and only the words not seen before are asked of the
// engines (one job, placed inline or on the pool by its size).
//
// The memo is bounded (least recently used words go first), but a text's
// answer never depends on what the bound evicts: the verdicts a text needs
// are read out of the memo before any eviction, and the answer is built from
// those and the fresh ones, so it is always the answer REST gives.

import { textResult, wordOccurrences } from '../engine/spell/text-result.js';
import type { SpellcheckTextResult, SpellcheckWordResult, SpellLevel } from '../engine/results.js';
import type { JobOptions, Outcome, Services } from './services.js';

/** Verdicts kept (the distinct words of a few pages; about 200 bytes each). */
export const MEMO_WORDS = 1024;

export class SpellcheckMemo {
  private readonly verdicts = new Map<string, SpellcheckWordResult>();

  constructor(
    private readonly services: Pick<Services, 'spellcheckWords'>,
    private readonly capacity = MEMO_WORDS,
  ) {}

  get size(): number {
    return this.verdicts.size;
  }

  /** The spellcheck answer of `text` (already validated) at `level`, as Spellchecker.checkText gives it. */
  async check(text: string, level: SpellLevel, options: JobOptions = {}): Promise<Outcome<SpellcheckTextResult>> {
    const words = wordOccurrences(text);
    // What this text needs, taken out of the memo now: whatever is evicted later, the answer has it.
    const needed = new Map<string, SpellcheckWordResult>();
    const missing: string[] = [];
    for (const w of words.keys()) {
      const v = this.verdicts.get(w);
      if (v === undefined) missing.push(w);
      else needed.set(w, v);
    }
    if (missing.length > 0) {
      const o = await this.services.spellcheckWords(missing, options);
      if (!o.ok) return o;
      for (let i = 0; i < missing.length; i++) needed.set(missing[i]!, o.value[i]!);
    }
    this.remember(needed);
    return { ok: true, value: textResult(words, (w) => needed.get(w)!, level) };
  }

  forget(): void {
    this.verdicts.clear();
  }

  /** Marks the text's words most recently used, then drops the least recently used beyond the bound. */
  private remember(used: Map<string, SpellcheckWordResult>): void {
    for (const [w, v] of used) {
      this.verdicts.delete(w);
      this.verdicts.set(w, v);
    }
    for (const w of this.verdicts.keys()) {
      if (this.verdicts.size <= this.capacity) break;
      this.verdicts.delete(w);
    }
  }
}
