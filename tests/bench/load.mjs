// Loading, side by side with RaftScope, then long logs. Run by `./dev bench`
// after the release build; prints figures, asserts nothing.
//
// 1. As a new user on a slow link: RaftScope (vendored in tests/bench/raftscope/)
//    and this page, both served gzip-compressed by a local server, each loaded
//    LOADS times in a fresh browser context (empty cache) on a throttled network
//    (1.6 Mbit/s down and up, 150 ms latency). Medians of the bytes transferred
//    (encoded, headers included, as the network saw them; and the gzipped
//    bodies alone, from Resource Timing), the files fetched, first contentful
//    paint, and the time to the first server (RaftScope) or broker lane (ours);
//    for ours also when a click made as soon as the lane shows is answered
//    (painted: the app has taken over and applied it).
// 1b. A post with six preset embeds (their pre-rendered pages), same link: the
//    bytes transferred in all, and in each figure when its first lane was on
//    screen against its first contentful paint.
// 2. Long logs: 3 brokers, N produces (a fetch by B and C after every 1,000),
//    loaded into the page through window.replab.load on an unthrottled network:
//    the load's time until painted, click latencies, DOM size, JS heap and wasm
//    memory. A load that fails, times out or kills the page is reported as such.
// 3. As a phone: 1 and 2 again on a 390 × 844 touch screen at twice the pixels
//    with the CPU slowed 4× (DevTools' Emulation.setCPUThrottlingRate, as
//    Lighthouse's mobile profile does), on the same throttled link: RaftScope's
//    first server and this page's first broker lane on screen, a tap on Produce
//    made as soon as the lane shows, answered; then taps (Produce, B's Fetch,
//    step back, each until painted) at 1,000 and 10,000 records.
import { resolve, dirname } from 'node:path';
import { serveGzipped } from './serve.mjs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { DIST } from '../e2e/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RAFTSCOPE = resolve(here, 'raftscope');
const LOADS = Number(process.env.LOADS ?? 5);
const SIZES = (process.env.SIZES ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const CLICKS = 10;

// A post with six preset embeds at a step of their stories.
const EMBEDS = [['data-loss', 5], ['divergence', 6], ['leader-epoch-walkthrough', 8], ['fast-failover', 6],
  ['unclean-election', 5], ['kraft-quick-restart', 7]];
const POST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Six figures</title>
<style>body{max-width:760px;margin:auto;font:16px/1.5 sans-serif} iframe{display:block;width:100%;border:0}</style></head><body>
<h1>Six figures</h1>${EMBEDS.map(([id, k]) => `<p>The ${id} story, at step ${k}.</p>
<iframe src="/replab/${id}.embed-${k}.html" title="${id}" height="790"></iframe>`).join('\n')}</body></html>`;

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'n/a');
const kb = (x) => (Number.isFinite(x) ? `${(x / 1000).toFixed(1)} KB` : 'n/a');
const mb = (x) => (Number.isFinite(x) ? `${(x / 1e6).toFixed(1)} MB` : 'n/a');

// Records, in the page, when the first element matching `selector` is on
// screen: the first animation frame after it is in the DOM.
const watchFirst = (selector) => {
  const seen = () => {
    if (window.__firstShown !== undefined) return;
    if (document.querySelector(selector)) {
      window.__firstShown = -1;
      requestAnimationFrame(() => { window.__firstShown = performance.now(); });
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
};

// A page's CDP session with the cache off and the link throttled: 1.6 Mbit/s
// down and up, 150 ms latency.
async function throttled(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 1.6e6 / 8,
  });
  return cdp;
}

// The desktop a load is made on, and the phone: a touch screen of 390 × 844 CSS
// px at twice the pixels, its CPU 4× slower than this machine's.
const DESKTOP = { context: { viewport: { width: 1400, height: 1000 } }, cpu: 1 };
const PHONE = {
  context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  cpu: 4,
};

// One load as a new user: a fresh context, the cache off, the link throttled.
async function loadOnce(browser, url, selector, after, click, locale = 'en-US', device = DESKTOP) {
  const context = await browser.newContext({ ...device.context, locale });
  try {
    const page = await context.newPage();
    const cdp = await throttled(context, page);
    if (device.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.cpu });
    // Bytes of every response; files: those that succeeded (not a 404 favicon.ico).
    let bytes = 0, files = 0;
    const ok = new Set();
    cdp.on('Network.responseReceived', (e) => { if (e.response.status < 400) ok.add(e.requestId); });
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; if (ok.has(e.requestId)) files += 1; });
    await page.addInitScript(watchFirst, selector);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstShown > 0, null, { timeout: 60000, polling: 50 });
    // A reader's first click, made as soon as the lane shows: when it is answered.
    const clicked = click && await page.evaluate(async (c) => {
      document.querySelector(c.selector).click();
      while (document.querySelector(c.done) === null) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now();
    }, click);
    await page.waitForLoadState('load');
    // Anything still in flight (a font, the favicon) is part of the load.
    await page.waitForLoadState('networkidle').catch(() => {});
    const { fcp, shown, bodies } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      shown: window.__firstShown,
      // The files' bodies alone, as sent (gzipped), without HTTP headers.
      bodies: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
        .reduce((sum, e) => sum + e.encodedBodySize, 0),
    }));
    // Then what the site measures after the load, on the same link (its bytes
    // are not the load's).
    const loaded = { bytes, bodies, files, fcp, shown, clicked };
    const later = after ? await after(page) : undefined;
    return { ...loaded, later };
  } finally {
    await context.close();
  }
}

async function sideBySide(browser, base, device = DESKTOP) {
  const phone = device !== DESKTOP;
  const sites = [
    { name: 'RaftScope', url: `${base}/raftscope/`, selector: '#servers .server', what: 'first server' },
    {
      name: 'Kafka Replication Lab', url: `${base}/replab/`, selector: '[data-testid=broker-A]', what: 'first broker lane',
      click: { selector: '[data-testid=produce]', done: '[data-testid=step][data-step="1"]' },
      // The checker panel opened.
      after: phone ? undefined : async (page) => {
        const t0 = Date.now();
        await page.getByTestId('explore-open').click();
        await page.getByTestId('explore-run').waitFor({ timeout: 60000 });
        return Date.now() - t0;
      },
      later: 'the checker panel opened',
    },
    {
      // A Chinese reader: the page's Chinese messages are a file of their own,
      // preloaded beside the wasm and installed before the app takes over.
      name: 'the same, in Chinese', url: `${base}/replab/index.zh.html`, locale: 'zh-CN',
      selector: '[data-testid=broker-A]', what: 'first broker lane',
      click: { selector: '[data-testid=produce]', done: '[data-testid=step][data-step="1"]' },
    },
  ];
  const rows = [];
  for (const site of phone ? sites.slice(0, 2) : sites) {
    const runs = [];
    for (let i = 0; i < LOADS; i++) {
      try {
        runs.push(await loadOnce(browser, site.url, site.selector, site.after, site.click, site.locale, device));
      } catch (e) {
        console.log(`  ${site.name}: load ${i + 1} failed: ${String(e.message ?? e).split('\n')[0]}`);
      }
    }
    rows.push({
      site, n: runs.length,
      bytes: median(runs.map((r) => r.bytes)), bodies: median(runs.map((r) => r.bodies)), files: median(runs.map((r) => r.files)),
      fcp: median(runs.map((r) => r.fcp)), shown: median(runs.map((r) => r.shown)),
      later: site.after && median(runs.map((r) => r.later)),
      clicked: site.click && median(runs.map((r) => r.clicked)),
    });
  }
  const on = phone ? `a phone (390 × 844, touch, CPU ${device.cpu}× slower), ` : '';
  console.log(`first load, ${on}gzip, 1.6 Mbit/s down and up, 150 ms latency, cache off (medians of ${LOADS} loads):`);
  console.log(`  ${'page'.padEnd(24)}${'transferred'.padStart(13)}${'bodies'.padStart(10)}${'files'.padStart(7)}${'first paint'.padStart(13)}   first server / broker lane`);
  for (const r of rows) {
    console.log(`  ${r.site.name.padEnd(24)}${kb(r.bytes).padStart(13)}${kb(r.bodies).padStart(10)}${String(r.files).padStart(7)}${ms(r.fcp).padStart(13)}   ${ms(r.shown)} (${r.site.what}${r.n < LOADS ? `; ${r.n} of ${LOADS} loads succeeded` : ''})`);
  }
  for (const r of rows.filter((r) => r.clicked !== undefined)) {
    const raft = rows[0].site.name === 'RaftScope' ? rows[0].shown : NaN;
    console.log(`  ${r.site.name}: a click made as soon as its first lane shows is answered (painted) at ${ms(r.clicked)}`
      + (Number.isFinite(raft) ? ` (${(r.clicked / raft).toFixed(2)}× RaftScope's first server)` : ''));
  }
  for (const r of rows.filter((r) => r.later !== undefined)) console.log(`  ${r.site.name}: ${r.site.later} ${ms(r.later)} after the click`);
}

