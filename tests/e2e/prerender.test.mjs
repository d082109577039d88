// The page's first frame is the app's own markup, rendered at build time
// (`replab prerender`, `replab publish`): real lanes, marks and decisions before
// the wasm arrives and with no JavaScript at all. The wasm takes it over with
// nothing moving, a click made meanwhile is kept, and a share link in the
// address shows a plain box until it has opened. And no dead page: a wasm that
// fails to start, or traps later, leaves a banner with a reload button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { deflateRawSync } from 'node:zlib';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve, launch, screenshot, DIST } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let server, published, browser;
before(async () => {
  server = await serve();
  // An author's own scenario, published beside a copy of the built site.
  const out = await mkdtemp(join(tmpdir(), 'replab-published-'));
  execFileSync('cargo', ['run', '-q', '-p', 'replab-cli', '--', 'publish', '--dist', DIST, '--step', '4', '-o', out,
    join(ROOT, 'tests/fixtures/my-story.scn')], { cwd: ROOT, stdio: 'inherit' });
  published = await serve(out);
  browser = await launch();
});
after(async () => { await browser.close(); await server.close(); await published.close(); });

// A new tab whose wasm downloads are held until `release()`; the layout shifts
// (PerformanceObserver 'layout-shift') summed from the start in window.__cls;
// window.__started once the app has started.
async function openHeld(url, { width = 1200, height = 900, locale = 'en-US' } = {}) {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('fresh')) { localStorage.clear(); sessionStorage.setItem('fresh', '1'); }
  });
  await page.addInitScript((l) => Object.defineProperty(navigator, 'language', { get: () => l }), locale);
  await page.setViewportSize({ width, height });
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    addEventListener('TrunkApplicationStarted', () => { window.__started = true; });
  });
  const held = [];
  let released = false;
  await page.route('**/*.wasm', (route) => (released ? route.continue() : held.push(route)));
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const release = async () => {
    released = true;
    for (const r of held.splice(0)) await r.continue();
    await page.waitForFunction(() => window.__started);
    await twoFrames(page);
  };
  return { page, release };
}

const twoFrames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// What the reader sees of the page: every element's box and text, in order.
const shown = (page) => page.evaluate(() => [...document.querySelectorAll('#replab *')]
  .filter((e) => e.getClientRects().length > 0)
  .map((e) => {
    const r = e.getBoundingClientRect();
    // Its own text, as read (pre-rendered text may come as one node where the app makes two).
    const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').replace(/\s+/g, ' ').trim();
    return `${e.tagName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} ${own}`;
  }));

// `url` opened with its wasm held: the figure is real at first paint (`lanes`
// lanes, the step shown, in `lang`), and taking it over moves nothing.
async function takenOverInPlace(name, url, { lanes, step, lang, locale }) {
  const { page, release } = await openHeld(url, { locale });
  try {
    await page.locator('#replab .lane').first().waitFor();
    assert.equal(await page.locator('#replab .lane').count(), lanes, `${name}: lanes before the wasm`);
    assert.equal(await page.getByTestId('step').first().getAttribute('data-step'), String(step));
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-CN' : 'en');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('opening')), false, 'no box: the figure shows');
    await twoFrames(page);
    await screenshot(page, `prerender-${name}`);
    const before = await shown(page);
    // Shifts from here on are the takeover's.
    await page.evaluate(() => { window.__cls = 0; });
    await release();
    const after = await shown(page);
    assert.deepEqual(after, before, `${name}: what is shown just after the wasm took over`);
    assert.equal(await page.evaluate(() => window.__cls), 0, `${name}: no layout shift as the wasm took over`);
    // And it is the app now: a step back (a produce at step 0) answers.
    await page.getByTestId(step > 0 ? 'step-back' : 'produce').first().click();
    assert.equal(await page.getByTestId('step').first().getAttribute('data-step'), String(step > 0 ? step - 1 : 1));
  } finally {
    await page.close();
  }
}

// The first visit: the seed's story (two brokers) at its first step.
test('the first visit\'s page is real before the wasm, in both languages, and taken over in place', async () => {
  await takenOverInPlace('default-en', server.url, { lanes: 2, step: 0, lang: 'en' });
  await takenOverInPlace('default-zh', `${server.url}index.zh.html`, { lanes: 2, step: 0, lang: 'zh', locale: 'zh-CN' });
});

