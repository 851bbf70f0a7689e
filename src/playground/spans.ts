// Ranges of the writing box's text that outlive edits: every range the
// editor remembers (marks, conversions in flight, a word kept roman) is a
// Span, moved along by each edit before it and dropped by an edit touching it.
// No DOM here: the typing state machine (typing.ts) and its unit tests use it.

export interface Span {
  start: number;
  end: number;
  alive: boolean;
}

/** Where old and new text differ: a common prefix, then `removed` characters of the old replaced by `inserted` of the new. */
export function difference(before: string, after: string): { at: number; removed: number; inserted: number } | null {
  if (before === after) return null;
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  return { at: p, removed: before.length - p - s, inserted: after.length - p - s };
}

export class Spans {
  private readonly live = new Set<Span>();

  /** Follows the span through later edits. */
  track<T extends Span>(s: T): T {
    this.live.add(s);
    return s;
  }

  /** Stops following the span (it stays as it is). */
  forget(s: Span): void {
    this.live.delete(s);
  }

  /** Some followed span satisfies the test. */
  some(test: (s: Span) => boolean): boolean {
    for (const s of this.live) if (test(s)) return true;
    return false;
  }

  /** Moves the spans after an edit at `at` ([at, at+removed) became `inserted` characters); drops those it touches (alive false). */
  shift(at: number, removed: number, inserted: number): void {
    const delta = inserted - removed;
    for (const s of this.live) {
      if (s.end < at) continue;
      if (s.start > at + removed) {
        s.start += delta;
        s.end += delta;
      } else {
        s.alive = false;
        this.live.delete(s);
      }
    }
  }
}
