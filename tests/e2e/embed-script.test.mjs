// replab-embed.js, the host side of the embed protocol (docs/embedding.md).
// Most tests drive the script against a stand-in embed: a small page, served
// from another origin by page.route, that speaks protocol version 1 (ready,
// step and height events) and writes every message it receives into its DOM.
// The last test drives the real embeds in the example post.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, screenshot, watchErrors } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const LAB = 'http://lab.test'; // the stand-in embed's origin; the host page is on 127.0.0.1

// The stand-in embed. Query: ready=<ms> before it says ready (0), h=<px> the
// height it reports (400), grow=<px> reports that much more height per step,
// garbage=1 posts malformed messages first, old=1 reports its height only the
// old way ({ replabHeight }), silent=1 says nothing.
const FAKE_EMBED = `<!doctype html><meta charset="utf-8">
<body style="margin:0;font:12px monospace"><div>stand-in embed</div><pre id="log"></pre>
<script>
  const q = new URLSearchParams(location.search);
  const len = 20;
  let step = 0, ready = false;
  const say = (m) => parent.postMessage(m, '*');
  addEventListener('message', (e) => {
    if (e.source !== parent) return;
    document.getElementById('log').textContent += JSON.stringify({ ready, origin: e.origin, data: e.data }) + '\\n';
    const d = e.data;
    if (ready && d && d.replab === 1 && d.cmd === 'step' && Number.isInteger(d.step)) {
      step = Math.min(d.step, len);
      say({ replab: 1, event: 'step', step, len });
      if (q.get('grow')) say({ replab: 1, event: 'height', height: h + step * Number(q.get('grow')) });
    }
  });
  const h = Number(q.get('h') || 400);
  if (q.get('garbage')) {
    for (const m of [null, 'hello', 42, [1, 2], { replab: 1 }, { replab: 1, event: 'height', height: '999px' },
      { replab: 1, event: 'height', height: -5 }, { replab: 1, event: 'height' }, { replab: 2, event: 'height', height: 55 },
      { replab: '1', event: 'height', height: 66 }, { replab: 1, event: 'nonsense', height: 77 },
      { replab: 1, event: 'ready', step: 'x', len: 20 }, { replab: 1, event: 'step', step: -1, len: 20 },
      { replabHeight: 'tall' }, { replabHeight: Infinity }, { replab: 1, event: 'height', height: 1e9 }]) say(m);
  }
  if (!q.get('silent')) setTimeout(() => {
    ready = true;
    if (q.get('old')) { say({ replabHeight: h }); return; }
    say({ replab: 1, event: 'ready', step, len, protocol: 'hw' });
    say({ replab: 1, event: 'height', height: h });
    say({ replabHeight: h });
  }, Number(q.get('ready') || 0));
</script>`;

const embedSrc = (query = '', fragment = 'v1.x') => `${LAB}/lab/index.html?embed${query}#${fragment}`;
const gap = (px) => `<div style="height:${px}px"></div>`;

