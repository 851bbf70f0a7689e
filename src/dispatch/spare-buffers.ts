// The main thread's spare buffers (worker/transfer.ts says why they are
// kept): request bodies once decoded and worker answers once written are
// given here; a job that answers in bytes takes one to its worker, and a
// body being read takes one to be read into.

import { SPARE_MAX_BYTES, SPARE_MIN_BYTES, SpareBuffers, spareSize } from '../worker/transfer.js';

export const mainSpares = new SpareBuffers();

/**
 * Memory of its own for a request body of `bytes` (a kept buffer, or a new
 * one of a spare's size), or null for a body too short or too long to keep.
 */
export function bodyMemory(bytes: number): ArrayBuffer | null {
  if (bytes < SPARE_MIN_BYTES || bytes > SPARE_MAX_BYTES) return null;
  return mainSpares.take(bytes) ?? new ArrayBuffer(spareSize(bytes));
}
