// "Is it safe?": the safety matrix in the page. Its cells are searched by a
// pool of Web Workers; the tests watch the workers through a wrapper around
// the browser's Worker that records each one, the cells posted to it and
// whether it was terminated (and, for one test, turns a cell's request into
// the worker's `trap` message, so that worker really traps).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve, launch, openApp, screenshot, switchLanguage } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function watchWorkers(page, { trapJob = null } = {}) {
  await page.addInitScript((trap) => {
    const Real = window.Worker;
    window.__workers = [];
    let jobs = 0;
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        this.__rec = { alive: true, jobs: [] };
        window.__workers.push(this.__rec);
      }
      postMessage(message, transfer) {
        if (message && message.matrix) {
          const n = jobs++;
          this.__rec.jobs.push(n);
          if (n === trap) return super.postMessage({ type: 'trap' });
        }
        return super.postMessage(message, transfer);
      }
      terminate() {
        this.__rec.alive = false;
        return super.terminate();
      }
    };
  }, trapJob);
}

const workers = (page) => page.evaluate(() => window.__workers.map((w) => ({ ...w })));
const progress = (page) => page.getByTestId('matrix-progress');
const cells = (page) => page.getByTestId('matrix-cell');

async function openMatrix(page) {
  await page.getByTestId('matrix-open').click();
  await page.getByTestId('matrix-run').waitFor();
}

async function finished(page, timeout = 120_000) {
  await page.waitForFunction(
    () => document.querySelector('[data-testid=matrix-progress]')?.dataset.phase === 'finished',
    null, { timeout },
  );
}

const cell = (page, protocol, minInsync, unclean, failures) => page.locator(
  `[data-testid=matrix-cell][data-protocol="${protocol}"][data-min-insync="${minInsync}"]` +
  `[data-unclean="${unclean}"][data-failures="${failures}"]`);