// Opens a host page (body = its markup) served beside the built replab-embed.js.
// The script is loaded in <head> without defer, so that it listens before any
// stand-in can say ready; `late` loads it that many ms after the page instead.
async function host(body, { width = 800, height = 600, reducedMotion = 'no-preference', name = 'host', late = 0 } = {}) {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ reducedMotion });
  // Records every scrollIntoView of an iframe (the script's), with its options.
  await page.addInitScript(() => {
    const original = Element.prototype.scrollIntoView;
    window.scrolls = [];
    Element.prototype.scrollIntoView = function (options) {
      if (this.tagName === 'IFRAME') window.scrolls.push({ id: this.id, options });
      return original.call(this, options);
    };
    // Every event the script passes on, from any figure.
    window.seen = [];
    document.addEventListener('replab', (e) => window.seen.push({ id: e.target.id, event: e.detail.event }));
  });
  await page.route(`${LAB}/**`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: FAKE_EMBED }));
  await page.route(`${server.url}${name}.html`, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><meta charset="utf-8"><title>host</title>
      <style>body{margin:0;font:16px sans-serif} iframe{display:block;width:500px;height:150px;border:1px solid #999}</style>
      ${late ? '' : '<script src="replab-embed.js"></script>'}
      <body>${body}</body>`,
  }));
  await page.goto(`${server.url}${name}.html`);
  if (late) {
    await page.waitForTimeout(late);
    await page.addScriptTag({ url: 'replab-embed.js' });
  }
  await page.waitForFunction(() => window.replabEmbed && window.replabEmbed.version === 1);
  return { page, errors, warnings };
}

// The messages a stand-in embed received, oldest first.
async function received(page, id) {
  const text = await page.frameLocator(`#${id}`).locator('#log').textContent();
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
}
const commands = async (page, id) => (await received(page, id)).map((r) => r.data);

async function until(what, check, timeout = 5000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    last = await check();
    if (last) return last;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  assert.fail(`timed out waiting for ${what}`);
}

const ready = (page, id) => page.frameLocator(`#${id}`).locator('#log').waitFor({ state: 'attached' })
  .then(() => until(`${id} to say ready`, () => page.evaluate((i) => document.getElementById(i).style.height !== '', id)));

// Waits until the page has not scrolled for half a second.
async function settle(page) {
  let y = await page.evaluate(() => window.scrollY), still = 0;
  while (still < 500) {
    await page.waitForTimeout(100);
    const now = await page.evaluate(() => window.scrollY);
    still = now === y ? still + 100 : 0;
    y = now;
  }
}

// Puts the middle of an element at the middle of the viewport, at once.
const centre = (page, selector) => page.evaluate((s) => {
  const el = document.querySelector(s);
  const r = el.getBoundingClientRect();
  window.scrollTo(0, window.scrollY + r.top + r.height / 2 - window.innerHeight / 2);
}, selector);

const lastStep = async (page, id) => {
  const steps = (await commands(page, id)).filter((c) => c.cmd === 'step');
  return steps.length ? steps[steps.length - 1].step : null;
};

test('a paragraph scrolled into the middle moves its figure to its step', async () => {
  const { page, errors } = await host(`
    <iframe id="a" src="${embedSrc()}"></iframe>
    ${gap(700)}<p id="p3" data-replab-step="3">Step three of figure a.</p>
    ${gap(700)}<p id="p7" data-replab-step="7">Step seven of figure a.</p>
    ${gap(700)}<iframe id="b" src="${embedSrc('&h=200', 'v1.b')}"></iframe>
    ${gap(700)}<p id="q2" data-replab-step="2">Step two of figure b.</p>
    ${gap(700)}<p id="p5" data-replab-step="5" data-replab-figure="a">Step five, of figure a by its id.</p>
    ${gap(1200)}`);
  await ready(page, 'a');
  assert.deepEqual(await commands(page, 'a'), [], 'nothing in the band yet');

  await centre(page, '#p7');
  await until('step 7 at a', async () => (await lastStep(page, 'a')) === 7);
  const got = await received(page, 'a');
  assert.deepEqual(got.map((r) => r.data), [{ replab: 1, cmd: 'step', step: 7 }], 'one command, no animate flag');
  assert.equal(got[0].origin, new URL(server.url).origin, "the embed sees the host's origin");
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('.replab-active')].map((e) => e.id)), ['p7']);

  await centre(page, '#p3'); // scrolling back up goes back
  await until('step 3 at a', async () => (await lastStep(page, 'a')) === 3);

  await centre(page, '#q2'); // the nearest figure before it is b
  await until('step 2 at b', async () => (await lastStep(page, 'b')) === 2);
  assert.deepEqual((await commands(page, 'a')).map((c) => c.step), [7, 3], 'a got nothing for b');

  await centre(page, '#p5'); // after b in the page, but it names a
  await until('step 5 at a', async () => (await lastStep(page, 'a')) === 5);
  assert.deepEqual((await commands(page, 'b')).map((c) => c.step), [2]);
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('.replab-active')].map((e) => e.id)).then((a) => a.sort()), ['p5', 'q2'],
    'one active element per figure');
  // The figures fitted their reported heights (content box: 400 and 200 px).
  assert.deepEqual(await page.evaluate(() => ['a', 'b'].map((i) => document.getElementById(i).getBoundingClientRect().height)), [402, 202]);
  await screenshot(page, 'embed-script-scroll');
  assert.deepEqual(errors, []);
  await page.close();
});

// A <replab-figure>'s frame, for received() and commands(): the iframe inside #id.
const inside = (id) => `${id} iframe`;

