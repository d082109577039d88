// Two protocols side by side: the data-loss story under hw, compared with
// kip-101. The first difference (bounce B, on B's log) is marked on the scrubber,
// named in words and one click away; the second column is read-only with its own
// safety checks; its lanes re-render only when their broker changes; a 360 px
// phone stacks the columns; the words exist in Chinese. Screenshots go to
// tests/output/ (compare-en.png, compare-zh.png, compare-phone-360.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, screenshot, openApp, openMenu, pickPreset, switchLanguage } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const open = ({ width, height } = {}) => openApp(browser, server.url, { width, height });

const step = async (page) => Number(await page.getByTestId('step').getAttribute('data-step'));
const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
// A full-page screenshot from the top, so the sticky player covers nothing.
const shoot = async (page, name) => { await page.evaluate(() => window.scrollTo(0, 0)); await screenshot(page, name); };
// The first column's lanes, and the second column's.
const main = (page) => page.locator('section.lanes');
const second = (page) => page.getByTestId('compare-column');

async function compareDataLoss(page, protocol = 'kip-101') {
  await pickPreset(page, 'data-loss');
  await page.waitForFunction(() => document.querySelector('[data-testid=protocol]').value === 'hw');
  await openMenu(page);
  await page.getByTestId('compare').selectOption(protocol);
  await second(page).waitFor();
}

test('hw beside kip-101: the first difference is bounce B, on B\'s log, one click away', async () => {
  const { page, errors } = await open();
  await pickPreset(page, 'data-loss');
  // Off by default: no second column, no mark.
  assert.equal(await page.getByTestId('compare').inputValue(), '');
  assert.equal(await second(page).count(), 0);
  assert.equal(await page.getByTestId('difference-mark').count(), 0);
  // The protocol already shown cannot be picked.
  assert.equal(await page.getByTestId('compare').locator('option[value=hw]').isDisabled(), true);
  await compareDataLoss(page);
  assert.equal(await step(page), 9);

  // The mark on the scrubber and the words name the same step.
  assert.equal(await page.getByTestId('difference-mark').getAttribute('data-step'), '5');
  const first = page.getByTestId('compare-first-diff');
  assert.equal(await first.getAttribute('data-step'), '5');
  assert.match(await text(first), /First difference at step 5 \(bounce B\)/);
  assert.equal(await text(page.getByTestId('differences')), "B's log: empty under hw, m1 m2 under kip-101");
  assert.match(await text(page.getByTestId('main-heading')), /This history under hw \(Kafka 0\.10\)/);
  // What each did there that the other did not.
  const did = await text(page.getByTestId('differing-events'));
  assert.match(did, /under hw: .*B truncates its log from 2 to 0: without leader epochs a new follower truncates to its own high watermark, 0/);
  assert.match(did, /under kip-101: .*B follows A and must first validate its log with OffsetsForLeaderEpoch/);

  // The second column: the same step under kip-101, read-only, its own safety checks.
  assert.match(await text(page.getByTestId('compare-heading')), /The same history under kip-101 \(Kafka 0\.11\)/);
  assert.equal(await main(page).getByTestId('broker-B').getAttribute('data-leo'), '1');
  assert.equal(await second(page).getByTestId('cmp-broker-B').getAttribute('data-leo'), '2');
  assert.equal(await second(page).locator('.actions').count(), 0, 'no action buttons');
  assert.equal(await second(page).locator('button:enabled').count(), 0, 'nothing to click in it');
  assert.equal(await second(page).getByTestId('no-violation').count(), 1);
  assert.equal(await page.locator('aside.side').getByTestId('violation').count(), 1, 'hw lost m1');

  // Jump: both columns at step 5, where hw has just truncated B and kip-101 has not.
  await page.getByTestId('compare-jump').click();
  assert.equal(await step(page), 5);
  assert.equal(await page.getByTestId('compare-jump').isDisabled(), true);
  assert.equal(await main(page).getByTestId('broker-B').getAttribute('data-leo'), '0');
  assert.equal(await second(page).getByTestId('cmp-broker-B').getAttribute('data-leo'), '2');
  await shoot(page, 'compare-en');

  // The second column follows the scrubber.
  await page.getByTestId('scrubber').fill('0');
  assert.equal(await step(page), 0);
  await page.getByTestId('step-forward').click();
  assert.equal(await step(page), 1);
  assert.equal(await second(page).getByTestId('cmp-broker-A').getAttribute('data-leo'), '1');
  assert.equal(await second(page).getByTestId('cmp-broker-B').getAttribute('data-leo'), '0');

  // Off again: the column and the mark go.
  await page.getByTestId('compare').selectOption('');
  assert.equal(await second(page).count(), 0);
  assert.equal(await page.getByTestId('difference-mark').count(), 0);
  assert.deepEqual(errors, []);
});

