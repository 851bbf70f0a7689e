// runTask: how a thread runs a job (protocol.ts types them), the same on
// worker threads (src/worker/worker.ts) and on the main thread (inline jobs).

import type { Outcome, StopCheck, Task } from './protocol.js';
import { JobStopped, NEVER_STOP } from '../engine/lang/checkpoint.js';
import type { Engines } from './engines.js';

const CANCELLED: Outcome<unknown> = { ok: false, code: 'CANCELLED', message: 'the job was cancelled' };

/** Runs a task; `stop` is asked at the engines' checkpoints, and a job told to stop ends CANCELLED. */
export function runTask(engines: Engines, task: Task, stop: StopCheck = NEVER_STOP): Outcome<unknown> {
  // A job cancelled while it crossed to this thread does not start.
  if (stop()) return CANCELLED;
  try {
    switch (task.name) {
      case 'spellcheckText':
        return { ok: true, value: engines.spell.checkText(task.text, stop) };
      case 'spellcheckWord':
        return { ok: true, value: engines.spell.checkWord(task.word) };
      case 'similarWords':
        return { ok: true, value: engines.spell.similarWords(task.word, task.limit) };
      case 'romanizeText':
        return { ok: true, value: engines.roman.resolveText(task.text, task.maxCandidates, stop) };
      case 'romanizeTokens':
        return { ok: true, value: engines.roman.resolveTokens(task.tokens, task.maxCandidates, stop) };
      case 'crash':
        if (process.env.ALLOW_CRASH_TASK === '1') process.exit(70);
        return { ok: false, code: 'INTERNAL_ERROR', message: 'unknown task' };
    }
  } catch (err) {
    if (err instanceof JobStopped) return CANCELLED;
    // An engine bug must not take the thread down; the HTTP layer answers 500.
    console.error(`[worker] task ${task.name} failed:`, err);
    return { ok: false, code: 'INTERNAL_ERROR', message: 'internal error' };
  }
  return { ok: false, code: 'INTERNAL_ERROR', message: 'unknown task' };
}
