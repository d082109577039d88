// Long logs in the lanes: runs of records of no interest fold into one labelled
// span the reader can unfold a page at a time; what matters (HW, LEO, epoch
// starts, truncation points, lost records, records picked) stays shown in full,
// and the page stays small however long the log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { serve, launch, openApp, OUTPUT, switchLanguage, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** 3 brokers; `produce m1` … `produce mN`, B and C fetching after every 1,000. */
function longLog(n, tail = []) {
  const lines = ['title Long log', 'brokers A B C'];
  for (let i = 1; i <= n; i++) {
    lines.push(`produce m${i}`);
    if (i % 1000 === 0) lines.push('fetch B', 'fetch C');
  }
  return [...lines, ...tail].join('\n');
}

// Loads `text` through the editor (set directly: typing 100 kB would take long)
// and waits for A's LEO to read `leo`.
async function load(page, text, leo) {
  await (await openEditor(page)).evaluate((el, t) => { el.value = t; }, text);
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction((leo) => document.querySelector('[data-testid=broker-A]')?.dataset.leo === String(leo), leo, { timeout: 60000 });
}

const shown = (page, id) => page.getByTestId(id).count().then((n) => n === 1);
const nodes = (page) => page.evaluate(() => document.getElementsByTagName('*').length);

async function shot(locator, name) {
  await mkdir(OUTPUT, { recursive: true });
  await locator.screenshot({ path: join(OUTPUT, `${name}.png`) });
}

test('a 10,000-record log folds into labelled spans, keeps the HW of a follower behind, and stays small', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await load(page, longLog(10000), 10000);
  assert.ok(await nodes(page) <= 6000, `DOM nodes: ${await nodes(page)}`);

  // B fetched last at 10,000 but learnt the HW of the fetch before: 8,000.
  const hw = Number(await page.getByTestId('broker-B').getAttribute('data-hw'));
  assert.equal(hw, 8000);
  for (const o of [hw - 1, hw, 9999]) assert.ok(await shown(page, `record-B-${o}`), `record-B-${o}`);
  assert.ok(await shown(page, 'record-A-0'));
  assert.ok(!(await shown(page, 'record-A-5000')));

  const span = page.getByTestId('fold-A-4-8996');
  assert.equal(await span.textContent(), 'm5 … m8997 · 8,993 records · epoch 0');
  assert.match(await span.getAttribute('title'), /offsets 4 to 8,996/);
  assert.equal(await page.getByTestId('fold-B-8004-9996').textContent(), 'm8005 … m9997 · 1,993 records · epoch 0');

  // The acked list shows its ends around a count, not 10,000 values.
  assert.match(await page.getByTestId('acked').textContent(), /: m1, m2, m3, … 8,991 more …, m8995, m8996/);

  await switchLanguage(page);
  assert.equal(await span.textContent(), 'm5 … m8997 · 8,993 条记录 · 纪元 0');
  await switchLanguage(page);
  assert.deepEqual(errors, []);
});

test('a span unfolds a page at a time, stays unfolded across steps, folds back; a picked record stays shown', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await load(page, longLog(10000), 10000);

  await page.getByTestId('fold-A-4-8996').click();
  for (const o of [4, 30, 53]) assert.ok(await shown(page, `record-A-${o}`), `record-A-${o}`);
  assert.ok(!(await shown(page, 'record-A-54')));
  assert.match(await page.getByTestId('fold-A-54-8996').textContent(), /m55 … m8997 · 8,943 records/);

  // The next page, then a step back: both stay unfolded.
  await page.getByTestId('fold-A-54-8996').click();
  assert.ok(await shown(page, 'record-A-103'));
  await page.getByTestId('step-back').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step]').dataset.step !== '10020');
  assert.ok(await shown(page, 'record-A-4') && await shown(page, 'record-A-103'));

  // Picking a record keeps it shown once its page folds back.
  await page.getByTestId('record-A-30').click();
  assert.match(await page.getByTestId('record-A-30').getAttribute('class'), /pinned/);
  await page.getByTestId('refold-A-4').click();
  await page.getByTestId('refold-A-54').click();
  assert.ok(!(await shown(page, 'record-A-4')));
  assert.ok(!(await shown(page, 'record-A-103')));
  assert.ok(await shown(page, 'record-A-30'));
  assert.ok(await shown(page, 'fold-A-4-26'));
  assert.ok(await nodes(page) <= 6000);
  // Picked again: let go, and folded away.
  await page.getByTestId('record-A-30').click();
  await page.getByTestId('record-A-30').waitFor({ state: 'detached' });
  assert.ok(await shown(page, 'fold-A-4-7996'), 'A, a step back, has its HW at 8,000');
  // Another history loaded: what was unfolded is forgotten.
  await page.getByTestId('fold-A-4-7996').click();
  assert.ok(await shown(page, 'refold-A-4'));
  await load(page, longLog(10000), 10000);
  await page.getByTestId('refold-A-4').waitFor({ state: 'detached' });
  assert.ok(await shown(page, 'fold-A-4-8996'));
  assert.deepEqual(errors, []);
});