// The post with six preset embeds, loaded as a new reader on the throttled link.
async function postOnce(browser, base) {
  const context = await browser.newContext({ viewport: { width: 900, height: 1000 } });
  try {
    const page = await context.newPage();
    const cdp = await throttled(context, page);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    await page.addInitScript(watchFirst, '.lane');
    await page.goto(`${base}/post.html`, { waitUntil: 'load', timeout: 120000 });
    await page.waitForLoadState('networkidle').catch(() => {});
    const frames = [];
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      frames.push(await frame.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        shown: window.__firstShown,
        lanes: document.querySelectorAll('.lane').length,
      })));
    }
    return { bytes, frames };
  } finally {
    await context.close();
  }
}

async function post(browser, base) {
  const runs = [];
  for (let i = 0; i < LOADS; i++) {
    try { runs.push(await postOnce(browser, base)); } catch (e) { console.log(`  post: load ${i + 1} failed: ${String(e.message ?? e).split('\n')[0]}`); }
  }
  const real = runs.every((r) => r.frames.length === EMBEDS.length && r.frames.every((f) => f.lanes > 0 && f.shown > 0 && f.shown <= f.fcp + 50));
  console.log(`a post with ${EMBEDS.length} preset embeds, same link (medians of ${runs.length} loads):`);
  console.log(`  transferred in all ${kb(median(runs.map((r) => r.bytes)))}; every figure's lanes on screen by its first paint: ${real ? 'yes' : 'no'}`);
  const late = median(runs.map((r) => Math.max(...r.frames.map((f) => f.shown - f.fcp))));
  console.log(`  the latest figure's first lane against its first paint: ${ms(late)} (${runs[0]?.frames.map((f) => ms(f.fcp)).join(', ')} first paints in the first load)`);
}

