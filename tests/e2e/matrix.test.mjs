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

// Every worker the page starts, the cells posted to it (by protocol and
// row) and whether it was terminated; the most alive at once. `trap`: the
// cell whose request becomes the worker's `trap` message; `budget`: the cell
// whose request carries that memory budget (bytes) instead of the page's.
async function watchWorkers(page, { trap = null, budget = null } = {}) {
  await page.addInitScript(({ trap, budget }) => {
    const Real = window.Worker;
    window.__workers = [];
    window.__most = 0;
    const named = (m) => `${m.protocol} ${m.matrix.minInsync} ${m.matrix.unclean} ${m.matrix.failures}`;
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        this.__rec = { alive: true, jobs: [] };
        window.__workers.push(this.__rec);
        window.__most = Math.max(window.__most, window.__workers.filter((w) => w.alive).length);
      }
      postMessage(message, transfer) {
        if (message && message.matrix) {
          const cell = named(message);
          this.__rec.jobs.push(cell);
          if (cell === trap) return super.postMessage({ type: 'trap' });
          if (cell === budget?.cell) message = { ...message, bounds: { ...message.bounds, maxBytes: budget.bytes } };
        }
        return super.postMessage(message, transfer);
      }
      terminate() {
        this.__rec.alive = false;
        return super.terminate();
      }
    };
  }, { trap, budget });
}

// The workers that were given a cell (the page has others, for figures).
const workers = (page) => page.evaluate(() => window.__workers.filter((w) => w.jobs.length).map((w) => ({ ...w })));
const progress = (page) => page.getByTestId('matrix-progress');
const cells = (page) => page.getByTestId('matrix-cell');

// The app with its workers watched (`watchWorkers`), the panel open.
async function openWatched(options = {}) {
  const opened = await openApp(browser, server.url);
  await watchWorkers(opened.page, options);
  await opened.page.reload();
  await opened.page.getByTestId('broker-A').waitFor();
  await openMatrix(opened.page, options.columns);
  return opened;
}

