// Figures for platforms without iframes: the share bar's Strip (SVG), PNG and
// GIF open one export dialog that previews the figure before download. The
// worker renders the strip with the runner's very rendering (replab-view); the
// browser draws the PNG and the GIF's pictures; the worker encodes the GIF.
// The same figure from `replab figure` has the same frames and captions.
// Screenshots go to tests/output/ (export-*.png, and the figures themselves).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { serve, launch, screenshot, openApp, pickPreset, switchLanguage } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const out = (name) => new URL(`../output/${name}`, import.meta.url).pathname;

async function dataLoss({ lang } = {}) {
  const opened = await openApp(browser, server.url);
  await pickPreset(opened.page, 'data-loss');
  if (lang === 'zh') {
    await switchLanguage(opened.page);
    await opened.page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  }
  return opened;
}

// Waits for the preview of `format` (or an error) and returns the figure's bytes.
async function preview(page, format) {
  await page.waitForFunction((f) => document.querySelector('[data-testid=export-preview]')?.dataset.format === f
    || document.querySelector('[data-testid=export-error]'), format, { timeout: 30_000 });
  assert.equal(await page.getByTestId('export-error').count(), 0, 'no error');
  const bytes = await page.getByTestId('export-preview').evaluate(async (img) => [...new Uint8Array(await (await fetch(img.src)).arrayBuffer())]);
  return Buffer.from(bytes);
}

// The frames of a GIF and their delays (hundredths), read from its blocks.
function gifFrames(buf) {
  assert.equal(buf.subarray(0, 6).toString('latin1'), 'GIF89a');
  const width = buf.readUInt16LE(6), height = buf.readUInt16LE(8);
  let i = 13;
  if (buf[10] & 0x80) i += 3 * (1 << ((buf[10] & 7) + 1));
  const delays = [];
  let loops = false;
  const skipBlocks = () => { while (buf[i] !== 0) i += buf[i] + 1; i += 1; };
  while (i < buf.length) {
    const b = buf[i];
    if (b === 0x3b) break;
    if (b === 0x21) {
      const label = buf[i + 1];
      if (label === 0xf9) delays.push(buf.readUInt16LE(i + 4));
      if (label === 0xff && buf.subarray(i + 3, i + 14).toString('latin1') === 'NETSCAPE2.0') loops = true;
      i += 2; skipBlocks();
    } else if (b === 0x2c) {
      const packed = buf[i + 9];
      i += 10;
      if (packed & 0x80) i += 3 * (1 << ((packed & 7) + 1));
      i += 1; skipBlocks();
    } else {
      throw new Error(`unexpected block ${b} at ${i}`);
    }
  }
  return { width, height, delays, loops };
}

