// Click latency in headless Chromium: apply + re-render on a 5-broker,
// 1,000-record state, from the click to the DOM showing the new state, and
// to the frame after (painted: the release strip's work after the render,
// where the page has one, is in it). REPLAB_DIST=<folder> measures another
// build the same way. Run with `./dev bench` (after a release build). Prints
// figures; asserts nothing.
import { serve, launch } from '../e2e/harness.mjs';

const RECORDS = Number(process.env.RECORDS ?? 1000);
const CLICKS = 80;

const lines = ['title Click benchmark', 'protocol diverging-epoch', 'brokers A B C D E', 'set acks=1'];
for (let i = 1; i <= RECORDS; i++) lines.push(`produce m${i}`);
for (const f of ['B', 'C', 'D', 'E']) lines.push(`fetch ${f}`, `fetch ${f}`);

const server = await serve();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(server.url);
  await page.getByTestId('broker-A').waitFor();
  // The editor opens closed since the page was cut into pieces (an older
  // build's is open).
  if (await page.getByTestId('editor-open').count() && await page.getByTestId('editor').getAttribute('open') === null) {
    await page.getByTestId('editor-open').click();
  }
  await page.getByTestId('scenario-editor').fill(lines.join('\n'));
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction((n) => document.querySelector('[data-testid=broker-E]')?.dataset.leo === String(n), RECORDS, { timeout: 60000 });

  // Times `clicks` clicks on `button`: from the click until the page shows the
  // new step (Yew renders the whole change in one pass). `prepare`, if given, is
  // clicked untimed before each, so the timed click always changes something.
  const measure = (button, clicks, prepare) => page.evaluate(async ({ button, clicks, prepare }) => {
    const stepEl = () => document.querySelector('[data-testid=step]');
    const clickAndWait = (testid) => new Promise((resolve) => {
      const before = stepEl().dataset.step;
      const t0 = performance.now();
      const obs = new MutationObserver(() => {
        if (stepEl().dataset.step !== before) {
          obs.disconnect();
          const shown = performance.now() - t0;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve({ shown, painted: performance.now() - t0 })));
        }
      });
      obs.observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
      document.querySelector(`[data-testid=${testid}]`).click();
    });
    const times = [];
    for (let i = 0; i < clicks; i++) {
      if (prepare) await clickAndWait(prepare);
      times.push(await clickAndWait(button));
      await new Promise((r) => setTimeout(r, 5));
    }
    return times;
  }, { button, clicks, prepare });

  const stats = (all) => {
    const xs = all.map((t) => t.shown);
    const s = [...xs].sort((a, b) => a - b);
    const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    const p = all.map((t) => t.painted).sort((a, b) => a - b);
    return { median: q(0.5), p90: q(0.9), max: s[s.length - 1], painted: p[Math.floor(0.5 * p.length)] };
  };
  const produce = stats(await measure('produce', CLICKS));
  const fetch = stats(await measure('fetch-B', CLICKS, 'produce'));
  const back = stats(await measure('step-back', 40));
  const fmt = (s) => `median ${s.median.toFixed(2)} ms, p90 ${s.p90.toFixed(2)} ms, max ${s.max.toFixed(2)} ms; painted: median ${s.painted.toFixed(2)} ms`;
  console.log(`click latency, 5 brokers x ${RECORDS} records, history of ${lines.length - 4} steps:`);
  console.log(`  produce    (${CLICKS} clicks): ${fmt(produce)}`);
  console.log(`  fetch B    (${CLICKS} clicks): ${fmt(fetch)}`);
  console.log(`  step back  (40 clicks): ${fmt(back)}`);
} finally {
  await browser.close();
  await server.close();
}
