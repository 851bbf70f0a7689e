// The playground page in a real headless browser: Debian's Chromium driven by
// playwright-core (which never downloads a browser: it is given the system's
// binary), against the real service on the real data, over the real
// WebSocket. Each step writes a screenshot under bench/out/playground/ for
// people to look at. Skipped, saying why, without Chromium or without the
// data (in CI, a missing Chromium fails the run). No timing assertions: every wait is for something to appear.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page, type WebSocketRoute } from 'playwright-core';
import { SKIP_WITHOUT_DATA } from '../integration/real-data.js';
import { requirePart } from '../parts.js';
import { startTestService, type TestService } from '../integration/service.js';

// The functions given to page.evaluate and page.waitForFunction run in the
// page; this program is compiled without the DOM's types, so what they use is
// declared here (never run in Node).
declare const document: any;
declare function getComputedStyle(e: unknown): any;
type HTMLTextAreaElement = { value: string };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SKIP =
  requirePart(`chromium at ${CHROMIUM}`, existsSync(CHROMIUM), 'apt-get install chromium fonts-noto-core, or set CHROMIUM_PATH; .ci/run installs it') ||
  SKIP_WITHOUT_DATA;
const OUT = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'bench', 'out', 'playground');

let service: TestService;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  if (SKIP) return;
  mkdirSync(OUT, { recursive: true });
  service = await startTestService();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`${m.text()} (${m.location().url})`);
  });
});

