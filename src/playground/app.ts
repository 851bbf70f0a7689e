// The playground page: wires the connection, the writing box and the
// dictionary together, and the language switch. Served by the service itself
// at GET / (src/http/routes/playground.ts).

import { Dictionary } from './dictionary.js';
import { Editor } from './editor.js';
import { setLang, t, type Lang } from './i18n.js';
import { LiveClient, type LiveStatus } from './live.js';

function $<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} is missing`);
  return e as T;
}

const LANG_KEY = 'nls-playground-lang';

function start(): void {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const live = new LiveClient(`${scheme}//${location.host}/api/v1/live`);
  const notice = $<HTMLElement>('notice');
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  const showNotice = (text: string): void => {
    notice.textContent = text;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => (notice.textContent = ''), 8000);
  };

  const dictionary = new Dictionary(live, {
    input: $('search'),
    go: $('search-go'),
    list: $('suggestions'),
    entry: $('entry'),
  });
  const editor = new Editor(
    live,
    {
      textarea: $('compose'),
      mirror: $('mirror'),
      candidates: $('candidates'),
      candidatesLive: $('candidates-live'),
      popover: $('popover'),
      popoverWord: $('popover-word'),
      popoverKind: $('popover-kind'),
      popoverRule: $('popover-rule'),
      popoverCorrections: $('popover-corrections'),
      popoverLookup: $('popover-lookup'),
      popoverClose: $('popover-close'),
      spellSummary: $('spell-summary'),
      spellList: $('spell-list'),
    },
    { lookup: (w) => void dictionary.lookup(w), notice: showNotice },
  );
  fetch('/playground/rules.json')
    .then((r) => (r.ok ? r.json() : {}))
    .then((rules: Record<string, string>) => editor.setRules(rules))
    .catch(() => {});

  // Language
  const langButton = $<HTMLButtonElement>('lang');
  const modeButton = $<HTMLButtonElement>('mode');
  const help = $<HTMLElement>('compose-help');
  const applyLang = (l: Lang): void => {
    setLang(l);
    const other = l === 'ne' ? 'en' : 'ne';
    const label = document.createElement('span');
    label.lang = other;
    label.textContent = other === 'ne' ? 'नेपाली' : 'English';
    langButton.replaceChildren(label);
    help.textContent = t(editor.mode === 'roman' ? 'composeHelp' : 'composeHelpPlain');
    renderStatus(live.status);
  };
  langButton.addEventListener('click', () => {
    const next: Lang = document.documentElement.lang === 'ne' ? 'en' : 'ne';
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      // Storage may be off; the choice then lasts for this page.
    }
    applyLang(next);
  });

  // Conversion mode
  modeButton.addEventListener('click', () => {
    const roman = modeButton.getAttribute('aria-pressed') !== 'true';
    modeButton.setAttribute('aria-pressed', String(roman));
    editor.setMode(roman ? 'roman' : 'plain');
    help.textContent = t(roman ? 'composeHelp' : 'composeHelpPlain');
  });
  $<HTMLButtonElement>('lookup-selection').addEventListener('click', () => {
    const w = editor.currentWord();
    if (w === '') showNotice(t('noWord'));
    else void dictionary.lookup(w);
  });

  // Connection status
  const status = $<HTMLElement>('status');
  const statusText = $<HTMLElement>('status-text');
  const statusRetry = $<HTMLElement>('status-retry');
  const reconnect = $<HTMLButtonElement>('reconnect');
  const dataVersion = $<HTMLElement>('data-version');
  let countdown: ReturnType<typeof setInterval> | undefined;
  let version: string | null = null;
  function renderStatus(s: LiveStatus): void {
    status.dataset.state = s.state;
    clearInterval(countdown);
    reconnect.hidden = s.state !== 'closed';
    // The state is announced when it changes; the countdown beside it only shown.
    statusRetry.textContent = '';
    if (s.state === 'open') statusText.textContent = t('connected');
    else if (s.state === 'connecting') statusText.textContent = t('connecting');
    else {
      statusText.textContent = t('disconnected');
      const until = Date.now() + s.retryInMs;
      const tick = (): void => {
        statusRetry.textContent = t('retryIn', { s: Math.max(0, Math.ceil((until - Date.now()) / 1000)) });
      };
      tick();
      countdown = setInterval(tick, 1000);
    }
  }
  live.onStatus((s) => {
    renderStatus(s);
    if (s.state !== 'open') return;
    dataVersion.textContent = s.dataVersion ? `· ${t('dataVersion', { v: s.dataVersion })}` : '';
    editor.reconnected(version !== null && version !== s.dataVersion);
    version = s.dataVersion;
  });
  reconnect.addEventListener('click', () => live.reconnectNow());

  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LANG_KEY);
  } catch {
    // No storage: the browser's language decides.
  }
  applyLang(saved === 'ne' || saved === 'en' ? saved : navigator.language.toLowerCase().startsWith('ne') ? 'ne' : 'en');
  live.connect();
}

start();
