// A language is data: the page's first download carries English alone, and
// another language's messages are a file beside the page (lang/zh.msg),
// fetched once when the reader switches or the page opens in it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, openApp, appReady, watchErrors, DIST } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const zhFile = (urls) => urls.filter((u) => u.endsWith('/lang/zh.msg'));

test('the page\'s wasm carries English alone; the Chinese file beside it holds every message', async () => {
  const files = await readdir(DIST);
  const app = files.find((f) => /^replab-app-.*_bg\.wasm$/.test(f));
  const wasm = await readFile(join(DIST, app));
  const english = Buffer.from('Kafka Replication Lab');
  const chinese = Buffer.from('Kafka 副本复制实验室');
  assert.ok(wasm.includes(english), 'English is built in');
  assert.ok(!wasm.includes(chinese), 'Chinese is not in the first download');
  const zh = await readFile(join(DIST, 'lang', 'zh.msg'), 'utf8');
  assert.match(zh.split('\n')[0], /^replab messages zh [0-9a-f]{16}$/);
  assert.ok(zh.includes('Kafka 副本复制实验室'));
});

test('choosing Chinese in the menu fetches its file once; switching back and forth is instant', async () => {
  const { page, errors, requests } = await openApp(browser, server.url);
  assert.deepEqual(zhFile(requests), [], 'an English page fetches no other language');
  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await page.getByTestId('produce').textContent(), '写入 m1');
  assert.equal(zhFile(requests).length, 1);
  for (let i = 0; i < 4; i++) await page.getByTestId('lang').selectOption(i % 2 ? 'zh' : 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await page.getByTestId('produce').textContent(), '写入 m1');
  assert.equal(zhFile(requests).length, 1, 'fetched once');
  assert.deepEqual(errors, []);
});

test('a page that opens in Chinese takes over in Chinese with one fetch of its file', async () => {
  const { page, errors, requests } = await openApp(browser, `${server.url}index.zh.html`, { locale: 'zh-CN' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.getByTestId('produce').textContent(), '写入 m1');
  assert.equal(zhFile(requests).length, 1, 'the preload and the app share one fetch');
  // A browser in Chinese on the English page fetches it too.
  const other = await openApp(browser, server.url, { locale: 'zh-CN' });
  assert.equal(await other.page.getByTestId('produce').textContent(), '写入 m1');
  assert.equal(zhFile(other.requests).length, 1);
  assert.deepEqual([...errors, ...other.errors], []);
});

test('a language file that cannot be fetched, or is stale, says so and the page stays as it was', async () => {
  const { page } = await openApp(browser, server.url);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/lang/zh.msg', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.getByTestId('lang').selectOption('zh');
  await page.getByTestId('notice').waitFor();
  assert.match(await page.getByTestId('notice').textContent(), /could not be fetched.*404/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.getByTestId('produce').textContent(), 'Produce m1');
  // A file written for another build's messages is refused, not misread.
  await page.unroute('**/lang/zh.msg');
  await page.route('**/lang/zh.msg', (route) => route.fulfill({ status: 200, body: 'replab messages zh 0000000000000000\nx\n' }));
  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => /another build/.test(document.querySelector('[data-testid=notice]')?.textContent ?? ''));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  // Once it can be fetched, the switch works.
  await page.unroute('**/lang/zh.msg');
  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.deepEqual(errors, []);
});

test('an English page whose zh file fails still opens a Chinese share link, in English, and says so', async () => {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.route('**/lang/zh.msg', (route) => route.fulfill({ status: 500, body: 'down' }));
  const payload = 'protocol=hw\nstep=1\nlang=zh\n\nbrokers A B\nproduce m1\n';
  const { deflateRawSync } = await import('node:zlib');
  const hash = `#v1.${deflateRawSync(Buffer.from(payload)).toString('base64url')}`;
  await page.goto(server.url + hash);
  await appReady(page);
  await page.getByTestId('notice').waitFor();
  assert.match(await page.getByTestId('notice').textContent(), /could not be fetched/);
  assert.equal(await page.getByTestId('step').getAttribute('data-step'), '1');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(errors.filter((e) => !/lang\/zh\.msg|500/.test(e)), []);
});
