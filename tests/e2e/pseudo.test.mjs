// The pseudo-language (xx: every English text in brackets), which ./dev test
// builds in (REPLAB_PSEUDO=1): listed once in crates/narrate/messages/
// languages.txt, it is spoken by every pre-rendered page, the live page, its
// worker and its menu with no code of its own. A word outside brackets is a
// text that did not come from the catalogue.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, openApp, pickPreset, switchLanguage, wordsOutside, DIST, openEditor } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const decode = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
  .replace(/&#39;/g, "'").replace(/&amp;/g, '&');

// The app's markup of a page as text: without the scenario's own text (the
// editor, a found history) and the menu's language names, each in itself.
function appText(html) {
  let body = html.slice(html.indexOf('<div id="replab">'));
  body = body.slice(0, body.search(/<script|<\/body>/));
  body = body.replace(/<(textarea|pre|code)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<option[^>]*\blang=[^>]*>[^<]*<\/option>/g, ' ');
  return decode(body.split(/<[^>]+>/).join(' '));
}

test('the site is built in the pseudo-language: its pages, its messages and its menu', async () => {
  const files = await readdir(DIST);
  const pages = files.filter((f) => f.endsWith('.xx.html'));
  assert.equal(pages.length, files.filter((f) => f.endsWith('.zh.html')).length, 'a page for each Chinese one');
  const index = await readFile(join(DIST, 'index.xx.html'), 'utf8');
  assert.match(index, /<html lang="qps-ploc" data-lang="xx" data-languages="en zh xx"/);
  const messages = await readFile(join(DIST, 'lang', 'xx.msg'), 'utf8');
  assert.match(messages.split('\n')[0], /^replab messages xx [0-9a-f]{16}$/);
  assert.ok(messages.includes('\n[Kafka Replication Lab]\n'));
  // Its twins: the figure at a step, and the story animated.
  assert.ok(files.includes('data-loss.embed-5.xx.png') && files.includes('data-loss.xx.gif'));
});

test('every pre-rendered page in the pseudo-language has no word outside brackets', async () => {
  const pages = (await readdir(DIST)).filter((f) => f.endsWith('.xx.html'));
  assert.ok(pages.length > 200, `${pages.length} pages`);
  for (const file of pages) {
    const text = appText(await readFile(join(DIST, file), 'utf8'));
    // Broker names, and acks=all and auto.offset.reset's values, are the
    // scenario's own words.
    assert.deepEqual(wordsOutside(text, ['all', 'latest', 'earliest', 'none']), [], file);
  }
});

test('the live page speaks it: the menu, a story and its decisions, the checker\'s finding', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  await switchLanguage(page, 'xx');
  assert.ok(requests.some((u) => u.endsWith('/lang/xx.msg')), 'its file is fetched as any other');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'qps-ploc');
  assert.equal(await page.getByTestId('produce').textContent(), '[Produce m1]');
  const visible = () => page.evaluate(() => {
    const root = document.getElementById('replab');
    const skip = 'textarea, pre, code, option[lang], [hidden]';
    const out = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.parentElement.closest(skip) && n.parentElement.getClientRects().length) out.push(n.textContent);
    }
    return out.join(' ');
  });
  assert.deepEqual(wordsOutside(await visible(), ['all', 'latest', 'earliest', 'none']), [], 'the empty partition');
  await pickPreset(page, 'data-loss');
  // Step 5: B's quick restart truncates its log, a decision.
  await page.evaluate(() => window.replab.step(5));
  await page.getByTestId('decision-item').first().waitFor();
  assert.deepEqual(wordsOutside(await visible(), ['all', 'latest', 'earliest', 'none']), [], 'the data-loss story at its end');

  // The checker: the worker's reply has no words; the page words it. Under
  // 0.10.2.1's defaults (unclean election on) the loss takes 4 steps.
  await (await openEditor(page)).fill('brokers A B\nprotocol hw\n');
  await page.getByTestId('load-scenario').click();
  await page.getByTestId('explore-open').click();
  await page.getByTestId('explore-run').click();
  const result = page.getByTestId('explore-result');
  await result.waitFor({ timeout: 60_000 });
  assert.equal(await result.getAttribute('data-verdict'), 'committed-write-lost');
  const words = await result.evaluate((el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('pre').forEach((p) => p.remove());
    return copy.textContent;
  });
  assert.deepEqual(wordsOutside(words, ['all']), [], 'the result, but the history found');
  await page.locator('.found-scenario summary').click();
  const found = await page.getByTestId('explore-scenario').textContent();
  assert.match(found, /^title \[Found by replab-check: committed-write-lost in 4 steps\]\nprotocol hw\n/);
  const comments = found.split('\n').filter((l) => l.startsWith('# '));
  assert.ok(comments.length >= 2, found);
  for (const c of comments) assert.deepEqual(wordsOutside(c.slice(2), ['A', 'B']), [], c);
  // Replay titles the story as the checker's finding, in the page's language.
  await page.getByTestId('explore-replay').click();
  await page.getByTestId('violation').first().waitFor();
  assert.equal(await page.getByTestId('title').textContent(), '[Found by replab-check: committed-write-lost in 4 steps]');
  await switchLanguage(page, 'en');
  assert.equal(await page.getByTestId('title').textContent(), 'Found by replab-check: committed-write-lost in 4 steps');
  assert.deepEqual(errors, []);
});
