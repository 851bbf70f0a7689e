// The main thread's spare buffers (worker/transfer.ts says why they are
// kept): request bodies once decoded and worker answers once written are
// given here; a job that answers in bytes takes one to its worker, and a
// body being read takes one to be read into.

import { SpareBuffers } from '../worker/transfer.js';

export const mainSpares = new SpareBuffers();
