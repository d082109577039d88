// "Find a failure": the exhaustive checker in the page, run in a Web Worker that
// the page downloads only when the reader first runs it. Two brokers under hw:
// it finds the committed write lost in 5 steps, and Replay loads that history
// into the page. Under kip-279 the default bounds find nothing, and the page
// says that this holds within the bounds. Screenshots in English and Chinese go
// to tests/output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, screenshot, openApp, switchLanguage, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const WORKER = /replab-worker/;

async function open({ width, height, url = server.url } = {}) {
  const opened = await openApp(browser, url, { width, height });
  await opened.page.waitForLoadState('networkidle');
  return opened;
}

const step = async (page) => Number(await page.getByTestId('step').getAttribute('data-step'));
const text = async (page, id) => (await page.getByTestId(id).textContent()).trim();
// A full-page screenshot from the top, so the sticky player covers nothing.
const shoot = async (page, name) => { await page.evaluate(() => window.scrollTo(0, 0)); await screenshot(page, name); };
// The checker panel alone, as the reader sees it.
const shootPanel = async (page, name) => {
  await page.getByTestId('checker').scrollIntoViewIfNeeded();
  await page.getByTestId('checker').screenshot({ path: new URL(`../output/${name}.png`, import.meta.url).pathname });
};

async function load(page, script, protocol) {
  await (await openEditor(page)).fill(script);
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction((p) => document.querySelector('[data-testid=protocol]').value === p, protocol);
}

async function run(page) {
  await page.getByTestId('explore-run').click();
  await page.getByTestId('explore-result').waitFor({ timeout: 60_000 });
  return page.getByTestId('explore-result');
}

