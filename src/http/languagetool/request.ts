// What a /v2/check request asks, read from its parameters with LanguageTool's
// rules and, for every mistake, LanguageTool's own sentence (its ApiV2,
// TextChecker, V2TextChecker and ServerTools), in the order LanguageTool
// finds them, so a client that reacts to one of them (LTeX and the add-ons
// switch themselves off on "is not a language code known to LanguageTool")
// reacts here too.

import { parseData, plainText, type AnnotatedText } from '../../languagetool/annotated.js';
import { NEPALI } from '../../languagetool/answer.js';
import type { RuleSelection } from '../../languagetool/rules.js';

/**
 * The longest text checked, in UTF-16 code units of the plain text, as
 * LanguageTool counts it (its free API's limit). A text over 1,000 words or
 * 10,000 characters is checked in pieces, as a document is (route module).
 */
export const MAX_CHECK_LENGTH = 20_000;

export interface LtProblem {
  status: 400 | 413;
  message: string;
}

export interface CheckRequest extends RuleSelection {
  text: AnnotatedText;
  /** mode=textLevelOnly: only the text-level rules, of which this service has none. */
  textLevelOnly: boolean;
}

export const CHECK_MESSAGES = {
  textAndData: "Set only 'text' or 'data' parameter, not both",
  noText: "Missing 'text' or 'data' parameter",
  noLanguage: "Missing 'language' parameter, e.g. 'language=ne-NP' for Nepali",
  enabled: "You specified 'enabled' but the parameter is now called 'enabledRules' in v2 of the API",
  disabled: "You specified 'disabled' but the parameter is now called 'disabledRules' in v2 of the API",
  preferredvariants: "You specified 'preferredvariants' but the parameter is now called 'preferredVariants' (uppercase 'V') in v2 of the API",
  autodetect: "You specified 'autodetect' but automatic language detection is now activated with 'language=auto' in v2 of the API",
  tooLong: (length: number) => `Your text exceeds the limit of ${MAX_CHECK_LENGTH} characters (it's ${length} characters). Please submit a shorter text.`,
  noopLanguages: "You can specify 'noopLanguages' only when also using 'language=auto'",
  variantsWithoutAuto: "You specified 'preferredVariants' but you didn't specify 'language=auto'",
  variantFormat: (v: string) => `Invalid format for 'preferredVariants', expected a dash as in 'en-GB': '${v}'`,
  unknownLanguage: (code: string) => `'${code}' is not a language code known to LanguageTool. Supported language codes are: ${NEPALI.longCode}.`,
  disabledWithEnabledOnly: 'You cannot specify disabled rules or categories using enabledOnly=true',
  enabledOnlyEmpty: 'You must specify enabled rules or categories when using enabledOnly=true',
  mode: (mode: string) => `Mode must be one of 'textLevelOnly', 'allButTextLevelOnly', or 'all' but was: '${mode}'`,
  level: "If 'level' is set, it must be set to 'default' or 'picky'",
} as const;

/** Whether `code` names Nepali: ne or ne-NP, in any case. */
export function isNepali(code: string): boolean {
  const c = code.toLowerCase();
  return c === 'ne' || c === 'ne-np';
}

/** A comma-separated list parameter (LanguageTool splits on commas and keeps the pieces as they are). */
function list(params: ReadonlyMap<string, string>, name: string): string[] {
  const v = params.get(name);
  return v === undefined ? [] : v.split(',');
}

