// Every Kafka release in the page (contract 1.5): "Which Kafka?", the release
// strip under the player, a chip that opens its release, Shift-click to
// compare, and a link that carries the release.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { serve, launch, screenshot, openApp, pickPreset } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = (url) => openApp(browser, url, { width: 1300, height: 1000 });

const strip = (page) => page.getByTestId('release-strip');
const outcomes = (page) => strip(page).getByTestId('release-chip').evaluateAll((chips) =>
  Object.fromEntries(chips.map((c) => [c.dataset.release, c.dataset.outcome])));
const settled = (page) => page.waitForFunction(() =>
  document.querySelector('[data-testid=release-strip]')?.dataset.done === 'true');

test('"Which Kafka?" offers every release line, grouped by controller, the latest first', async () => {
  const { page, errors } = await open(server.url);
  await page.getByTestId('broker-A').waitFor();
  const menu = page.getByTestId('release-menu');
  const groups = await menu.locator('optgroup').evaluateAll((gs) =>
    gs.map((g) => [...g.querySelectorAll('option')].map((o) => o.dataset.release)));
  assert.equal(groups.length, 2);
  assert.equal(groups[0].length + groups[1].length, 34);
  assert.deepEqual(groups[0].slice(0, 3), ['kafka-3.9', 'kafka-3.8', 'kafka-3.7']);
  assert.equal(groups[0].at(-1), 'kafka-0.10');
  assert.deepEqual(groups[1].slice(0, 2), ['kafka-4.4', 'kafka-4.3']);
  assert.equal(groups[1].at(-1), 'kafka-3.3-kraft');
  // The five seed generations are marked.
  const marked = await menu.locator('option[data-generation]').evaluateAll((os) => os.map((o) => o.dataset.generation));
  assert.deepEqual(marked.sort(), ['diverging-epoch', 'hw', 'kip-101', 'kip-279', 'kraft-elr']);
  // Each entry says what changed since the row before, with its KIP or JIRA.
  assert.match(await menu.locator('option[value="kafka-3.7"]').getAttribute('title'), /KAFKA-15583/);
  // The seed's story opens on kafka-0.10 (hw).
  await pickPreset(page, 'data-loss');
  assert.equal(await menu.inputValue(), 'kafka-0.10');
  // Choosing 3.8 replays the story under it; the generations' menu says it is another line.
  await menu.selectOption('kafka-3.8');
  await page.waitForFunction(() => document.querySelector('[data-testid=protocol-note]').textContent.includes('Kafka 3.8'));
  assert.equal(await page.getByTestId('protocol').inputValue(), '');
  assert.match(await page.getByTestId('protocol-note').textContent(), /ZooKeeper controller: no change to the replication rules since 3\.7/);
  // And a generation chosen there is its line here.
  await page.getByTestId('protocol').selectOption('kraft-elr');
  await page.waitForFunction(() => document.querySelector('[data-testid=release-menu]').value === 'kafka-4.1');
  await screenshot(page, 'release-menu');
  assert.deepEqual(errors, []);
});

test('the strip shows the story under every release: lost where an unclean election runs, safe where it waits', async () => {
  const { page, errors } = await open(server.url);
  await page.getByTestId('broker-A').waitFor();
  await pickPreset(page, 'kraft-unclean-ignored');
  await settled(page);
  const o = await outcomes(page);
  assert.equal(Object.keys(o).length, 34);
  // The story as it runs under kafka-3.8-kraft: no line loses before its last
  // step; the page's history has no unclean election to set off under KRaft.
  assert.equal(o['kafka-3.8-kraft'], 'none');
  assert.equal(o['kafka-4.1'], 'committed-write-lost');
  assert.equal(o['kafka-3.9'], 'committed-write-lost');
  assert.equal(o['kafka-1.1'], 'none');
  // The chip of the page's own line is marked current.
  assert.equal(await strip(page).locator('[aria-current=true]').getAttribute('data-release'), 'kafka-3.8-kraft');
  await screenshot(page, 'release-strip');
  // A chip opens its release: the same history under 3.9.
  await strip(page).locator('[data-release="kafka-3.9-kraft"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=release-menu]').value === 'kafka-3.9-kraft');
  await page.waitForFunction(() => document.querySelector('[data-testid=violation][data-kind=committed-write-lost]'));
  // Shift-click compares it with another.
  await strip(page).locator('[data-release="kafka-3.8-kraft"]').click({ modifiers: ['Shift'] });
  await page.waitForFunction(() => document.querySelector('[data-testid=compare]').value === 'kafka-3.8-kraft');
  await page.getByTestId('compare-bar').waitFor();
  assert.deepEqual(errors, []);
});

test('the strip follows a click: a new step is decided under every line', async () => {
  const { page, errors } = await open(server.url);
  await page.getByTestId('broker-A').waitFor();
  await pickPreset(page, 'data-loss');
  await settled(page);
  const before = await outcomes(page);
  assert.equal(before['kafka-0.10'], 'committed-write-lost');
  const steps = Number(await page.getByTestId('step-count').textContent().then((t) => t.match(/\d+/g).at(-1)));
  await page.getByTestId('produce').click();
  await page.waitForFunction((n) => document.querySelector('[data-testid=step-count]').textContent.includes(String(n + 1)), steps);
  await settled(page);
  const after = await outcomes(page);
  assert.equal(after['kafka-0.10'], 'committed-write-lost');
  assert.equal(Object.keys(after).length, 34);
  assert.deepEqual(errors, []);
});

test('a link carries the release and reopens it', async () => {
  const { page, errors } = await open(server.url);
  await page.getByTestId('broker-A').waitFor();
  await pickPreset(page, 'frozen-hw-acks-1');
  assert.equal(await page.getByTestId('release-menu').inputValue(), 'kafka-3.8');
  await page.getByTestId('release-menu').selectOption('kafka-3.6-kraft');
  await page.waitForFunction(() => document.querySelector('[data-testid=protocol-note]').textContent.includes('Kafka 3.6'));
  await page.getByTestId('copy-link').click();
  const url = await page.getByTestId('share-link').inputValue();
  const payload = inflateRawSync(Buffer.from(url.split(/#v\d\./)[1], 'base64url')).toString();
  assert.match(payload, /^protocol=kafka-3\.6-kraft\n/);
  const other = await open(url);
  await other.page.getByTestId('broker-A').waitFor();
  assert.equal(await other.page.getByTestId('release-menu').inputValue(), 'kafka-3.6-kraft');
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
});
