// The embed API: `window.replab` for pages that load the app directly, and the
// postMessage protocol for iframes (docs/embedding.md). Both dispatch the same
// actions as the buttons; bad arguments are refused before anything changes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import { serve, launch, openApp, watchErrors } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const dataLoss = await readFile(new URL('../../web/scenarios/data-loss.scn', import.meta.url), 'utf8');
const link = (payload) => `v1.${deflateRawSync(Buffer.from(payload)).toString('base64url')}`;

test('window.replab: load, step, state, events and listeners, as plain objects', async () => {
  const { page, errors } = await openApp(browser, server.url);
  assert.equal(await page.evaluate(() => window.replab.version), 1);
  const loaded = await page.evaluate((text) => window.replab.load(text, { protocol: 'kip-279', step: 5 }), dataLoss);
  assert.equal(loaded.protocol, 'kip-279');
  await page.waitForFunction(() => document.querySelector('[data-testid=step]').dataset.step === '5');
  const s = await page.evaluate(() => window.replab.state());
  assert.equal(s.protocol, 'kip-279');
  assert.equal(s.step, 5);
  assert.equal(s.leader, 'A');
  assert.equal(s.epoch, 0);
  assert.deepEqual(s.isr, ['A', 'B']);
  const [a, b] = s.brokers;
  assert.deepEqual([b.id, b.role, b.alive, b.leo, b.hw], ['B', 'follower', true, 2, 0], 'B kept m1 m2 under kip-279');
  assert.deepEqual([a.id, a.role, a.leo, a.hw], ['A', 'leader', 2, 1]);
  assert.deepEqual(a.log, [{ offset: 0, epoch: 0, value: 'm1' }, { offset: 1, epoch: 0, value: 'm2' }]);
  assert.deepEqual(a.epochs, [{ epoch: 0, start_offset: 0 }]);
  assert.deepEqual(s.acked, ['m1']);
  assert.deepEqual(s.violations, []);

  // Listeners hear each move; the page follows the API. A step's promise
  // resolves once the page shows it and the listeners have heard it, even on
  // a CPU slow enough that the page yields to the browser within a render.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  const heard = await page.evaluate(async () => {
    window.heard = [];
    window.onStep = (e) => window.heard.push(['step', e.step]);
    window.replab.on('step', window.onStep);
    window.replab.on('decision', (e) => window.heard.push(['decision', e.step, e.decisions.length]));
    const at3 = await window.replab.step(3);
    window.heard.push(['resolved', at3.step]);
    await window.replab.step(5);
    window.replab.off('step', window.onStep);
    await window.replab.step(6);
    return window.heard;
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // Under kip-279 neither step decides anything the panel explains (B asks first).
  assert.deepEqual(heard, [['step', 3], ['resolved', 3], ['step', 5]]);
  assert.equal(await page.getByTestId('step').getAttribute('data-step'), '6');
  const events = await page.evaluate(() => window.replab.events(5));
  assert.ok(events.some((e) => e.type === 'Restarted' && /B restarts from disk/.test(e.text)), JSON.stringify(events));

  // Under hw the same history loses m1: the violation is in the state and heard.
  const fired = await page.evaluate(async (text) => {
    const got = [];
    window.replab.on('violation', (e) => got.push(e));
    await window.replab.load(text, { protocol: 'hw', step: 6 });
    return { got, state: window.replab.state() };
  }, dataLoss);
  assert.deepEqual(fired.got, [{ kind: 'committed-write-lost', step: 6 }]);
  // Under hw, step 5 is B's truncation to its HW: a decision, in words.
  const decided = await page.evaluate(async () => {
    window.heard = [];
    await window.replab.step(5);
    return window.heard;
  });
  assert.deepEqual(decided, [['decision', 5, 1]]);
  assert.deepEqual(fired.state.violations, [{ kind: 'committed-write-lost', step: 6 }]);
  assert.equal(fired.state.brokers[1].leo, 0, 'B truncated m1 and m2 away');
  assert.deepEqual(errors, []);
});