test('a changed history is replayed under the other protocol and says where the comparison stops', async () => {
  const { page, errors } = await open();
  // Unchanged, the preset runs its own kraft-elr lines: nothing stops.
  await compareDataLoss(page, 'kraft-elr');
  assert.equal(await page.getByTestId('compare-stopped').count(), 0);
  assert.equal(await second(page).getByTestId('cmp-broker-A').getAttribute('data-role'), 'leader');
  // One more step makes it the reader's history: replayed, kraft-elr refuses
  // `fetch A` (A leads there), as a protocol switch would.
  await page.getByTestId('produce').click();
  assert.equal(await step(page), 10);
  assert.equal(
    await text(page.getByTestId('compare-stopped')),
    "Under kraft-elr the comparison stops at step 7: step 8 (fetch A) is not possible under it: broker 'A' is the leader.",
  );
  // The refused command is shown as refused in the second column, at its step.
  assert.equal(
    await text(second(page).getByTestId('compare-refused')),
    "Step 8 (fetch A) is refused under kraft-elr: broker 'A' is the leader. This column stays at step 7.",
  );
  assert.equal(await second(page).getByTestId('compare-behind').count(), 0);
  await page.getByTestId('scrubber').fill('7');
  assert.equal(await second(page).getByTestId('compare-refused').count(), 0, 'not before its step');
  assert.deepEqual(errors, []);
});

test('the comparison in Chinese', async () => {
  const { page, errors } = await open();
  await compareDataLoss(page);
  await switchLanguage(page);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.match(await text(page.getByTestId('compare-first-diff')), /第一处不同：第 5 步（bounce B）/);
  assert.equal(await text(page.getByTestId('differences')), 'B 的日志：hw 下为 空，kip-101 下为 m1 m2');
  assert.match(await text(page.getByTestId('differing-events')), /kip-101 下：/);
  assert.match(await text(page.getByTestId('compare-heading')), /同一段历史在 kip-101（Kafka 0\.11）下/);
  assert.equal(await text(page.getByTestId('compare-jump')), '跳到那一步');
  assert.match(await text(page.locator('.compare-pick')), /对比 hw 与/);
  await page.getByTestId('compare-jump').click();
  assert.equal(await step(page), 5);
  await shoot(page, 'compare-zh');
  assert.deepEqual(errors, []);
});

test('on a 360 px phone the columns stack', async () => {
  const { page, errors } = await open({ width: 360, height: 800 });
  await compareDataLoss(page);
  await page.getByTestId('compare-jump').click();
  const lanes = await main(page).boundingBox();
  const column = await second(page).boundingBox();
  assert.ok(column.y >= lanes.y + lanes.height - 1, 'the second column is below the first');
  assert.ok(Math.abs(column.x - lanes.x) < 2 && Math.abs(column.width - lanes.width) < 2, 'same width, one above the other');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
  await shoot(page, 'compare-phone-360');
  assert.deepEqual(errors, []);
});