// The panel open on the five generations' columns (it opens on every
// release line's).
async function openMatrix(page, columns = 'generations') {
  await page.getByTestId('matrix-open').click();
  await page.getByTestId('matrix-run').waitFor();
  assert.equal(await page.getByTestId('matrix-columns').inputValue(), 'releases');
  await page.getByTestId('matrix-columns').selectOption(columns);
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

// What a table says, cell by cell: settled or not, and how.
const answers = (page) => cells(page).evaluateAll((cs) => cs.map((c) => ({
  cell: `${c.dataset.protocol} ${c.dataset.minInsync} ${c.dataset.unclean} ${c.dataset.failures}`,
  state: c.dataset.state, kind: c.dataset.kind, length: c.dataset.length, complete: c.dataset.complete,
})));
const settledAll = (list) => list.every((a) => a.state === 'violation' || (a.state === 'safe' && a.complete === 'true'));
const claim = (page, p, f) => page.locator(`[data-testid=matrix-claim][data-protocol="${p}"][data-failures="${f}"]`);

test('the two-broker table is answered before any search runs, and a live run says the same, cell by cell', async () => {
  const { page, errors } = await openWatched();
  // The answer the checker gave when the page was built: there at once.
  await page.getByTestId('matrix-built').waitFor();
  assert.equal(await cells(page).count(), 40);
  const built = await answers(page);
  assert.ok(settledAll(built), JSON.stringify(built));
  assert.equal(await page.getByTestId('matrix-progress').count(), 0, 'no run under way');
  assert.deepEqual(await workers(page), [], 'no worker started');
  // What the runner finds at these bounds (replab matrix: hw loses m1 in 5; kip-279 is safe under crashes).
  assert.equal(await cell(page, 'hw', 1, false, 'crash').getAttribute('data-length'), '5');
  assert.equal(await cell(page, 'hw', 1, false, 'crash').getAttribute('data-kind'), 'committed-write-lost');
  assert.equal(await cell(page, 'kip-279', 2, false, 'crash').getAttribute('data-state'), 'safe');
  assert.equal(await claim(page, 'hw', 'crash').getAttribute('data-claim'), 'broken');
  assert.match(await claim(page, 'hw', 'crash').textContent(), /does not hold: min\.insync\.replicas=2, crashes, lost in 5/);
  assert.equal(await claim(page, 'kip-279', 'crash').getAttribute('data-claim'), 'holds');
  assert.equal(await claim(page, 'diverging-epoch', 'unflushed').getAttribute('data-claim'), 'broken');
  assert.match(await page.getByTestId('matrix-acks-one').textContent(), /produce m1 acks=1; crash A/);
  // A live run: cells fill in one by one (the count of cells done grows).
  const seen = [];
  await page.exposeFunction('__sawDone', (n) => seen.push(n));
  await page.evaluate(() => new MutationObserver(() => {
    const p = document.querySelector('[data-testid=matrix-progress]');
    if (p) window.__sawDone(Number(p.dataset.done));
  }).observe(document.querySelector('[data-testid=matrix-panel]'), { subtree: true, attributes: true, childList: true }));
  await page.getByTestId('matrix-run').click();
  await finished(page);
  assert.equal(await page.getByTestId('matrix-built').count(), 0, 'the live run is shown');
  assert.equal(await progress(page).getAttribute('data-done'), '40');
  assert.ok(new Set(seen).size > 5, `the count grew as cells ended: ${[...new Set(seen)]}`);
  // The same answers as the build's, cell by cell.
  assert.deepEqual(await answers(page), built);
  // Each searched cell says what its worker held, and a finding the states
  // its search saw (a safe cell's verdict says them).
  const held = await cells(page).evaluateAll((cs) => cs.map((c) => [c.dataset.state, c.dataset.states,
    c.querySelector('[data-testid=matrix-cell-held]')?.textContent]));
  assert.equal(held.length, 40);
  for (const [state, states, text] of held) {
    const shown = Number(states).toLocaleString('en-US');
    const want = state === 'violation' ? new RegExp(`^${shown} states?, [\\d,]+ MB held$`) : /^[\d,]+ MB held$/;
    assert.match(text ?? '', want);
  }
  // The pool: one search a worker, stopped when it ends; never more alive
  // at once than cores (at most 4).
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const ws = await workers(page);
  assert.equal(ws.length, 40, 'every cell searched: at two brokers every search consults unclean election');
  assert.ok(ws.every((w) => w.jobs.length === 1 && !w.alive), JSON.stringify(ws));
  const most = await page.evaluate(() => window.__most);
  assert.ok(most >= 1 && most <= Math.min(Math.max(cores, 1), 4), `${most} alive at once`);
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

test('the three-broker table is answered at once: every cell settled, the claim with no open cell', async () => {
  const { page, errors } = await openWatched();
  await page.getByTestId('matrix-brokers').selectOption('3');
  await page.getByTestId('matrix-built').waitFor();
  assert.equal(await cells(page).count(), 60);
  const built = await answers(page);
  assert.ok(settledAll(built), JSON.stringify(built.filter((a) => !settledAll([a]))));
  const claims = await page.getByTestId('matrix-claim').evaluateAll((cs) => cs.map((c) => c.dataset.claim));
  assert.equal(claims.length, 10);
  assert.ok(!claims.includes('open'), claims.join());
  // At three brokers, with min.insync.replicas=2 and crashes: KIP-279 on keep every write, hw and kip-101 do not.
  assert.equal(await claim(page, 'kip-279', 'crash').getAttribute('data-claim'), 'holds');
  assert.equal(await claim(page, 'kraft-elr', 'unflushed').getAttribute('data-claim'), 'holds');
  assert.equal(await claim(page, 'kip-101', 'crash').getAttribute('data-claim'), 'broken');
  // Cells another cell's search answered say whose, and the note counts them.
  assert.ok(await page.locator('[data-testid=matrix-cell][data-settled=twin]').count() > 0);
  assert.ok(await page.locator('[data-testid=matrix-cell][data-settled=covered]').count() > 0);
  assert.match(await cell(page, 'kraft-elr', 2, true, 'crash').getByTestId('matrix-cell-held').textContent(), /search/);
  await page.getByTestId('matrix-settled').waitFor();
  assert.deepEqual(await workers(page), [], 'no worker started');
  await screenshot(page, 'matrix-three-brokers');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a live run with other bounds fills in: one search a worker, twins and covered cells not searched', async () => {
  const { page, errors } = await openWatched();
  await page.getByTestId('matrix-brokers').selectOption('3');
  await page.getByTestId('matrix-produces').fill('1');
  await page.getByTestId('matrix-crashes').fill('2');
  // Other bounds: the build's answer does not speak for them.
  await page.locator('[data-testid=matrix-cell][data-state=waiting]').first().waitFor();
  assert.equal(await page.getByTestId('matrix-built').count(), 0);
  await page.getByTestId('matrix-run').click();
  await finished(page, 300_000);
  const live = await answers(page);
  assert.ok(settledAll(live), JSON.stringify(live.filter((a) => !settledAll([a]))));
  const settled = await cells(page).evaluateAll((cs) => cs.map((c) => c.dataset.settled));
  const searched = settled.filter((s) => s === 'searched').length;
  assert.ok(searched < 60, `${searched} searched`);
  const ws = await workers(page);
  assert.equal(ws.reduce((n, w) => n + w.jobs.length, 0), searched, 'a cell another search settled is not searched');
  assert.ok(ws.every((w) => w.jobs.length === 1 && !w.alive), JSON.stringify(ws));
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
  const { page, errors } = await openWatched();
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
  const trapped = 'kip-101 1 false crash';
  const { page } = await openWatched({ trap: trapped });
  await page.getByTestId('matrix-run').click();
  await finished(page);
  const states = await cells(page).evaluateAll((cs) => cs.map((c) => c.dataset.state));
  assert.equal(await cell(page, 'kip-101', 1, false, 'crash').getAttribute('data-state'), 'error');
  assert.equal(states.filter((s) => s === 'error').length, 1, states.join());
  assert.equal(states.filter((s) => s === 'violation' || s === 'safe').length, 39, states.join());
  const ws = await workers(page);
  assert.ok(ws.some((w) => w.jobs.includes(trapped)));
  assert.ok(ws.every((w) => !w.alive));
  await page.close();
});

test('a cell whose search outgrows its worker\'s memory budget says so, and the others finish', async () => {
  // kraft-elr, min.insync.replicas=2, crashes: a search of 11,941 states at
  // two brokers, given a budget of 1 MB, below what any worker holds.
  const over = 'kraft-elr 2 false crash';
  const { page, errors } = await openWatched({ budget: { cell: over, bytes: 1_000_000 } });
  await page.getByTestId('matrix-run').click();
  await finished(page);
  const c = cell(page, 'kraft-elr', 2, false, 'crash');
  assert.equal(await c.getAttribute('data-state'), 'over-budget');
  assert.equal(await c.getAttribute('data-complete'), 'false');
  assert.match(await c.textContent(), /stopped at [\d,]+ MB/);
  // Its states are said under the verdict, which says the megabytes.
  const seen = Number(await c.getAttribute('data-states')).toLocaleString('en-US');
  assert.match(await c.getByTestId('matrix-cell-held').textContent(), new RegExp(`^${seen} states?, `));
  const states = await cells(page).evaluateAll((cs) => cs.map((c) => c.dataset.state));
  assert.equal(states.filter((s) => s === 'violation' || s === 'safe').length, 39, states.join());
  // The claim it speaks for is open: a cut search settles nothing.
  assert.equal(await claim(page, 'kraft-elr', 'crash').getAttribute('data-claim'), 'open');
  assert.ok((await workers(page)).every((w) => !w.alive));
  assert.deepEqual(errors, []);
  await page.close();
});

test('over every release line: a column a group of lines that answer alike, answered at once, and a live run agrees', async () => {
  const { page, errors } = await openWatched({ columns: 'releases' });
  await page.getByTestId('matrix-built').waitFor();
  assert.equal(await page.getByTestId('matrix').getAttribute('data-columns'), 'releases');
  const heads = await page.getByTestId('matrix-column').evaluateAll((cs) => cs.map((c) => [c.dataset.protocol, c.textContent]));
  assert.equal(heads.length, 20, JSON.stringify(heads));
  assert.deepEqual(heads[0], ['kafka-0.10', '0.10ZooKeeper · acks=1']);
  assert.ok(heads.some(([p, t]) => p === 'kafka-3.0' && t === '3.0–3.3ZooKeeper · acks=all'), JSON.stringify(heads));
  assert.ok(heads.some(([p, t]) => p === 'kafka-4.1' && t === '4.1–4.4KRaft · acks=all'), JSON.stringify(heads));
  assert.equal(await cells(page).count(), 160);
  const built = await answers(page);
  assert.ok(settledAll(built), JSON.stringify(built.filter((a) => !settledAll([a]))));
  // The seed's claim per release (the runner's `--protocol releases` at two
  // brokers): broken with crashes up to 1.1, holding from 2.1; with unflushed
  // loss, broken in every line.
  assert.equal(await claim(page, 'kafka-1.1', 'crash').getAttribute('data-claim'), 'broken');
  assert.equal(await claim(page, 'kafka-2.1', 'crash').getAttribute('data-claim'), 'holds');
  assert.equal(await claim(page, 'kafka-3.7', 'unflushed').getAttribute('data-claim'), 'broken');
  assert.match(await claim(page, 'kafka-3.7', 'unflushed').textContent(), /lost in 6/);
  // A column of lines that answer alike: 3.0–3.3 took 2.8's search.
  const three = cell(page, 'kafka-3.0', 2, false, 'unflushed');
  assert.equal(await three.getAttribute('data-releases'), 'kafka-3.0 kafka-3.1 kafka-3.2 kafka-3.3');
  assert.equal(await three.getAttribute('data-settled'), 'same-rules');
  assert.match(await three.getByTestId('matrix-cell-held').textContent(), /same rules/);
  assert.match(await page.getByTestId('matrix-acks-one').textContent(), /before 3\.0 \(KIP-679\)/);
  assert.deepEqual(await workers(page), [], 'no worker started');
  await screenshot(page, 'matrix-releases');
  // Live: only lines with rules of their own are searched; the same answers.
  await page.getByTestId('matrix-run').click();
  await finished(page);
  assert.deepEqual(await answers(page), built);
  const searched = (await workers(page)).flatMap((w) => w.jobs.map((j) => j.split(' ')[0]));
  assert.ok(!searched.includes('kafka-3.0') && searched.includes('kafka-2.8'), [...new Set(searched)].join());
  assert.equal(await cell(page, 'kafka-3.0', 2, false, 'unflushed').getAttribute('data-settled'), 'same-rules');
  // Its finding opens under the column's own line.
  await cell(page, 'kafka-3.0', 2, false, 'unflushed').getByTestId('matrix-cell-open').click();
  await page.getByTestId('violation').first().waitFor();
  assert.equal(await page.getByTestId('release-menu').inputValue(), 'kafka-3.0');
  assert.deepEqual(errors, []);
  await page.close();
});