// The long log: 3 brokers, `n` produces, B and C fetch after every 1,000.
function longLog(n) {
  const lines = [`title ${n} records`, 'brokers A B C'];
  for (let i = 1; i <= n; i++) {
    lines.push(`produce m${i}`);
    if (i % 1000 === 0) lines.push('fetch B', 'fetch C');
  }
  if (n % 1000) lines.push('fetch B', 'fetch C');
  return lines.join('\n');
}

// Rejects after `ms`, or when the page crashes or closes.
function guard(page, ms, what) {
  let timer;
  const failed = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms / 1000} s`)), ms);
    page.once('crash', () => reject(new Error(`${what}: the page crashed`)));
    page.once('close', () => reject(new Error(`${what}: the page closed`)));
  });
  failed.catch(() => {});
  return { failed, done: () => clearTimeout(timer) };
}
async function within(page, ms, what, promise) {
  const g = guard(page, ms, what);
  try { return await Promise.race([promise, g.failed]); } finally { g.done(); }
}

async function longLogRun(browser, base, n, device = DESKTOP) {
  const context = await browser.newContext(device.context);
  const row = { n };
  let page;
  try {
    page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e.message ?? e).split('\n')[0]));
    // The wasm's exports (its memory among them), as Trunk's loader announces them.
    await page.addInitScript(() => {
      addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail?.wasm; });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (device.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.cpu });
    await page.goto(`${base}/replab/`);
    await page.getByTestId('broker-A').waitFor({ timeout: 60000 });
    const text = longLog(n);
    row.textBytes = text.length;
    const load = await within(page, 300000, 'load', page.evaluate(async (t) => {
      const t0 = performance.now();
      try {
        await window.replab.load(t);
      } catch (e) {
        return { error: `${e.name}: ${e.message}`, refused: e.name === 'Error', ms: performance.now() - t0 };
      }
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return { ms: performance.now() - t0 };
    }, text));
    if (load.error) {
      row.load = load.ms;
      const banner = await page.locator('#panic-banner').count().catch(() => 0);
      throw new Error(load.refused ? `load refused (${load.error})`
        : `the wasm stopped (${load.error})${banner ? ', the page shows its error banner' : ''}`);
    }
    row.load = load.ms;
    const banner = await page.locator('#panic-banner').count();
    if (banner) throw new Error(`the page shows its error banner${errors.length ? ` (${errors[0]})` : ''}`);
    row.steps = await page.evaluate(() => window.replab.state().len);

    // `clicks` clicks on `testid`, each until two frames later (painted).
    const clicks = (testid) => within(page, 120000, `click ${testid}`, page.evaluate(async ({ testid, clicks }) => {
      const times = [];
      for (let i = 0; i < clicks; i++) {
        const t0 = performance.now();
        document.querySelector(`[data-testid=${testid}]`).click();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        times.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
      return times;
    }, { testid, clicks: CLICKS }));
    row.produce = median(await clicks('produce'));
    row.fetch = median(await clicks('fetch-B'));
    row.back = median(await clicks('step-back'));
    row.forward = median(await clicks('step-forward'));
    row.nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const { metrics } = await cdp.send('Performance.getMetrics');
    row.heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    row.wasm = await page.evaluate(() => window.__wasm?.memory?.buffer?.byteLength);
  } catch (e) {
    row.failed = String(e.message ?? e).split('\n')[0];
    row.wasm = await page?.evaluate(() => window.__wasm?.memory?.buffer?.byteLength).catch(() => undefined);
  } finally {
    await context.close().catch(() => {});
  }
  return row;
}

async function longLogs(browser, base, sizes, device) {
  const on = device === DESKTOP ? 'unthrottled' : `a phone (390 × 844, touch, CPU ${device.cpu}× slower)`;
  console.log(`long logs, 3 brokers, window.replab.load, ${on} (clicks: median of ${CLICKS}, until two frames later):`);
  console.log(`  ${'records'.padEnd(9)}${'steps'.padStart(8)}${'load'.padStart(10)}${'produce'.padStart(10)}${'fetch B'.padStart(10)}${'back'.padStart(9)}${'forward'.padStart(10)}${'DOM nodes'.padStart(11)}${'JS heap'.padStart(10)}${'wasm memory'.padStart(13)}`);
  for (const n of sizes) {
    const r = await longLogRun(browser, base, n, device);
    const name = n.toLocaleString('en-US').padEnd(9);
    if (r.failed) {
      const facts = [r.load && `after ${ms(r.load)}`, r.wasm && `wasm memory ${mb(r.wasm)}`].filter(Boolean).join(', ');
      console.log(`  ${name}failed: ${r.failed}${facts ? ` (${facts})` : ''}`);
      continue;
    }
    console.log(`  ${name}${String(r.steps).padStart(8)}${ms(r.load).padStart(10)}${ms(r.produce).padStart(10)}${ms(r.fetch).padStart(10)}${ms(r.back).padStart(9)}${ms(r.forward).padStart(10)}${String(r.nodes).padStart(11)}${mb(r.heap).padStart(10)}${mb(r.wasm).padStart(13)}`);
  }
}

const server = await serveGzipped({ raftscope: RAFTSCOPE, replab: DIST }, { '/post.html': POST });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await sideBySide(browser, server.url);
  await post(browser, server.url);
  await longLogs(browser, server.url, SIZES, DESKTOP);
  if (process.env.PHONE !== '0') {
    await sideBySide(browser, server.url, PHONE);
    await longLogs(browser, server.url, SIZES.filter((n) => n <= 10000), PHONE);
  }
} finally {
  await browser.close();
  await server.close();
}
