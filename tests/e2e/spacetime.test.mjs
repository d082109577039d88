// Messages in motion between the lanes, and the space-time diagram, in headless
// Chromium against the Trunk release build. Screenshots go to tests/output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, openApp, OUTPUT, pickPreset, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = (opts) => openApp(browser, server.url, opts);
const step = async (page) => Number(await page.getByTestId('step').getAttribute('data-step'));
const shot = async (locator, name) => {
  await mkdir(OUTPUT, { recursive: true });
  await locator.screenshot({ path: join(OUTPUT, `${name}.png`) });
};

// The data-loss preset under hw (its own protocol): 9 steps; fetch B at 2 and 4,
// fetch A at 8 (OffsetOutOfRange, and A halts): 6 messages.
const DATA_LOSS_MESSAGES = 6;

async function dataLoss(page) {
  await pickPreset(page, 'data-loss');
  await page.getByTestId('violation').first().waitFor();
}

/** Records every flight element ever added, with its kind. */
async function watchFlights(page) {
  await page.evaluate(() => {
    window.__flights = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) {
        if (n.dataset?.testid === 'flight') window.__flights.push(n.dataset.kind);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const flightsSeen = (page) => page.evaluate(() => window.__flights);

test('during play a message travels between two lanes and is gone after the step', async () => {
  const { page, errors } = await open({ width: 1280, height: 1000 });
  await dataLoss(page);
  await page.getByTestId('speed').selectOption('1500');
  await page.getByTestId('scrubber').fill('1');
  await page.waitForTimeout(300);
  await watchFlights(page);
  await page.getByTestId('play').click();
  const flight = page.getByTestId('flight').first();
  await flight.waitFor({ timeout: 4000 });
  const at = await step(page);
  assert.equal(at, 2, 'the first fetch');
  assert.equal(await flight.getAttribute('data-kind'), 'fetch');
  assert.match(await flight.textContent(), /B → A\s*Fetch\(offset 0\)/);
  // Mid-flight it lies between A's lane and B's.
  await page.waitForTimeout(200);
  const box = await flight.boundingBox();
  const a = await page.getByTestId('broker-A').boundingBox();
  const b = await page.getByTestId('broker-B').boundingBox();
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  assert.ok(y > a.y && y < b.y + b.height, `flight at y ${y}, lanes ${a.y}–${b.y + b.height}`);
  assert.ok(x > a.x && x < a.x + a.width, `flight at x ${x}`);
  await shot(page.locator('section.lanes'), 'flight-mid');
  // The response follows (seen by the observer, however slow the screenshot
  // above was); both are gone before the next step.
  await page.waitForFunction(() => window.__flights.includes('records'), null, { timeout: 4000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid=flight]'), null, { timeout: 1500 });
  assert.equal(await step(page), 2, 'gone within the step');
  await page.getByTestId('play').click();
  const kinds = await flightsSeen(page);
  assert.deepEqual(kinds.slice(0, 2), ['fetch', 'records']);
  assert.deepEqual(errors, []);
});

test('a response left in flight stops half-way; one lost falls away', async () => {
  const { page, errors } = await open({ width: 1280, height: 1000 });
  await (await openEditor(page)).fill('brokers A B\nproduce m1\nsend B\nbounce B\n');
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step]')?.dataset.step === '3');
  await page.getByTestId('scrubber').fill('1');
  await page.waitForTimeout(300);
  await watchFlights(page);
  await page.getByTestId('step-forward').click();                  // send B
  await page.locator('[data-testid=flight][data-kind=records]').waitFor();
  await page.waitForTimeout(1000);
  await page.getByTestId('step-forward').click();                  // bounce B: the response is lost
  const falling = page.locator('[data-testid=flight].fall');
  await falling.waitFor();
  assert.equal(await falling.getAttribute('data-kind'), 'records');
  assert.deepEqual(await flightsSeen(page), ['fetch', 'records', 'records']);
  // The diagram marks it lost where it was lost, with why.
  const diagram = page.getByTestId('spacetime');
  await diagram.locator('summary').click();
  const lost = diagram.locator('[data-testid=st-arrow][data-step="2"][data-kind=records]');
  await lost.waitFor();
  assert.match(await lost.locator('title').textContent(), /lost: B crashed/);
  assert.deepEqual(errors, []);
});

test('no message moves under reduced motion, on a jump or a step back', async () => {
  const { page, errors } = await open({ width: 1280, height: 1000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await dataLoss(page);
  await page.getByTestId('scrubber').fill('3');
  await page.waitForTimeout(300);
  await watchFlights(page);
  await page.getByTestId('step-forward').click();                  // fetch B
  await page.waitForTimeout(900);
  assert.equal(await step(page), 4);
  assert.deepEqual(await flightsSeen(page), [], 'reduced motion');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.getByTestId('scrubber').fill('9');                    // a jump
  await page.waitForTimeout(300);
  await page.getByTestId('step-back').click();                     // back to 8
  await page.waitForTimeout(300);
  assert.deepEqual(await flightsSeen(page), [], 'jump and step back');
  await page.getByTestId('step-back').click();                     // back to 7
  await page.waitForTimeout(300);
  await page.getByTestId('step-forward').click();                  // 7 → 8: fetch A, past B's log end
  await page.locator('[data-testid=flight][data-kind=offset-out-of-range]').waitFor();
  assert.deepEqual(await flightsSeen(page), ['fetch', 'offset-out-of-range']);
  assert.deepEqual(errors, []);
});

test('the space-time diagram has an arrow per message, and a click on one goes to its step', async () => {
  for (const width of [1280, 360]) {
    const { page, errors } = await open({ width, height: 1000 });
    await dataLoss(page);
    const diagram = page.getByTestId('spacetime');
    assert.equal(await diagram.locator('svg').count(), 0, 'drawn only when open');
    await diagram.locator('summary').click();
    const arrows = diagram.getByTestId('st-arrow');
    await arrows.first().waitFor();
    assert.equal(await arrows.count(), DATA_LOSS_MESSAGES);
    const kinds = await arrows.evaluateAll((els) => els.map((e) => e.dataset.kind));
    assert.deepEqual(kinds, ['fetch', 'records', 'fetch', 'records', 'fetch', 'offset-out-of-range']);
    const steps = await arrows.evaluateAll((els) => els.map((e) => Number(e.dataset.step)));
    assert.deepEqual(steps, [2, 2, 4, 4, 8, 8]);

    // An arrow goes to its step, and that row is highlighted.
    const arrow = diagram.locator('[data-testid=st-arrow][data-kind=offset-out-of-range]');
    await arrow.click();
    assert.equal(await step(page), Number(await arrow.getAttribute('data-step')));
    assert.equal(await step(page), 8);
    // A row goes to its step.
    await diagram.locator('.st-row[data-step="7"]').click({ position: { x: 10, y: 6 } });
    assert.equal(await step(page), 7);
    assert.equal(await diagram.locator('.st-safety').count(), 1, 'the safety check is marked');
    assert.match(await diagram.locator('.st-band text').allTextContents().then((t) => t.join(' ')), /epoch 0 epoch 1/);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at ${width}px`);
    // Below the sticky player, the mouse away.
    await page.mouse.move(0, 0);
    await diagram.evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await shot(diagram, `spacetime-${width}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('an embed with &spacetime shows the diagram open', async () => {
  const text = await readFile(new URL('../../web/scenarios/data-loss.scn', import.meta.url), 'utf8');
  const fragment = `v1.${deflateRawSync(Buffer.from(`protocol=hw\nstep=3\nlang=en\n\n${text}`)).toString('base64url')}`;
  const page = await browser.newPage();
  await page.setViewportSize({ width: 360, height: 1200 });
  await page.goto(`${server.url}?embed&spacetime#${fragment}`);
  const arrows = page.getByTestId('spacetime').getByTestId('st-arrow');
  await arrows.first().waitFor();
  assert.equal(await arrows.count(), DATA_LOSS_MESSAGES);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the embed scrolls sideways by ${overflow}px`);
  await page.getByTestId('spacetime').locator('[data-testid=st-arrow][data-step="4"]').first().click();
  assert.equal(await step(page), 4);
  await page.goto(`${server.url}?embed#${fragment}`);
  await page.getByTestId('broker-A').waitFor();
  assert.equal(await page.getByTestId('spacetime').count(), 0, 'not without &spacetime');
  await page.close();
});