test('a <replab-figure> loads two screens ahead, shows at its embed\'s height in place of its fallback, and pauses off screen', async () => {
  const { page, errors } = await host(`
    <p id="top">top</p>${gap(3000)}
    <replab-figure id="f" src="${embedSrc('&h=321')}" height="333">
      <img id="twin" alt="the figure" width="300" height="100" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    </replab-figure>
    <p id="p4" data-replab-step="4">Step four of the element.</p>${gap(3000)}`, { height: 600 });
  const frames = () => page.locator('#f iframe').count();
  assert.equal(await frames(), 0, 'five screens away: not loaded');
  // Until it shows, the element keeps the height it was given.
  assert.equal(await page.evaluate(() => document.getElementById('f').getBoundingClientRect().height), 333);
  await page.evaluate(() => window.scrollTo(0, 600)); // 4 screens away
  await page.waitForTimeout(300);
  assert.equal(await frames(), 0, 'four screens away: not loaded');
  await page.evaluate(() => window.scrollTo(0, 1800)); // 2 screens away
  await until('the element to load and show', () => page.evaluate(() => document.querySelector('#f[data-shown]') !== null));
  assert.equal(await page.evaluate(() => document.getElementById('f').getBoundingClientRect().height), 321);
  assert.equal(await page.locator('#twin').isVisible(), false, 'the fallback gives way');
  // Play, then off screen and back: paused, then playing again.
  assert.equal(await page.evaluate(() => document.getElementById('f').play()), true);
  await centre(page, '#f');
  await page.waitForTimeout(300); // seen on screen (observers report by frame)
  await page.evaluate(() => window.scrollTo(0, 0));
  await until('a pause off screen', async () => (await commands(page, inside('f'))).some((c) => c.cmd === 'pause'));
  await centre(page, '#f');
  await until('play again on screen', async () => {
    const cs = (await commands(page, inside('f'))).map((c) => c.cmd).filter((c) => c === 'play' || c === 'pause');
    return cs[cs.length - 1] === 'play' && cs.includes('pause');
  });
  // Paused by the reader's host page: off screen it stays paused.
  await page.evaluate(() => document.getElementById('f').pause());
  const before = (await commands(page, inside('f'))).length;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await centre(page, '#f');
  await page.waitForTimeout(300);
  const after = (await commands(page, inside('f'))).slice(before).filter((c) => c.cmd === 'play');
  assert.deepEqual(after, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a <replab-figure> answers the API and its scroll steps, with enter and exit events', async () => {
  const { page, errors } = await host(`
    <replab-figure id="f" src="${embedSrc('&h=250')}"><a href="#">fallback</a></replab-figure>
    ${gap(700)}<p id="p3" data-replab-step="3">Step three.</p>
    ${gap(700)}<p id="p6" data-replab-step="6">Step six.</p>${gap(1200)}`);
  await page.evaluate(() => {
    window.band = [];
    for (const name of ['replabenter', 'replabexit']) {
      document.addEventListener(name, (e) => band.push([name, e.target.id, e.detail.step, e.detail.figure.id, e.detail.direction]));
    }
    window.steps = [];
    document.getElementById('f').addEventListener('step', (e) => steps.push(e.detail.step));
  });
  await until('the element to show', () => page.evaluate(() => document.querySelector('#f[data-shown]') !== null));
  await centre(page, '#p6');
  await until('step 6', async () => (await lastStep(page, inside('f'))) === 6);
  await until('the step event', () => page.evaluate(() => window.steps.includes(6)));
  await centre(page, '#p3');
  await until('step 3', async () => (await lastStep(page, inside('f'))) === 3);
  const band = await page.evaluate(() => window.band);
  assert.deepEqual(band.filter((b) => b[1] === 'p6'), [['replabenter', 'p6', 6, 'f', 'down'], ['replabexit', 'p6', 6, 'f', 'up']]);
  assert.deepEqual(band.filter((b) => b[1] === 'p3').slice(-1), [['replabenter', 'p3', 3, 'f', 'up']]);
  // The API, by the element, by its id, and as methods.
  assert.equal(await page.evaluate(() => window.replabEmbed.step('f', 9)), true);
  assert.equal(await page.evaluate(() => document.getElementById('f').step(11)), true);
  assert.equal(await page.evaluate(() => document.getElementById('f').load('brokers A B\nproduce m1\n', { protocol: 'hw', step: 1 })), true);
  assert.equal(await page.evaluate(() => document.getElementById('f').setTheme('dark')), true);
  assert.equal(await page.evaluate(() => document.getElementById('f').step('x')), false);
  await until('the commands', async () => (await commands(page, inside('f'))).some((c) => c.cmd === 'setTheme'));
  const got = (await commands(page, inside('f'))).slice(-4);
  assert.deepEqual(got, [
    { replab: 1, cmd: 'step', step: 9 },
    { replab: 1, cmd: 'step', step: 11 },
    { replab: 1, cmd: 'load', text: 'brokers A B\nproduce m1\n', protocol: 'hw', step: 1 },
    { replab: 1, cmd: 'setTheme', theme: 'dark' },
  ]);
  assert.equal(await page.evaluate(() => document.getElementById('f').getAttribute('theme')), 'dark');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a figure that changes height as it steps does not move the paragraph being read', async () => {
  // Each step makes the figure 90 px taller. The paragraphs follow it directly,
  // so while one is read the figure is partly on screen above it (the browser's
  // own scroll anchoring does not help then): without care they would slide
  // through the band, each moving the figure to its own step.
  const { page, errors } = await host(`
    ${gap(800)}<iframe id="a" src="${embedSrc('&h=300&grow=90')}"></iframe>
    ${['2', '4', '6', '8', '10'].map((n) => `<p id="p${n}" data-replab-step="${n}" style="margin:0 0 40px">Step ${n}.</p>`).join('\n')}
    ${gap(1500)}`, { height: 700 });
  await ready(page, 'a');
  for (const n of [6, 2, 10, 4]) {
    await centre(page, `#p${n}`);
    await until(`step ${n} at a`, async () => (await lastStep(page, 'a')) === n);
    await page.waitForTimeout(400); // the new height lands
    const middle = await page.evaluate((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return r.top <= window.innerHeight / 2 && r.bottom >= window.innerHeight / 2;
    }, `p${n}`);
    assert.ok(middle, `p${n} is still across the middle line`);
    assert.equal(await lastStep(page, 'a'), n, 'and the figure stayed at its step');
  }
  assert.deepEqual((await commands(page, 'a')).map((c) => c.step), [6, 2, 10, 4], 'one command per paragraph read');
  assert.deepEqual(errors, []);
  await page.close();
});

test('when two paragraphs share the band and one leaves, the other takes over', async () => {
  const { page, errors } = await host(`
    <iframe id="a" src="${embedSrc()}"></iframe>
    ${gap(600)}<p id="p1" data-replab-step="1" style="margin:0;height:20px">One.</p>
    <p id="p2" data-replab-step="2" style="margin:0;height:20px">Two.</p>${gap(1500)}`, { height: 600 });
  await ready(page, 'a');
  // The band is 60 px high: both paragraphs in it, p1 across the middle line.
  await page.evaluate(() => window.scrollTo(0, document.getElementById('p1').offsetTop + 10 - 300));
  await until('step 1 at a', async () => (await lastStep(page, 'a')) === 1);
  // p1 leaves the band at its top; p2 is still in it.
  await page.evaluate(() => window.scrollBy(0, 45));
  await until('step 2 at a', async () => (await lastStep(page, 'a')) === 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a clicked step stands until the reader scrolls, even after a scroll just before the click', async () => {
  const { page, errors } = await host(`
    <iframe id="a" src="${embedSrc()}"></iframe>
    ${gap(300)}<p id="p2" data-replab-step="2">Step two.</p>
    ${gap(500)}<p id="p5" data-replab-step="5">Step five, or <a id="go9" data-replab-step="9">step 9</a>.</p>
    ${gap(1500)}`);
  await ready(page, 'a');
  // Scroll p5 into the band and click at once: the band's report comes after the click.
  await page.evaluate(() => {
    const r = document.getElementById('p5').getBoundingClientRect();
    window.scrollTo(0, window.scrollY + r.top + r.height / 2 - window.innerHeight / 2);
    document.getElementById('go9').click();
  });
  await until('step 9 at a', async () => (await lastStep(page, 'a')) === 9);
  await settle(page); // the click's own scroll, to the figure, passed p2 by
  assert.deepEqual((await commands(page, 'a')).map((c) => c.step), [9]);
  // The reader scrolls: the band moves the figure again.
  await centre(page, '#p2');
  await until('step 2 at a', async () => (await lastStep(page, 'a')) === 2);
  await centre(page, '#p5');
  await until('step 5 at a', async () => (await lastStep(page, 'a')) === 5);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a step link moves its figure on click and brings it into view', async () => {
  const { page, errors } = await host(`
    <iframe id="a" src="${embedSrc()}"></iframe>
    ${gap(1500)}
    <p id="text" data-replab-step="2">Read on: <a id="go9" data-replab-step="9">step 9</a>.</p>
    ${gap(1500)}
    <iframe id="b" src="${embedSrc('', 'v1.b')}"></iframe>
    <p><a id="hash" href="#" data-replab-step="4">step 4</a>, <span id="key" data-replab-step="6" data-replab-click>step 6</span>.</p>
    ${gap(1500)}`);
  await ready(page, 'a');
  await page.evaluate(() => document.getElementById('text').scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(200);
  assert.ok(await page.evaluate(() => document.getElementById('a').getBoundingClientRect().bottom < 0), 'the figure is off-screen');

  await page.locator('#go9').click();
  await until('step 9 at a', async () => (await lastStep(page, 'a')) === 9);
  assert.deepEqual((await commands(page, 'a')).filter((c) => c.cmd === 'step').map((c) => c.step), [9],
    'the scroll to the figure moved it nowhere else');
  assert.deepEqual(await page.evaluate(() => window.scrolls), [{ id: 'a', options: { behavior: 'smooth', block: 'center' } }]);
  await until('the figure on screen', () => page.evaluate(() => {
    const r = document.getElementById('a').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }));
  assert.equal(await page.evaluate(() => document.querySelector('.replab-active').id), 'go9');

  // href="#": no navigation; its figure (b) is on screen, so no scroll either.
  await ready(page, 'b');
  await page.evaluate(() => document.getElementById('b').scrollIntoView({ block: 'start' }));
  const scrolls = await page.evaluate(() => window.scrolls.length);
  await page.locator('#hash').click();
  await until('step 4 at b', async () => (await lastStep(page, 'b')) === 4);
  assert.equal(await page.evaluate(() => location.hash), '');

  // An element with data-replab-click is reachable by keyboard.
  assert.equal(await page.locator('#key').getAttribute('tabindex'), '0');
  assert.equal(await page.locator('#key').getAttribute('role'), 'button');
  await page.locator('#key').focus();
  await page.keyboard.press('Enter');
  await until('step 6 at b', async () => (await lastStep(page, 'b')) === 6);
  assert.equal(await page.evaluate(() => window.scrolls.length), scrolls, 'a figure on screen is not scrolled to');
  assert.deepEqual((await commands(page, 'a')).map((c) => c.step), [9], 'a got only its own link');
  assert.deepEqual(errors, []);
  await page.close();
});

test('under prefers-reduced-motion steps jump and nothing scrolls smoothly', async () => {
  const { page, errors } = await host(`
    <iframe id="a" src="${embedSrc()}"></iframe>
    ${gap(900)}<p id="p3" data-replab-step="3">Step three.</p>
    ${gap(1500)}<p><a id="go8" data-replab-step="8">step 8</a></p>${gap(800)}`, { reducedMotion: 'reduce' });
  await ready(page, 'a');
  await centre(page, '#p3');
  await until('step 3 at a', async () => (await lastStep(page, 'a')) === 3);
  await centre(page, '#go8');
  await page.waitForTimeout(200);
  const before = await page.evaluate(() => window.scrollY);
  const after = await page.evaluate(() => { document.getElementById('go8').click(); return window.scrollY; });
  assert.ok(after < before, `scrolled at once (${before} → ${after})`);
  await until('step 8 at a', async () => (await lastStep(page, 'a')) === 8);
  assert.deepEqual((await commands(page, 'a')).filter((c) => c.cmd === 'step'), [
    { replab: 1, cmd: 'step', step: 3, animate: false },
    { replab: 1, cmd: 'step', step: 8, animate: false },
  ]);
  assert.deepEqual(await page.evaluate(() => window.scrolls.map((s) => s.options.behavior)), ['auto']);
  await page.evaluate(() => window.replabEmbed.step('a', 1));
  await until('step 1 at a', async () => (await lastStep(page, 'a')) === 1);
  assert.equal((await commands(page, 'a')).at(-1).animate, false, 'the API too');
  assert.deepEqual(errors, []);
  await page.close();
});

test('commands before ready wait for it; the API checks what it is given', async () => {
  const { page, errors } = await host(`<iframe id="slow" src="${embedSrc('&ready=1500')}"></iframe>`);
  const results = await page.evaluate(() => {
    const r = window.replabEmbed;
    return [
      r.step('slow', 4), r.play('slow'), r.step(document.getElementById('slow'), 6),
      r.step('nope', 1), r.step('slow', -1), r.step('slow', 1.5), r.step(null, 2), r.step('slow', '3x'),
      r.play(42), r.load('slow', 42), r.load(undefined, 'brokers A B'),
    ];
  });
  assert.deepEqual(results, [true, true, true, false, false, false, false, false, false, false, false]);
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => document.getElementById('slow').style.height), '', 'not ready yet');
  await until('the queue delivered', async () => (await received(page, 'slow')).some((r) => r.ready));
  await page.waitForTimeout(300);
  const got = await received(page, 'slow');
  // Copies sent before ready may or may not arrive (this stand-in listens from
  // the start); on ready comes the queue: the last step, and play, once each.
  assert.deepEqual(got.filter((r) => !r.ready).map((r) => r.data.cmd + (r.data.step ?? '')), ['step4', 'play', 'step6']);
  assert.deepEqual(got.filter((r) => r.ready).map((r) => r.data), [{ replab: 1, cmd: 'play' }, { replab: 1, cmd: 'step', step: 6 }]);

  // Once ready, commands go at once; a load carries only the options it knows
  // (a language as a code, which the embed checks against its own).
  const loaded = await page.evaluate(() => [
    window.replabEmbed.pause('slow'),
    window.replabEmbed.load('slow', 'brokers A B\nproduce m1\n', { protocol: 'kip-101', step: 1, lang: 'zh', colour: 'red' }),
    window.replabEmbed.load('slow', 'brokers A B\n', { step: -2, lang: 'French', protocol: 7 }),
  ]);
  assert.deepEqual(loaded, [true, true, true]);
  await until('pause and loads', async () => (await received(page, 'slow')).length === 8);
  assert.deepEqual((await commands(page, 'slow')).slice(5), [
    { replab: 1, cmd: 'pause' },
    { replab: 1, cmd: 'load', text: 'brokers A B\nproduce m1\n', protocol: 'kip-101', step: 1, lang: 'zh' },
    { replab: 1, cmd: 'load', text: 'brokers A B\n' },
  ]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a step scrolled to before its figure is ready is delivered on ready', async () => {
  const { page, errors } = await host(`
    <iframe id="a" src="${embedSrc('&ready=1200')}"></iframe>
    ${gap(200)}<p id="p5" data-replab-step="5" style="margin-top:0">Step five.</p>${gap(1500)}`);
  await centre(page, '#p5');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.getElementById('p5').classList.contains('replab-active')), true);
  await until('ready', async () => (await received(page, 'a')).some((r) => r.ready));
  const got = await received(page, 'a');
  assert.deepEqual(got.map((r) => [r.ready, r.data.step]), [[false, 5], [true, 5]], 'sent at once, and again on ready');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a figure that said ready before the script listened still gets commands', async () => {
  const { page, errors } = await host(`<iframe id="a" src="${embedSrc()}"></iframe>`, { late: 800 });
  await page.frameLocator('#a').locator('#log').waitFor({ state: 'attached' });
  assert.equal(await page.evaluate(() => window.replabEmbed.step('a', 3)), true);
  await until('step 3 at a', async () => (await lastStep(page, 'a')) === 3);
  // Its answer (a step event) told the script it is ready: the next goes once.
  await page.waitForTimeout(200);
  await page.evaluate(() => window.replabEmbed.step('a', 5));
  await until('step 5 at a', async () => (await lastStep(page, 'a')) === 5);
  await page.waitForTimeout(200);
  assert.deepEqual((await commands(page, 'a')).map((c) => c.step), [3, 5]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('figures are fitted to the heights they report; malformed messages are ignored', async () => {
  const { page, errors, warnings } = await host(`
    <iframe id="g" src="${embedSrc('&garbage=1&h=333')}"></iframe>
    <iframe id="old" src="${embedSrc('&old=1&h=321')}"></iframe>
    <iframe id="boxed" style="box-sizing:border-box;border:5px solid #999;padding:2px" src="${embedSrc('&h=300')}"></iframe>
    <iframe id="other" src="${LAB}/widget.html?h=111"></iframe>
    <p data-replab-step="1">Step one.</p>${gap(2000)}`);
  await until('all fitted', () => page.evaluate(() => ['g', 'old', 'boxed'].every((i) => document.getElementById(i).style.height)));
  await page.waitForTimeout(300);
  const heights = await page.evaluate(() => Object.fromEntries(['g', 'old', 'boxed', 'other'].map((i) => [i, document.getElementById(i).style.height])));
  assert.deepEqual(heights, { g: '333px', old: '321px', boxed: '314px', other: '' }, 'an iframe without "embed" in its src is no figure');
  // The host page posting to itself is no figure either.
  await page.evaluate(() => window.postMessage({ replab: 1, event: 'height', height: 50 }, '*'));
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => document.getElementById('g').style.height), '333px');
  // Only well-formed version-1 events reach the page's listeners.
  assert.deepEqual(await page.evaluate(() => window.seen.filter((s) => s.id === 'g').map((s) => s.event)), ['ready', 'height']);
  assert.deepEqual(await page.evaluate(() => window.seen.filter((s) => s.id === 'old')), []);
  assert.ok(warnings.some((w) => /protocol version 2/.test(w)), warnings.join('\n'));
  assert.ok(await page.evaluate(() => window.replabEmbed.step('g', 2)));
  await until('step 2 at g', async () => (await lastStep(page, 'g')) === 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a page without figures: no errors, the API says no', async () => {
  const { page, errors } = await host(`
    <p id="p" data-replab-step="3">A step with no figure.</p>
    <a id="l" data-replab-step="2">step 2</a>
    <iframe id="plain" src="about:blank"></iframe>${gap(2000)}`);
  await centre(page, '#p');
  await page.locator('#l').click();
  await page.waitForTimeout(200);
  assert.deepEqual(await page.evaluate(() => [
    window.replabEmbed.step('p', 1), window.replabEmbed.step('plain', 1) !== undefined, window.replabEmbed.play('missing'),
    document.querySelectorAll('.replab-active').length,
  ]), [false, true, false, 0]);
  assert.deepEqual(errors, []);
  await page.close();
});

// Waits until the real embed in iframe `id` shows step n.
async function embedAt(page, id, n) {
  const step = page.frameLocator(`#${id}`).locator('[data-testid=step]');
  await until(`${id} at step ${n}`, async () => Number(await step.getAttribute('data-step')) === n, 15000);
}

// The real embeds of the example post, driven by replab-embed.js.
test("reading the example post moves its figures to the steps its paragraphs tell",
  async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1400, height: 1000 }); // the wide layout: figures beside their paragraphs
    await page.goto(server.url + 'example-post.html');
    // Figure 1, the quick restart: scrolling its paragraphs plays the story.
    for (const n of [0, 2, 4, 5, 6, 8, 9]) {
      await centre(page, `.story:has(#fig1) .beat[data-replab-step="${n}"]`);
      await embedAt(page, 'fig1', n);
    }
    // A link: the caption's "step 6".
    await page.locator('figure:has(#fig1) figcaption a[data-replab-step="6"]').click();
    await embedAt(page, 'fig1', 6);
    // Figure 2, the power failure, and the leader-epoch walkthrough.
    for (const [fig, n] of [['fig2', 7], ['fig2', 10], ['fig4', 8], ['fig4', 17]]) {
      await centre(page, `.story:has(#${fig}) .beat[data-replab-step="${n}"]`);
      await embedAt(page, fig, n);
    }
    // Kafka 4.1: the paragraphs after figure 9 (the figures stay in the column).
    for (const n of [6, 9]) {
      await centre(page, `figure:has(#fig9) ~ p.beat[data-replab-step="${n}"]`);
      await embedAt(page, 'fig9', n);
    }
    await screenshot(page, 'example-post-scrolled');
    assert.deepEqual(errors, []);
    await page.close();
  });