after(async () => {
  await browser?.close();
  await service?.close();
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
}

async function waitForBox(expected: string): Promise<void> {
  await page.waitForFunction((want) => (document.querySelector('#compose') as HTMLTextAreaElement).value === want, expected);
}

async function clearBox(): Promise<void> {
  await page.focus('#compose');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await waitForBox('');
}

test('the page loads from the service, connects to /api/v1/live and says so', { skip: SKIP }, async () => {
  await page.goto(service.base + '/');
  await page.waitForSelector('#status[data-state="open"]');
  assert.equal(await page.getAttribute('#mode', 'aria-pressed'), 'true', 'romanized typing is on');
  // Switching the language relabels the page (and back).
  const heading = await page.textContent('#compose-h');
  await page.click('#lang');
  assert.notEqual(await page.textContent('#compose-h'), heading);
  assert.equal(await page.getAttribute('html', 'lang'), 'ne');
  await shot('00-nepali');
  await page.click('#lang');
  assert.equal(await page.textContent('#compose-h'), heading);
});

test('romanized typing: mero naam ram ho becomes मेरो नाम राम हो word by word', { skip: SKIP }, async () => {
  await page.focus('#compose');
  await page.keyboard.type('mero naam ram');
  // The word being typed is still roman, with its candidates listed.
  await page.waitForSelector('#candidates:not([hidden]):not([aria-busy]) li');
  await page.waitForFunction(() => (document.querySelector('#compose') as HTMLTextAreaElement).value.startsWith('मेरो नाम '));
  await shot('01-typing');
  await page.keyboard.type(' ho');
  // Enter takes the top candidate of the last word without typing anything.
  await page.waitForSelector('#candidates:not([hidden]):not([aria-busy]) li');
  await page.keyboard.press('Enter');
  await waitForBox('मेरो नाम राम हो');
  await page.waitForSelector('#candidates', { state: 'hidden' });
  await shot('02-mero-naam-ram-ho');
});

test('a second candidate chosen with the keyboard; Backspace right after it gives the roman spelling back', { skip: SKIP }, async () => {
  await clearBox();
  await page.keyboard.type('ram');
  // The list of this word (not the last one's, still shown while this one's is asked for: aria-busy).
  await page.waitForSelector('#candidates:not([aria-busy]) li:nth-child(2)');
  const second = await page.$eval('#candidates li:nth-child(2)', (li) => li.lastChild!.textContent!);
  const first = await page.$eval('#candidates li:nth-child(1)', (li) => li.lastChild!.textContent!);
  assert.notEqual(second, first);
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getAttribute('#candidates li:nth-child(2)', 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('#compose', 'aria-activedescendant'), 'cand-1');
  await shot('03-second-candidate-selected');
  await page.keyboard.press('Space');
  await waitForBox(`${second} `);
  // Backspace right after the converted word: the roman spelling, its candidates listed again.
  await page.keyboard.press('Backspace');
  await waitForBox('ram');
  await page.waitForSelector('#candidates:not([hidden]):not([aria-busy]) li');
  // A number key takes that candidate.
  await page.keyboard.press('2');
  await waitForBox(second);
  await shot('04-number-key');
});

test('a known misspelling is underlined, an unknown word marked apart, and a click on the word fixes it', { skip: SKIP }, async () => {
  // What the real data flags, asked of the REST endpoint first.
  const text = 'हामी पानि खान्छौँ। ओबामा अमेरिकाका राष्ट्रपति थिए।';
  const r = await fetch(service.base + '/api/v1/spellcheck/text', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  const checked = (await r.json()) as { misspelled: { word: string; corrections: string[] }[]; unknown: { word: string }[] };
  const wrong = checked.misspelled.find((m) => m.corrections.length > 0);
  assert.ok(wrong, `the data flags a word of "${text}" with a correction`);
  const unknown = checked.unknown[0];
  assert.ok(unknown, `the data has an unknown word in "${text}"`);
  const fix = wrong.corrections[0]!;

  await clearBox();
  // Plain Devanagari: nothing typed is converted.
  await page.click('#mode');
  assert.equal(await page.getAttribute('#mode', 'aria-pressed'), 'false');
  await page.focus('#compose');
  await page.keyboard.type(text);
  await waitForBox(text);
  const miss = page.locator(`#mirror .mark.miss[data-word="${wrong.word}"]`);
  await miss.waitFor();
  await page.locator(`#mirror .mark.unknown[data-word="${unknown.word}"]`).waitFor();
  const style = async (sel: string): Promise<string> =>
    page.$eval(sel, (e) => getComputedStyle(e).textDecorationLine + ' ' + getComputedStyle(e).textDecorationStyle);
  assert.equal(await style(`#mirror .mark.miss[data-word="${wrong.word}"]`), 'underline wavy');
  assert.equal(await style(`#mirror .mark.unknown[data-word="${unknown.word}"]`), 'underline dotted');
  await page.waitForSelector('#spell-list button.miss');
  await shot('05-misspelling-underlined');

  // A click on the underlined word (the textarea over it takes the click) shows its corrections.
  const where = (await miss.boundingBox())!;
  await page.mouse.click(where.x + where.width / 2, where.y + where.height / 2);
  await page.waitForSelector('#popover:not([hidden])');
  assert.equal(await page.textContent('#popover-word'), wrong.word);
  await shot('06-corrections');
  await page.click(`#popover-corrections button:text-is("${fix}")`);
  await waitForBox(text.replace(wrong.word, fix));
  await page.waitForSelector('#popover', { state: 'hidden' });
  await page.locator(`#mirror .mark.miss[data-word="${wrong.word}"]`).waitFor({ state: 'detached' });
  await shot('07-corrected');
  await page.click('#mode');
  assert.equal(await page.getAttribute('#mode', 'aria-pressed'), 'true');
});

test(
  'the same with the keyboard alone, on a word a rule of the standard corrects: Alt+Enter shows the rule, Enter applies the correction',
  { skip: SKIP },
  async () => {
    const text = 'मैले लेखेकोमा';
    const r = await fetch(service.base + '/api/v1/spellcheck/text', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    const checked = (await r.json()) as { misspelled: { word: string; corrections: string[]; rule?: string }[] };
    const ruled = checked.misspelled.find((m) => m.rule !== undefined && m.corrections.length > 0);
    assert.ok(ruled, `the data corrects a word of "${text}" by a rule of the standard`);
    const rules = (await (await fetch(service.base + '/playground/rules.json')).json()) as Record<string, string>;

    await clearBox();
    await page.click('#mode');
    await page.focus('#compose');
    await page.keyboard.type(text);
    await page.locator(`#mirror .mark.miss[data-word="${ruled.word}"]`).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Alt+Enter');
    await page.waitForSelector('#popover:not([hidden])');
    const rule = (await page.textContent('#popover-rule')) ?? '';
    assert.ok(rule.includes(ruled.rule!) && rule.includes(rules[ruled.rule!]!), `the popover names the rule and says it: ${rule}`);
    const focused = await page.evaluate(() => document.activeElement?.closest('#popover-corrections') !== null);
    assert.ok(focused, 'the first correction has the focus');
    await shot('08-rule-of-the-standard');
    await page.keyboard.press('Enter');
    await waitForBox(text.replace(ruled.word, ruled.corrections[0]!));
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'compose', 'the focus is back in the box');
    await page.click('#mode');
  },
);

test('a word looked up: suggestions while typing in the search box, chosen with the keyboard', { skip: SKIP }, async () => {
  await page.focus('#search');
  await page.keyboard.type('नाम');
  await page.waitForSelector('#suggestions:not([hidden]) li');
  assert.equal(await page.getAttribute('#search', 'aria-expanded'), 'true');
  const first = await page.textContent('#suggestions li:nth-child(1)');
  await shot('09-suggestions');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction((w) => document.querySelector('#entry h3')?.textContent === w, first);
  assert.match((await page.textContent('#entry')) ?? '', /mpp-/);
  await shot('10-looked-up');
  // The word at the caret in the writing box, looked up with the toolbar button.
  await clearBox();
  await page.click('#mode');
  await page.focus('#compose');
  await page.keyboard.type('घर');
  await page.click('#lookup-selection');
  await page.waitForFunction(() => document.querySelector('#entry h3')?.textContent === 'घर');
  await page.click('#mode');
});

test('after a dropped connection the page says so, connects again by itself and goes on working', { skip: SKIP }, async () => {
  // The page's sockets pass through the test, which can cut one.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/v1\/live$/, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  await page.reload();
  await page.waitForSelector('#status[data-state="open"]');
  assert.equal(sockets.length, 1);
  await sockets[0]!.close({ code: 4000, reason: 'cut by the test' });
  await page.waitForSelector('#status[data-state="closed"]');
  await shot('11-disconnected');
  await page.waitForSelector('#status[data-state="open"]');
  assert.equal(sockets.length, 2, 'a new connection');
  await clearBox();
  await page.keyboard.type('mero ');
  await waitForBox('मेरो ');
  await page.unrouteAll();
});

test('a text over the limit the ready message states is checked up to it, and the page says so', { skip: SKIP }, async () => {
  await clearBox();
  // 700 words of 15 characters: over the 10,000 characters, under the 1,000 words.
  await page.fill('#compose', 'प्रतिनिधिसभाको '.repeat(700));
  await page.waitForFunction(() => (document.querySelector('#spell-summary')?.textContent ?? '').includes('Only the first 10,000 characters are checked.'));
  await clearBox();
});

test('at 360 px wide nothing scrolls sideways', { skip: SKIP }, async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await clearBox();
  await page.keyboard.type('mero naam ram ho mero ghar ramro cha ');
  await page.waitForFunction(() => !/[a-z]/.test((document.querySelector('#compose') as HTMLTextAreaElement).value));
  const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scrollWidth <= clientWidth, `page is ${scrollWidth} px wide in a ${clientWidth} px window`);
  await shot('12-360px');
  assert.deepEqual(pageErrors, [], 'no script errors on the page');
});
