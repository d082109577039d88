// Kafka 4.1 with the KRaft controller (kraft-elr), clicked through as a new reader
// would: the ELR and last-known-leader badges, fencing, broker epochs, clean
// shutdowns and restarts, the Shutdown button, and the decisions that explain an
// election from the ELR, going offline and a high watermark held below
// min.insync.replicas. Screenshots in English and Chinese go to tests/output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, screenshot, openApp, switchLanguage, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = ({ width, height } = {}) => openApp(browser, server.url, { width, height });

// C crashes (step 6); B takes m2 and shuts down cleanly (step 9: A's HW holds at 1,
// the ISR being A alone); A crashes (step 10: offline in epoch 1, A and B in the
// ELR, A the last known leader); B restarts cleanly and leads from the ELR, its HW
// held at 1 (step 11).
const STORY = `title Does Kafka 4.1 still lose it?
protocol kraft-elr
brokers A B C
set min.insync.replicas=2
produce m1
fetch B
fetch C
fetch B
fetch C
crash C
produce m2
fetch B
shutdown B
crash A
restart B
`;

const step = async (page) => Number(await page.getByTestId('step').getAttribute('data-step'));
const text = async (page, id) => (await page.getByTestId(id).textContent()).trim();
const count = (page, id) => page.getByTestId(id).count();
// A full-page screenshot from the top, so the sticky player covers nothing.
const shoot = async (page, name) => { await page.evaluate(() => window.scrollTo(0, 0)); await screenshot(page, name); };

async function load(page, script) {
  await (await openEditor(page)).fill(script);
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=protocol]').value === 'kraft-elr');
}

