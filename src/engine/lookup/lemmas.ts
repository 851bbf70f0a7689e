// The headwords a word is an inflected form of, from the store's analyses of
// its form: the build reads them to find a headword's example sentences by
// its forms (घरमा for घर, गरेको for गर्नु) and to link a form a source gives
// meanings for to its headword's meanings (आजको to आज).

import type { FormRecord } from '../../store/types.js';

/** A verb's headword is its infinitive: the root the analyses name (गर्) with -नु. */
const INFINITIVE = 'नु';

/**
 * The headwords `word` is an inflected form of (not itself), in the order of
 * its analyses: an analysis's stem when it is a headword, else the stem's
 * infinitive when that is one (a verb root). Empty for a word with no
 * affixed analysis.
 */
export function lemmasOf(word: string, form: FormRecord | undefined, isHeadword: (w: string) => boolean): string[] {
  const out: string[] = [];
  for (const a of form?.analyses ?? []) {
    if (a.prefix === '' && a.suffix === '') continue;
    const lemma = isHeadword(a.stem) ? a.stem : isHeadword(a.stem + INFINITIVE) ? a.stem + INFINITIVE : null;
    if (lemma !== null && lemma !== word && !out.includes(lemma)) out.push(lemma);
  }
  return out;
}
