// The LanguageTool-compatible endpoints (/v2/...): their parameters and
// answers, for the OpenAPI document and the tests that check answers against
// them. The parameters are read by src/http/languagetool/ with
// LanguageTool's leniency, not by these schemas.

import Type from 'typebox';

const str = (description: string) => Type.Optional(Type.String({ description }));

/** The parameters of /v2/check, in the query string or a form body. */
export const LtCheckParameters = Type.Object(
  {
    text: str('The text to check. Exactly one of text or data.'),
    data: str(
      'Annotated text as JSON: {"annotation":[{"text":...},{"markup":...,"interpretAs":...}]} or {"text":...,"metaData":{...}}; offsets count the markup.',
    ),
    language: Type.String({ description: 'ne or ne-NP (any case), or auto (read as Nepali).' }),
    level: str('default, or picky (also reports words no word list has).'),
    mode: str('all, allButTextLevelOnly, or textLevelOnly (no matches: this service has no text-level rules).'),
    enabledRules: str('Comma-separated rule ids; turns on NEPALI_UNKNOWN_WORD_SPELLER_RULE.'),
    disabledRules: str('Comma-separated rule ids to leave out; NEPALI_STANDARD_SPELLER_RULE checks at the lenient level.'),
    enabledCategories: str('Comma-separated category ids (TYPOS), with enabledOnly.'),
    disabledCategories: str('Comma-separated category ids; TYPOS leaves every rule out.'),
    enabledOnly: str('true: only the rules of enabledRules and enabledCategories.'),
    preferredVariants: str('Accepted with language=auto; variants of Nepali other than ne-NP are refused.'),
    motherTongue: str('Accepted and ignored.'),
    username: str('With apiKey: any user name.'),
    apiKey: str("A partner key (as the X-API-Key header): the partner's rate limits."),
  },
  { description: 'Other parameters are accepted and ignored.' },
);

const Category = Type.Object({ id: Type.String(), name: Type.String() });

export const LtMatch = Type.Object({
  message: Type.String(),
  shortMessage: Type.String(),
  replacements: Type.Array(Type.Object({ value: Type.String() }), { maxItems: 10 }),
  offset: Type.Integer({ minimum: 0, description: 'UTF-16 code units of the text as sent (markup included).' }),
  length: Type.Integer({ minimum: 1 }),
  context: Type.Object({ text: Type.String(), offset: Type.Integer({ minimum: 0 }), length: Type.Integer({ minimum: 1 }) }),
  sentence: Type.String(),
  type: Type.Object({ typeName: Type.String() }),
  rule: Type.Object({
    id: Type.String({ description: 'NEPALI_SPELLER_RULE, NEPALI_REAL_WORD_SPELLER_RULE, NEPALI_STANDARD_SPELLER_RULE or NEPALI_UNKNOWN_WORD_SPELLER_RULE.' }),
    subId: Type.Optional(Type.String({ description: 'The Nepal Academy orthography rule that fired.' })),
    description: Type.String(),
    issueType: Type.String(),
    category: Category,
  }),
  ignoreForIncompleteSentence: Type.Boolean(),
  contextForSureMatch: Type.Integer(),
});

export const LtSoftware = Type.Object({
  name: Type.Literal('LanguageTool'),
  version: Type.String({ description: "This service's version." }),
  buildDate: Type.String(),
  apiVersion: Type.Literal(1),
  premium: Type.Boolean(),
  status: Type.String(),
});

export const LtCheckResponse = Type.Object({
  software: LtSoftware,
  warnings: Type.Object({ incompleteResults: Type.Boolean() }),
  language: Type.Object({
    name: Type.String(),
    code: Type.String(),
    detectedLanguage: Type.Object({ name: Type.String(), code: Type.String(), confidence: Type.Number(), source: Type.String() }),
  }),
  matches: Type.Array(LtMatch),
  sentenceRanges: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
});

export const LtLanguages = Type.Array(Type.Object({ name: Type.String(), code: Type.String(), longCode: Type.String() }));

export const LtInfo = Type.Object({
  software: Type.Object({
    name: Type.Literal('LanguageTool'),
    version: Type.String(),
    buildDate: Type.String(),
    commit: Type.String(),
    premium: Type.Boolean(),
  }),
});

export const LtConfigInfo = Type.Object({
  software: Type.Object({ name: Type.Literal('LanguageTool'), version: Type.String(), buildDate: Type.String(), premium: Type.Boolean() }),
  parameter: Type.Object({ maxTextLength: Type.Integer() }),
  rules: Type.Array(
    Type.Object({
      ruleId: Type.String(),
      description: Type.String(),
      isDictionaryBasedSpellingRule: Type.Literal('yes'),
      isDefaultOff: Type.Optional(Type.Literal('yes')),
      categoryId: Type.String(),
      categoryName: Type.String(),
      locQualityIssueType: Type.String(),
    }),
  ),
});

/** LanguageTool's error answers: text/plain. */
export const LtErrorText = Type.String({ description: 'text/plain: "Error: " and LanguageTool\'s sentence.' });