test('kraft-elr: B shut down cleanly, leads from the ELR when A crashes, and the HW holds below min ISR', async () => {
  const { page, errors } = await open();
  await load(page, STORY);
  assert.equal(await step(page), 11);
  assert.equal(await page.getByTestId('protocol').locator('option:checked').textContent(), 'kraft-elr (Kafka 4.1)');

  // B leads from the ELR: its restart was clean, in broker epoch 1.
  assert.equal(await page.getByTestId('broker-B').getAttribute('data-role'), 'leader');
  assert.equal(await text(page, 'broker-epoch-B'), 'broker epoch 1');
  assert.equal(await text(page, 'clean-B'), 'clean restart');
  assert.equal(await page.getByTestId('clean-B').getAttribute('data-clean'), 'true');
  assert.equal(await count(page, 'elr-B'), 0, 'B left the ELR when it was elected');
  assert.equal(await count(page, 'fenced-B'), 0);
  // A is down, fenced and still eligible; C crashed before the ISR fell below min.
  assert.equal(await text(page, 'elr-A'), 'in ELR');
  assert.equal(await count(page, 'fenced-A'), 1);
  assert.equal(await count(page, 'lkl-A'), 0, 'a leader exists again: no last known leader');
  assert.equal(await count(page, 'elr-C'), 0);
  assert.equal(await count(page, 'fenced-C'), 1);
  assert.equal(await text(page, 'broker-epoch-C'), 'broker epoch 0');

  // The decisions of the step: the election, then the held HW.
  const elected = page.getByTestId('decision-elected-from-elr');
  assert.equal(await elected.getAttribute('data-broker'), 'B');
  assert.match(await elected.textContent(), /B elected from the ELR: the ISR was empty/);
  assert.match(await elected.textContent(), /the ELR held A, B, and B was the first of them that was up/);
  const held = page.getByTestId('decision-hw-held');
  assert.match(await held.textContent(), /HW held at 1: ISR has 1 of min\.insync\.replicas 2/);
  assert.match(await held.textContent(), /KAFKA-15583/);
  // Going offline and A's held HW are listed among the earlier decisions.
  await page.getByTestId('earlier-decisions').locator('summary').click();
  const earlier = await page.getByTestId('earlier-decisions').textContent();
  assert.match(earlier, /at step 10 the partition is offline in epoch 1/);
  assert.match(earlier, /at step 9 A's HW is held at 1/);

  // Shutdown sits next to Crash and is enabled exactly when the core accepts it.
  const actions = await page.getByTestId('broker-B').locator('.actions button').evaluateAll((bs) => bs.map((b) => b.dataset.testid));
  assert.deepEqual(actions.slice(2, 4), ['crash-B', 'shutdown-B']);
  assert.equal(await page.getByTestId('shutdown-B').isEnabled(), true);
  assert.equal(await page.getByTestId('shutdown-A').isDisabled(), true);
  // KRaft's admin unclean election acts only on a leaderless partition.
  assert.equal(await page.getByTestId('elect-unclean-B').isDisabled(), true);
  // The event log tells the shutdown once, not as a crash too.
  assert.doesNotMatch(await page.getByTestId('log-step-9').textContent(), /B crashes/);
  await shoot(page, 'kraft-elr-en');

  // One step back: offline, A and B in the ELR, A the last known leader, B's
  // clean-shutdown mark waiting for its restart.
  await page.getByTestId('step-back').click();
  assert.equal(await step(page), 10);
  assert.match(await text(page, 'offline'), /ELR member or the last known leader/);
  assert.equal(await text(page, 'lkl-A'), 'last known leader');
  assert.equal(await count(page, 'elr-B'), 1);
  assert.equal(await text(page, 'clean-B'), 'clean shutdown');
  assert.equal(await page.getByTestId('clean-B').getAttribute('data-clean'), 'shutdown');
  assert.equal(await page.getByTestId('restart-B').isEnabled(), true);
  assert.equal(await page.getByTestId('shutdown-B').isDisabled(), true);
  const offline = await page.getByTestId('decision-offline').textContent();
  assert.match(offline, /no eligible replica is up: the partition goes offline, and under KRaft that is a new leader epoch too/);
  assert.match(offline, /no leader in epoch 1; ISR: none, ELR: A, B, last known leader: A/);
  await shoot(page, 'kraft-elr-offline-en');

  // The same in Chinese.
  await page.getByTestId('step-forward').click();
  await switchLanguage(page);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await page.getByTestId('protocol').locator('option:checked').textContent(), 'kraft-elr（Kafka 4.1）');
  assert.equal(await text(page, 'elr-A'), '在 ELR 中');
  assert.equal(await text(page, 'fenced-A'), '已隔离');
  assert.equal(await text(page, 'broker-epoch-B'), 'broker 纪元 1');
  assert.equal(await text(page, 'clean-B'), '干净重启');
  assert.equal(await text(page, 'shutdown-B'), '受控关闭');
  assert.match(await page.getByTestId('decision-elected-from-elr').textContent(), /B 从 ELR 中当选：ISR 已经为空/);
  assert.match(await page.getByTestId('decision-hw-held').textContent(), /高水位停在 1：ISR 只有 1 个成员，min\.insync\.replicas 是 2/);
  await shoot(page, 'kraft-elr-zh');
  assert.deepEqual(errors, []);
});

