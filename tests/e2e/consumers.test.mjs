// Consumers (scenario language 1.4) clicked through as a reader would: adding
// one and consuming, the seed's story with a consumer under Kafka 0.10 (the read
// m2 lost, the position reset, m3 read where m2 was), KIP-101's scenario 2 with
// two consumers (the truncation detected from 2.3 and missed before), the
// decision panel's words for it, and the settings' release defaults.
// Screenshots go to tests/output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, screenshot, openApp, pickPreset, switchLanguage } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = (opts) => openApp(browser, server.url, opts);
const attr = (page, id, name) => page.getByTestId(id).getAttribute(name);
const goTo = (page, k) => page.evaluate((n) => window.replab.step(n), k);
const read = async (page, consumer, i) => {
  const r = page.getByTestId(`consumer-${consumer}-read-${i}`);
  return {
    value: await r.getAttribute('data-value'),
    offset: await r.getAttribute('data-offset'),
    lost: await r.getAttribute('data-lost'),
    diverged: await r.getAttribute('data-diverged'),
  };
};

test('a consumer added and consuming: its lane, its reads and its position', async () => {
  const { page, errors } = await open();
  assert.equal(await page.getByTestId('consumer-c1').count(), 0, 'no consumer before one is added');
  // The first visit's partition has three brokers: m1 is committed once B and
  // C have fetched past it.
  const replicate = async () => {
    for (const b of ['B', 'C', 'B', 'C']) await page.getByTestId(`fetch-${b}`).click();
  };
  await page.getByTestId('produce').click();
  await replicate();
  await page.getByTestId('add-consumer').click();
  const lane = page.getByTestId('consumer-c1');
  await lane.waitFor();
  assert.equal(await lane.getAttribute('data-position'), '1');
  assert.equal(await lane.getAttribute('data-error'), 'none');
  assert.deepEqual(await read(page, 'c1', 0), { value: 'm1', offset: '0', lost: null, diverged: null });
  // m2 is not below the HW until the followers fetch past it: a poll then reads nothing.
  await page.getByTestId('produce').click();
  await page.getByTestId('consume-c1').click();
  assert.equal(await page.getByTestId('consumer-c1-read-1').count(), 0);
  await replicate();
  await page.getByTestId('consume-c1').click();
  assert.equal((await read(page, 'c1', 1)).value, 'm2');
  assert.equal(await lane.getAttribute('data-position'), '2');
  assert.equal(await lane.getAttribute('data-position-epoch'), '0', 'diverging-epoch keeps the epoch (KIP-320)');
  // A second consumer takes the next name and starts from offset 0.
  await page.getByTestId('add-consumer').click();
  await page.getByTestId('consumer-c2').waitFor();
  assert.equal(await attr(page, 'consumer-c2', 'data-position'), '2');
  assert.equal((await read(page, 'c2', 1)).value, 'm2');
  // The JS API and the share link carry them.
  const state = await page.evaluate(() => window.replab.state());
  assert.deepEqual(state.consumers.map((c) => [c.name, c.position, c.read.map((r) => r.value)]), [['c1', 2, ['m1', 'm2']], ['c2', 2, ['m1', 'm2']]]);
  await page.getByTestId('copy-link').click();
  const url = await page.getByTestId('share-link').inputValue();
  const again = await openApp(browser, url);
  await again.page.getByTestId('consumer-c2').waitFor();
  assert.equal(await attr(again.page, 'consumer-c2', 'data-position'), '2');
  await again.page.close();
  await screenshot(page, 'consumers-added');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the seed's story with a consumer: under 0.10 the read m2 is lost, the position reset, m3 read where m2 was", async () => {
  const { page, errors } = await open();
  await pickPreset(page, 'consumer-saw-data-loss');
  await page.getByTestId('protocol').selectOption('hw');
  const len = Number(await page.getByTestId('step-count').textContent());
  // After A's crash: m2, which c returned, is no longer in the leader's log.
  await goTo(page, 9);
  assert.equal(await attr(page, 'consumer-c', 'data-position'), '2');
  assert.deepEqual(await read(page, 'c', 1), { value: 'm2', offset: '1', lost: 'true', diverged: null });
  // c's next poll is past B's log end: reset to latest, offset 1.
  await goTo(page, 10);
  assert.equal(await attr(page, 'consumer-c', 'data-position'), '1');
  assert.equal(await attr(page, 'consumer-c', 'data-error'), 'none', 'nothing reaches the application');
  const reset = page.getByTestId('decision-consumer-reset');
  assert.match(await reset.textContent(), /c fetches from offset 2, past B's log end, 1 \(OFFSET_OUT_OF_RANGE\)/);
  assert.match(await reset.textContent(), /auto\.offset\.reset=latest/);
  assert.match(await reset.textContent(), /moves back from 2 to 1: offset 1 is read again/);
  await screenshot(page, 'consumer-saw-data-loss-hw-reset');
  await goTo(page, len);
  assert.deepEqual(await read(page, 'c', 2), { value: 'm3', offset: '1', lost: null, diverged: 'true' });
  await screenshot(page, 'consumer-saw-data-loss-hw');
  // Under 0.11 nothing is lost: c reads m3 after m2.
  await page.getByTestId('protocol').selectOption('kip-101');
  await goTo(page, Number(await page.getByTestId('step-count').textContent()));
  assert.deepEqual(await read(page, 'c', 1), { value: 'm2', offset: '1', lost: null, diverged: null });
  assert.deepEqual(await read(page, 'c', 2), { value: 'm3', offset: '2', lost: null, diverged: null });
  assert.deepEqual(errors, []);
  await page.close();
});

test("KIP-101's scenario 2 with two consumers: the truncation detected under diverging-epoch, missed under kip-279", async () => {
  const { page, errors } = await open();
  await pickPreset(page, 'power-loss-two-consumers');
  await page.getByTestId('protocol').selectOption('diverging-epoch');
  await goTo(page, Number(await page.getByTestId('step-count').textContent()));
  const detected = page.getByTestId('decision-truncation-detected');
  assert.equal(await detected.getAttribute('data-broker'), 'c1');
  const words = await detected.textContent();
  assert.match(words, /Truncation detected by a consumer · c1/);
  assert.match(words, /OffsetsForLeaderEpoch for epoch 0, its position 2's, at leader B/);
  assert.match(words, /epoch 0 ends at offset 1 in B's log/);
  assert.match(words, /KIP-320, the consumer's side, from Kafka 2\.3/);
  assert.match(words, /c1's position goes back from 2 to 1, epoch 0/);
  assert.deepEqual(await read(page, 'c1', 1), { value: 'm2', offset: '1', lost: 'true', diverged: null });
  assert.deepEqual(await read(page, 'c1', 2), { value: 'm3', offset: '1', lost: null, diverged: 'true' });
  assert.equal(await attr(page, 'consumer-c1', 'data-position-epoch'), '1');
  assert.deepEqual(await read(page, 'c2', 1), { value: 'm3', offset: '1', lost: null, diverged: 'true' });
  await screenshot(page, 'power-loss-two-consumers-diverging-epoch');
  // Under 2.1 c1 never learns: it fetches on from offset 2 and never reads m3.
  await page.getByTestId('protocol').selectOption('kip-279');
  await goTo(page, Number(await page.getByTestId('step-count').textContent()));
  assert.equal(await page.getByTestId('decision-truncation-detected').count(), 0);
  assert.equal(await page.getByTestId('consumer-c1-read-2').count(), 0);
  assert.equal(await attr(page, 'consumer-c1', 'data-position'), '2');
  assert.equal(await attr(page, 'consumer-c1', 'data-position-epoch'), 'none');
  assert.equal((await read(page, 'c1', 1)).lost, 'true');
  await screenshot(page, 'power-loss-two-consumers-kip-279');
  // The same words in Chinese.
  await page.getByTestId('protocol').selectOption('diverging-epoch');
  await goTo(page, Number(await page.getByTestId('step-count').textContent()));
  await switchLanguage(page);
  assert.match(await page.getByTestId('decision-truncation-detected').textContent(), /消费者发现截断 · c1/);
  assert.match(await page.getByTestId('decision-truncation-detected').textContent(), /KIP-320 的消费者一侧，Kafka 2\.3 起/);
  await screenshot(page, 'power-loss-two-consumers-zh');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the settings say where each value comes from, and a protocol switch names the defaults it changed', async () => {
  const { page, errors } = await open();
  await page.getByTestId('protocol').selectOption('hw');
  const changed = await page.getByTestId('defaults-changed').textContent();
  assert.match(changed, /Kafka 0\.10\.2\.1's defaults apply: unclean\.leader\.election\.enable=true \(was false\), replica\.lag\.time\.max\.ms=10000 \(was 30000\)/);
  await page.locator('details.settings summary').click();
  assert.equal(await page.getByTestId('unclean').isChecked(), true, '0.10 shipped with unclean election on');
  const source = (key) => page.getByTestId(`source-${key}`);
  assert.equal(await source('unclean.leader.election.enable').getAttribute('data-source'), 'release');
  assert.match(await source('unclean.leader.election.enable').textContent(), /Kafka 0\.10\.2\.1's default/);
  assert.match(await source('acks').textContent(), /acks=all, the lab's choice; Kafka 0\.10\.2\.1's producer defaults to acks=1/);
  // A value the reader sets is the story's.
  await page.getByTestId('unclean').uncheck();
  assert.equal(await source('unclean.leader.election.enable').getAttribute('data-source'), 'script');
  assert.match(await source('unclean.leader.election.enable').textContent(), /set by this story/);
  await page.getByTestId('auto-offset-reset').selectOption('earliest');
  assert.equal(await source('auto.offset.reset').getAttribute('data-source'), 'script');
  await page.getByTestId('protocol').selectOption('kraft-elr');
  assert.match(await source('acks').textContent(), /Kafka 4\.1\.0's producer defaults to acks=all/);
  await screenshot(page, 'settings-release-defaults');
  assert.deepEqual(errors, []);
  await page.close();
});