/** The check a /v2/check request asks for, or the problem LanguageTool would answer. */
export function readCheckRequest(params: ReadonlyMap<string, string>): { ok: true; request: CheckRequest } | { ok: false; problem: LtProblem } {
  const bad = (message: string): { ok: false; problem: LtProblem } => ({ ok: false, problem: { status: 400, message } });
  const textParam = params.get('text');
  const dataParam = params.get('data');
  if (textParam !== undefined && dataParam !== undefined) return bad(CHECK_MESSAGES.textAndData);
  let text: AnnotatedText;
  if (textParam !== undefined) text = plainText(textParam);
  else if (dataParam !== undefined) {
    const parsed = parseData(dataParam);
    if (!parsed.ok) return bad(parsed.message);
    text = parsed.text;
  } else return bad(CHECK_MESSAGES.noText);

  const language = params.get('language');
  if (language === undefined || language === '') return bad(CHECK_MESSAGES.noLanguage);
  for (const legacy of ['enabled', 'disabled', 'preferredvariants', 'autodetect'] as const) {
    if (params.has(legacy)) return bad(CHECK_MESSAGES[legacy]);
  }
  if (text.plain.length > MAX_CHECK_LENGTH) return { ok: false, problem: { status: 413, message: CHECK_MESSAGES.tooLong(text.plain.length) } };

  const auto = language === 'auto';
  if (params.has('noopLanguages') && !auto) return bad(CHECK_MESSAGES.noopLanguages);
  const variants = params.get('preferredVariants');
  if (variants !== undefined) {
    const multilingual = params.get('multilingual');
    if (!auto && (multilingual === undefined || multilingual === 'false')) return bad(CHECK_MESSAGES.variantsWithoutAuto);
    for (const v of variants.split(/,\s*/)) {
      if (!v.includes('-')) return bad(CHECK_MESSAGES.variantFormat(v));
      // A variant of Nepali must be one this service knows; variants of other languages concern other texts.
      if (v.split('-')[0]!.toLowerCase() === NEPALI.code && !isNepali(v)) return bad(CHECK_MESSAGES.unknownLanguage(v));
    }
  }
  if (!auto && !isNepali(language)) return bad(CHECK_MESSAGES.unknownLanguage(language));

  const enabledOnly = params.get('enabledOnly') === 'true' || params.get('enabledOnly') === 'yes';
  const enabledRules = list(params, 'enabledRules');
  const disabledRules = list(params, 'disabledRules');
  const enabledCategories = list(params, 'enabledCategories');
  const disabledCategories = list(params, 'disabledCategories');
  if (enabledOnly && (disabledRules.length > 0 || disabledCategories.length > 0)) return bad(CHECK_MESSAGES.disabledWithEnabledOnly);
  if (enabledOnly && enabledRules.length === 0 && enabledCategories.length === 0) return bad(CHECK_MESSAGES.enabledOnlyEmpty);

  const mode = params.get('mode');
  if (mode !== undefined && mode !== 'textLevelOnly' && mode !== 'allButTextLevelOnly' && mode !== 'all' && mode !== 'batch')
    return bad(CHECK_MESSAGES.mode(mode));
  const level = params.get('level');
  if (level !== undefined && level !== 'default' && level !== 'picky') return bad(CHECK_MESSAGES.level);

  return {
    ok: true,
    request: {
      text,
      textLevelOnly: mode === 'textLevelOnly',
      level: level === 'picky' ? 'picky' : 'default',
      enabledRules,
      disabledRules,
      enabledCategories,
      disabledCategories,
      enabledOnly,
    },
  };
}

export const CREDENTIAL_MESSAGES = {
  apiKeyAndPassword: 'apiKey AND password was set, set only apiKey',
  usernameAlone: "With 'username' set, you also need to specify 'apiKey'",
  apiKeyAlone: (key: string) => `apiKey was set, but username was not: ${key}`,
  passwordAlone: 'password was set, but username was not',
  password: "This server takes a partner key as 'apiKey', not a password",
} as const;

/**
 * The partner key a request carries in `username` + `apiKey` ('' for none),
 * or LanguageTool's sentence for a pair it would refuse. The user name is
 * required beside the key, as LanguageTool requires it; the key alone
 * decides (any user name goes with a partner's key). Passwords and
 * LanguageTool's add-on tokens are not taken.
 */
export function readApiKey(params: ReadonlyMap<string, string>): { ok: true; apiKey: string } | { ok: false; problem: LtProblem } {
  const bad = (message: string): { ok: false; problem: LtProblem } => ({ ok: false, problem: { status: 400, message } });
  const username = params.get('username');
  const apiKey = params.get('apiKey');
  const password = params.get('password');
  if (username !== undefined) {
    if (apiKey !== undefined && password !== undefined) return bad(CREDENTIAL_MESSAGES.apiKeyAndPassword);
    if (apiKey !== undefined) return { ok: true, apiKey };
    if (password !== undefined || params.has('tokenV2')) return bad(CREDENTIAL_MESSAGES.password);
    return bad(CREDENTIAL_MESSAGES.usernameAlone);
  }
  if (apiKey !== undefined) return bad(CREDENTIAL_MESSAGES.apiKeyAlone(apiKey));
  if (password !== undefined) return bad(CREDENTIAL_MESSAGES.passwordAlone);
  return { ok: true, apiKey: '' };
}
