// The result shapes of every engine, in one place for the parts above the
// engine (dispatch, schemas, worker) that handle all of them. Each shape
// lives with the engine that returns it.

export type { Occurrence, SpellcheckWordResult, MisspelledWord, UnknownWord, SpellcheckTextResult, SpellCategory, SpellLevel } from './spell/results.js';
export { SPELL_LEVELS } from './spell/results.js';
export type { RomanCandidate, RomanToken, RomanizationResult } from './roman/results.js';
export type { Definition, DictionaryEntryResult, EnglishMatch, LemmaMeanings } from './lookup/results.js';
