// What the generated pages share: a table cell that cannot break its row, and
// whether a module was run as a command rather than imported.

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Text for one cell of a Markdown table: pipes escaped, line breaks as spaces. */
export function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** True when the module at this URL is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
}
