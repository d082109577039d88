// Each part of the page that is a chunk of its own, opened for the first time:
// from the click until its body is painted (two frames after it is in the
// DOM), on a fresh page each time (cache off), unthrottled and on the
// throttled link of load.mjs (1.6 Mbit/s, 150 ms). The click is made without
// pointing at the heading first, so nothing was fetched ahead: the worst
// case. Run by `./dev bench`; prints figures, asserts nothing.
// REPLAB_DIST picks the build; LOADS the opens per panel (median).
import { chromium } from 'playwright-core';
import { DIST } from '../e2e/harness.mjs';
import { serveGzipped } from './serve.mjs';

const LOADS = Number(process.env.LOADS ?? 3);

// What opens each part, and what shows it is there.
const PANELS = [
  { name: 'Find a failure', open: 'explore-open', shown: '[data-testid=explore-run]' },
  { name: 'Is it safe?', open: 'matrix-open', shown: '[data-testid=matrix-run]' },
  { name: 'Scenario (the editor)', open: 'editor-open', shown: '[data-testid=scenario-editor]' },
  { name: 'Space-time diagram', open: 'spacetime-open', shown: '.st-scroll, .spacetime .legend' },
  { name: 'Copy link (the share bar)', open: 'copy-link', shown: '[data-testid=share-link]' },
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function openOnce(browser, url, panel, throttle) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url);
  await page.waitForFunction(() => window.replab !== undefined, null, { timeout: 60000 });
  // The story's first click, so that the space-time diagram has steps to draw.
  await page.getByTestId('produce').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step]')?.dataset.step === '1');
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 1.6e6 / 8,
    });
  }
  const ms = await page.evaluate(({ open, shown }) => new Promise((done) => {
    const t0 = performance.now();
    const seen = () => {
      if (!document.querySelector(shown)) return false;
      requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));
      return true;
    };
    const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
    watch.observe(document, { childList: true, subtree: true, attributes: true });
    // A click without the pointer's way there: nothing fetched ahead.
    document.querySelector(`[data-testid=${open}]`).click();
  }), panel);
  await context.close();
  return ms;
}

const server = await serveGzipped({ replab: DIST });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  console.log(`a split part's first opening, from the click until painted (median of ${LOADS}, cache off):`);
  console.log('  part                          unthrottled   1.6 Mbit/s, 150 ms');
  for (const panel of PANELS) {
    const row = [];
    for (const throttle of [false, true]) {
      const runs = [];
      for (let i = 0; i < LOADS; i++) runs.push(await openOnce(browser, `${server.url}/replab/`, panel, throttle));
      row.push(`${Math.round(median(runs))} ms`);
    }
    console.log(`  ${panel.name.padEnd(30)}${row[0].padStart(11)}${row[1].padStart(21)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
