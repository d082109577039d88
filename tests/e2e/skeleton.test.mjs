// Before the wasm arrives, index.html paints the page's frame (title, the
// controls' places, three lanes); the app replaces it without moving anything.
// And no dead page: a wasm that fails to start, or traps later, leaves a banner
// with a reload button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
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
    side: document.querySelector(`${root}.embed`) ? box('.side') : undefined,
  };
}, root);

const near = (a, b, what) => {
  for (const k of ['x', 'y', 'w', 'h']) {
    assert.ok(Math.abs(a[k] - b[k]) <= 1.5, `${what}.${k}: skeleton ${JSON.stringify(a)}, app ${JSON.stringify(b)}`);
  }
};

const twoFrames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

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
]) {
  test(`${name}: the frame is painted before the wasm, and the app takes its place without a shift`, async () => {
    const { page, release, held } = await openHeld(server.url + query, { width, scheme, locale });
    try {
      const skeleton = page.locator('#skeleton');
      await skeleton.waitFor();
      for (let t = 0; t < 100 && !held.length; t++) await page.waitForTimeout(50);
      await twoFrames(page);
      assert.ok(held.length > 0, 'the wasm download is held');
      assert.equal(await page.getByTestId('broker-A').count(), 0, 'the app has not mounted');
      assert.equal(await page.locator('#skeleton .lane').count(), 3, 'three lanes');
      for (const lane of await page.locator('#skeleton .lane').all()) assert.ok(await lane.isVisible());
      if (!query) {
        assert.equal(await page.locator('#skeleton h1').textContent(), locale ? 'Kafka 副本复制实验室' : 'Kafka Replication Lab');
        assert.ok(await page.locator('#skeleton h1').isVisible());
      } else {
        assert.ok(await page.locator('#skeleton .embed-head').isVisible());
        assert.equal(await page.locator('#skeleton.embed').count(), 1, 'the embed skeleton');
      }
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
      const then = await boxes(page, '.app');
      for (const k of Object.keys(first)) if (first[k]) near(first[k], then[k], k);
      if (query) {
        // An embed is at its final height from the first paint (a host fits the iframe to it).
        const final = await page.evaluate(() => document.documentElement.scrollHeight);
        assert.ok(Math.abs(final - height) <= 2, `embed height: skeleton ${height}, app ${final}`);
      }
      const cls = await page.evaluate(() => window.__cls);
      assert.ok(cls < 0.01, `cumulative layout shift ${cls}`);
    } finally {
      await page.close();
    }
  });
}

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
