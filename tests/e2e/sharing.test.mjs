// Share links, embeds, the example post, SVG export and sub-path publishing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { serve, launch, screenshot, watchErrors, pickPreset, switchLanguage, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(url, { width = 1300, height = 1000 } = {}) {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.setViewportSize({ width, height });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'language', { get: () => 'en-US' });
    if (!sessionStorage.getItem('fresh')) { localStorage.clear(); sessionStorage.setItem('fresh', '1'); }
  });
  await page.goto(url);
  // The app has taken over its pre-rendered frame (a host page has none).
  await page.waitForFunction(() => window.replab !== undefined || !document.getElementById('replab'));
  return { page, errors };
}

const link = (payload, version = 'v1') => `${version}.${deflateRawSync(Buffer.from(payload)).toString('base64url')}`;
const stepOf = async (scope) => Number(await scope.getByTestId('step').getAttribute('data-step'));

test('a copied link reopens the same step, protocol and language', async () => {
  const { page, errors } = await open(server.url);
  await page.getByTestId('broker-A').waitFor();
  await pickPreset(page, 'divergence');
  await page.getByTestId('protocol').selectOption('kip-279');
  for (let i = 0; i < 3; i++) await page.getByTestId('step-back').click();
  await switchLanguage(page);
  const step = await stepOf(page);
  // The lanes' markup, each element's attributes in one order (a page that
  // took over pre-rendered lanes may have set them in another).
  const lanesOf = (p) => p.locator('.lanes').evaluate((root) => {
    const write = (n) => (n.nodeType === 3 ? n.textContent : n.nodeType !== 1 ? ''
      : `<${n.localName}${[...n.attributes].map((a) => ` ${a.name}="${a.value}"`).sort().join('')}>${[...n.childNodes].map(write).join('')}</${n.localName}>`);
    return write(root);
  });
  const lanes = await lanesOf(page);
  await page.getByTestId('copy-link').click();
  const url = await page.getByTestId('share-link').inputValue();
  assert.match(url, /#v3\.[A-Za-z0-9_-]+$/);
  // The browser deflated it (CompressionStream): plain raw deflate, which another
  // implementation reads (zlib here; the runner's miniz_oxide likewise).
  const payload = inflateRawSync(Buffer.from(url.split('#v3.')[1], 'base64url')).toString();
  assert.match(payload, new RegExp(`^protocol=kip-279\nstep=${step}\nlang=zh\n\n`));

  const other = await open(url);
  await other.page.getByTestId('broker-A').waitFor();
  assert.equal(await stepOf(other.page), step);
  assert.equal(await other.page.getByTestId('protocol').inputValue(), 'kip-279');
  assert.equal(await other.page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await other.page.getByTestId('step-count').textContent(), await page.getByTestId('step-count').textContent());
  assert.equal(await lanesOf(other.page), lanes);
  await screenshot(other.page, 'reopened-link');
  assert.deepEqual([...errors, ...other.errors], []);
});

// Links printed by `replab link` at d9ad2e9, the build before scenario
// language 1.4, of this story under hw: read with 1.3's defaults (unclean
// election off, replica.lag.time.max.ms 30000), B stays in the ISR, m1 is never
// acknowledged and B's election is clean; read with Kafka 0.10's own defaults
// (unclean on, 10000 ms), B would leave the ISR, m1 be acknowledged and lost.
const OLD_STORY = 'title An old link\nbrokers A B\nproduce m1\ntick 20000\ncrash A\n';
const OLD_LINKS = {
  // --protocol hw
  end: 'v1.Dcq7EYAgDADQPlNkBD81BW6ikBOOmHAhnuvLq183dU3KoXwwnHrYgU-5AwmAV2fCKKickas0uEwb2cCIB3TT_CbCZ50xNdyWCZKdo2CEHw',
  // --protocol hw --compare kip-279
  compared: 'v2.DcoxDsIwDAXQ_Z_CF0CCMiCGDOEmwbVoFDe2nKBev33z87BpbJq2A2y7l5DUqt-W1xtjiqcntPRfkg7MOlUodzJdSWtv-IY1iUGZPvCw9c9C--OK3Gi5X8BRxkYZJw',
  // --protocol hw --step 1 --lang zh
  zh: 'v1.DcrBDYAgDADAf6foCOKfB26C0AihUlJqTJxe7n1DxSQJ-_LCNBreAcd--a8AWDUmDB2FM3LtDU6VRjox4AFDJT-J8HYrpob7tkDSOAsG-AE',
};

test('a link made before scenario language 1.4 opens with its old meaning, in the page and in an embed', async () => {
  assert.match(inflateRawSync(Buffer.from(OLD_LINKS.end.slice(3), 'base64url')).toString(), new RegExp(`\n\n${OLD_STORY}$`));
  const oldMeaning = (s) => {
    assert.equal(s.protocol, 'hw');
    assert.equal(s.leader, 'B');
    assert.deepEqual(s.acked, [], 'm1 was never acknowledged');
    assert.deepEqual(s.violations, [], 'no acknowledged write was lost');
  };
  for (const query of ['', '?embed']) {
    const { page, errors } = await open(`${server.url}${query}#${OLD_LINKS.end}`);
    await page.waitForFunction(() => window.replab?.state().step === 3);
    oldMeaning(await page.evaluate(() => window.replab.state()));
    assert.deepEqual(errors, []);
    await page.close();
  }
  // The editor shows the settings the link was read with, and the page's own
  // link for it is a v3 link that keeps that meaning.
  const { page, errors } = await open(`${server.url}#${OLD_LINKS.end}`);
  await page.waitForFunction(() => window.replab?.state().step === 3);
  const text = await (await openEditor(page)).inputValue();
  assert.match(text, /^set unclean\.leader\.election\.enable=false$/m);
  assert.match(text, /^set replica\.lag\.time\.max\.ms=30000$/m);
  await page.getByTestId('copy-link').click();
  const url = await page.getByTestId('share-link').inputValue();
  assert.match(url, /#v3\./);
  await page.close();
  const again = await open(url);
  await again.page.waitForFunction(() => window.replab?.state().step === 3);
  oldMeaning(await again.page.evaluate(() => window.replab.state()));
  await again.page.close();
  // A v2 link's comparison, and a v1 link's step and language.
  const cmp = await open(`${server.url}#${OLD_LINKS.compared}`);
  await cmp.page.getByTestId('compare-column').waitFor();
  assert.equal(await cmp.page.getByTestId('compare').inputValue(), 'kip-279');
  oldMeaning(await cmp.page.evaluate(() => window.replab.state()));
  await cmp.page.close();
  const zh = await open(`${server.url}#${OLD_LINKS.zh}`);
  await zh.page.waitForFunction(() => window.replab?.state().step === 1);
  assert.match(await zh.page.evaluate(() => document.documentElement.lang), /^zh/);
  await zh.page.close();
  assert.deepEqual(errors, []);
});

test('malformed links say what is wrong and load nothing', async () => {
  const good = 'protocol=hw\nstep=1\nlang=en\n\nbrokers A B\nproduce m1\n';
  const cases = [
    ['#v1.%%%%', /not valid base64url/],
    ['#' + link(good).slice(0, 14), /cut short or damaged/],
    ['#' + link(good, 'v7'), /version v7/],
    ['#' + link('protocol=hw\nstep=1\nlang=en\n\nbrokers A B\nproduce m1\nfetch Q\n'), /line 3: unknown broker 'Q'/],
    ['#' + link('protocol=hw\nstep=9\nlang=en\n\nbrokers A B\nproduce m1\n'), /step 9, but its scenario has only 1 steps/],
    ['#hello', /not a share link/],
  ];
  for (const [hash, message] of cases) {
    const { page, errors } = await open(server.url + hash);
    const alert = page.getByTestId('link-error');
    await alert.waitFor();
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.match(await alert.textContent(), message);
    // Nothing of the link was loaded: the default partition, untouched.
    assert.equal(await page.getByTestId('step-count').textContent(), '0');
    assert.equal(await page.getByTestId('broker-C').getAttribute('data-role'), 'follower');
    assert.equal(await page.getByTestId('broker-A').getAttribute('data-leo'), '0');
    assert.deepEqual(errors, []);
    if (hash === cases[2][0]) await screenshot(page, 'link-error');
    await page.close();
  }
});

test('the embed renders and plays at 360 px and 800 px', async () => {
  const walkthrough = await readFile(new URL('../../web/scenarios/leader-epoch-walkthrough.scn', import.meta.url), 'utf8');
  const fragment = link(`protocol=kip-101\nstep=0\nlang=en\n\n${walkthrough}`);
  for (const width of [360, 800]) {
    const { page, errors } = await open(`${server.url}?embed#${fragment}`, { width, height: 900 });
    await page.getByTestId('broker-B').waitFor();
    assert.equal(await page.getByTestId('scenario-editor').count(), 0, 'no editor in an embed');
    assert.equal(await page.getByTestId('editor').count(), 0, 'no editor panel in an embed');
    assert.equal(await page.getByTestId('fetch-A').count(), 0, 'no lane buttons in an embed');
    assert.equal(await stepOf(page), 0);
    await page.locator('[data-testid=open-full][href]').waitFor();
    // The page's own address until the view moves: the v1 link it opened, read
    // in the full app as it is here.
    assert.match(await page.getByTestId('open-full').getAttribute('href'), new RegExp(`#${fragment}$`));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `scrolls sideways by ${overflow}px at ${width}px`);
    if (await page.getByTestId('speed').isVisible()) await page.getByTestId('speed').selectOption('350');
    await page.getByTestId('play').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=step]').dataset.step) >= 3, null, { timeout: 15000 });
    await page.getByTestId('play').click();
    await page.getByTestId('decision').waitFor();
    await screenshot(page, `embed-${width}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("an embed's link to the full app follows its step once the view rests, and a click before that opens the current step", async () => {
  const walkthrough = await readFile(new URL('../../web/scenarios/leader-epoch-walkthrough.scn', import.meta.url), 'utf8');
  const fragment = link(`protocol=kip-101\nstep=0\nlang=en\n\n${walkthrough}`);
  const { page, errors } = await open(`${server.url}?embed#${fragment}`, { width: 800, height: 900 });
  await page.getByTestId('broker-B').waitFor();
  const stepIn = (href) => Number(/^step=(\d+)$/m.exec(inflateRawSync(Buffer.from(href.split(/#v\d+\./)[1], 'base64url')).toString())[1]);
  const full = page.getByTestId('open-full');
  await page.waitForFunction(() => document.querySelector('[data-testid=open-full]').getAttribute('href'));
  assert.equal(stepIn(await full.getAttribute('href')), 0);
  // Stepping on: the link is made again once the view rests.
  const before = await full.getAttribute('href');
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await page.waitForFunction((h) => document.querySelector('[data-testid=open-full]').getAttribute('href') !== h, before);
  assert.equal(stepIn(await full.getAttribute('href')), 2);
  // A click before the link has caught up opens the step shown all the same.
  await page.getByTestId('step-forward').click();
  const [popup] = await Promise.all([page.context().waitForEvent('page'), full.click()]);
  await popup.waitForURL(/#v3\./);
  assert.equal(stepIn(popup.url()), 3);
  await popup.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test('an embed scrolled out of view stops playing, and resumes when back', async () => {
  const walkthrough = await readFile(new URL('../../web/scenarios/leader-epoch-walkthrough.scn', import.meta.url), 'utf8');
  const fragment = link(`protocol=kip-101\nstep=0\nlang=en\n\n${walkthrough}`);
  const page = await browser.newPage();
  await page.setViewportSize({ width: 900, height: 700 });
  await page.setContent(`<iframe id="w" src="${server.url}?embed#${fragment}" style="width:800px;height:600px;border:0"></iframe>
    <div style="height:5000px"></div>`);
  const frame = page.frameLocator('#w');
  await frame.getByTestId('broker-A').waitFor();
  await frame.getByTestId('speed').selectOption('350');
  await frame.getByTestId('play').click();
  const step = () => frame.getByTestId('step').getAttribute('data-step').then(Number);
  const t0 = await step();
  let played = false;
  for (let i = 0; i < 50 && !played; i++) {
    await page.waitForTimeout(100);
    played = (await step()) > t0;
  }
  assert.ok(played, 'plays while visible');
  const onScreen = () => frame.locator('.app').getAttribute('data-on-screen');
  await page.evaluate(() => window.scrollTo(0, 4000));
  for (let i = 0; i < 50 && (await onScreen()) !== 'false'; i++) await page.waitForTimeout(100);
  assert.equal(await onScreen(), 'false');
  await page.waitForTimeout(500); // a tick already under way may still land
  const hidden = await step();
  await page.waitForTimeout(2000);
  assert.equal(await step(), hidden, 'no step while scrolled away');
  assert.equal(await frame.getByTestId('play').getAttribute('aria-pressed'), 'true', 'still meant to play');
  await page.evaluate(() => window.scrollTo(0, 0));
  let resumed = false;
  for (let i = 0; i < 50 && !resumed; i++) {
    await page.waitForTimeout(100);
    resumed = (await step()) > hidden;
  }
  assert.ok(resumed, 'resumes when back in view');
  await page.close();
});

test("the example post's embeds all load and step", async () => {
  const { page, errors } = await open(server.url + 'example-post.html', { width: 900, height: 1200 });
  const frames = page.locator('iframe');
  const n = await frames.count();
  assert.ok(n >= 5, `${n} embeds`);
  for (let i = 0; i < n; i++) {
    await frames.nth(i).scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe').nth(i);
    await frame.getByTestId('broker-A').waitFor();
    assert.equal(await frame.getByTestId('link-error').count(), 0);
    assert.equal(await frame.locator('html').getAttribute('lang'), 'zh-CN');
    const s = await stepOf(frame);
    if (s > 0) {
      await frame.getByTestId('step-back').click();
      assert.equal(await stepOf(frame), s - 1);
    } else {
      await frame.getByTestId('step-forward').click();
      assert.equal(await stepOf(frame), 1);
    }
  }
  // Each embed reported its height and the post fitted its iframe to it.
  const fitted = await frames.evaluateAll((fs) => fs.map((f) => f.style.height));
  assert.ok(fitted.every((h) => /^\d+px$/.test(h)), JSON.stringify(fitted));
  await frames.nth(0).scrollIntoViewIfNeeded();
  await screenshot(page, 'example-post');
  assert.deepEqual(errors, []);
});

test("the example post's Kafka 4.1 section loads and steps", async () => {
  const { page, errors } = await open(server.url + 'example-post.html', { width: 900, height: 1200 });
  const heading = page.locator('h2', { hasText: 'Kafka 4.1 里还会丢消息吗？' });
  await heading.scrollIntoViewIfNeeded();
  // The section's figures: the power failure under 2.8 and 4.1, the clean shutdown,
  // the last replica standing under 2.8 and 4.1.
  const figures = page.locator('h2:has-text("Kafka 4.1 里还会丢消息吗？") ~ figure iframe');
  assert.equal(await figures.count(), 5);
  const first = await page.locator('iframe').count() - 5;
  const kraft = [false, true, true, false, true];
  for (let i = 0; i < 5; i++) {
    await figures.nth(i).scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe').nth(first + i);
    await frame.getByTestId('broker-A').waitFor();
    assert.equal(await frame.getByTestId('broker-epoch-A').count() > 0, kraft[i], `figure ${i + 7}`);
    const s = await stepOf(frame);
    await frame.getByTestId('step-back').click();
    assert.equal(await stepOf(frame), s - 1);
  }
  // Figure 11: B, an ELR member, led after A failed; under 2.8 (figure 10) nobody did.
  const fig11 = page.frameLocator('iframe').nth(first + 4);
  await fig11.getByTestId('step-forward').click();
  assert.equal(await fig11.getByTestId('broker-B').getAttribute('data-role'), 'leader');
  const fig10 = page.frameLocator('iframe').nth(first + 3);
  await fig10.getByTestId('step-forward').click();
  assert.notEqual(await fig10.getByTestId('broker-B').getAttribute('data-role'), 'leader');
  await heading.scrollIntoViewIfNeeded();
  await screenshot(page, 'example-post-kraft');
  assert.deepEqual(errors, []);
});

test('the exported SVG parses and holds every broker lane', async () => {
  const { page } = await open(server.url);
  await page.getByTestId('broker-A').waitFor();
  await pickPreset(page, 'fast-failover');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-svg').click()]);
  assert.match(download.suggestedFilename(), /^replication-step-\d+\.svg$/);
  const svg = await readFile(await download.path(), 'utf8');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.nodeName,
      lanes: [...doc.querySelectorAll('g.lane')].map((g) => g.getAttribute('data-broker')),
      decision: doc.querySelector('g.decision')?.textContent ?? '',
    };
  }, svg);
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  assert.deepEqual(parsed.lanes, ['A', 'B', 'C']);
  assert.match(parsed.decision, /Truncation decision/);
});

test('the copied embed code is an iframe that opens the embed; an unchanged preset\'s is its page, drawn before the wasm', async () => {
  const { page } = await open(server.url);
  await page.getByTestId('broker-A').waitFor();
  await pickPreset(page, 'data-loss');
  await page.getByTestId('step-back').click();
  await page.getByTestId('copy-embed').click();
  const preset = await page.getByTestId('embed-code').inputValue();
  const src = preset.match(/^<iframe src="([^"]+\/data-loss\.embed-8\.html)" title="Data loss: a quick restart, then a leader change"/)?.[1];
  assert.ok(src, preset);
  const shown = await open(src, { width: 700, height: 800 });
  assert.equal(await shown.page.getByTestId('step').getAttribute('data-step'), '8');
  await shown.page.close();
  await page.bringToFront();
  // Changed, it is a link that carries the history (the preset's own step 9
  // is a produce: a tick makes another history).
  await page.getByTestId('tick').click();
  await page.getByTestId('copy-embed').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=embed-code]')?.value.includes('#v3.'));
  const code = await page.getByTestId('embed-code').inputValue();
  const m = code.match(/^<iframe src="([^"]+)" title="([^"]+)" width="100%" height="(\d+)"/);
  assert.ok(m, code);
  assert.match(m[1], /\?embed#v3\./);
  assert.equal(m[2], 'Data loss: a quick restart, then a leader change');
  const embed = await open(m[1], { width: 700, height: Number(m[3]) });
  await embed.page.getByTestId('broker-B').waitFor();
  assert.equal(await embed.page.getByTestId('violation').count(), 0, 'embeds show no side panel alerts');
  const fits = await embed.page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 40);
  assert.ok(fits, 'the iframe height fits the widget');
});

test('dist/ works from a sub-path of a static host', async () => {
  const sub = await serve(undefined, '/blog/kafka/lab/');
  try {
    const { page, errors } = await open(sub.url);
    await page.getByTestId('broker-A').waitFor();
    await page.getByTestId('produce').click();
    await page.getByTestId('record-A-0').waitFor();
    const post = await open(sub.url + 'example-post.html', { width: 900, height: 900 });
    await post.page.frameLocator('iframe').first().getByTestId('broker-A').waitFor();
    assert.deepEqual([...errors, ...post.errors], []);
  } finally {
    await sub.close();
  }
});
