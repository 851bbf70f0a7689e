// The service's log lines: JSON, one a line, access lines on stdout and
// error lines on stderr, each naming the request it concerns.

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
