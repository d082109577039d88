// The visualizer, clicked through as a new reader would, in headless Chromium
// against the Trunk release build. Each test saves a screenshot in tests/output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, screenshot, openApp, pickPreset, switchLanguage, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = ({ width, height, locale } = {}) => openApp(browser, server.url, { width, height, locale });

const step = async (page) => Number(await page.getByTestId('step').getAttribute('data-step'));
const attr = (page, id, name) => page.getByTestId(id).getAttribute(name);

test('the data-loss preset under hw shows the violation, the halted A and what B lost; diverging-epoch shows none', async () => {
  const { page, errors } = await open();
  await pickPreset(page, 'data-loss');
  await page.getByTestId('violation').first().waitFor();
  assert.equal(await page.getByTestId('protocol').inputValue(), 'hw');
  assert.equal(await page.getByTestId('violation').getAttribute('data-kind'), 'committed-write-lost');
  // B leads with m3 alone: it truncated m1 and m2 on its quick restart.
  assert.equal(await attr(page, 'broker-B', 'data-role'), 'leader');
  assert.equal(await attr(page, 'broker-B', 'data-leo'), '1');
  assert.match(await page.getByTestId('record-B-0').textContent(), /m3/);
  // A halted on its fetch past B's log end: down, drawn as halted, its log kept.
  assert.equal(await attr(page, 'broker-A', 'data-role'), 'down');
  assert.equal(await attr(page, 'broker-A', 'data-halted'), 'true');
  assert.equal(await page.getByTestId('halted-A').count(), 1);
  assert.equal(await page.getByTestId('timeline-mark').count(), 1);
  // m1 was acknowledged to its producer, and it is gone.
  assert.match(await page.getByTestId('acked').textContent(), /m1, m3/);
  await screenshot(page, 'data-loss-hw');

  await page.getByTestId('protocol').selectOption('diverging-epoch');
  await page.getByTestId('no-violation').waitFor();
  assert.equal(await page.getByTestId('violation').count(), 0);
  assert.equal(await attr(page, 'broker-A', 'data-leo'), '2');
  assert.match(await page.getByTestId('record-A-1').textContent(), /m2/);
  assert.match(await page.getByTestId('record-B-1').textContent(), /m2/);
  assert.equal(await page.getByTestId('timeline-mark').count(), 0);
  await screenshot(page, 'data-loss-diverging-epoch');
  assert.deepEqual(errors, []);
});

test('the divergence preset under hw leaves different values at offset 1', async () => {
  const { page, errors } = await open();
  await pickPreset(page, 'divergence');
  await page.locator('[data-testid=violation][data-kind=replicas-diverged]').waitFor();
  const a = await page.getByTestId('record-A-1').textContent();
  const b = await page.getByTestId('record-B-1').textContent();
  assert.match(a, /m2/);
  assert.match(b, /m3/);
  assert.equal(await attr(page, 'record-A-1', 'data-epoch'), '0');
  assert.equal(await attr(page, 'record-B-1', 'data-epoch'), '1');
  await screenshot(page, 'divergence-hw');
  assert.deepEqual(errors, []);
});

test('a hand-made flow shows the truncation in the decision panel, and stepping back restores the DOM', async () => {
  const { page, errors } = await open();
  await page.getByTestId('produce').click();                 // m1
  await page.getByTestId('fetch-B').click();                 // B has m1
  await page.getByTestId('produce').click();                 // m2 on A only
  await page.getByTestId('crash-A').click();                 // B leads in epoch 1
  assert.equal(await attr(page, 'broker-A', 'data-role'), 'down');
  assert.equal(await attr(page, 'broker-B', 'data-role'), 'leader');
  assert.equal(await attr(page, 'broker-B', 'data-epoch'), '1');
  await page.getByTestId('restart-A').click();
  assert.equal(await attr(page, 'broker-A', 'data-role'), 'follower');
  assert.equal(await attr(page, 'broker-A', 'data-leo'), '2');
  const before = await page.getByTestId('broker-A').innerHTML();
  await page.getByTestId('fetch-A').click();                 // DivergingEpoch: epoch 0 ends at 1
  const item = page.getByTestId('decision-item');
  await item.waitFor();
  assert.equal(await item.getAttribute('data-broker'), 'A');
  assert.equal(await item.getAttribute('data-from'), '2');
  assert.equal(await item.getAttribute('data-to'), '1');
  assert.match(await page.getByTestId('decision').textContent(), /DivergingEpoch/);
  assert.equal(await attr(page, 'broker-A', 'data-leo'), '1');
  assert.equal(await step(page), 6);
  await screenshot(page, 'hand-made-truncation');

  await page.getByTestId('step-back').click();
  assert.equal(await step(page), 5);
  assert.equal(await attr(page, 'broker-A', 'data-leo'), '2');
  assert.equal(await page.getByTestId('broker-A').innerHTML(), before);
  await page.getByTestId('step-forward').click();
  assert.equal(await attr(page, 'broker-A', 'data-leo'), '1');
  assert.deepEqual(errors, []);
});

