// Shared by the browser tests: serve the Trunk release build (dist/, or the
// folder REPLAB_DIST names) on 127.0.0.1 and drive Debian's headless Chromium
// with playwright-core.
import { createServer } from 'node:http';
import { readFile, mkdir, mkdtemp } from 'node:fs/promises';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.REPLAB_DIST ? resolve(process.env.REPLAB_DIST) : resolve(here, '../../dist');
export const OUTPUT = resolve(here, '../output');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.scn': 'text/plain; charset=utf-8',
  '.msg': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.json': 'application/json',
};

/** Serves `root` on an ephemeral loopback port under `prefix` (a sub-path, as a
 * static host might); resolves to { url, close }. */
export async function serve(root = DIST, prefix = '/') {
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!full.startsWith(prefix)) { res.writeHead(404).end('not found'); return; }
    const path = '/' + full.slice(prefix.length);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (path.endsWith('/')) file = join(file, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((ok) => server.close(ok)) };
}

/** A fresh headless Chromium with an empty profile. */
export async function launch() {
  const profile = await mkdtemp(join(tmpdir(), 'replab-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** A fresh headless Chromium as a phone: a touch screen (`pointer: coarse`)
 * of `width` × `height` CSS px at twice the pixels, with an empty profile. */
export async function launchPhone({ width = 390, height = 844 } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'replab-phone-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width, height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/** Saves a screenshot under tests/output/. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(OUTPUT, { recursive: true });
  await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage });
}

/** Collects page errors so a test can assert there were none. */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return errors;
}

// A first visit to the app at `url`: a new tab of `size`, nothing remembered from
// an earlier test (storage cleared once per tab), the browser's language `locale`,
// the lanes drawn. A plain visit to index.html tells the seed's story; most tests
// start from the empty partition instead, as a reader does by choosing "Start
// from an empty partition" (`story: true` keeps the story). Returns the page,
// its console errors and every URL it requested.
export async function openApp(browser, url, { width = 1400, height = 1000, locale = 'en-US', story = false } = {}) {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.setViewportSize({ width, height });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('fresh')) { localStorage.clear(); sessionStorage.setItem('fresh', '1'); }
  });
  await page.addInitScript((l) => Object.defineProperty(navigator, 'language', { get: () => l }), locale);
  await page.goto(url);
  await page.getByTestId('broker-A').waitFor();
  await appReady(page);
  if (!story && await isFirstVisit(page)) await startEmpty(page);
  return { page, errors, requests };
}

/** Whether the page shows the story a first visit tells (index.html with no
 * link): the page declares it as such. */
export async function isFirstVisit(page) {
  return page.evaluate(() => {
    const s = document.getElementById('replab-story');
    return !!s && JSON.parse(s.textContent).first_visit === true && !location.hash
      && !/[?&]embed(=|&|$)/.test(location.search);
  });
}

/** Chooses "Start from an empty partition" in the preset menu and waits for
 * the default partition (three brokers at step 0 of 0). */
export async function startEmpty(page) {
  await openMenu(page);
  await page.getByTestId('preset').selectOption('empty');
  await page.getByTestId('broker-C').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=step-count]')?.textContent === '0');
}

/** Waits until the app has taken over the page's pre-rendered frame: its
 * `window.replab` API is installed with its first render. (A click before that
 * is kept and applied, but what it changes is not on the page yet.) */
export async function appReady(page) {
  await page.waitForFunction(() => window.replab !== undefined);
}

/** Opens the story menu where a narrow screen keeps it behind its ☰ button
 * (on a wide one its controls stand in the page). */
export async function openMenu(page) {
  const button = page.getByTestId('menu');
  if (await button.isVisible() && !await page.getByTestId('story-menu').isVisible()) {
    await button.click();
    await page.getByTestId('story-menu').waitFor();
  }
}

/** Opens the scenario editor (closed until a reader opens it: its body is a
 * chunk of the page) and gives its text area, once there. */
export async function openEditor(page) {
  if (await page.getByTestId('editor').getAttribute('open') === null) {
    await page.getByTestId('editor-open').click();
  }
  const area = page.getByTestId('scenario-editor');
  await area.waitFor();
  return area;
}

/** Chooses a preset and waits until it has loaded (its file is fetched when
 * chosen): its title shows. */
export async function pickPreset(page, id) {
  await openMenu(page);
  const select = page.getByTestId('preset');
  await select.selectOption(id);
  const title = await select.locator(`option[value="${id}"]`).textContent();
  await page.getByTestId('title').filter({ hasText: title }).first().waitFor();
}

/** Chooses `code` in the language menu (by default Chinese from English and
 * English from any other) and waits until the page speaks it (the first
 * switch to a language fetches its messages). */
export async function switchLanguage(page, code) {
  const before = await page.evaluate(() => document.documentElement.getAttribute('data-lang'));
  const to = code ?? (before === 'en' ? 'zh' : 'en');
  await openMenu(page);
  await page.getByTestId('lang').selectOption(to);
  await page.waitForFunction((c) => document.documentElement.getAttribute('data-lang') === c, to);
}

/** The pseudo-language's check (replab_view::pseudo::words_outside): the words
 * of `text` outside any bracketed group, which no catalogue text said. Groups
 * nest, span lines and may end cut short with `…`; message values, protocol
 * names and the words `data` names are the history's own. */
export function wordsOutside(text, data = []) {
  const protocols = ['hw', 'kip-101', 'kip-279', 'diverging-epoch', 'kraft-elr'];
  let rest = text;
  for (let before = null; before !== rest;) {
    before = rest;
    rest = rest.replace(/\[[^[\]]*(\]|…)/g, ' ');
  }
  return rest.split(/[^\p{L}\p{N}._-]+/u)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((w) => (w.match(/\p{L}/gu) || []).length >= 2)
    .filter((w) => !/^m\d+$/.test(w) && !protocols.includes(w) && !data.includes(w));
}
