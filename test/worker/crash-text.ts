/** A spellcheck text that crashing-worker.ts ends its thread on (long enough with its padding to be a pool job). */
export const CRASH_TEXT = 'क्र्याश';