test('a truncation in a long log shows where the log was cut and folds the lost records', async () => {
  const { page, errors } = await openApp(browser, server.url);
  const lines = ['title Cut', 'brokers A B C'];
  for (let i = 1; i <= 3000; i++) { lines.push(`produce m${i}`); if (i % 1000 === 0) lines.push('fetch B', 'fetch C'); }
  for (let i = 3001; i <= 5000; i++) lines.push(`produce m${i}`);
  lines.push('crash A', 'produce x1', 'fetch C', 'restart A', 'fetch A');
  await load(page, lines.join('\n'), 3000);
  // A truncated from 5,000 to 3,000: the records around the cut are shown, the
  // 2,000 lost ones fold (struck through) between the first and last few.
  for (const id of ['record-A-2999', 'lost-A-3000', 'lost-A-4999']) assert.ok(await shown(page, id), id);
  assert.ok(await page.locator('[data-testid^=lost-A-]').count() <= 20);
  const lost = page.getByTestId('fold-A-3004-4995');
  assert.match(await lost.textContent(), /m3005 … m4996 · 1,992 records/);
  assert.match(await page.locator('.fold.ghost').first().getAttribute('class'), /ghost/);
  // B's epoch 1 starts at 3,000: shown in full.
  assert.ok(await shown(page, 'record-B-3000'));
  await shot(page.getByTestId('broker-A'), 'fold-truncated');
  assert.deepEqual(errors, []);
});

test('the log by keyboard: one tab stop, arrows move between records past the spans, Enter picks one, and the page does not step', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await load(page, longLog(10000), 10000);
  const stepBefore = await page.getByTestId('step').getAttribute('data-step');
  const focused = () => page.evaluate(() => document.activeElement?.dataset.testid);
  const log = page.getByTestId('broker-A').locator('ol.log');
  assert.equal(await log.getAttribute('tabindex'), '0', 'the log is one tab stop');
  assert.equal(await page.getByTestId('record-A-5').count(), 0);
  await log.focus();
  await page.keyboard.press('Home');
  assert.equal(await focused(), 'record-A-0');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'record-A-3');
  // Past the folded span m5 … m8997, to the first record after it.
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'record-A-8997');
  await page.keyboard.press('Enter');
  assert.match(await page.getByTestId('record-A-8997').getAttribute('class'), /pinned/);
  assert.equal(await focused(), 'record-A-8997', 'still focused once the lane has redrawn');
  // Back to the record shown before it (picking it may have shown its neighbours).
  const before = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('[data-testid=broker-A] li.cell:not(.ghost)')];
    return cells[cells.findIndex((c) => c.dataset.testid === 'record-A-8997') - 1].dataset.testid;
  });
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), before);
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  assert.match(await page.getByTestId('record-A-0').getAttribute('class'), /pinned/);
  await page.keyboard.press('End');
  assert.equal(await focused(), 'record-A-9999');
  assert.equal(await page.getByTestId('step').getAttribute('data-step'), stepBefore, 'the arrows moved in the log only');
  assert.equal(await page.getByTestId('play').getAttribute('aria-pressed') ?? 'false', 'false', 'Space did not play');
  // Outside the log the arrows step as before.
  await page.getByTestId('title').click();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((s) => document.querySelector('[data-testid=step]').dataset.step !== s, stepBefore);
  // A record picked with the mouse does not take the keys: the arrows still step.
  const stepNow = await page.getByTestId('step').getAttribute('data-step');
  await page.getByTestId('record-A-1').click();
  assert.match(await page.getByTestId('record-A-1').getAttribute('class'), /pinned/);
  assert.notEqual(await focused(), 'record-A-1', 'a click does not focus the record');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((s) => document.querySelector('[data-testid=step]').dataset.step !== s, stepNow);
  // Nor does a modified arrow move in the log.
  await log.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Alt+ArrowRight');
  assert.equal(await focused(), 'record-A-0');
  assert.deepEqual(errors, []);
});

test('a short log is shown whole, without spans', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await load(page, longLog(100), 100);
  assert.equal(await page.locator('[data-testid^=fold-]').count(), 0);
  assert.equal(await page.locator('[data-testid^=record-A-]').count(), 100);
  assert.deepEqual(errors, []);
});

test('folded lanes in light and dark, and 360 px wide (screenshots)', async () => {
  for (const [name, opts, scheme] of [
    ['fold-light', {}, 'light'],
    ['fold-dark', {}, 'dark'],
    ['fold-360', { width: 360, height: 800 }, 'light'],
  ]) {
    const { page, errors } = await openApp(browser, server.url, opts);
    await page.emulateMedia({ colorScheme: scheme });
    await load(page, longLog(10000), 10000);
    const lane = page.getByTestId('broker-B');
    const box = await lane.boundingBox();
    const width = opts.width ?? 1400;
    assert.ok(box.x + box.width <= width + 1, `${name}: the lane fits (${box.x + box.width} px)`);
    await shot(lane, name);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