test('the strip as SVG: one frame per truncation decision and the loss, with captions; the same as the runner\'s', async () => {
  const { page, errors, requests } = await dataLoss();
  assert.equal(requests.filter((u) => /replab-worker|export\.js/.test(u)).length, 0, 'the export dialog is not in the first download');
  await page.getByTestId('export-strip').click();
  assert.equal(await page.getByTestId('export-selection').inputValue(), 'decisions');
  const svg = (await preview(page, 'svg')).toString('utf8');
  assert.ok(requests.some((u) => /replab-worker_bg\.wasm$/.test(u)) && requests.some((u) => /export\.js$/.test(u)), 'loaded on first use');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    if (doc.querySelector('parsererror')) return null;
    return {
      frames: [...doc.querySelectorAll('g.frame')].map((g) => ({ step: g.dataset.step, captions: [...g.querySelectorAll('text.caption')].map((t) => t.textContent) })),
      stepped: doc.querySelectorAll('[data-step]').length,
      width: doc.documentElement.getAttribute('width'),
      safety: [...doc.querySelectorAll('g.frame')].filter((g) => g.querySelector('text.safety')).map((g) => g.dataset.step),
    };
  }, svg);
  assert.ok(parsed, 'the SVG parses');
  assert.deepEqual(parsed.frames.map((f) => f.step), ['5', '6', '7', '8']);
  assert.equal(parsed.stepped, 4, 'nothing else carries data-step');
  assert.equal(parsed.width, '720');
  assert.deepEqual(parsed.safety, ['6'], 'the safety check marked where it fired');
  assert.deepEqual(parsed.frames[0].captions, ['Step 5 · bounce B', 'B truncates its log from 2 to 0: without leader epochs a new follower truncates to its own high', 'watermark, 0']);
  await writeFile(out('figure-data-loss-en.svg'), svg);

  // The runner's strip of the same story: the same frames and captions.
  const runner = execFileSync('cargo', ['run', '-q', '-p', 'replab-cli', '--', 'figure', '--decisions', '--format', 'svg', '-o', '-',
    new URL('../../web/scenarios/data-loss.scn', import.meta.url).pathname], { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname });
  const fromRunner = await page.evaluate((text) => [...new DOMParser().parseFromString(text, 'image/svg+xml').querySelectorAll('g.frame')]
    .map((g) => ({ step: g.dataset.step, captions: [...g.querySelectorAll('text.caption')].map((t) => t.textContent) })), runner);
  assert.deepEqual(fromRunner, parsed.frames);

  // A bad step list: a clear error naming it, and the dialog keeps working.
  await page.getByTestId('export-selection').selectOption('steps');
  await page.getByTestId('export-steps').fill('3,x');
  await page.getByTestId('export-steps').press('Enter');
  await page.getByTestId('export-steps').blur();
  await page.getByTestId('export-error').waitFor();
  assert.match(await page.getByTestId('export-error').textContent(), /'3,x' is not a step list/);
  await page.getByTestId('export-steps').fill('1,8');
  await page.getByTestId('export-steps').blur();
  await preview(page, 'svg');
  assert.equal(await page.getByTestId('export-preview').getAttribute('data-frames'), '2');
  assert.deepEqual(errors, []);
});

test('the PNG is the strip at 2× for sharp text, in Chinese too', async () => {
  for (const lang of ['en', 'zh']) {
    const { page, errors } = await dataLoss({ lang });
    await page.getByTestId('export-png').click();
    const png = await preview(page, 'png');
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.equal(w, 1440, '2 × 720');
    const shown = await page.getByTestId('export-preview').evaluate((img) => [img.naturalWidth, img.naturalHeight]);
    assert.deepEqual(shown, [w, h]);
    if (lang === 'zh') assert.match(await page.getByTestId('export-status').textContent(), /4 帧 · \d+ KB · PNG/);
    else assert.match(await page.getByTestId('export-status').textContent(), /4 frames · \d+ KB · PNG/);
    await writeFile(out(`figure-data-loss-${lang}.png`), png);
    await page.getByTestId('export-dialog').screenshot({ path: out(`export-png-${lang}.png`) });
    // Download: the file the preview shows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    assert.equal(download.suggestedFilename(), 'data-loss-figure.png');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the GIF has one frame per step, the chosen frame time, a pause where the check fires, and loops', async () => {
  const { page, errors } = await dataLoss();
  await page.getByTestId('export-gif').click();
  await page.getByTestId('export-selection').selectOption('range');
  await page.getByTestId('export-steps').fill('3..7');
  await page.getByTestId('export-steps').blur();
  await page.getByTestId('export-delay').selectOption('2000');
  const gif = await preview(page, 'gif');
  const { width, delays, loops } = gifFrames(gif);
  assert.equal(width, 720);
  // Steps 3 to 7, each 2 s; step 6, where the committed write is lost, 4 s.
  assert.deepEqual(delays, [200, 200, 200, 400, 200]);
  assert.ok(loops, 'it loops');
  assert.equal(await page.getByTestId('export-preview').getAttribute('data-frames'), '5');
  assert.ok(gif.length < 1024 * 1024, `${gif.length} bytes`);
  await writeFile(out('figure-data-loss-en.gif'), gif);
  await screenshot(page, 'export-gif');
  await page.getByTestId('export-close').click();
  assert.equal(await page.getByTestId('export-dialog').count(), 0);
  assert.deepEqual(errors, []);
});