test('two brokers under hw: the checker finds the committed write lost in 5 steps, and Replay loads it', async () => {
  const { page, errors, requests } = await open();
  // The first load fetches the page's own files only.
  assert.deepEqual(requests.filter((u) => WORKER.test(u)), [], 'the worker is not fetched at load');
  assert.ok(requests.some((u) => /replab-app-.*\.wasm$/.test(u)), 'the page wasm is fetched');

  // Unclean election off, as the recorded search was made (0.10.2.1 shipped it on).
  await load(page, 'brokers A B\nprotocol hw\nset unclean.leader.election.enable=false replica.lag.time.max.ms=30000\n', 'hw');
  await page.getByTestId('explore-open').click();
  assert.match(await text(page, 'checker-setup'), /hw \(Kafka 0\.10\) · brokers A, B · leader A · .*unclean\.leader\.election\.enable=false/);
  // Still nothing of the worker: opening the panel is not running it.
  assert.equal(requests.filter((u) => WORKER.test(u)).length, 0);
  assert.equal(await page.getByTestId('explore-cancel').isDisabled(), true);

  const result = await run(page);
  assert.ok(requests.some((u) => /replab-worker_bg\.wasm$/.test(u)), 'the worker is fetched on first use');
  assert.equal(await result.getAttribute('data-outcome'), 'violation');
  assert.equal(await result.getAttribute('data-verdict'), 'committed-write-lost');
  assert.equal(await result.getAttribute('data-length'), '5');
  assert.equal(await result.getAttribute('data-protocol'), 'hw');
  assert.match(await result.textContent(), /Took \d+\.\d\d s, [\d,]+ states\/s\./);
  assert.match(await result.textContent(), /committed-write-lost in 5 steps \(434 states explored\)/);
  assert.match(await result.textContent(), /no shorter history breaks a safety check/);
  assert.equal(await page.getByTestId('explore-run').isEnabled(), true);
  assert.equal(await page.getByTestId('explore-cancel').isDisabled(), true);
  await page.locator('.found-scenario summary').click();
  assert.match(await text(page, 'explore-scenario'), /^title Found by replab-check: committed-write-lost in 5 steps\nprotocol hw\nbrokers A B\n/);
  // Its decisive steps are commented: the commit, and the truncation that loses it.
  assert.match(await text(page, 'explore-scenario'), /^# .*m1 is now committed$/m);
  assert.match(await text(page, 'explore-scenario'), /^# B truncates its log .*; m1 is gone\nbounce B$/m);
  await shootPanel(page, 'checker-found-en');

  // Replay: the history found is loaded as the editor's Load does, at its end,
  // where the safety check fires.
  await page.getByTestId('explore-replay').click();
  await page.getByTestId('violation').first().waitFor();
  assert.equal(await step(page), 5);
  assert.equal(await text(page, 'step-count'), '5');
  assert.equal(await page.getByTestId('violation').getAttribute('data-kind'), 'committed-write-lost');
  assert.match(await page.getByTestId('violation').textContent(), /at step 5/);
  assert.equal(await page.getByTestId('log-step-5').locator('.event.safety').count(), 1);
  assert.match(await (await openEditor(page)).inputValue(), /expect violation committed-write-lost/);
  assert.equal(await text(page, 'title'), 'Found by replab-check: committed-write-lost in 5 steps');
  assert.equal(await page.getByTestId('protocol').inputValue(), 'hw');
  await shoot(page, 'explore-replayed-en');
  await page.getByTestId('step-back').click();
  await page.getByTestId('no-violation').waitFor();

  // The same in Chinese: the result is worded again, without running again.
  await switchLanguage(page);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await text(page, 'explore-result'), /committed-write-lost：5 步（探索了 434 个状态）/);
  // The history found, commented in Chinese now.
  assert.match(await page.getByTestId('explore-scenario').textContent(), /^# .*m1 丢失了$/m);
  assert.equal(await text(page, 'explore-replay'), '重放这段历史');
  assert.equal(await text(page, 'title'), '检查器找到的历史：committed-write-lost，共 5 步');
  await shootPanel(page, 'checker-found-zh');
  await shoot(page, 'checker-zh');
  assert.deepEqual(errors, []);
});

test('under kip-279 the default bounds find no violation, and the page says it holds within them', async () => {
  const { page, errors, requests } = await open();
  await load(page, 'brokers A B\nprotocol hw\n', 'hw');
  await page.getByTestId('protocol').selectOption('kip-279');
  await page.getByTestId('explore-open').click();
  assert.match(await text(page, 'checker-setup'), /kip-279 \(Kafka 2\.1–2\.6\) · brokers A, B/);
  // The default bounds.
  assert.equal(await page.getByTestId('explore-produces').inputValue(), '2');
  assert.equal(await page.getByTestId('explore-crashes').inputValue(), '2');
  assert.equal(await page.getByTestId('explore-max-epoch').inputValue(), '3');
  assert.equal(await page.getByTestId('explore-elect').isChecked(), true);
  assert.equal(await page.getByTestId('explore-unclean').isChecked(), false);

  const result = await run(page);
  assert.equal(await result.getAttribute('data-outcome'), 'no-violation');
  assert.equal(await result.getAttribute('data-verdict'), 'none');
  assert.equal(await result.getAttribute('data-complete'), 'true');
  assert.equal(await result.getAttribute('data-states'), '20623');
  assert.match(await result.textContent(), /No violation within these bounds: no history of up to 13 steps breaks a safety check under kip-279 \(20,623 states explored\)/);
  assert.equal(await page.getByTestId('explore-replay').count(), 0);
  assert.equal(requests.filter((u) => /replab-worker_bg\.wasm$/.test(u)).length, 1);
  await shootPanel(page, 'checker-no-violation-en');

  await switchLanguage(page);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await text(page, 'explore-result'), /在这些边界内没有违规/);
  await shootPanel(page, 'checker-no-violation-zh');
  assert.deepEqual(errors, []);
});

test('all five protocols with unclean elections: a loss under every one, each with a link that opens it', async () => {
  const { page, errors } = await open();
  await load(page, 'brokers A B\nprotocol hw\n', 'hw');
  await page.getByTestId('explore-open').click();
  assert.equal(await page.getByTestId('explore-protocol').inputValue(), 'hw', 'the page protocol by default');
  await page.getByTestId('explore-protocol').selectOption('all');
  await page.getByTestId('explore-unclean').check();
  await page.getByTestId('explore-run').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=explore-result]').length === 5, null, { timeout: 60_000 });
  // Each link's address is made in the background (the browser compresses it).
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=explore-link]')].every((a) => a.getAttribute('href')));
  const results = await page.getByTestId('explore-result').evaluateAll((els) => els.map((e) => ({
    protocol: e.dataset.protocol, verdict: e.dataset.verdict, length: Number(e.dataset.length),
    link: e.querySelector('[data-testid=explore-link]')?.href,
  })));
  assert.deepEqual(results.map((r) => r.protocol), ['hw', 'kip-101', 'kip-279', 'diverging-epoch', 'kraft-elr']);
  for (const r of results) {
    assert.equal(r.verdict, 'committed-write-lost', `${r.protocol} loses a committed write with unclean elections`);
    assert.ok(r.length >= 3 && r.length <= 4, `${r.protocol}: ${r.length} steps`);
  }
  assert.equal(await page.getByTestId('explore-cancel').isDisabled(), true);
  await shootPanel(page, 'explore-all-unclean-en');

  // The link of kip-279's history opens it at the step where the check fires.
  const kip279 = results[2];
  const other = await openApp(browser, kip279.link);
  await other.page.getByTestId('violation').first().waitFor();
  assert.equal(await other.page.getByTestId('protocol').inputValue(), 'kip-279');
  assert.equal(Number(await other.page.getByTestId('step').getAttribute('data-step')), kip279.length);
  assert.equal(await other.page.getByTestId('violation').getAttribute('data-kind'), 'committed-write-lost');
  assert.deepEqual(other.errors, []);
  await other.page.close();
  assert.deepEqual(errors, []);
});

