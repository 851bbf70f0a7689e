// The playground's romanized typing (src/playground/typing.ts) driven as the
// writing box drives it, without a browser: a fake box applies each key to
// its text and caret and tells the machine, a fake service answers the
// candidates (at once, or when the test says), and the candidates' delay is
// a timer the test runs. Every wait is for the promises in flight to settle.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { difference, Spans, type Span } from '../../src/playground/spans.js';
import { Typing, type CandidateSource, type Timers, type TypingView } from '../../src/playground/typing.js';

/** Lets every promise in flight settle (the machine's candidates arrive in microtasks). */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The candidates of a few roman words, and what was asked. */
class FakeService {
  readonly asked: string[][] = [];
  /** Answers held back until answer() (held true), else given at once. */
  held = false;
  private readonly waiting: { tokens: string[]; resolve: (w: string[]) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly words: Record<string, string[]>) {}

  readonly source: CandidateSource = (tokens) => {
    this.asked.push(tokens);
    const words = this.words[tokens[tokens.length - 1]!] ?? [];
    if (!this.held) return Promise.resolve(words);
    return new Promise((resolve, reject) => this.waiting.push({ tokens, resolve, reject }));
  };

  /** Answers the held request for `roman` (its candidates, or the error). */
  answer(roman: string, error?: Error): void {
    const i = this.waiting.findIndex((w) => w.tokens[w.tokens.length - 1] === roman);
    assert.ok(i >= 0, `a request for ${roman} is waiting`);
    const [w] = this.waiting.splice(i, 1);
    if (error) w!.reject(error);
    else w!.resolve(this.words[roman] ?? []);
  }
}

/** Timers the test runs itself. */
class ManualTimers implements Timers {
  private readonly due = new Map<number, () => void>();
  private next = 1;
  set(fn: () => void): unknown {
    this.due.set(this.next, fn);
    return this.next++;
  }
  clear(handle: unknown): void {
    this.due.delete(handle as number);
  }
  get pending(): number {
    return this.due.size;
  }
  run(): void {
    const fns = [...this.due.values()];
    this.due.clear();
    for (const fn of fns) fn();
  }
}

/** A textarea's text and selection, typed into as a browser does. */
class FakeBox implements TypingView {
  text = '';
  selStart = 0;
  selEnd = 0;
  pendingChanges = 0;
  shifts = 0;
  readonly failures: unknown[] = [];
  readonly timers = new ManualTimers();
  readonly typing: Typing;

  constructor(readonly service: FakeService) {
    this.typing = new Typing(this, service.source, this.timers);
  }

  selection(): { start: number; end: number } {
    return { start: this.selStart, end: this.selEnd };
  }
  write(start: number, end: number, text: string, selStart: number, selEnd: number): string {
    this.text = this.text.slice(0, start) + text + this.text.slice(end);
    this.selStart = selStart;
    this.selEnd = selEnd;
    return this.text;
  }
  shifted(): void {
    this.shifts++;
  }
  edited(): void {}
  pendingChanged(): void {
    this.pendingChanges++;
  }
  failed(err: unknown): void {
    this.failures.push(err);
  }

  /** Types each character at the caret. */
  type(chars: string): void {
    for (const ch of chars) {
      this.text = this.text.slice(0, this.selStart) + ch + this.text.slice(this.selEnd);
      this.selStart = this.selEnd = this.selStart + ch.length;
      this.typing.input(this.text, 'insertText', ch);
    }
  }

  /** A key the machine may take; when it does not, Backspace deletes the character before the caret as the box would. */
  press(key: string): boolean {
    const taken = this.typing.keyDown(key, false);
    if (!taken && key === 'Backspace' && this.selStart > 0) {
      this.text = this.text.slice(0, this.selStart - 1) + this.text.slice(this.selEnd);
      this.selStart = this.selEnd = this.selStart - 1;
      this.typing.input(this.text, 'deleteContentBackward', null);
    }
    this.typing.keyUp(key);
    return taken;
  }

  /** The pending word now (a call, so that an assertion about it narrows nothing). */
  pending(): ReturnType<() => Typing['pending']> {
    return this.typing.pending;
  }

  /** Puts the caret at `at` (a click or an arrow key the machine does not take). */
  caret(at: number): void {
    this.selStart = this.selEnd = at;
    this.typing.refresh();
  }
}

