// The page in pieces: the panels a story reader never opens ("Find a failure",
// "Is it safe?", the comparison, the space-time diagram, the editor) and the
// share bar's and export dialog's work are chunks of the page's wasm, fetched
// when a reader first opens one or clicks (or points at its heading or bar). A panel shows a loading line at once,
// its body when the chunk is there; a chunk that cannot be fetched says so
// with a Retry, and the rest of the page goes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openApp, openMenu, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const chunkName = (url) => new URL(url).pathname.split('/').pop();
const chunksIn = (requests) => requests.map(chunkName).filter((n) => /^(split_|chunk_).*\.wasm$/.test(n));

test('the first download carries no chunk; opening a panel fetches its own, and its body follows', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  // A story's clicks fetch nothing more.
  await page.getByTestId('produce').click();
  await page.getByTestId('fetch-B').click();
  assert.deepEqual(chunksIn(requests), [], 'no chunk before a panel is opened');
  // Opened without moving the pointer: pointing at a heading on the way
  // would fetch that panel's chunk ahead (the next test).
  await page.getByTestId('matrix-open').evaluate((e) => e.click());
  await page.getByTestId('matrix-run').waitFor();
  const fetched = chunksIn(requests);
  assert.ok(fetched.some((n) => n.startsWith('split_matrix-')), fetched.join());
  assert.ok(!fetched.some((n) => n.startsWith('split_checker-')), `the checker's chunk is not the matrix's: ${fetched}`);
  assert.equal(await page.getByTestId('chunk-loading').count(), 0, 'the loading line gave way to the body');
  // The checker's, when its panel opens; its body works (a search runs).
  await page.getByTestId('explore-open').evaluate((e) => e.click());
  await page.getByTestId('explore-run').waitFor();
  assert.ok(chunksIn(requests).some((n) => n.startsWith('split_checker-')));
  assert.deepEqual(errors, []);
  await page.close();
});

test('pointing at a panel\'s heading fetches its chunk ahead', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  await page.getByTestId('explore-open').hover();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /split_checker-/.test(e.name)));
  assert.ok(chunksIn(requests).some((n) => n.startsWith('split_checker-')));
  assert.equal(await page.locator('[data-testid=checker]').getAttribute('open'), null, 'the panel stays closed');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a chunk that cannot be fetched says so with a Retry; the page goes on, and Retry loads it', async () => {
  const { page, requests } = await openApp(browser, server.url);
  let blocked = true;
  await page.route(/split_checker-[0-9a-f]+\.wasm$/, (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  await page.getByTestId('explore-open').click();
  await page.getByTestId('chunk-failed').waitFor();
  assert.match(await page.getByTestId('chunk-failed').textContent(), /could not be loaded/);
  // The rest of the page works.
  await page.getByTestId('produce').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step-count]')?.textContent === '1');
  blocked = false;
  await page.getByTestId('chunk-retry').click();
  await page.getByTestId('explore-run').waitFor();
  assert.equal(await page.getByTestId('chunk-failed').count(), 0);
  assert.ok(chunksIn(requests).filter((n) => n.startsWith('split_checker-')).length >= 2, 'fetched again');
  await page.close();
});

test('comparing fetches the comparison\'s chunk, and pointing at the picker fetches it ahead', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  await page.getByTestId('produce').click();
  assert.ok(!chunksIn(requests).some((n) => n.startsWith('split_compare-')), 'not before a comparison');
  await openMenu(page);
  await page.getByTestId('compare').hover();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /split_compare-/.test(e.name)));
  await page.getByTestId('compare').selectOption('kip-101');
  await page.getByTestId('compare-bar').waitFor();
  assert.equal(await page.getByTestId('chunk-loading').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('once the story has played to its end, the panels\' chunks are fetched ahead', async () => {
  const { page, errors, requests } = await openApp(browser, server.url, { story: true });
  assert.deepEqual(chunksIn(requests), [], 'none while the story is told');
  const fastest = await page.getByTestId('speed').evaluate((s) => [...s.options].map((o) => Number(o.value)).sort((a, b) => a - b)[0]);
  await page.getByTestId('speed').selectOption(String(fastest));
  await page.getByTestId('play').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play]')?.getAttribute('aria-pressed') === 'false', null, { timeout: 60_000 });
  await page.waitForFunction(() => ['split_checker-', 'split_matrix-', 'split_compare-', 'split_share-', 'split_spacetime-', 'split_editor-']
    .every((n) => performance.getEntriesByType('resource').some((e) => e.name.includes(n))), null, { timeout: 10_000 });
  assert.equal(await page.getByTestId('matrix-panel').getAttribute('open'), null, 'the panels stay closed');
  assert.ok(chunksIn(requests).length >= 6);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the editor opens closed; opening it fetches its chunk, and a script loads from it', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  assert.equal(await page.getByTestId('editor').getAttribute('open'), null, 'closed');
  assert.equal(await page.getByTestId('scenario-editor').count(), 0, 'its body is not drawn');
  assert.ok(!chunksIn(requests).some((n) => n.startsWith('split_editor-')));
  const area = await openEditor(page);
  assert.ok(chunksIn(requests).some((n) => n.startsWith('split_editor-')));
  await area.fill('brokers A B\nproduce m1\nfetch B\n');
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step-count]')?.textContent === '2');
  // What the reader typed stays when the panel closes and opens again.
  await area.fill('brokers A B\nproduce typed\n');
  await page.getByTestId('editor-open').click();
  await page.getByTestId('editor-open').click();
  assert.equal(await area.inputValue(), 'brokers A B\nproduce typed\n');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the space-time diagram\'s panel fetches its chunk when opened, then draws', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  await page.getByTestId('produce').click();
  assert.ok(!chunksIn(requests).some((n) => n.startsWith('split_spacetime-')));
  await page.getByTestId('spacetime').locator('summary').evaluate((e) => e.click());
  await page.getByRole('img', { name: 'Space-time diagram' }).waitFor();
  assert.ok(chunksIn(requests).some((n) => n.startsWith('split_spacetime-')));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the share bar\'s work is a chunk: pointing at the bar fetches it; blocked, a copy says so with a Retry', async () => {
  const { page, requests } = await openApp(browser, server.url);
  await openMenu(page);
  let blocked = true;
  await page.route(/split_share-[0-9a-f]+\.wasm$/, (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  assert.ok(!chunksIn(requests).some((n) => n.startsWith('split_share-')), 'not in the first download');
  await page.getByTestId('copy-link').evaluate((e) => e.click());
  await page.getByTestId('chunk-failed').waitFor();
  assert.equal(await page.getByTestId('share-link').count(), 0);
  // The rest of the page works.
  await page.getByTestId('produce').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step-count]')?.textContent === '1');
  blocked = false;
  await page.getByTestId('chunk-retry').click();
  await page.getByTestId('share-link').waitFor();
  assert.match(await page.getByTestId('share-link').inputValue(), /#/);
  assert.equal(await page.getByTestId('chunk-failed').count(), 0);
  await page.close();
});

test('pointing at the share bar fetches its chunk ahead; the export dialog opens from it', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  await openMenu(page);
  await page.getByTestId('copy-link').hover();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /split_share-/.test(e.name)));
  await page.getByTestId('export-png').click();
  await page.getByTestId('export-dialog').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