test('hw beside kip-279 on the data-loss story: the first difference is marked, and caches are compared apart', async () => {
  const { page, errors } = await open();
  await compareDataLoss(page, 'kip-279');
  const first = page.getByTestId('compare-first-diff');
  assert.equal(await first.getAttribute('data-step'), '5');
  assert.equal(await page.getByTestId('difference-mark').getAttribute('data-step'), '5');
  assert.match(await text(first), /First difference at step 5 \(bounce B\)/);
  assert.equal(await text(page.getByTestId('differences')), "B's log: empty under hw, m1 m2 under kip-279");
  await page.getByTestId('compare-jump').click();
  assert.equal(await main(page).getByTestId('broker-B').getAttribute('data-leo'), '0');
  assert.equal(await second(page).getByTestId('cmp-broker-B').getAttribute('data-leo'), '2');
  // hw keeps no leader-epoch cache: nothing to compare there.
  assert.equal(await page.getByTestId('compare-cache-diff').getAttribute('data-step'), null);
  assert.match(await text(page.getByTestId('compare-cache-diff')), /not compared: hw keeps none/);

  // kip-279 beside kip-101: the same at every step, but their caches part from
  // the start (2.1's leader writes its epoch when it becomes leader).
  await page.getByTestId('compare').selectOption('kip-101');
  await page.getByTestId('protocol').selectOption('kip-279');
  await page.waitForFunction(() => document.querySelector('[data-testid=compare-cache-diff]')?.dataset.step === '0');
  assert.match(await text(page.getByTestId('compare-first-diff')), /No difference: kip-279 and kip-101 show the same at every step/);
  assert.match(await text(page.getByTestId('compare-cache-diff')), /they first differ at step 0, in A's cache/);
  await page.getByTestId('compare-cache-jump').click();
  assert.equal(await step(page), 0);
  // A, the leader: an entry for epoch 0 under kip-279, none yet under kip-101.
  assert.equal(await main(page).getByTestId('epochs-A').locator('tr[class^=e]').count(), 1);
  assert.equal(await second(page).getByTestId('epochs-A').locator('tr[class^=e]').count(), 0);
  assert.deepEqual(errors, []);
});

test('an embed with ?compare= renders both columns side by side', async () => {
  const { page } = await open();
  await compareDataLoss(page, 'kip-279');
  await page.getByTestId('copy-embed').click();
  const code = await page.getByTestId('embed-code').inputValue();
  const m = code.match(/^<iframe src="([^"]+)" title="[^"]+" width="100%" height="(\d+)" style="border:0;max-width:(\d+)px"/);
  assert.ok(m, code);
  const src = m[1].replaceAll('&amp;', '&');
  assert.match(src, /\?embed&compare=kip-279#v\d\./);
  await page.close();

  for (const width of [1300, 360]) {
    const embed = await openApp(browser, src, { width, height: Number(m[2]) });
    const p = embed.page;
    await p.getByTestId('compare-column').waitFor();
    assert.equal(await p.getByTestId('scenario-editor').count(), 0, 'an embed still');
    assert.equal(await p.getByTestId('compare').inputValue(), 'kip-279');
    assert.equal(await p.locator('[data-testid^=cmp-broker-]').count(), 2);
    assert.equal(await p.getByTestId('compare-first-diff').getAttribute('data-step'), '5');
    assert.equal(await p.getByTestId('difference-mark').getAttribute('data-step'), '5');
    await p.getByTestId('compare-jump').click();
    assert.equal(await p.getByTestId('broker-B').getAttribute('data-leo'), '0');
    assert.equal(await p.getByTestId('cmp-broker-B').getAttribute('data-leo'), '2');
    const [lanes, column] = [await p.locator('section.lanes').boundingBox(), await p.getByTestId('compare-column').boundingBox()];
    if (width >= 760) assert.ok(column.x > lanes.x + lanes.width - 1, 'side by side');
    else assert.ok(column.y >= lanes.y + lanes.height - 1, 'stacked on a phone');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `scrolls sideways by ${overflow}px at ${width}px`);
    await screenshot(p, `embed-compare-${width}`);
    assert.deepEqual(embed.errors, []);
    await p.close();
  }
});

test('a share link carries the comparison (a v3 link), and opens with both columns', async () => {
  const { page } = await open();
  await compareDataLoss(page, 'kip-279');
  await page.getByTestId('compare-jump').click();
  await page.getByTestId('copy-link').click();
  const url = await page.getByTestId('share-link').inputValue();
  assert.match(url, /#v3\./);
  await page.close();
  const other = await openApp(browser, url);
  await other.page.getByTestId('compare-column').waitFor();
  assert.equal(await other.page.getByTestId('compare').inputValue(), 'kip-279');
  assert.equal(await step(other.page), 5);
  assert.equal(await other.page.getByTestId('compare-first-diff').getAttribute('data-step'), '5');
  assert.equal(await second(other.page).getByTestId('cmp-broker-B').getAttribute('data-leo'), '2');
  assert.deepEqual(other.errors, []);
});
