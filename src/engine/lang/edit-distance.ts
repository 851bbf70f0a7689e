// The plain edit distance between two strings. (The spellchecker's error
// model, spell/error-model.ts, weighs the edits of Nepali misspellings
// instead; this one counts every edit as 1.)

const row = new Uint16Array(64);

/** Levenshtein distance (insert, delete, substitute = 1); strings longer than 63 units are compared by length. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length > 63 || b.length > 63) return Math.abs(a.length - b.length) + 1;
  const m = b.length;
  for (let j = 0; j <= m; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const tmp = row[j]!;
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diag + cost);
      diag = tmp;
    }
  }
  return row[m]!;
}