test('acting at a past step forks history, and undo restores the abandoned future once', async () => {
  const { page } = await open();
  for (let i = 0; i < 3; i++) await page.getByTestId('produce').click();
  await page.getByTestId('step-back').click();
  await page.getByTestId('step-back').click();               // at step 1
  await page.getByTestId('fetch-B').click();                 // forks: steps 1 + fetch
  assert.equal(await page.getByTestId('step').textContent(), '2');
  assert.equal(await page.getByTestId('step-count').textContent(), '2');
  assert.equal(await attr(page, 'broker-A', 'data-leo'), '1');
  await page.getByTestId('undo').click();
  assert.equal(await page.getByTestId('step').textContent(), '3');
  assert.equal(await page.getByTestId('step-count').textContent(), '3');
  assert.equal(await attr(page, 'broker-A', 'data-leo'), '3');
  assert.equal(await page.getByTestId('undo').count(), 0);
});

test('the language menu switches the narration to Chinese and is remembered', async () => {
  const { page, errors } = await open();
  await pickPreset(page, 'divergence');
  await page.getByTestId('log-step-1').waitFor();
  assert.match(await page.locator('.events').textContent(), /appends m1 at offset 0/);
  await switchLanguage(page);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  const text = await page.locator('.events').textContent();
  assert.match(text, /追加到位移/);
  assert.match(await page.getByTestId('violation').first().textContent(), /已提交的写入丢失/);
  await screenshot(page, 'chinese');
  await page.reload();
  await page.getByTestId('broker-A').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  await switchLanguage(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(errors, []);
});

test('a browser in Chinese opens in Chinese', async () => {
  const { page } = await open({ locale: 'zh-CN' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.getByTestId('lang').inputValue(), 'zh');
  assert.equal(await page.getByTestId('lang').locator('option:checked').textContent(), '中文');
});

test('a malformed scenario shows a line-numbered error and keeps the current state', async () => {
  const { page, errors } = await open();
  await pickPreset(page, 'data-loss');
  await page.getByTestId('violation').first().waitFor();
  // The editor holds the loaded story, ready to change.
  assert.match(await (await openEditor(page)).inputValue(), /^# KIP-101 scenario 1/);
  const lanes = await page.locator('.lanes').innerHTML();
  const stepText = await page.getByTestId('step').textContent();
  await (await openEditor(page)).fill('brokers A B\nproduce m1\nfetch C\n');
  await page.getByTestId('load-scenario').click();
  const error = page.getByTestId('scenario-error');
  await error.waitFor();
  assert.equal(await error.textContent(), "line 3: unknown broker 'C'");
  assert.equal(await error.getAttribute('role'), 'alert');
  assert.equal(await page.locator('.lanes').innerHTML(), lanes);
  assert.equal(await page.getByTestId('step').textContent(), stepText);
  // A command the model refuses is an error with its line too.
  await (await openEditor(page)).fill('brokers A B\nproduce m1\nfetch A\n');
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=scenario-error]')?.textContent.startsWith('line 3'));
  assert.equal(await page.getByTestId('scenario-error').textContent(), "line 3: broker 'A' is the leader");
  await screenshot(page, 'editor-error');
  // A value the language does not allow is explained, and nothing is written.
  await page.getByTestId('produce-value').fill('m 1');
  assert.match(await page.getByTestId('produce-error').textContent(), /'m 1' is not a message value/);
  assert.equal(await page.getByTestId('produce').isDisabled(), true);
  await page.getByTestId('produce-value').fill('');
  assert.equal(await page.getByTestId('produce-error').count(), 0);
  // A good script loads.
  await (await openEditor(page)).fill('title Mine\nprotocol kip-279\nbrokers X Y Z\nproduce a\nfetch Y\n');
  await page.getByTestId('load-scenario').click();
  await page.getByTestId('broker-X').waitFor();
  assert.equal(await page.getByTestId('scenario-error').count(), 0);
  assert.equal(await page.getByTestId('protocol').inputValue(), 'kip-279');
  assert.match(await page.getByTestId('record-Y-0').textContent(), /a/);
  assert.deepEqual(errors, []);
});

// Which lanes render again after a click is a unit test of the lane's props
// (crates/app/src/components/lane.rs).

test('autoplay performs fetches in turn and stops when caught up; keyboard drives it', async () => {
  const { page } = await open();
  await page.keyboard.press('p');
  await page.keyboard.press('p');
  assert.equal(await step(page), 2);
  await page.getByTestId('speed').selectOption('350');
  await page.getByTestId('play').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play]').getAttribute('aria-pressed') === 'false', null, { timeout: 15000 });
  assert.ok(await step(page) > 2);
  for (const id of ['B', 'C']) {
    assert.equal(await attr(page, `broker-${id}`, 'data-leo'), '2');
    assert.equal(await attr(page, `broker-${id}`, 'data-hw'), '2');
  }
  const end = await step(page);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await step(page), end - 1);
  await page.keyboard.press('2');                           // select B
  assert.equal(await page.getByTestId('select-B').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('c');
  assert.equal(await attr(page, 'broker-B', 'data-role'), 'down');
  await page.keyboard.press('r');
  assert.equal(await attr(page, 'broker-B', 'data-role'), 'follower');
  await page.keyboard.press('?');
  await page.getByTestId('help-dialog').waitFor();
  await page.keyboard.press('Escape');
  assert.equal(await page.getByTestId('help-dialog').count(), 0);
});

test('a response in flight can be delivered or dropped, and a new epoch fences it', async () => {
  const { page } = await open();
  await page.getByTestId('produce').click();
  await page.getByTestId('send-B').click();
  await page.getByTestId('in-flight-B').waitFor();
  assert.equal(await attr(page, 'broker-B', 'data-leo'), '0');
  await page.getByTestId('deliver-B').click();
  assert.equal(await attr(page, 'broker-B', 'data-leo'), '1');
  await page.getByTestId('send-C').click();
  await page.getByTestId('drop-C').click();
  assert.equal(await page.getByTestId('in-flight-C').count(), 0);
  assert.equal(await attr(page, 'broker-C', 'data-leo'), '0');
  await page.getByTestId('send-C').click();
  await page.getByTestId('elect-B').click();
  assert.equal(await page.getByTestId('in-flight-C').count(), 0);
  assert.match(await page.locator('.events').textContent(), /fenced/);
});

test('an offline partition says so, and a write waiting for acks=all is shown', async () => {
  const { page } = await open();
  await page.getByTestId('produce').click();                 // acks=all, B and C have not fetched
  assert.match(await page.getByTestId('pending').textContent(), /m1/);
  await page.getByTestId('crash-B').click();
  await page.getByTestId('crash-C').click();                 // the ISR is A alone: m1 is committed
  assert.match(await page.getByTestId('acked').textContent(), /m1/);
  assert.equal(await page.getByTestId('pending').count(), 0);
  await page.getByTestId('crash-A').click();
  await page.getByTestId('offline').waitFor();
  await page.getByTestId('restart-A').click();
  assert.equal(await page.getByTestId('offline').count(), 0);
  assert.equal(await page.getByTestId('broker-A').getAttribute('data-role'), 'leader');
});

test('the layout works on a 360 px phone', async () => {
  const { page, errors } = await open({ width: 360, height: 800 });
  await pickPreset(page, 'fast-failover');
  await page.getByTestId('broker-C').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await screenshot(page, 'phone-360');
  assert.deepEqual(errors, []);
});

test('dark colour scheme and reduced motion', async () => {
  const { page, errors } = await open();
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await pickPreset(page, 'fast-failover');
  await page.getByTestId('protocol').selectOption('kip-279');
  await page.getByTestId('decision-item').first().waitFor();
  // B's two rounds are listed under the latest decision, each a link to its step.
  await page.getByTestId('earlier-decisions').locator('summary').click();
  const earlier = await page.getByTestId('earlier-decisions').textContent();
  assert.match(earlier, /B truncates its log from 3 to 2/);
  assert.match(earlier, /B truncates its log from 2 to 1/);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(bg, 'rgb(21, 23, 26)');
  await page.getByTestId('send-B').click();
  const animation = await page.locator('.in-flight .arrow').evaluate((e) => getComputedStyle(e).animationName);
  assert.equal(animation, 'none');
  await screenshot(page, 'dark');
  assert.deepEqual(errors, []);
});

test('every preset replays under every protocol without an error', async () => {
  const { page, errors } = await open();
  // Every story in the menu, after its first choice: an empty partition.
  const options = await page.getByTestId('preset').locator('option:not([hidden])').evaluateAll((os) => os.map((o) => o.value));
  assert.equal(options[0], 'empty');
  const presets = options.slice(1);
  assert.equal(presets.length, 24);
  for (const preset of presets) {
    // The preset's file is fetched when chosen: it has loaded when its title shows.
    await pickPreset(page, preset);
    const steps = await page.getByTestId('step-count').textContent();
    for (const protocol of ['hw', 'kip-101', 'kip-279', 'diverging-epoch', 'kraft-elr']) {
      await page.getByTestId('protocol').selectOption(protocol);
      assert.equal(await page.getByTestId('notice').count(), 0, `${preset} under ${protocol}`);
      assert.ok(Number(await page.getByTestId('step-count').textContent()) > 0);
    }
    // And release lines between the generations, under both controllers.
    for (const release of ['kafka-1.1', 'kafka-2.3', 'kafka-3.6', 'kafka-3.9', 'kafka-3.3-kraft', 'kafka-4.0']) {
      await page.getByTestId('release-menu').selectOption(release);
      assert.equal(await page.getByTestId('notice').count(), 0, `${preset} under ${release}`);
      assert.ok(Number(await page.getByTestId('step-count').textContent()) > 0);
    }
    assert.ok(Number(steps) > 0);
  }
  assert.deepEqual(errors, []);
});

test('a preset that cannot be fetched says so and keeps the story shown', async () => {
  const { page } = await open();
  await pickPreset(page, 'data-loss');
  const steps = await page.getByTestId('step-count').textContent();
  await page.route('**/scenarios/divergence.scn', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  // Chosen, but it never arrives.
  await page.getByTestId('preset').selectOption('divergence');
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /could not be fetched.*503/);
  assert.equal(await page.getByTestId('preset').inputValue(), 'data-loss');
  assert.equal(await page.getByTestId('step-count').textContent(), steps);
  await page.unroute('**/scenarios/divergence.scn');
  await pickPreset(page, 'divergence');
});

test('a protocol chosen while a preset is fetched applies to the preset', async () => {
  const { page } = await open();
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route('**/scenarios/divergence.scn', async (route) => { await held; await route.continue(); });
  // Chosen; its file is held back while the protocol is chosen.
  await page.getByTestId('preset').selectOption('divergence');
  await page.getByTestId('protocol').selectOption('kip-279');
  release();
  await page.getByTestId('title').filter({ hasText: 'Divergence' }).waitFor();
  assert.equal(await page.getByTestId('protocol').inputValue(), 'kip-279');
  assert.equal(await page.getByTestId('preset').inputValue(), 'divergence');
  assert.ok(Number(await page.getByTestId('step-count').textContent()) > 0);
});

test('every control has an accessible name', async () => {
  const { page } = await open();
  await pickPreset(page, 'divergence');
  await page.getByTestId('copy-embed').click();
  await page.getByTestId('embed-code').waitFor();
  const unnamed = await page.evaluate(() => {
    const name = (el) => {
      const labelled = el.id && document.querySelector(`label[for="${el.id}"]`);
      return (el.getAttribute('aria-label') || (labelled && labelled.textContent) || el.closest('label')?.textContent
        || el.textContent || el.getAttribute('title') || el.getAttribute('placeholder') || '').trim();
    };
    return [...document.querySelectorAll('button, input, select, textarea, a[href]')]
      .filter((el) => !name(el))
      .map((el) => el.outerHTML.slice(0, 80));
  });
  assert.deepEqual(unnamed, []);
});
