// A figure an author can paste anywhere: <replab-figure> in the English example
// post (no layout shift, an image where scripts do not run), the image twins and
// oEmbed answers the build writes, dark mode, Copy embed code's element, and the
// follower-restart preset at the step its story turns on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serve, launch, screenshot, watchErrors, openApp, pickPreset } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const POST = 'example-post.en.html';

// Opens the English post with every layout shift summed (as CLS counts them:
// not those right after an input).
async function openPost({ width, height }) {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.setViewportSize({ width, height });
  await page.addInitScript(() => {
    window.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(server.url + POST);
  return { page, errors };
}

const figures = (page) => page.evaluate(() => [...document.querySelectorAll('replab-figure')].map((f) => {
  const frame = f.querySelector('iframe');
  return {
    id: f.id,
    loaded: !!frame,
    shown: f.hasAttribute('data-shown'),
    height: f.getBoundingClientRect().height,
    frameHeight: frame ? frame.getBoundingClientRect().height : null,
    top: f.getBoundingClientRect().top,
  };
}));

for (const [width, height] of [[1280, 900], [390, 844]]) {
  test(`the post's figures load near the viewport and size themselves with no layout shift (${width} px)`, async () => {
    const { page, errors } = await openPost({ width, height });
    await page.waitForFunction(() => document.querySelector('#fig1[data-shown]'));
    // Far below: not loaded yet.
    const first = await figures(page);
    const far = first.filter((f) => f.top > 3 * height);
    assert.ok(far.length > 0, 'the post has figures far below the first screen');
    assert.ok(far.every((f) => !f.loaded), JSON.stringify(first));
    // A reader scrolls through the post, a third of a screen at a time.
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < total; y += height / 3) {
      await page.mouse.wheel(0, height / 3);
      await page.waitForTimeout(60);
    }
    await page.waitForFunction(() => [...document.querySelectorAll('replab-figure')].every((f) => f.hasAttribute('data-shown')));
    for (const f of await figures(page)) {
      assert.ok(f.shown, f.id);
      assert.ok(Math.abs(f.height - f.frameHeight) <= 1, `${f.id}: the element is its embed's height (${f.height} vs ${f.frameHeight})`);
      assert.ok(f.height > 300, `${f.id}: sized by its embed, not by hand (${f.height})`);
    }
    const cls = await page.evaluate(() => window.shifts);
    assert.ok(cls < 0.01, `cumulative layout shift ${cls}`);
    await screenshot(page, `figure-element-${width}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('with JavaScript off, the post shows an image for every figure', async () => {
  const off = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
  try {
    const page = await (await off.newContext({ javaScriptEnabled: false, viewport: { width: 800, height: 1000 } })).newPage();
    await page.goto(server.url + POST);
    await page.waitForLoadState('load');
    const images = await page.evaluate(() => [...document.querySelectorAll('replab-figure')].map((f) => {
      const img = f.querySelector('img');
      const r = img && img.getBoundingClientRect();
      return { id: f.id, src: img?.getAttribute('src'), decoded: !!img && img.complete && img.naturalWidth > 0, width: r?.width ?? 0, frame: !!f.querySelector('iframe') };
    }));
    assert.equal(images.length, 4);
    for (const i of images) {
      assert.ok(i.decoded, `${i.id}: ${i.src} shows`);
      assert.ok(i.width > 300, `${i.id}: the image is shown at ${i.width} px`);
      assert.match(i.src, /\.embed-\d+\.png$/);
      assert.equal(i.frame, false);
    }
    await page.locator('#fig1').scrollIntoViewIfNeeded();
    await screenshot(page, 'post-without-javascript');
  } finally {
    await off.close();
  }
});

test('an embed page names its oEmbed answer and image twin; the answer is valid and its thumbnail a PNG that decodes', async () => {
  const page = await browser.newPage();
  for (const file of ['data-loss.embed-5.html', 'follower-restart-then-failover.embed-6.zh.html']) {
    await page.goto(server.url + file);
    const head = await page.evaluate(() => ({
      oembed: document.querySelector('link[rel=alternate][type="application/json+oembed"]')?.getAttribute('href'),
      image: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      title: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    }));
    const stem = file.replace(/\.html$/, '');
    assert.equal(head.oembed, `${stem}.oembed.json`);
    assert.equal(head.image, `${stem}.png`);
    assert.ok(head.title);
    const answer = await page.evaluate(async (url) => (await fetch(url)).json(), head.oembed);
    assert.equal(answer.version, '1.0');
    assert.equal(answer.type, 'rich');
    assert.equal(answer.provider_name, 'Kafka Replication Lab');
    assert.ok(Number.isInteger(answer.width) && Number.isInteger(answer.height) && answer.height > 300);
    assert.match(answer.html, new RegExp(`^<iframe src="${file.replace(/\./g, '\\.')}" title="[^"]+" width="100%" height="${answer.height}"`));
    assert.equal(answer.thumbnail_url, head.image);
    assert.ok(answer.title && !answer.title.includes('<'));
    const png = await page.evaluate(async (url) => {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const img = new Image();
      img.src = url;
      await img.decode();
      return { signature: [...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join(''), width: img.naturalWidth, height: img.naturalHeight };
    }, answer.thumbnail_url);
    assert.equal(png.signature, 'PNG');
    // Twice the pixels of the size it is shown at.
    assert.deepEqual([png.width, png.height], [answer.thumbnail_width * 2, answer.thumbnail_height * 2]);
  }
  // A full page's story as a GIF, and the page names the end of its story.
  await page.goto(server.url + 'divergence.zh.html');
  assert.equal(await page.locator('meta[property="og:image"]').getAttribute('content'), 'divergence.embed-11.zh.png');
  const gif = await page.evaluate(async () => {
    const img = new Image();
    img.src = 'divergence.zh.gif';
    await img.decode();
    return img.naturalWidth;
  });
  assert.equal(gif, 720);
  await page.close();
});

test('dark mode follows the reader, ?theme= forces one, and a figure passes its theme on and changes it live', async () => {
  const page = await browser.newPage();
  const bg = (frame) => frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const DARK = 'rgb(21, 23, 26)', LIGHT = 'rgb(247, 247, 245)';
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(server.url + 'data-loss.embed-3.html');
  assert.equal(await bg(page), DARK);
  await page.goto(server.url + 'data-loss.embed-3.html?theme=light');
  assert.equal(await bg(page), LIGHT);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(server.url + 'data-loss.html');
  assert.equal(await bg(page), LIGHT);
  await page.goto(server.url + 'data-loss.html?theme=dark');
  assert.equal(await bg(page), DARK);
  // A host page's figure, forced dark, then changed live.
  await page.route(`${server.url}theme-host.html`, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><meta charset="utf-8"><script src="replab-embed.js"></script>
      <replab-figure id="f" src="data-loss.embed-3.html" theme="dark"><img alt="twin" src="data-loss.embed-3.png" width="720"></replab-figure>`,
  }));
  await page.goto(`${server.url}theme-host.html`);
  await page.waitForFunction(() => document.querySelector('#f[data-shown]'));
  const frame = page.frameLocator('#f iframe');
  assert.match(await page.locator('#f iframe').getAttribute('src'), /data-loss\.embed-3\.html\?theme=dark$/);
  const inner = () => frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  assert.equal(await inner(), DARK);
  await page.evaluate(() => document.getElementById('f').setTheme('light'));
  await page.waitForFunction(async () => getComputedStyle(document.querySelector('#f iframe').contentDocument.body).backgroundColor === 'rgb(247, 247, 245)');
  assert.equal(await page.locator('#f').getAttribute('theme'), 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => window.replabEmbed.setTheme('f', 'auto'));
  await page.waitForFunction(async () => getComputedStyle(document.querySelector('#f iframe').contentDocument.body).backgroundColor === 'rgb(21, 23, 26)');
  assert.equal(await page.evaluate(() => window.replabEmbed.setTheme('f', 'purple')), false);
  await screenshot(page, 'figure-element-dark');
  await page.close();
});

test('the element answers its API: step, events, decisions and a violation, from the real embed', async () => {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.route(`${server.url}api-host.html`, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><meta charset="utf-8"><script src="replab-embed.js"></script>
      <replab-figure id="f" src="follower-restart-then-failover.embed-0.html" lang="zh"></replab-figure>
      <script>
        window.heard = [];
        for (const name of ['ready', 'step', 'violation', 'decision']) {
          document.getElementById('f').addEventListener(name, (e) => heard.push({ name, step: e.detail.step, kind: e.detail.kind, decisions: e.detail.decisions }));
        }
      </script>`,
  }));
  await page.goto(`${server.url}api-host.html`);
  await page.waitForFunction(() => document.querySelector('#f[data-shown]'));
  assert.match(await page.locator('#f iframe').getAttribute('src'), /follower-restart-then-failover\.embed-0\.zh\.html$/);
  await page.waitForFunction(() => heard.some((h) => h.name === 'ready'));
  assert.equal(await page.evaluate(() => document.getElementById('f').step(7)), true);
  await page.waitForFunction(() => heard.some((h) => h.name === 'decision' && h.step === 7));
  const decided = await page.evaluate(() => heard.find((h) => h.name === 'decision' && h.step === 7).decisions);
  assert.match(decided.join(' '), /A 把日志从 2 截断到 1/);
  await page.evaluate(() => document.getElementById('f').step(8));
  await page.waitForFunction(() => heard.some((h) => h.name === 'violation' && h.step === 8));
  assert.equal(await page.evaluate(() => heard.find((h) => h.name === 'violation').kind), 'committed-write-lost');
  assert.equal(await page.evaluate(() => document.getElementById('f').step(-1)), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the follower-restart preset stands where its story turns: follower A at LEO 2 / HW 1, leader B at LEO 2 / HW 2', async () => {
  const { page, errors } = await openApp(browser, server.url + 'follower-restart-then-failover.embed-6.html', { width: 800, height: 900 });
  const s = await page.evaluate(() => window.replab.state());
  assert.equal(s.step, 6);
  assert.equal(s.protocol, 'hw');
  const [a, b] = s.brokers;
  assert.deepEqual([a.id, a.role, a.leo, a.hw], ['A', 'follower', 2, 1]);
  assert.deepEqual([b.id, b.role, b.leo, b.hw], ['B', 'leader', 2, 2]);
  assert.match(await page.getByTestId('broker-A').textContent(), /LEO\s*2\s*·\s*HW\s*1/);
  assert.match(await page.getByTestId('broker-B').textContent(), /LEO\s*2\s*·\s*HW\s*2/);
  await screenshot(page, 'follower-restart-step-6');
  assert.deepEqual(errors, []);
  await page.close();
});

test("Copy embed code offers a <replab-figure> beside its iframe (a preset's with its image twin), and the element shows the figure", async () => {
  const { page } = await openApp(browser, server.url);
  await pickPreset(page, 'divergence');
  await page.getByTestId('step-back').click();
  await page.getByTestId('copy-embed').click();
  const code = await page.getByTestId('element-code').inputValue();
  const m = code.match(/<script src="([^"]+replab-embed\.js)" defer><\/script>\n<replab-figure src="([^"]+divergence\.embed-10\.html)" height="(\d+)" title="Divergence: a power failure on both replicas" style="display:block;min-height:\3px">\n {2}<a href="[^"]+divergence\.html"><img src="([^"]+divergence\.embed-10\.png)"/);
  assert.ok(m, code);
  assert.match(await page.getByTestId('embed-code').inputValue(), /^<iframe /);
  const host = await browser.newPage();
  await host.route(`${server.url}element-host.html`, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8', body: `<!doctype html><meta charset="utf-8"><body>${code}</body>`,
  }));
  await host.goto(`${server.url}element-host.html`);
  await host.waitForFunction(() => document.querySelector('replab-figure[data-shown]'));
  await host.frameLocator('replab-figure iframe').getByTestId('broker-B').waitFor();
  assert.equal(await host.frameLocator('replab-figure iframe').getByTestId('step').getAttribute('data-step'), '10');
  await host.close();
  // A changed story has no pre-rendered page: its element embeds the share
  // link, with a link to the full page in place of an image.
  await page.getByTestId('tick').click();
  await page.getByTestId('copy-embed').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=element-code]')?.value.includes('#v3.'));
  const shared = await page.getByTestId('element-code').inputValue();
  assert.match(shared, /<replab-figure src="[^"]+\?embed#v3\.[^"]+" height="(\d+)" title="Divergence: a power failure on both replicas" style="display:block;min-height:\1px">\n {2}<a href="[^"]+#v3\.[^"]+">Divergence: a power failure on both replicas<\/a>/);
  assert.doesNotMatch(shared, /<img/);
  await page.close();
});

