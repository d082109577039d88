// Large inputs. A long scenario pasted into the editor is edited a window of
// lines at a time, so typing stays quick; scenarios too large for the page are
// refused before any work starts, with a clear message, and the story shown
// stays as it was: from the editor, from window.replab.load and from a share link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import { serve, launch, openApp, screenshot, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const dataLoss = await readFile(new URL('../../web/scenarios/data-loss.scn', import.meta.url), 'utf8');
const link = (payload) => `v1.${deflateRawSync(Buffer.from(payload)).toString('base64url')}`;

/** What the reader sees of the story: its steps, the step shown and the lanes. */
const shown = async (page) => ({
  steps: await page.getByTestId('step-count').textContent(),
  step: await page.getByTestId('step').getAttribute('data-step'),
  lanes: (await page.locator('.lanes').first().innerHTML()).replace(/ style=""/g, ''),
});

/** Pastes `text` over everything in the editor (Ctrl+A, then paste): one
 * beforeinput with all selected, then one input event. */
const paste = async (page, text) => (await openEditor(page)).evaluate((el, t) => {
  el.select();
  el.dispatchEvent(new InputEvent('beforeinput', { bubbles: true, inputType: 'insertFromPaste' }));
  el.value = t;
  el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
}, text);

async function withStory() {
  const { page, errors } = await openApp(browser, server.url);
  await page.evaluate((text) => window.replab.load(text, { step: 5 }), dataLoss);
  await page.waitForFunction(() => document.querySelector('[data-testid=step]').dataset.step === '5');
  return { page, errors, before: await shown(page) };
}

test('a 1.5 MB scenario pasted into the editor is edited a window of lines at a time', async () => {
  const { page } = await openApp(browser, server.url);
  const lines = ['brokers A B C'];
  for (let i = 1; i <= 100_000; i++) lines.push(`produce m${i}`);
  lines.push('fetch B');
  const text = lines.join('\n') + '\n';
  assert.ok(text.length > 1_400_000);
  await paste(page, text);
  const bar = page.getByTestId('editor-window');
  await bar.waitFor();
  assert.match(await bar.textContent(), /Lines 1–2,000 of 100,002 \(1\.\d MB\)/);
  const editor = await openEditor(page);
  assert.equal((await editor.inputValue()).split('\n')[1], 'produce m1');
  assert.ok((await editor.inputValue()).length < 40_000, 'only the window is in the text area');
  // An edit in the first window, then the window moves on: the edit is kept.
  await editor.evaluate((el) => { el.value = el.value.replace('produce m1\n', 'produce first\n'); });
  await page.getByTestId('editor-later').click();
  assert.match(await bar.textContent(), /Lines 2,001–4,000 of 100,002/);
  await bar.scrollIntoViewIfNeeded();
  await screenshot(page, 'editor-window');
  assert.equal((await editor.inputValue()).split('\n')[0], 'produce m2000');
  // Typing in a window is quick: the text area holds 2,000 lines, not 100,000.
  await editor.focus();
  const typed = await page.evaluate(() => new Promise((ok) => {
    const el = document.querySelector('[data-testid=scenario-editor]');
    el.setSelectionRange(0, 0);
    const t0 = performance.now();
    el.setRangeText('#', 0, 0, 'end');
    el.dispatchEvent(new Event('input', { bubbles: true }));
    requestAnimationFrame(() => requestAnimationFrame(() => ok(performance.now() - t0)));
  }));
  console.log(`an edit in the window painted after ${typed.toFixed(1)} ms`);
  await editor.evaluate((el) => { el.value = el.value.slice(1); });
  // Load takes the whole text, the edit in the first window included.
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step-count]').textContent === '100001');
  const first = await page.evaluate(async () => (await window.replab.step(100001)).brokers[0].log[0].value);
  assert.equal(first, 'first');
  // The editor shows the text loaded, from its first line.
  assert.match(await bar.textContent(), /Lines 1–2,000 of 100,002/);
  await page.getByTestId('editor-later').click();
  await page.getByTestId('editor-earlier').click();
  assert.equal((await editor.inputValue()).split('\n')[1], 'produce first');
  // Everything selected and replaced: a short scenario, edited whole again.
  await paste(page, 'brokers A B\nproduce m1\n');
  assert.equal(await bar.count(), 0);
  assert.equal(await editor.inputValue(), 'brokers A B\nproduce m1\n');
});

test('the editor refuses a scenario over 4 MiB before parsing it, and keeps the story', async () => {
  const { page, before } = await withStory();
  const text = 'brokers A B\n' + 'produce m1\n'.repeat(400_000);
  assert.ok(text.length > 4 * 1024 * 1024);
  await paste(page, text);
  await page.getByTestId('load-scenario').click();
  const error = page.getByTestId('scenario-error');
  await error.waitFor();
  const bytes = text.length.toLocaleString('en-US');
  assert.equal(await error.textContent(), `the scenario is 4.2 MiB (${bytes} bytes); at most 4.0 MiB (4,194,304 bytes) can be loaded`);
  await screenshot(page, 'limit-too-long');
  assert.deepEqual(await shown(page), before);
});

test('the editor refuses more than 200,000 steps before replaying any, naming the line', async () => {
  const { page, before } = await withStory();
  const text = 'brokers A B\n' + 'tick 1\n'.repeat(200_001);
  await paste(page, text);
  await page.getByTestId('load-scenario').click();
  const error = page.getByTestId('scenario-error');
  await error.waitFor();
  assert.match(await error.textContent(), /line 200002: the scenario has 200,001 steps; at most 200,000 steps can be loaded/);
  // The first command past the limit.
  assert.equal(await error.getAttribute('data-line'), '200002');
  assert.deepEqual(await shown(page), before);
  // One step fewer loads.
  await paste(page, 'brokers A B\n' + 'tick 1\n'.repeat(200_000));
  await page.getByTestId('load-scenario').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=step-count]').textContent === '200000');
  assert.equal(await page.getByTestId('scenario-error').count(), 0);
});

test('window.replab.load rejects a scenario too large, and the page keeps its story', async () => {
  const { page, before, errors } = await withStory();
  const refused = await page.evaluate(async (n) => {
    try { await window.replab.load('brokers A B\n' + 'produce m1\n'.repeat(n)); return null; } catch (e) { return String(e.message ?? e); }
  }, 400_000);
  assert.match(refused, /at most 4\.0 MiB \(4,194,304 bytes\) can be loaded/);
  assert.deepEqual(await shown(page), before);
  assert.deepEqual(errors, []);
});

test('a share link that unpacks past 1 MiB says so and loads nothing', async () => {
  const huge = link('protocol=hw\nstep=0\nlang=en\n\nbrokers A B\n' + 'produce m1\n'.repeat(100_000));
  assert.ok(huge.length < 10_000, 'a small link that unpacks large');
  const { page } = await openApp(browser, `${server.url}#${huge}`);
  const alert = page.getByTestId('link-error');
  await alert.waitFor();
  assert.match(await alert.textContent(), /unpacks to more than 1 MiB/);
  assert.equal(await page.getByTestId('step-count').textContent(), '0');
});