test('a long run shows its progress, Cancel stops it, and a new run stops at the state limit', async () => {
  const { page, errors, requests } = await open();
  // The default three brokers under kip-279: more states than the limit allows.
  await page.getByTestId('protocol').selectOption('kip-279');
  await page.getByTestId('explore-open').click();
  await page.getByTestId('explore-run').click();
  await page.waitForFunction(() => /^Exploring: [\d,]+ states so far\. No history of up to \d+ steps? breaks a safety check; trying \d+ steps… \([\d,]+ states\/s\)$/.test(document.querySelector('[data-testid=explore-progress]')?.textContent ?? ''));
  assert.equal(await page.getByTestId('explore-produces').isDisabled(), true, 'the bounds are fixed while it runs');
  await shootPanel(page, 'explore-progress-en');
  await page.getByTestId('explore-cancel').click();
  assert.match(await text(page, 'explore-progress'), /^Cancelled after [\d,]+ states: no history of up to \d+ steps? breaks a safety check; longer ones were not all tried\.$/);
  assert.equal(await page.getByTestId('explore-result').count(), 0);
  assert.equal(await page.getByTestId('explore-run').isEnabled(), true);
  // A worker that was terminated says nothing more.
  const cancelled = await text(page, 'explore-progress');
  await page.waitForTimeout(500);
  assert.equal(await text(page, 'explore-progress'), cancelled);

  // Run again: a new worker, to the state limit.
  const result = await run(page);
  assert.equal(await result.getAttribute('data-outcome'), 'state-limit');
  assert.equal(await result.getAttribute('data-verdict'), 'none');
  assert.equal(await result.getAttribute('data-complete'), 'false');
  assert.match(await result.textContent(), /^Stopped at the limit of 300,000 states: under kip-279, no history of up to \d+ steps breaks a safety check, but longer ones were not all tried\./);
  assert.equal(requests.filter((u) => /replab-worker_loader\.js$/.test(u)).length, 2);
  await shootPanel(page, 'checker-state-limit-en');
  assert.deepEqual(errors, []);
});

test('the checker panel fits a 360 px phone', async () => {
  const { page, errors } = await open({ width: 360, height: 800 });
  await page.getByTestId('explore-open').click();
  await page.getByTestId('explore-run').scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await shoot(page, 'checker-phone-360');
  assert.deepEqual(errors, []);
});

test('from a sub-path of a static host the worker loads beside the page', async () => {
  const sub = await serve(undefined, '/blog/kafka/lab/');
  try {
    const { page, errors, requests } = await open({ url: sub.url });
    await load(page, 'brokers A B\nprotocol hw\n', 'hw');
    await page.getByTestId('explore-open').click();
    const result = await run(page);
    assert.equal(await result.getAttribute('data-verdict'), 'committed-write-lost');
    assert.ok(requests.some((u) => u.endsWith('/blog/kafka/lab/replab-worker_bg.wasm')));
    assert.deepEqual(errors, []);
  } finally {
    await sub.close();
  }
});
