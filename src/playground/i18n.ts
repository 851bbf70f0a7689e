// The page's words in English and Nepali. Elements name their text with
// data-i18n (text), data-i18n-label (aria-label) and data-i18n-placeholder.

export type Lang = 'en' | 'ne';

const STRINGS = {
  title: { en: 'Nepali Language Service: playground', ne: 'अभ्यास पृष्ठ' },
  skip: { en: 'Skip to the writing box', ne: 'लेख्ने ठाउँमा जानुहोस्' },
  langHelp: { en: 'Switch the page language', ne: 'पृष्ठको भाषा फेर्नुहोस्' },
  reconnect: { en: 'Reconnect now', ne: 'अहिले नै जोड्नुहोस्' },
  connecting: { en: 'Connecting…', ne: 'जोडिँदै…' },
  connected: { en: 'Connected', ne: 'जोडियो' },
  disconnected: { en: 'Disconnected', ne: 'सम्पर्क टुट्यो' },
  retryIn: { en: '; trying again in {s} s', ne: '; {s} सेकेन्डमा फेरि प्रयास' },
  composeHeading: { en: 'Write', ne: 'लेख्नुहोस्' },
  modeRoman: { en: 'Romanized → Devanagari', ne: 'रोमन → देवनागरी' },
  modePlain: { en: 'Plain Devanagari (no conversion)', ne: 'सीधा देवनागरी (रूपान्तरण छैन)' },
  lookupSelection: { en: 'Look up the word', ne: 'शब्द खोज्नुहोस्' },
  composeHelp: {
    en: 'Type romanized Nepali (mero naam): each word turns into Devanagari when you type a space or punctuation. ↑ ↓ or 1–9 choose another candidate, Enter takes it, Esc keeps the roman spelling, Backspace right after a word gives the roman spelling back. Alt+Enter on an underlined word shows its corrections.',
    ne: 'रोमनमा नेपाली टाइप गर्नुहोस् (mero naam): खाली ठाउँ वा चिह्न टाइप गर्दा हरेक शब्द देवनागरीमा फेरिन्छ। ↑ ↓ वा १–९ ले अर्को विकल्प छान्छ, Enter ले लिन्छ, Esc ले रोमन हिज्जे राख्छ, शब्दपछि तुरुन्तै Backspace ले रोमन हिज्जे फर्काउँछ। रेखाङ्कित शब्दमा Alt+Enter ले सुधार देखाउँछ।',
  },
  composeHelpPlain: {
    en: 'Type in Devanagari; nothing is converted. Misspelled words are underlined in red, unknown words dotted. Alt+Enter on an underlined word shows its corrections.',
    ne: 'देवनागरीमा टाइप गर्नुहोस्; केही फेरिँदैन। गलत हिज्जे रातो रेखाले, नचिनिएका शब्द थोप्लाले देखाइन्छ। रेखाङ्कित शब्दमा Alt+Enter ले सुधार देखाउँछ।',
  },
  candidates: { en: 'Candidates', ne: 'विकल्पहरू' },
  candidatesLive: { en: '{n} candidates for {w}: {list}', ne: '{w} का {n} विकल्प: {list}' },
  spellHeading: { en: 'Spelling', ne: 'हिज्जे' },
  spellNone: { en: 'No misspelled or unknown words.', ne: 'कुनै गलत वा नचिनिएको शब्द छैन।' },
  spellSummary: { en: '{m} misspelled, {u} unknown', ne: '{m} गलत, {u} नचिनिएका' },
  spellOffline: { en: 'Spellcheck waits for the connection.', ne: 'हिज्जे जाँच सम्पर्कको प्रतीक्षामा छ।' },
  spellTruncated: { en: 'Only the first {n} characters are checked.', ne: 'पहिलो {n} अक्षर मात्र जाँचिन्छ।' },
  misspelled: { en: 'misspelled', ne: 'गलत हिज्जे' },
  unknown: { en: 'unknown word: not in the dictionary, no correction', ne: 'नचिनिएको शब्द: शब्दकोशमा छैन, सुधार छैन' },
  noCorrections: { en: 'No corrections.', ne: 'सुधार छैन।' },
  rule: { en: 'Rule of the standard:', ne: 'मानक नियम:' },
  applyCorrection: { en: 'Replace with {w}', ne: '{w} राख्नुहोस्' },
  lookUp: { en: 'Look up', ne: 'खोज्नुहोस्' },
  close: { en: 'Close', ne: 'बन्द' },
  dictHeading: { en: 'Dictionary', ne: 'शब्दकोश' },
  searchLabel: { en: 'Find a word (Devanagari or romanized)', ne: 'शब्द खोज्नुहोस् (देवनागरी वा रोमन)' },
  suggestions: { en: 'Suggestions', ne: 'सुझावहरू' },
  notFound: { en: 'Not in the dictionary: {w}', ne: 'शब्दकोशमा छैन: {w}' },
  similar: { en: 'Similar words:', ne: 'मिल्दाजुल्दा शब्द:' },
  pos: { en: 'Part of speech: {p}', ne: 'शब्दवर्ग: {p}' },
  dictionaries: { en: 'Dictionaries: {list}', ne: 'शब्दकोश: {list}' },
  noWord: { en: 'Put the caret on a word or select one first.', ne: 'पहिले कुनै शब्दमा कर्सर राख्नुहोस् वा शब्द छान्नुहोस्।' },
  tooFast: { en: 'Too many requests: waiting {s} s.', ne: 'धेरै अनुरोध: {s} सेकेन्ड पर्खँदै।' },
  failed: { en: 'The service answered: {m}', ne: 'सेवाको जवाफ: {m}' },
  footer: { en: 'Everything on this page goes over one WebSocket, /api/v1/live.', ne: 'यस पृष्ठको सबै काम एउटै WebSocket, /api/v1/live बाट हुन्छ।' },
  apiLink: { en: 'API (OpenAPI)', ne: 'API (OpenAPI)' },
  dataVersion: { en: 'data {v}', ne: 'डेटा {v}' },
} satisfies Record<string, Record<Lang, string>>;

export type StringKey = keyof typeof STRINGS;

let current: Lang = 'en';

export function lang(): Lang {
  return current;
}

const NE_DIGITS = '०१२३४५६७८९';

/** A number as the current language writes it (`grouped`: with a comma between thousands, 10,000). */
export function num(n: number, grouped = false): string {
  const s = grouped ? n.toLocaleString('en') : String(n);
  return current === 'ne' ? s.replace(/[0-9]/g, (d) => NE_DIGITS[Number(d)]!) : s;
}

export function t(key: StringKey, vars: Record<string, string | number> = {}): string {
  return STRINGS[key][current].replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = vars[k];
    return v === undefined ? '' : typeof v === 'number' ? num(v) : v;
  });
}

export function setLang(next: Lang, root: ParentNode = document): void {
  current = next;
  document.documentElement.lang = next;
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n as StringKey);
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel as StringKey));
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-placeholder]')) el.setAttribute('placeholder', t(el.dataset.i18nPlaceholder as StringKey));
}