test('window.replab refuses bad arguments before changing anything', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await page.evaluate((text) => window.replab.load(text), dataLoss);
  const before = await page.evaluate(() => JSON.stringify(window.replab.state()));
  const refused = await page.evaluate(async () => {
    const tryIt = async (f) => { try { await f(); return null; } catch (e) { return [e.constructor.name, e.message]; } };
    return {
      stepText: await tryIt(() => window.replab.step('x')),
      stepFar: await tryIt(() => window.replab.step(99)),
      loadNumber: await tryIt(() => window.replab.load(42)),
      loadProtocol: await tryIt(() => window.replab.load('brokers A B', { protocol: 'zab' })),
      loadLang: await tryIt(() => window.replab.load('brokers A B', { lang: 'fr' })),
      loadBroken: await tryIt(() => window.replab.load('brokers A B\nproduce m1\nfetch C')),
      onBad: await tryIt(() => window.replab.on('click', () => {})),
      eventsFar: await tryIt(() => window.replab.events(99)),
    };
  });
  assert.equal(refused.stepText[0], 'TypeError');
  assert.match(refused.stepText[1], /whole number/);
  assert.equal(refused.stepFar[0], 'RangeError');
  assert.equal(refused.loadNumber[0], 'TypeError');
  assert.match(refused.loadProtocol[1], /options\.protocol: unknown protocol 'zab' \(the release lines kafka-0\.10, .*; the generations hw, kip-101/);
  assert.match(refused.loadLang[1], /options\.lang/);
  assert.equal(refused.loadBroken[0], 'Error');
  assert.match(refused.loadBroken[1], /^line 3: /, 'the editor\'s line-numbered message');
  assert.equal(refused.onBad[0], 'TypeError');
  assert.equal(refused.eventsFar[0], 'RangeError');
  assert.equal(await page.evaluate(() => JSON.stringify(window.replab.state())), before, 'nothing half-applied');
  assert.deepEqual(errors, []);
});

test('an iframe embed obeys its host page by postMessage and tells it ready, step and height; malformed messages are ignored', async () => {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const fragment = link(`protocol=hw\nstep=0\nlang=en\n\n${dataLoss}`);
  // A host page of the same origin, as a blog on the lab's own host would be.
  const host = `${server.url}host.html`;
  await page.route(host, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><body><script>
      window.got = [];
      addEventListener('message', (e) => {
        if (e.source === document.getElementById('f').contentWindow && e.data && e.data.replab === 1) window.got.push(e.data);
      });
    </script><iframe id="f" src="${server.url}?embed#${fragment}" style="width:700px;height:500px;border:0"></iframe></body>` }));
  await page.goto(host);
  const got = (event) => page.evaluate((ev) => window.got.filter((m) => m.event === ev), event);
  await page.waitForFunction(() => window.got.some((m) => m.event === 'ready'), null, { timeout: 15_000 });
  const [ready] = await got('ready');
  assert.deepEqual([ready.step, ready.len, ready.protocol], [0, 9, 'hw']);
  await page.waitForFunction(() => window.got.some((m) => m.event === 'height' && m.height > 300));

  const send = (message) => page.evaluate((m) => document.getElementById('f').contentWindow.postMessage(m, '*'), message);
  const frame = page.frame({ url: /embed/ });
  await send({ replab: 1, cmd: 'step', step: 6 });
  await page.waitForFunction(() => window.got.some((m) => m.event === 'step' && m.step === 6));
  assert.equal(await frame.locator('[data-testid=step]').getAttribute('data-step'), '6');
  const violations = await got('violation');
  assert.deepEqual(violations.map((v) => [v.kind, v.step]), [['committed-write-lost', 6]]);

  // Malformed, of another version, unknown commands, code: ignored, with a warning.
  for (const bad of ['step 3', null, { foo: 1 }, { replab: 2, cmd: 'step', step: 2 }, { replab: 1, cmd: 'eval', code: 'document.body.remove()' },
    { replab: 1, cmd: 'step', step: 'two' }, { replab: 1, cmd: 'step', step: -1 }, { replab: 1, cmd: 'load', text: '<img src=x onerror=alert(1)>' }]) {
    await send(bad);
  }
  await page.waitForTimeout(300);
  assert.equal(await frame.locator('[data-testid=step]').getAttribute('data-step'), '6', 'nothing changed');
  assert.ok(warnings.filter((w) => /replab: ignored a message/.test(w)).length >= 5, warnings.join('\n'));
  const loadError = await got('error');
  assert.equal(loadError.length, 1);
  assert.match(loadError[0].message, /^line 1: /);
  // Still working: play, pause, step, load.
  await send({ replab: 1, cmd: 'step', step: 400 });
  await page.waitForFunction(() => window.got.some((m) => m.event === 'step' && m.step === 9), null, { timeout: 5000 });
  await send({ replab: 1, cmd: 'step', step: 2 });
  await page.waitForFunction(() => window.got.some((m) => m.event === 'step' && m.step === 2));
  await send({ replab: 1, cmd: 'load', text: 'brokers A B C\nproduce m1\nfetch B\n', protocol: 'kip-279', step: 1 });
  await page.waitForFunction(() => window.got.some((m) => m.event === 'step' && m.step === 1 && m.len === 2));
  assert.equal(await frame.locator('[data-testid=broker-C]').count(), 1);
  await send({ replab: 1, cmd: 'play' });
  await page.waitForFunction(() => window.got.some((m) => m.event === 'step' && m.step === 2 && m.len === 2), null, { timeout: 5000 });
  await send({ replab: 1, cmd: 'pause' });
  assert.deepEqual(errors, []);
});
