// The fingerprint of the code that computes a romanization analysis: the
// romanizer (engine/roman) and everything it reads (engine/lang,
// engine/spell: the spellchecker's verdicts and morphology decide which
// candidates it offers and in what order), as spell/fingerprint.ts hashes
// them. The build stores it beside the analyses it computes
// (StoreMeta.analyses.engine); a thread reads them only when its own
// fingerprint is the same, so a store built by other code is answered by
// the romanizer itself, never by stale analyses. The analyses are of the
// store they are written into (one build writes both), so only the code
// can differ.

import { codeFingerprint } from '../spell/fingerprint.js';

/** The parts of the engine whose code computes an analysis. */
export const ANALYSIS_CODE: readonly string[] = ['lang', 'spell', 'roman'];

/** Hex xxh64 over the analysis code's modules under `engineDir` (the compiled engine by default). */
export function analysisFingerprint(engineDir?: string): string {
  return codeFingerprint(ANALYSIS_CODE, engineDir);
}
