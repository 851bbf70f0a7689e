// LanguageTool's error answers: text/plain, "Error: " and a sentence, as its
// HTTP server writes them (LanguageToolHttpHandler). Every error of the /v2/
// endpoints is written so, those of the pipeline (rate limits, an unknown
// key, a body too large, an overloaded pool) included: the service's JSON
// error shapes are rewritten here with their message, status and headers
// (Retry-After, Allow) kept.

import type { Reply } from '../types.js';

export const TEXT_TYPE = 'text/plain; charset=utf-8';

/** A text/plain answer. */
export function textReply(status: number, text: string, headers?: Record<string, string>): Reply {
  return { status, content: { bytes: text, type: TEXT_TYPE, encoding: null }, ...(headers === undefined ? {} : { headers }) };
}

/** LanguageTool's error answer. */
export function ltError(status: number, message: string, headers?: Record<string, string>): Reply {
  return textReply(status, `Error: ${message}`, headers);
}

/** The message of one of the service's JSON error bodies (Shape A `error.message`, Shape B `detail`). */
function messageOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const b = body as { error?: { message?: unknown }; detail?: unknown };
  if (typeof b.error?.message === 'string') return b.error.message;
  if (typeof b.detail === 'string') return b.detail;
  return null;
}

/** An error reply in LanguageTool's form; other replies as they are. */
export function asLtError(reply: Reply): Reply {
  if (reply.status < 400 || reply.content !== undefined) return reply;
  const message = messageOf(reply.body) ?? 'The request could not be answered';
  const out = ltError(reply.status, message, reply.headers);
  return reply.log === undefined ? out : { ...out, log: reply.log };
}
