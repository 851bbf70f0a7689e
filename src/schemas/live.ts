// The live channel's own messages (GET /api/v1/live, src/http/live.ts;
// docs/api.md, "Live channel"): the ready message with the connection's
// limits, and the frame every reply comes in. A request's fields and a
// reply's `result` are the REST bodies of the other schemas. Types only:
// the playground imports them (type-only) as the wire's shapes.

/** The limits as the ready message states them: the client's budget (all its connections together) and the connection's own bounds. */
export interface LiveLimits {
  messages_per_second: number;
  burst: number;
  characters_per_minute: number;
  /** Messages a day of the client (the daily request limit, in proportion); null: no daily bound. */
  messages_per_day: number | null;
  max_message_bytes: number;
  max_pending: number;
  idle_timeout_seconds: number;
  max_buffered_bytes: number;
  /** The longest text `spellcheck` takes, in characters (code points), as its REST endpoint. */
  max_text_characters: number;
  /** The most words of a text `spellcheck` takes, as its REST endpoint. */
  max_text_words: number;
}

/** The server's first message on a connection. */
export interface LiveReady {
  op: 'ready';
  api_version: string;
  data_version: string;
  limits: LiveLimits;
}

/** A reply: the request's id and op with its `result`, or an `error` in the REST catalog's codes. */
export interface LiveReply {
  id: number | string | null;
  op?: string;
  result?: unknown;
  error?: { code: string; message: string; retry_after?: number };
  /** WORD_NOT_FOUND's similar words, beside the error as in the REST body. */
  similar_words?: string[];
}
