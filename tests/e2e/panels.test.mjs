// The rarely used panels are a wasm module of their own (crates/panels), not in
// the page's first download: the page imports it the first time a reader opens
// one, mounts the panel's body into its place, and keeps it given the page's
// language and history. Two Yew apps then share the document: a click in one
// must never act in the other. A module that fails to load says so, and the
// page stays as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openApp } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PANELS = /replab-panels/;
const step = async (page) => Number(await page.getByTestId('step').getAttribute('data-step'));
const setup = async (page) => (await page.getByTestId('checker-setup').locator('.setup').textContent()).trim();

test('the checker panel is imported when first opened, follows the page, and the two apps keep their own clicks', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(requests.filter((u) => PANELS.test(u)), [], 'nothing of the panels module at load');

  await page.getByTestId('produce').click();
  // Reaching for the panel starts the import; opening it mounts the body.
  await page.getByTestId('explore-open').hover();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /replab-panels_bg\.wasm$/.test(e.name)));
  assert.equal(await page.getByTestId('explore-run').count(), 0, 'not mounted before it opens');
  await page.getByTestId('explore-open').click();
  await page.getByTestId('explore-run').waitFor();
  assert.ok(requests.some((u) => /replab-panels_bg\.wasm$/.test(u)), 'imported on first open');
  assert.ok(requests.some((u) => /replab-panels\.js$/.test(u)));
  assert.match(await setup(page), /^diverging-epoch/, 'given the page protocol');

  // Clicks in the panel's body act there only: every field of it clicked and
  // changed, and the page outside the panel is exactly as it was.
  const outside = () => page.evaluate(() => [...document.querySelectorAll('.app > :not(.checker)')]
    .map((e) => e.outerHTML).join('') + JSON.stringify(window.replab.state()));
  const before = await step(page);
  const page0 = await outside();
  for (const box of await page.locator('.checker-bounds input[type=checkbox]').all()) {
    await box.click();
    await box.click();
  }
  for (const field of await page.locator('.checker-bounds input[type=number]').all()) {
    await field.click();
    await field.press('ArrowUp');
  }
  await page.getByTestId('explore-unclean').check();
  await page.getByTestId('explore-protocol').selectOption('all');
  await page.getByTestId('explore-produces').fill('2');
  await page.locator('.checker .hint').first().click();
  assert.equal(await step(page), before, 'the page took none of the panel\'s clicks');
  assert.equal(await outside(), page0, 'nothing outside the panel changed');
  assert.equal(await page.getByTestId('explore-unclean').isChecked(), true);

  // And the page's clicks act in the page only; the panel keeps its own state.
  await page.getByTestId('produce').click();
  assert.equal(await step(page), before + 1);
  await page.getByTestId('protocol').selectOption('hw');
  await page.waitForFunction(() => /^hw/.test(document.querySelector('[data-testid=checker-setup] .setup')?.textContent ?? ''));
  assert.equal(await page.getByTestId('explore-unclean').isChecked(), true, 'the panel kept its bounds');
  assert.equal(await page.getByTestId('explore-protocol').inputValue(), 'all');

  // The page's language reaches the panel.
  await page.getByTestId('lang').click();
  await page.getByTestId('explore-run').filter({ hasText: '运行' }).waitFor();
  assert.match(await setup(page), /^hw（Kafka 0\.10）/);

  // A history found loads into the page (Replay), from the other app.
  await page.getByTestId('explore-protocol').selectOption('hw');
  await page.getByTestId('explore-unclean').uncheck();
  await page.getByTestId('explore-run').click();
  await page.getByTestId('explore-replay').click({ timeout: 60_000 });
  await page.getByTestId('violation').first().waitFor();
  assert.equal(await page.getByTestId('protocol').inputValue(), 'hw');
  assert.equal(requests.filter((u) => /replab-panels_bg\.wasm$/.test(u)).length, 1, 'imported once');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a panels module whose script did not download loads on Try again', async () => {
  const { page } = await openApp(browser, server.url);
  let refuse = true;
  await page.route(/replab-panels\.js/, (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
  await page.getByTestId('explore-open').click();
  await page.getByTestId('panel-unavailable').waitFor();
  refuse = false;
  await page.getByTestId('panel-retry').click();
  await page.getByTestId('explore-run').waitFor();
  assert.equal(await page.getByTestId('panel-unavailable').count(), 0);
  await page.close();
});

