// runTask: how a thread runs a job (protocol.ts types them), the same on
// worker threads (src/worker/worker.ts) and on the main thread (inline jobs).

import type { BatchItem, ItemFailure, ItemTask, Lines, Outcome, Task } from './protocol.js';
import { JobStopped, NEVER_STOP, checkpoint, type StopCheck } from '../engine/lang/checkpoint.js';
import { lookupEntry, lookupEntryJson } from '../engine/lookup/entry.js';
import { suggestWords } from '../engine/lookup/suggest.js';
import { checkJobAnswer } from '../languagetool/check.js';
import type { Engines } from './engines.js';
import { concatBytes, itemLine, pieceLine, pieceText, romanizationCounts, shiftRomanization, shiftSpellcheck, spellcheckCounts } from './lines.js';

const CANCELLED: Outcome<unknown> = { ok: false, code: 'CANCELLED', message: 'the job was cancelled' };
const encoder = new TextEncoder();

/** Runs a task; `stop` is asked at the engines' checkpoints, and a job told to stop ends CANCELLED. */
export function runTask(engines: Engines, task: Task, stop: StopCheck = NEVER_STOP): Outcome<unknown> {
  // A job cancelled while it crossed to this thread does not start.
  if (stop()) return CANCELLED;
  try {
    switch (task.name) {
      case 'spellcheckText':
      case 'spellcheckWord':
      case 'romanizeText':
      case 'romanizeTokens':
      case 'lookupEntry':
        return runItem(engines, task, stop);
      case 'similarWords':
        return { ok: true, value: similarWords(engines, task.word, task.limit) };
      case 'spellcheckWords':
        return { ok: true, value: engines.spell.checkWords(task.words, stop) };
      case 'languageToolCheck':
        return { ok: true, value: checkJobAnswer(task.job, engines.spell.checkText(task.job.plain, stop, task.job.level)) };
      case 'spellcheckPiece': {
        const text = pieceText(task.bytes);
        const result = shiftSpellcheck(engines.spell.checkText(text, stop), task.start);
        const json = encoder.encode(JSON.stringify(result));
        return linesOutcome(pieceLine(task.piece, task.start, task.start + text.length, json), spellcheckCounts(result));
      }
      case 'romanizePiece': {
        const text = pieceText(task.bytes);
        const result = shiftRomanization(engines.roman.resolveText(text, task.maxCandidates, stop), task.start);
        const json = engines.roman.json(result);
        return linesOutcome(pieceLine(task.piece, task.start, task.start + text.length, json), romanizationCounts(result));
      }
      case 'batch':
        return runBatch(engines, task.items, stop);
    }
  } catch (err) {
    if (err instanceof JobStopped) return CANCELLED;
    // An engine bug must not take the thread down; the HTTP layer answers 500.
    console.error(`[worker] task ${task.name} failed:`, err);
    return { ok: false, code: 'INTERNAL_ERROR', message: 'internal error' };
  }
  return { ok: false, code: 'INTERNAL_ERROR', message: 'unknown task' };
}

/** The job of one request of a single endpoint (or one batch item): its result as a value. */
function runItem(engines: Engines, task: ItemTask, stop: StopCheck): Outcome<unknown> {
  switch (task.name) {
    case 'spellcheckText':
      return { ok: true, value: engines.spell.checkText(task.text, stop, task.level) };
    case 'spellcheckWord':
      return { ok: true, value: engines.spell.checkWord(task.word, task.level) };
    case 'romanizeText':
      return { ok: true, value: engines.roman.resolveText(task.text, task.maxCandidates, stop) };
    case 'romanizeTokens':
      return { ok: true, value: engines.roman.resolveTokens(task.tokens, task.maxCandidates, stop) };
    case 'lookupEntry': {
      const entry = lookupEntry(engines.store, task.word);
      return entry ? { ok: true, value: entry } : notFound(engines, task.word);
    }
  }
}

function notFound(engines: Engines, word: string): Outcome<never> {
  return { ok: false, code: 'WORD_NOT_FOUND', message: `the word '${word}' is in no dictionary`, similarWords: similarWords(engines, word, SIMILAR_WORDS_MAX) };
}

/** similar_words of a WORD_NOT_FOUND answer (spec: at most 5). */
export const SIMILAR_WORDS_MAX = 5;

/** Spellcheck suggestions first (they fix typos), then completions of the word as a prefix; at most `limit`. */
export function similarWords(engines: Engines, word: string, limit: number): string[] {
  const out = [...engines.spell.similarWords(word, limit)];
  if (out.length < limit) {
    for (const w of suggestWords(engines.store, word, limit)) {
      if (out.length >= limit) break;
      if (!out.includes(w)) out.push(w);
    }
  }
  return out.slice(0, limit);
}

/** An item's answer as JSON bytes: romanization from the romanizer's cached fragments, an entry as the store holds it. */
function itemJson(engines: Engines, task: ItemTask, stop: StopCheck): Outcome<Uint8Array> {
  if (task.name === 'lookupEntry') {
    const json = lookupEntryJson(engines.store, task.word);
    return json ? { ok: true, value: json } : notFound(engines, task.word);
  }
  const o = runItem(engines, task, stop);
  if (!o.ok) return o;
  if (task.name === 'romanizeText' || task.name === 'romanizeTokens') return { ok: true, value: engines.roman.json(o.value as never) };
  return { ok: true, value: encoder.encode(JSON.stringify(o.value)) };
}

/** Batch items one after another; a failing item fails alone (its line is the HTTP layer's), a cancelled job as a whole. */
function runBatch(engines: Engines, items: readonly BatchItem[], stop: StopCheck): Outcome<Lines> {
  const lines: Uint8Array[] = [];
  const failures: ItemFailure[] = [];
  for (let i = 0; i < items.length; i++) {
    checkpoint(stop);
    const { id, index, task } = items[i]!;
    let o: Outcome<Uint8Array>;
    try {
      o = itemJson(engines, task, stop);
    } catch (err) {
      if (err instanceof JobStopped) throw err;
      console.error(`[worker] batch item ${task.name} failed:`, err);
      o = { ok: false, code: 'INTERNAL_ERROR', message: 'internal error' };
    }
    if (o.ok) lines.push(itemLine(id, index, o.value));
    else if (o.code === 'CANCELLED') return o;
    else failures.push({ index, code: o.code, message: o.message, similarWords: o.similarWords });
  }
  return { ok: true, value: { bytes: concatBytes(lines), counts: {}, failures } };
}

function linesOutcome(bytes: Uint8Array, counts: Record<string, number>): Outcome<Lines> {
  return { ok: true, value: { bytes, counts, failures: [] } };
}
