// Before the wasm arrives, index.html paints the page's frame (title, the
// controls' places, three lanes); the app replaces it without moving anything.
// And no dead page: a wasm that fails to start, or traps later, leaves a banner
// with a reload button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, launch, screenshot, DIST } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

// A new tab whose wasm downloads are held until `release()`; the layout shifts
// (PerformanceObserver 'layout-shift') summed from the start in window.__cls.
async function openHeld(url, { width, height = 900, scheme = 'light', locale = 'en-US' }) {
  const page = await browser.newPage();
  // A first visit: no language remembered from an earlier test, the browser's own.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('fresh')) { localStorage.clear(); sessionStorage.setItem('fresh', '1'); }
  });
  await page.addInitScript((l) => Object.defineProperty(navigator, 'language', { get: () => l }), locale);
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const held = [];
  let released = false;
  await page.route('**/*.wasm', (route) => (released ? route.continue() : held.push(route)));
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const release = async () => { released = true; for (const r of held.splice(0)) await r.continue(); };
  return { page, release, held };
}

// The boxes that must not move: the head, the player, the lanes, the first lane
// (and in an embed, the panel below them).
const boxes = (page, root) => page.evaluate((root) => {
  const box = (s) => {
    const r = document.querySelector(`${root} ${s}`)?.getBoundingClientRect();
    return r && { x: Math.round(r.x * 10) / 10, y: Math.round(r.y * 10) / 10, w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10 };
  };
  return {
    head: box('.header') ?? box('.embed-head'), player: box('.player'), lanes: box('.lanes'), lane: box('.lane'),
    last: box('.lane:nth-last-child(1 of .lane)'),
    side: document.querySelector(`${root}.embed`) ? box('.side') : undefined,
  };
}, root);

const near = (a, b, what) => {
  for (const k of ['x', 'y', 'w', 'h']) {
    assert.ok(Math.abs(a[k] - b[k]) <= 1.5, `${what}.${k}: skeleton ${JSON.stringify(a)}, app ${JSON.stringify(b)}`);
  }
};

const twoFrames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// Opens `query` with its wasm held: the frame is painted (`lanes` lanes, in
// `zh` or not, `title` under the app's own if given), then the app takes its
// place without a shift. `name` names the screenshot.
async function frameHolds(name, query, { width, scheme = 'light', locale, lanes = 3, zh = !!locale, title, skip = [] }) {
  const { page, release, held } = await openHeld(server.url + query, { width, scheme, locale });
  const embed = /[?&]embed/.test(query);
  try {
    const skeleton = page.locator('#skeleton');
    await skeleton.waitFor();
    for (let t = 0; t < 100 && !held.length; t++) await page.waitForTimeout(50);
    // A link's frame is drawn once the browser has inflated it.
    for (let t = 0; t < 40 && (await page.locator('#skeleton .lane').count()) !== lanes; t++) await page.waitForTimeout(25);
    await twoFrames(page);
    assert.ok(held.length > 0, 'the wasm download is held');
    assert.equal(await page.getByTestId('broker-A').count(), 0, 'the app has not mounted');
    assert.equal(await page.locator('#skeleton .lane').count(), lanes, `${lanes} lanes`);
    for (const lane of await page.locator('#skeleton .lane').all()) assert.ok(await lane.isVisible());
    assert.equal(await page.evaluate(() => document.documentElement.lang), zh ? 'zh-CN' : 'en');
    if (!embed) {
      assert.equal(await page.locator('#skeleton h1').textContent(), zh ? 'Kafka 副本复制实验室' : 'Kafka Replication Lab');
      assert.ok(await page.locator('#skeleton h1').isVisible());
    } else {
      assert.ok(await page.locator('#skeleton .embed-head').isVisible());
      assert.equal(await page.locator('#skeleton.embed').count(), 1, 'the embed skeleton');
    }
    if (title) assert.equal(await page.locator(`#skeleton ${embed ? '.tt' : '.story-title'}`).textContent(), title);
    // The scheme's own colours, not a white flash in the dark.
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, scheme === 'dark' ? 'rgb(21, 23, 26)' : 'rgb(247, 247, 245)');
    await screenshot(page, `skeleton-${name.replace(/[ ,]+/g, '-')}`);
    const first = await boxes(page, '#skeleton');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);

    await release();
    await page.getByTestId('broker-A').waitFor();
    await twoFrames(page);
    assert.equal(await skeleton.count(), 0, 'the skeleton is gone');
    assert.equal(await page.locator('.app .lanes .lane').count(), lanes, 'the app shows as many lanes');
    const then = await boxes(page, '.app');
    for (const k of Object.keys(first)) if (first[k] && !skip.includes(k)) near(first[k], then[k], k);
    if (embed) {
      // An embed is at its final height from the first paint (a host fits the iframe to it).
      const final = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(Math.abs(final - height) <= 2, `embed height: skeleton ${height}, app ${final}`);
    }
    const cls = await page.evaluate(() => window.__cls);
    assert.ok(cls < 0.01, `cumulative layout shift ${cls}`);
  } finally {
    await page.close();
  }
}

