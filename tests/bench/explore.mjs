// The checker in the browser: distinct states per second in its Web Worker, the
// time until a hw counterexample shows in the page (first run, worker download
// included, and again), and click latency on the page during a run. Run with
// `./dev bench` after a release build; prints figures, asserts nothing. The
// native figures for the same setups come from `replab explore` in the same bench.
import { serve, launch } from '../e2e/harness.mjs';

const server = await serve();
const browser = await launch();

async function fresh() {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(server.url);
  await page.getByTestId('broker-A').waitFor();
  return page;
}

// Loads `header` and opens the checker panel; returns the time from the click
// to the panel's body shown.
async function setup(page, header) {
  // The editor opens closed since the page was cut into pieces (an older
  // build's is open).
  if (await page.getByTestId('editor-open').count() && await page.getByTestId('editor').getAttribute('open') === null) {
    await page.getByTestId('editor-open').click();
  }
  await page.getByTestId('scenario-editor').fill(header);
  await page.getByTestId('load-scenario').click();
  const t0 = Date.now();
  await page.getByTestId('explore-open').click();
  await page.getByTestId('explore-run').waitFor();
  return Date.now() - t0;
}

// Runs the checker with the bounds given; returns the result's attributes and
// the wall time from the click to the result in the DOM.
async function run(page, bounds = {}) {
  for (const [id, v] of Object.entries(bounds)) {
    const input = page.getByTestId(`explore-${id}`);
    if (typeof v === 'boolean') await input.setChecked(v); else await input.fill(String(v));
  }
  return page.evaluate(async () => {
    // A run replaces the results of the one before: done once Cancel, enabled
    // while it runs, is disabled again.
    let started = false;
    const t0 = performance.now();
    document.querySelector('[data-testid=explore-run]').click();
    await new Promise((resolve) => {
      const check = () => {
        const busy = !!document.querySelector('[data-testid=explore-cancel]:enabled');
        started ||= busy;
        return started && !busy;
      };
      if (check()) return resolve();
      const obs = new MutationObserver(() => { if (check()) { obs.disconnect(); resolve(); } });
      obs.observe(document.body, { attributes: true, childList: true, subtree: true });
    });
    const ms = performance.now() - t0;
    const r = [...document.querySelectorAll('[data-testid=explore-result]')].at(-1);
    return { ms, states: Number(r.dataset.states), verdict: r.dataset.verdict, length: r.dataset.length, complete: r.dataset.complete };
  });
}

const rate = (r) => Math.round(r.states / (r.ms / 1000)).toLocaleString('en-US');
const show = (name, r) => console.log(`${name.padEnd(58)} ${String(r.states).padStart(8)} states  ${(r.ms / 1000).toFixed(2).padStart(6)} s  ${rate(r).padStart(10)} states/s  ${r.verdict}${r.complete ? ` complete=${r.complete}` : ''}${r.length ? ` length=${r.length}` : ''}`);

try {
  let page = await fresh();
  const opened = await setup(page, 'brokers A B\nprotocol hw\n');
  console.log(`the checker panel's body shown ${opened} ms after the first open`);
  show('hw, 2 brokers, defaults (first run: worker download)', await run(page));
  show('hw, 2 brokers, defaults (again)', await run(page));
  await page.close();

  for (const protocol of ['kip-279', 'diverging-epoch', 'kraft-elr']) {
    page = await fresh();
    await setup(page, `brokers A B\nprotocol ${protocol}\n`);
    await run(page); // the worker downloaded once
    show(`${protocol}, 2 brokers, 3 produces, 2 crashes, epoch <= 4`, await run(page, { produces: 3, crashes: 2, 'max-epoch': 4 }));
    await page.close();
  }

  page = await fresh();
  await setup(page, 'brokers A B C\nprotocol kip-279\n');
  await run(page, { produces: 1, crashes: 0 });
  // A click on the page while the worker runs: from the click to the new step.
  const clicks = page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 300));
    const times = [];
    const stepEl = () => document.querySelector('[data-testid=step]');
    for (let i = 0; i < 20; i++) {
      const button = document.querySelector(i % 2 ? '[data-testid=step-back]' : '[data-testid=produce]');
      const before = stepEl().dataset.step;
      const t0 = performance.now();
      await new Promise((resolve) => {
        const obs = new MutationObserver(() => { if (stepEl().dataset.step !== before) { obs.disconnect(); resolve(); } });
        obs.observe(document.body, { attributes: true, childList: true, subtree: true });
        button.click();
      });
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
    return times.sort((a, b) => a - b);
  });
  const big = run(page, { produces: 3, crashes: 2, elect: false, 'max-epoch': 4 });
  const times = await clicks;
  show('kip-279, 3 brokers, 3 produces, 2 crashes, no elections', await big);
  console.log(`clicks during a run: median ${times[10].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`);
} finally {
  await browser.close();
  await server.close();
}
