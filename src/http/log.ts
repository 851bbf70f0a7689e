// The service's log lines: JSON, one a line, access lines on stdout and
// error lines on stderr, each naming the request it concerns.

/**
 * Keeps the service serving once its log streams' reader is gone (the
 * process reading a pipe exited): every later write to the pipe fails with
 * EPIPE, reported as an 'error' event on the stream. Unheard, each such
 * event reaches the uncaughtException handler, whose own log line fails
 * again on the next tick: a loop of ticks that starves the event loop, so
 * no request and no signal is served again. A log stream's failure has
 * nowhere to be reported, so its errors are dropped with the lines.
 */
export function survivesClosedLogs(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}

export function logLine(stream: NodeJS.WriteStream, record: Record<string, unknown>): void {
  try {
    stream.write(JSON.stringify(record) + '\n');
  } catch {
    // Logging must never take a request down with it.
  }
}

/** An error line, with the id of the request it concerns when there is one. */
export function logError(message: string, err?: unknown, requestId?: string): void {
  const record: Record<string, unknown> = { time: new Date().toISOString(), level: 'error', message };
  if (requestId !== undefined) record.request_id = requestId;
  if (err !== undefined) record.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  logLine(process.stderr, record);
}

export type LogError = typeof logError;