// A figure first on a page, a paragraph after it: the paragraph does not move
// when the embed shows (cumulative layout shift below 0.01), and once the
// figure is scrolled away the element takes its embed's own height. The
// element as Copy embed code writes it holds its place from the first paint
// (its style); one written by hand without a height holds a two-broker
// story's place from the moment replab-embed.js defines it, so with the
// script loaded before it (not deferred) it shifts nothing either.
const DEFERRED = '<script src="replab-embed.js" defer></script>';
const BEFORE = '<script src="replab-embed.js"></script>';
for (const [name, script, element] of [
  ['Copy embed code\'s, three brokers', DEFERRED, '<replab-figure src="kraft-last-replica-standing.embed-4.html" height="960" style="display:block;min-height:960px"></replab-figure>'],
  ['Copy embed code\'s, two brokers, its image twin', DEFERRED, '<replab-figure src="data-loss.embed-5.html" height="790" style="display:block;min-height:790px"><a href="data-loss.html"><img src="data-loss.embed-5.png" alt="the figure" width="720"></a></replab-figure>'],
  ['by hand, no height, the script before it', BEFORE, '<replab-figure src="data-loss.embed-5.html"></replab-figure>'],
]) {
  test(`a <replab-figure> first on a page shifts nothing as it shows (${name})`, async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 900, height: 1000 });
    await page.addInitScript(() => {
      window.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.route(`${server.url}cls-host.html`, (route) => route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><meta charset="utf-8">${script}
<body style="margin:0 auto;max-width:800px;font:16px/1.5 sans-serif">${element}
<p id="after">The paragraph after the figure.</p>${'<p>More of the post.</p>'.repeat(40)}</body>`,
    }));
    await page.goto(`${server.url}cls-host.html`);
    const after = () => page.evaluate(() => document.getElementById('after').getBoundingClientRect().top);
    const before = await after();
    await page.waitForFunction(() => document.querySelector('replab-figure[data-shown]'));
    await page.frameLocator('replab-figure iframe').getByTestId('broker-B').waitFor();
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => window.shifts);
    assert.ok(cls < 0.01, `cumulative layout shift ${cls}`);
    assert.equal(await after(), before, 'the paragraph after the figure stands where it stood');
    // Scrolled away, the element takes the height its embed reports.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => {
      const f = document.querySelector('replab-figure');
      return Math.abs(f.getBoundingClientRect().height - f.querySelector('iframe').getBoundingClientRect().height) <= 1;
    });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