test('Shutdown by click and by key, clean restarts, and no KRaft badges under ZooKeeper', async () => {
  const { page, errors } = await open();
  // The default partition runs diverging-epoch: no KRaft badges.
  assert.equal(await count(page, 'broker-epoch-A'), 0);
  assert.equal(await page.getByTestId('elect-unclean-B').isEnabled(), true);
  await page.getByTestId('protocol').selectOption('kraft-elr');
  assert.equal(await text(page, 'broker-epoch-A'), 'broker epoch 0');
  await page.getByTestId('produce').click();
  await page.getByTestId('fetch-B').click();
  await page.getByTestId('fetch-C').click();
  await page.getByTestId('produce').click();

  await page.getByTestId('shutdown-B').click();
  assert.equal(await page.getByTestId('broker-B').getAttribute('data-role'), 'down');
  assert.equal(await text(page, 'clean-B'), 'clean shutdown');
  assert.equal(await count(page, 'fenced-B'), 1);
  assert.equal(await page.getByTestId('shutdown-B').isDisabled(), true);
  await page.getByTestId('restart-B').click();
  assert.equal(await page.getByTestId('broker-B').getAttribute('data-role'), 'follower');
  assert.equal(await text(page, 'clean-B'), 'clean restart');
  assert.equal(await text(page, 'broker-epoch-B'), 'broker epoch 1');
  // A crash, then a restart: unclean.
  await page.getByTestId('crash-C').click();
  assert.equal(await count(page, 'clean-C'), 0, 'a crashed broker leaves no clean mark');
  await page.getByTestId('restart-C').click();
  assert.equal(await text(page, 'clean-C'), 'unclean restart');
  assert.equal(await page.getByTestId('clean-C').getAttribute('data-clean'), 'false');

  // The keyboard: select C (3), shut it down (s).
  await page.keyboard.press('3');
  await page.keyboard.press('s');
  assert.equal(await page.getByTestId('broker-C').getAttribute('data-role'), 'down');
  assert.equal(await text(page, 'clean-C'), 'clean shutdown');
  // A key the core refuses says why, as a click would.
  await page.keyboard.press('s');
  assert.match(await text(page, 'notice'), /broker 'C' is down/);
  await page.keyboard.press('?');
  assert.match(await page.getByTestId('help-dialog').textContent(), /shut down the selected broker cleanly/);
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
});

test('the KRaft badges fit a 360 px phone', async () => {
  const { page, errors } = await open({ width: 360, height: 800 });
  await load(page, STORY);
  await page.getByTestId('step-back').click();
  await page.getByTestId('lkl-A').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await shoot(page, 'kraft-elr-phone-360');
  assert.deepEqual(errors, []);
});

test('the ELR badge appears when the ISR falls below min ISR and goes when it recovers', async () => {
  const { page, errors } = await open();
  await load(page, 'protocol kraft-elr\nbrokers A B C\nset min.insync.replicas=2\n');
  await page.getByTestId('crash-C').click();
  assert.equal(await count(page, 'elr-C'), 0, 'the ISR (A, B) is still at min.insync.replicas');
  await page.getByTestId('crash-B').click();
  assert.equal(await text(page, 'elr-B'), 'in ELR', 'B left an ISR that fell below min.insync.replicas');
  await page.getByTestId('restart-C').click();
  assert.equal(await text(page, 'elr-B'), 'in ELR', 'C restarting changes nothing for B');
  await page.getByTestId('fetch-C').click();
  assert.match(await page.getByTestId('broker-C').textContent(), /in ISR/);
  assert.equal(await count(page, 'elr-B'), 0, 'the ISR is back at min.insync.replicas: the ELR empties');
  assert.deepEqual(errors, []);
});

test('Shutdown then Restart keeps a broker electable where Crash then Restart does not', async () => {
  for (const [stop, leads] of [['shutdown', true], ['crash', false]]) {
    const { page, errors } = await open();
    await load(page, 'protocol kraft-elr\nbrokers A B\nset min.insync.replicas=2\nproduce m1\nfetch B\nfetch B\n');
    await page.getByTestId(`${stop}-B`).click();
    assert.equal(await text(page, 'elr-B'), 'in ELR');
    await page.getByTestId('crash-A').click();
    await page.getByTestId('restart-B').click();
    const role = await page.getByTestId('broker-B').getAttribute('data-role');
    assert.equal(role === 'leader', leads, `${stop} then restart: B is ${role}`);
    assert.equal(await count(page, 'elr-B'), 0, leads ? 'elected from the ELR' : 'an unclean restart leaves the ELR');
    assert.deepEqual(errors, []);
    await page.close();
  }
});