test('the two-broker matrix fills in on several workers, settles every cell and says where the claim holds', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await watchWorkers(page);
  await page.reload();
  await page.getByTestId('broker-A').waitFor();
  await openMatrix(page);
  assert.equal(await cells(page).count(), 40);
  assert.equal(await cells(page).first().getAttribute('data-state'), 'waiting');
  // Cells fill in one by one: the count of cells done is seen to grow.
  const seen = [];
  await page.exposeFunction('__sawDone', (n) => seen.push(n));
  await page.evaluate(() => new MutationObserver(() => {
    const p = document.querySelector('[data-testid=matrix-progress]');
    if (p) window.__sawDone(Number(p.dataset.done));
  }).observe(document.querySelector('[data-testid=matrix-panel]'), { subtree: true, attributes: true, childList: true }));
  await page.getByTestId('matrix-run').click();
  await finished(page);
  assert.equal(await progress(page).getAttribute('data-done'), '40');
  assert.ok(new Set(seen).size > 5, `the count grew as cells ended: ${[...new Set(seen)]}`);
  // Every cell settled: a violation, or a complete search.
  for (const c of await cells(page).all()) {
    const state = await c.getAttribute('data-state');
    assert.ok(state === 'violation' || (state === 'safe' && await c.getAttribute('data-complete') === 'true'), state);
  }
  // What the runner finds at these bounds (replab matrix: hw loses m1 in 5; kip-279 is safe under crashes).
  assert.equal(await cell(page, 'hw', 1, false, 'crash').getAttribute('data-length'), '5');
  assert.equal(await cell(page, 'hw', 1, false, 'crash').getAttribute('data-kind'), 'committed-write-lost');
  assert.equal(await cell(page, 'kip-279', 2, false, 'crash').getAttribute('data-state'), 'safe');
  const claim = (p, f) => page.locator(`[data-testid=matrix-claim][data-protocol="${p}"][data-failures="${f}"]`);
  assert.equal(await claim('hw', 'crash').getAttribute('data-claim'), 'broken');
  assert.match(await claim('hw', 'crash').textContent(), /does not hold: min\.insync\.replicas=2, crashes, lost in 5/);
  assert.equal(await claim('kip-279', 'crash').getAttribute('data-claim'), 'holds');
  assert.equal(await claim('diverging-epoch', 'unflushed').getAttribute('data-claim'), 'broken');
  assert.match(await page.getByTestId('matrix-acks-one').textContent(), /produce m1 acks=1; crash A/);
  // The pool: as many workers as cores (at most 4), each given several
  // cells, all stopped once the table is done.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const ws = await workers(page);
  assert.equal(ws.length, Math.min(Math.max(cores, 1), 4), JSON.stringify(ws));
  assert.equal(ws.reduce((n, w) => n + w.jobs.length, 0), 40);
  assert.ok(ws.every((w) => !w.alive), 'every worker stopped at the end');
  await screenshot(page, 'matrix-two-brokers');
  // The table as a figure: an SVG, and a PNG the browser draws from it.
  const saved = async (testid) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  };
  const svg = await saved('matrix-svg');
  assert.equal(svg.name, 'safety-matrix-2-brokers.svg');
  const text = svg.bytes.toString();
  assert.match(text, /^<svg /);
  assert.match(text, /lost in 5/);
  assert.match(text, /holds/);
  const png = await saved('matrix-png');
  assert.equal(png.name, 'safety-matrix-2-brokers.png');
  assert.deepEqual([...png.bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG');
  assert.ok(png.bytes.readUInt32BE(16) > 2000, `twice the SVG's width: ${png.bytes.readUInt32BE(16)}`);
  // In Chinese, the same table's words.
  await switchLanguage(page);
  await page.getByTestId('matrix-claim').filter({ hasText: '不成立' }).first().waitFor();
  assert.match(await cell(page, 'hw', 1, false, 'crash').textContent(), /5 步丢失/);
  await screenshot(page, 'matrix-two-brokers-zh');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a cell opens its history in the lab and as a share link', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await openMatrix(page);
  await page.getByTestId('matrix-run').click();
  await finished(page);
  const hw = cell(page, 'hw', 2, false, 'crash');
  const link = hw.getByTestId('matrix-cell-link');
  await page.waitForFunction((el) => el && el.getAttribute('href'), await link.elementHandle());
  const href = await link.getAttribute('href');
  assert.match(href, /#v3\./, href);
  await hw.getByTestId('matrix-cell-open').click();
  await page.getByTestId('violation').first().waitFor();
  assert.equal(await page.getByTestId('protocol').inputValue(), 'hw');
  const text = await page.evaluate(() => window.replab.state());
  assert.equal(text.step, 5, 'the history loaded, at its end');
  // The link opens the same history in a new tab.
  const { page: other } = await openApp(browser, new URL(href, server.url).href);
  await other.getByTestId('violation').first().waitFor();
  assert.equal(await other.getByTestId('protocol').inputValue(), 'hw');
  await other.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('cancel stops every worker, and the cells not filled in stay empty', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await watchWorkers(page);
  await page.reload();
  await page.getByTestId('broker-A').waitFor();
  await openMatrix(page);
  // Three brokers: cells that take long enough to be seen running.
  await page.getByTestId('matrix-brokers').selectOption('3');
  assert.equal(await cells(page).count(), 60);
  await page.getByTestId('matrix-run').click();
  // A search is seen under way, with its progress (states so far) before it ends.
  await page.locator('[data-testid=matrix-cell][data-state=running]:not([data-states="0"])').first()
    .waitFor({ timeout: 60_000 });
  await page.getByTestId('matrix-cancel').click();
  assert.equal(await progress(page).getAttribute('data-phase'), 'cancelled');
  const ws = await workers(page);
  assert.ok(ws.length >= 1 && ws.every((w) => !w.alive), JSON.stringify(ws));
  const before = await page.getByTestId('matrix').innerHTML();
  await page.waitForTimeout(1500);
  assert.equal(await page.getByTestId('matrix').innerHTML(), before, 'nothing changes after a cancel');
  assert.ok(await page.locator('[data-testid=matrix-cell][data-state=waiting]').count() > 0);
  assert.equal(await page.getByTestId('matrix-run').isDisabled(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a worker that traps turns its cell into an error, and the rest finish', async () => {
  const { page } = await openApp(browser, server.url);
  await watchWorkers(page, { trapJob: 2 });
  await page.reload();
  await page.getByTestId('broker-A').waitFor();
  await openMatrix(page);
  await page.getByTestId('matrix-run').click();
  await finished(page);
  const states = await cells(page).evaluateAll((cs) => cs.map((c) => c.dataset.state));
  // Job 2 is the third cell in the table's order.
  assert.equal(states[2], 'error', states.join());
  assert.equal(states.filter((s) => s === 'error').length, 1, states.join());
  assert.ok(states.every((s, i) => i === 2 || s === 'violation' || s === 'safe'), states.join());
  const ws = await workers(page);
  assert.ok(ws.length >= 2, 'a new worker took the trapped one\'s place');
  assert.ok(ws.every((w) => !w.alive));
  await page.close();
});
