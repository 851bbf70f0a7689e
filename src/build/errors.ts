// Errors of the data pipeline. A malformed input file stops the build with a
// message that names the file and the line, before anything is written.

export class DataFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    message: string,
  ) {
    super(line === null ? `${file}: ${message}` : `${file}:${line}: ${message}`);
    this.name = 'DataFormatError';
  }
}