for (const { name, query, width, scheme, locale } of [
  { name: 'desktop', query: '', width: 1400, scheme: 'light' },
  { name: 'desktop, dark', query: '', width: 1000, scheme: 'dark' },
  { name: 'phone', query: '', width: 360, scheme: 'light' },
  { name: 'embed', query: '?embed', width: 800, scheme: 'light' },
  { name: 'embed on a phone, dark', query: '?embed', width: 360, scheme: 'dark' },
  { name: 'desktop, Chinese', query: '', width: 1400, scheme: 'light', locale: 'zh-CN' },
  { name: 'phone, Chinese, dark', query: '', width: 360, scheme: 'dark', locale: 'zh-CN' },
  { name: 'embed on a phone, Chinese', query: '?embed', width: 360, scheme: 'light', locale: 'zh-CN' },
  // Where the followers' lanes wrap one line more than the leader's.
  { name: 'narrow phone', query: '', width: 320, scheme: 'light' },
  { name: 'embed on a narrow phone, Chinese', query: '?embed', width: 340, scheme: 'light', locale: 'zh-CN' },
  // The app reads neither a preset nor a language from the query: nor does the frame.
  { name: 'a preset and a language in the query', query: '?preset=divergence&lang=zh', width: 1000, scheme: 'light' },
]) {
  test(`${name}: the frame is painted before the wasm, and the app takes its place without a shift`, async () => {
    await frameHolds(name, query, { width, scheme, locale });
  });
}

// A share link (`#v1.` + base64url of the raw-deflated payload, as sharing.test.mjs
// makes them): the app shows the link's brokers, title and language, and so
// does the frame.
const link = (payload, version = 'v1') => `${version}.${deflateRawSync(Buffer.from(payload)).toString('base64url')}`;
const five = 'title Five brokers\nbrokers A B C D E\nproduce m1\nfetch B\n';
for (const { name, query, width, scheme, locale, lang = 'en' } of [
  { name: 'a five-broker link', query: '', width: 1400 },
  { name: 'a five-broker link on a phone, dark', query: '', width: 360, scheme: 'dark' },
  { name: 'a Chinese five-broker link, English browser', query: '', width: 1000, lang: 'zh' },
  { name: 'a Chinese five-broker link on a phone, English browser', query: '', width: 360, lang: 'zh' },
  { name: 'an English five-broker link, Chinese browser', query: '', width: 360, locale: 'zh-CN' },
  { name: 'a five-broker link in an embed', query: '?embed', width: 800 },
  { name: 'a Chinese five-broker link in an embed on a phone', query: '?embed', width: 360, lang: 'zh' },
]) {
  test(`${name}: the frame has the link's lanes, title and language`, async () => {
    const fragment = link(`protocol=diverging-epoch\nstep=0\nlang=${lang}\n\n${five}`);
    await frameHolds(name, `${query}#${fragment}`, {
      width, scheme, locale, lanes: 5, zh: lang === 'zh', title: lang === 'zh' ? undefined : 'Five brokers',
    });
  });
}

// A link under each protocol: the header wraps around that protocol's note, in
// the link's language, at a desktop and a phone width. (The lanes' section is
// not compared: on a wide page it stretches to the side column, whose panels
// differ by protocol; the lanes in it are.)
for (const protocol of ['hw', 'kip-101', 'kip-279', 'kraft-elr']) {
  test(`a link under ${protocol}: the frame's header is the app's`, async () => {
    for (const [width, lang] of [[1400, 'en'], [360, 'en'], [1000, 'zh'], [320, 'zh']]) {
      await frameHolds(`${protocol} ${lang} ${width}`, `#${link(`protocol=${protocol}\nstep=0\nlang=${lang}\n\n${five}`)}`, {
        width, lanes: 5, zh: lang === 'zh', title: lang === 'zh' ? undefined : 'Five brokers', skip: ['lanes'],
      }).catch((e) => { e.message = `${protocol}, ${lang}, ${width} px: ${e.message}`; throw e; });
    }
  });
}

test('a link under kraft-elr in an embed: the frame has the lanes the app draws, down to a narrow phone', async () => {
  for (const [width, lang] of [[800, 'en'], [420, 'en'], [360, 'en'], [330, 'zh'], [400, 'zh']]) {
    await frameHolds(`embed kraft-elr ${lang} ${width}`, `?embed#${link(`protocol=kraft-elr\nstep=0\nlang=${lang}\n\n${five}`)}`, {
      width, lanes: 5, zh: lang === 'zh', title: lang === 'zh' ? undefined : 'Five brokers',
    }).catch((e) => { e.message = `${lang}, ${width} px: ${e.message}`; throw e; });
  }
});

// Every preset's file, opened from a link: the frame has its brokers, wherever
// the files say. (The app fetches a preset only when chosen; a link carries the
// text.) The lanes' section itself is not compared: on a wide page it stretches
// to the side column, whose event log lists the link's steps; the lanes in it are.
test('a link to each preset: the frame has as many lanes as the app', async () => {
  for (const file of (await readdir(join(DIST, 'scenarios'))).filter((f) => f.endsWith('.scn'))) {
    const text = await readFile(join(DIST, 'scenarios', file), 'utf8');
    const brokers = text.match(/^brokers (.*)$/m)[1].trim().split(/\s+/).length;
    await frameHolds(`preset ${file}`, `#${link(`protocol=diverging-epoch\nstep=0\nlang=en\n\n${text}`)}`, { width: 1000, lanes: brokers, skip: ['lanes'] })
      .catch((e) => { e.message = `${file}: ${e.message}`; throw e; });
  }
});

test('a link that cannot be read keeps the default frame; the app says why', async () => {
  const { page, release } = await openHeld(`${server.url}#${link('protocol=hw\nstep=0\nlang=zh\n\nbrokers A B C D\n').slice(0, 14)}`, { width: 1000 });
  try {
    await page.locator('#skeleton').waitFor();
    await page.waitForTimeout(200);
    assert.equal(await page.locator('#skeleton .lane').count(), 3);
    await release();
    await page.getByTestId('broker-A').waitFor();
    assert.equal(await page.locator('#skeleton').count(), 0);
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
    assert.equal(await page.locator('#skeleton').count(), 0, 'no skeleton promising a figure that will not come');
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