test('a panels module that does not load says so, keeps the page, and loads on Try again', async () => {
  const { page, errors } = await openApp(browser, server.url);
  let refuse = true;
  await page.route('**/replab-panels_bg.wasm', (route) => (refuse ? route.abort('connectionrefused') : route.continue()));
  await page.getByTestId('produce').click();
  await page.getByTestId('explore-open').click();
  const unavailable = page.getByTestId('panel-unavailable');
  await unavailable.waitFor();
  assert.match(await unavailable.textContent(), /^This panel could not be loaded/);
  assert.equal(await page.getByTestId('explore-run').count(), 0);
  assert.equal(await page.getByTestId('panic-banner').count(), 0, 'the page is alive: no banner');
  assert.equal(await step(page), 1, 'the page is as it was');
  await page.getByTestId('produce').click();
  assert.equal(await step(page), 2, 'and still works');

  refuse = false;
  await page.getByTestId('panel-retry').click();
  await page.getByTestId('explore-run').waitFor();
  assert.equal(await unavailable.count(), 0);
  assert.match(await setup(page), /^diverging-epoch/);
  // The failed fetch is the only console error.
  assert.ok(errors.every((e) => /replab-panels_bg\.wasm|Failed to load resource|Failed to fetch/.test(e)), errors.join('\n'));
  await page.close();
});

test('a trap in the panels module stops that panel only: the page goes on, says so in the panel, and Try again loads a new module', async () => {
  const { page } = await openApp(browser, server.url);
  await page.waitForLoadState('networkidle');
  // The exports of every module instantiated from now on, as the glue gets them
  // (through index.html's wrapper).
  await page.evaluate(() => {
    window.__instances = [];
    const f = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = function () {
      return f.apply(this, arguments).then((r) => { window.__instances.push(r.instance.exports); return r; });
    };
  });
  await page.getByTestId('explore-open').click();
  await page.getByTestId('explore-run').waitFor();
  // A closure call through a table slot that does not exist: the module traps.
  const caught = await page.evaluate(() => {
    const x = window.__instances.at(-1);
    const invoke = Object.keys(x).find((k) => k.includes('invoke'));
    try { x[invoke](0x7ffffff0, 0, 0, 0); } catch (e) { return e.constructor.name; }
    return 'no trap';
  });
  assert.equal(caught, 'RuntimeError');
  const stopped = page.getByTestId('panel-unavailable');
  await stopped.waitFor();
  assert.match(await stopped.textContent(), /^This panel stopped unexpectedly; the rest of the page goes on/);
  assert.equal(await page.getByTestId('explore-run').count(), 0, 'what it drew is gone');
  assert.equal(await page.getByTestId('panic-banner').count(), 0, 'no page-wide banner: the page goes on');
  const before = await step(page);
  await page.getByTestId('produce').click();
  assert.equal(await step(page), before + 1);

  // Try again: a new module, working.
  await page.getByTestId('panel-retry').click();
  await page.getByTestId('explore-run').waitFor();
  assert.equal(await page.evaluate(() => window.__instances.length), 2, 'a second module');
  await page.getByTestId('explore-unclean').check();
  assert.equal(await page.getByTestId('explore-unclean').isChecked(), true);
  assert.equal(await step(page), before + 1, 'its clicks are its own');
  assert.equal(await page.getByTestId('panic-banner').count(), 0);
  await page.close();
});