const WORDS: Record<string, string[]> = {
  mero: ['मेरो', 'मेरा'],
  naam: ['नाम', 'नम'],
  ram: ['राम', 'रम', 'राम्'],
  ho: ['हो', 'हौ'],
};
const box = (): FakeBox => new FakeBox(new FakeService(WORDS));

test('a space after a roman word converts it to its first candidate, the space kept', async () => {
  const b = box();
  b.type('mero ');
  await settle();
  assert.equal(b.text, 'मेरो ');
  assert.equal(b.selStart, 5, 'the caret after the space');
  // The separator asked at once: no timer had to run.
  assert.deepEqual(b.service.asked, [['mero']]);
  b.type('naam.');
  await settle();
  assert.equal(b.text, 'मेरो नाम.');
});

test("the pending word's candidates are asked a moment after the last key, for the word as typed then", async () => {
  const b = box();
  b.type('ra');
  b.type('m');
  assert.equal(b.pending()?.roman, 'ram');
  assert.equal(b.pending()?.candidates, null, 'not asked yet');
  assert.equal(b.timers.pending, 1, 'one timer: each key put off the question');
  b.timers.run();
  await settle();
  assert.deepEqual(b.service.asked, [['ram']]);
  assert.deepEqual(b.pending()?.candidates, WORDS.ram);
  // The same word again (another caret position, back): the list is known, nothing is asked.
  b.caret(1);
  assert.equal(b.pending(), null, 'inside a word: nothing pending');
  b.caret(3);
  assert.deepEqual(b.pending()?.candidates, WORDS.ram);
  assert.equal(b.timers.pending, 0);
});

test('the words before it in its sentence are its context, a converted one as it was typed', async () => {
  const b = box();
  b.type('mero naam ram');
  await settle();
  assert.equal(b.text, 'मेरो नाम ram');
  b.timers.run();
  await settle();
  assert.deepEqual(b.service.asked.at(-1), ['mero', 'naam', 'ram']);
  b.type(' ho. ram');
  b.timers.run();
  await settle();
  assert.deepEqual(b.service.asked.at(-1), ['ram'], 'a new sentence: no context');
});

test('↑ ↓ choose a candidate the separator takes; a digit or Enter takes one without typing anything', async () => {
  const b = box();
  b.type('ram');
  assert.equal(b.press('ArrowDown'), false, 'no list yet: the key is the box');
  b.timers.run();
  await settle();
  assert.equal(b.press('ArrowDown'), true);
  assert.equal(b.pending()?.selected, 1);
  assert.equal(b.press('ArrowUp'), true);
  assert.equal(b.press('ArrowUp'), true, 'up from the first: the last');
  assert.equal(b.pending()?.selected, 2);
  b.type(' ');
  await settle();
  assert.equal(b.text, 'राम् ');
  b.type('ram');
  b.timers.run();
  await settle();
  assert.equal(b.press('4'), false, 'no fourth candidate');
  assert.equal(b.press('2'), true);
  await settle();
  assert.equal(b.text, 'राम् रम');
  b.type(' ho');
  b.timers.run();
  await settle();
  assert.equal(b.press('Enter'), true);
  await settle();
  assert.equal(b.text, 'राम् रम हो');
  assert.equal(b.pending(), null);
});

test('Esc keeps the roman spelling: the separator after it converts nothing', async () => {
  const b = box();
  b.type('ram');
  assert.equal(b.press('Escape'), true);
  assert.equal(b.pending(), null);
  b.type(' ');
  await settle();
  assert.equal(b.text, 'ram ');
  assert.deepEqual(b.service.asked, []);
  b.type('ram ');
  await settle();
  assert.equal(b.text, 'ram राम ', 'the next word is converted as usual');
});

test('Backspace right after a converted word gives its roman spelling back; after a word converted before, that one', async () => {
  const b = box();
  b.type('mero ');
  await settle();
  assert.equal(b.press('Backspace'), true);
  assert.equal(b.text, 'mero');
  assert.equal(b.selStart, 4);
  assert.deepEqual(b.pending()?.candidates, WORDS.mero, 'pending again, its list known');
  // A plain Backspace now: the box deletes a letter.
  assert.equal(b.press('Backspace'), false);
  assert.equal(b.text, 'mer');
  b.type('o naam ');
  await settle();
  assert.equal(b.text, 'मेरो नाम ');
  b.caret(4);
  assert.equal(b.press('Backspace'), true, 'मेरो was converted from mero');
  assert.equal(b.text, 'mero नाम ');
  assert.equal(b.selStart, 4);
});