test('a preset page and its embed at a step are real before the wasm, in both languages', async () => {
  await takenOverInPlace('preset-en', `${server.url}data-loss.html`, { lanes: 2, step: 9, lang: 'en' });
  await takenOverInPlace('embed-en', `${server.url}data-loss.embed-5.html`, { lanes: 2, step: 5, lang: 'en' });
  await takenOverInPlace('embed-zh', `${server.url}data-loss.embed-5.zh.html`, { lanes: 2, step: 5, lang: 'zh' });
});

test('a published scenario is a page and an embed, real before the wasm, in both languages', async () => {
  await takenOverInPlace('published-en', `${published.url}my-story.html`, { lanes: 3, step: 4, lang: 'en' });
  await takenOverInPlace('published-embed-zh', `${published.url}my-story.embed-4.zh.html`, { lanes: 3, step: 4, lang: 'zh' });
});

test('a published scenario has its image twins beside its pages, and its oEmbed answer names them', async () => {
  for (const [file, type] of [['my-story.embed-4.png', 'image/png'], ['my-story.embed-4.zh.png', 'image/png'],
    ['my-story.gif', 'image/gif'], ['my-story.zh.gif', 'image/gif']]) {
    const r = await fetch(published.url + file);
    assert.equal(r.status, 200, file);
    assert.equal(r.headers.get('content-type'), type);
    const bytes = new Uint8Array(await r.arrayBuffer());
    assert.ok(bytes.length > 1000, `${file}: ${bytes.length} bytes`);
  }
  const answer = await (await fetch(`${published.url}my-story.embed-4.oembed.json`)).json();
  assert.equal(answer.thumbnail_url, 'my-story.embed-4.png');
  assert.match(answer.html, /^<iframe src="my-story\.embed-4\.html"/);
});

test('with JavaScript off, a preset page and a published embed are readable: lanes, marks, decisions', async () => {
  const context = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
  try {
    const page = await (await context.newContext({ javaScriptEnabled: false })).newPage();
    await page.goto(`${server.url}data-loss.embed-5.html`);
    assert.equal(await page.getByTestId('broker-B').getAttribute('data-leo'), '0');
    assert.match(await page.getByTestId('decision').textContent(), /B truncates to 0 \(before 2\)/);
    assert.equal(await page.getByTestId('open-full').getAttribute('href'), 'data-loss.html', 'the full page, without a script');
    await page.goto(`${published.url}my-story.embed-4.html`);
    assert.equal(await page.locator('.lane').count(), 3);
    assert.match(await page.locator('.embed-title').textContent(), /My story/);
  } finally {
    await context.close();
  }
});

test('a click before the wasm is kept, and applied once the app has taken over', async () => {
  const { page, release } = await openHeld(server.url);
  try {
    await page.getByTestId('produce').click();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('waiting')), true, 'says it is waiting');
    assert.equal(await page.getByTestId('step').getAttribute('data-step'), '0');
    await release();
    await page.getByTestId('step').and(page.locator('[data-step="1"]')).waitFor();
    assert.equal(await page.getByTestId('broker-A').getAttribute('data-leo'), '1');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('waiting')), false);
  } finally {
    await page.close();
  }
});

test('before the wasm, the drawn frame\'s fields take no input and say so; once it has taken over they do', async () => {
  const { page, release } = await openHeld(server.url);
  try {
    await page.getByTestId('produce-value').click({ force: true });
    assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid ?? null), null, 'not focused');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('waiting')), true);
    await release();
    await page.getByTestId('produce-value').fill('x1');
    await page.getByTestId('produce').click();
    assert.equal(await page.getByTestId('record-A-0').textContent().then((t) => /x1/.test(t)), true);
  } finally {
    await page.close();
  }
});

const link = (payload, version = 'v1') => `${version}.${deflateRawSync(Buffer.from(payload)).toString('base64url')}`;
const five = 'title Five brokers\nbrokers A B C D E\nproduce m1\nfetch B\n';

