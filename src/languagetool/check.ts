// The check of /v2/check as one job: the spellcheck of the plain text and
// LanguageTool's answer made from it on the thread that checks it, so that
// for a text long enough for the worker pool the main thread only sends the
// bytes a worker serialized (and compressed), as for spellcheck/text. What
// crosses threads is plain data: the text, its markup, the rules left on
// and the spellcheck's level.

import type { SpellcheckTextResult, SpellLevel } from '../engine/results.js';
import { ORTHOGRAPHY_RULE_TEXTS } from '../schemas/common.js';
import { annotatedText, type Markup } from './annotated.js';
import { checkAnswerJson, type SoftwareInfo } from './answer.js';

/** A /v2/check request as its job reads it. */
export interface LtCheckJob {
  /** What is checked (AnnotatedText.plain). */
  plain: string;
  /** The markup the answer's offsets count (AnnotatedText.markup); null for a text sent as `text`. */
  markup: Markup | null;
  /** The spellcheck's level (rules.ts says how LanguageTool's switches map to it). */
  level: SpellLevel;
  /** The ids of the rules left on (rules.ts activeRules). */
  active: string[];
  software: SoftwareInfo;
}

/** LanguageTool's answer body as JSON (answer.ts checkAnswerJson). */
export type LtCheckAnswer = string;

/** The answer to a job, as JSON, from the spellcheck of its plain text (null: nothing was checked). */
export function checkJobAnswer(job: LtCheckJob, result: SpellcheckTextResult | null): LtCheckAnswer {
  return checkAnswerJson({
    text: annotatedText(job.plain, job.markup),
    result,
    active: new Set(job.active),
    software: job.software,
    ruleTexts: ORTHOGRAPHY_RULE_TEXTS,
  });
}