test('words accepted before their candidates came are converted when they come, in any order', async () => {
  const b = box();
  b.service.held = true;
  b.type('naam ram ');
  assert.equal(b.text, 'naam ram ');
  b.service.answer('naam');
  await settle();
  // नाम is a letter shorter than naam: the word in flight after it moved along.
  assert.equal(b.text, 'नाम ram ');
  b.service.answer('ram');
  await settle();
  assert.equal(b.text, 'नाम राम ');
  assert.equal(b.selStart, 8, 'the caret stays at the end');
});

test('an edit inside a word in flight drops it: its candidates convert nothing when they come', async () => {
  const b = box();
  b.service.held = true;
  b.type('ram ');
  b.caret(2);
  b.press('Backspace');
  assert.equal(b.text, 'rm ');
  b.service.answer('ram');
  await settle();
  assert.equal(b.text, 'rm ');
});

test('a failed request is reported and asked again next time (not cached)', async () => {
  const b = box();
  b.service.held = true;
  b.type('ram ');
  b.service.answer('ram', new Error('OFFLINE'));
  await settle();
  assert.equal(b.text, 'ram ');
  assert.equal(b.failures.length, 1);
  b.service.held = false;
  b.type('ram ');
  await settle();
  assert.equal(b.text, 'ram राम ');
  assert.equal(b.service.asked.length, 2);
});

test('a reconnection asks for the pending word again; to changed data, for every word', async () => {
  const b = box();
  b.type('ram');
  b.timers.run();
  await settle();
  b.typing.reconnected(false);
  assert.deepEqual(b.pending()?.candidates, WORDS.ram, 'the same data: the list is still good');
  b.typing.reconnected(true);
  assert.equal(b.pending()?.candidates, null);
  b.timers.run();
  await settle();
  assert.equal(b.service.asked.length, 2);
});

test('in plain mode nothing is pending and nothing converted', async () => {
  const b = box();
  b.typing.setMode('plain');
  b.type('mero naam ');
  b.timers.run();
  await settle();
  assert.equal(b.text, 'mero naam ');
  assert.equal(b.pending(), null);
  assert.deepEqual(b.service.asked, []);
  assert.equal(b.press('Backspace'), false);
  b.typing.setMode('roman');
  assert.equal(b.pending()?.roman, 'naam', 'back in roman mode: the word at the caret is pending');
});

test('replace keeps the caret where the user had it; a span after the edit moves, one it touches dies', () => {
  const b = box();
  b.typing.setMode('plain');
  b.type('घर पानि छ');
  const after: Span = b.typing.spans.track({ start: 8, end: 9, alive: true });
  const touched: Span = b.typing.spans.track({ start: 3, end: 7, alive: true });
  b.caret(9);
  b.typing.replace(3, 7, 'पानी');
  assert.equal(b.text, 'घर पानी छ');
  assert.equal(b.selStart, 9);
  assert.equal(touched.alive, false);
  assert.deepEqual([after.start, after.end, after.alive], [8, 9, true]);
  b.typing.replace(0, 2, 'मेरो घर');
  assert.deepEqual([after.start, after.end], [13, 14]);
  assert.equal(b.selStart, 14);
  // follow: spans made for an older text (a spellcheck's marks) moved to the text as it is now.
  const mark: Span = b.typing.spans.track({ start: 3, end: 5, alive: true });
  b.typing.follow('घर पानी छ');
  assert.deepEqual([mark.start, mark.end, mark.alive], [8, 10, true]);
});

test('difference and Spans: the edit between two texts, and spans moved or dropped by it', () => {
  assert.equal(difference('abc', 'abc'), null);
  assert.deepEqual(difference('abcdef', 'abXYef'), { at: 2, removed: 2, inserted: 2 });
  assert.deepEqual(difference('aaa', 'aaaa'), { at: 3, removed: 0, inserted: 1 });
  const spans = new Spans();
  const before: Span = spans.track({ start: 0, end: 1, alive: true });
  const at: Span = spans.track({ start: 2, end: 4, alive: true });
  const later: Span = spans.track({ start: 6, end: 8, alive: true });
  spans.shift(3, 1, 3);
  assert.deepEqual([before.start, before.alive, at.alive, later.start, later.end], [0, true, false, 8, 10]);
  assert.equal(
    spans.some((s) => s === at),
    false,
    'a dead span is no longer followed',
  );
  spans.forget(later);
  spans.shift(0, 0, 5);
  assert.equal(later.start, 8, 'a forgotten span stays where it was');
});