test('a share link shows a plain box at the page\'s height until it has opened, then its own lanes', async () => {
  for (const [query, version] of [['', 'v1'], ['?embed', 'v2']]) {
    const { page, release } = await openHeld(`${server.url}${query}#${link(`protocol=diverging-epoch\nstep=0\nlang=en\n\n${five}`, version)}`);
    try {
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('opening')), true);
      assert.equal(await page.locator('#replab > .app').isVisible(), false, 'the default partition is not shown');
      const height = await page.evaluate(() => document.getElementById('replab').getBoundingClientRect().height);
      assert.ok(height >= 900, `the box stands at the page's height (${height})`);
      await release();
      await page.getByTestId('broker-E').waitFor();
      assert.equal(await page.locator('#replab > .app').isVisible(), true);
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('opening')), false);
    } finally {
      await page.close();
    }
  }
});

test('a link that cannot be read shows the default partition; the app says why', async () => {
  const { page, release } = await openHeld(`${server.url}#${link('protocol=hw\nstep=0\nlang=zh\n\nbrokers A B C D\n').slice(0, 14)}`);
  try {
    await release();
    await page.getByTestId('broker-A').waitFor();
    assert.equal(await page.locator('.app .lanes .lane').count(), 3);
    assert.match(await page.locator('.app').textContent(), /cut short or damaged/);
  } finally {
    await page.close();
  }
});

test('a wasm that does not compile leaves a banner whose button reloads the page', async () => {
  const wasm = (await import('node:fs')).readdirSync(DIST).find((f) => f.endsWith('_bg.wasm') && f.startsWith('replab-app'));
  const body = await readFile(join(DIST, wasm));
  const page = await browser.newPage();
  try {
    await page.route('**/*.wasm', (route) => route.fulfill({
      status: 200, contentType: 'application/wasm', body: body.subarray(0, body.length >> 1),
    }));
    await page.goto(server.url);
    const banner = page.getByTestId('panic-banner');
    await banner.waitFor({ timeout: 10000 });
    assert.equal(await banner.getAttribute('role'), 'alert');
    await screenshot(page, 'banner-failed-start');
    // The network is well again: the button reloads, and the app starts.
    await page.unroute('**/*.wasm');
    await banner.getByRole('button').click();
    await page.getByTestId('broker-A').waitFor();
    assert.equal(await banner.count(), 0);
  } finally {
    await page.close();
  }
});

test('a WebAssembly trap after the start shows the banner; other errors do not', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    await page.getByTestId('broker-A').waitFor();
    // An ordinary script error once the app runs: not the wasm's, no banner.
    await page.evaluate(() => new Promise((r) => { setTimeout(() => { throw new Error('not the model'); }); setTimeout(r, 50); }));
    assert.equal(await page.getByTestId('panic-banner').count(), 0);
    // The wasm traps (as `unreachable` does after an abort) in a task of its own.
    await page.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable'); }));
    const banner = page.getByTestId('panic-banner');
    await banner.waitFor({ timeout: 5000 });
    assert.ok(await banner.getByRole('button').isVisible());
    // And in a promise: still one banner.
    await page.evaluate(() => { setTimeout(() => Promise.reject(new WebAssembly.RuntimeError('unreachable'))); });
    await twoFrames(page);
    assert.equal(await page.locator('#panic-banner').count(), 1);
    await banner.getByRole('button').click();
    await page.getByTestId('broker-A').waitFor();
    assert.equal(await banner.count(), 0, 'reloaded: the app runs again');
  } finally {
    await page.close();
  }
});

test('a real trap in a call the caller catches still shows the banner', async () => {
  const page = await browser.newPage();
  try {
    await page.addInitScript(() => {
      addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; });
    });
    await page.goto(server.url);
    await page.getByTestId('broker-A').waitFor();
    // A closure call through a table slot that does not exist: the wasm traps,
    // and the caller swallows the error, as a host page's try/catch would.
    const caught = await page.evaluate(() => {
      const invoke = Object.keys(window.__wasm).find((k) => k.includes('invoke'));
      try { window.__wasm[invoke](0x7ffffff0, 0, 0, 0); } catch (e) { return `${e.constructor.name}: ${e.message}`; }
      return 'no trap';
    });
    assert.match(caught, /^RuntimeError/);
    await page.getByTestId('panic-banner').waitFor({ timeout: 5000 });
  } finally {
    await page.close();
  }
});
