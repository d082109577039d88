// The checker panel is a part of the page: its body is drawn when the reader
// opens it, follows the page's protocol and language, keeps its own fields, and
// hands the page a history found, which loads as the editor's Load does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openApp, switchLanguage } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const step = async (page) => Number(await page.getByTestId('step').getAttribute('data-step'));
const setup = async (page) => (await page.getByTestId('checker-setup').locator('.setup').textContent()).trim();

test('the checker panel opens in the page, follows it, keeps its own fields, and loads what it finds', async () => {
  const { page, errors } = await openApp(browser, server.url);
  await page.getByTestId('produce').click();
  // The body is drawn once the panel opens.
  assert.equal(await page.getByTestId('explore-run').count(), 0, 'not drawn before it opens');
  await page.getByTestId('explore-open').click();
  await page.getByTestId('explore-run').waitFor();
  assert.match(await setup(page), /^diverging-epoch/, 'given the page protocol');

  // Clicks in the panel's body act there only: every field of it clicked and
  // changed, and the page outside the panel is exactly as it was.
  const outside = () => page.evaluate(() => [...document.querySelectorAll('.app > :not(.checker)')]
    .map((e) => e.outerHTML).join('') + JSON.stringify(window.replab.state()));
  const before = await step(page);
  const page0 = await outside();
  for (const box of await page.locator('.checker-bounds input[type=checkbox]').all()) {
    await box.click();
    await box.click();
  }
  for (const field of await page.locator('.checker-bounds input[type=number]').all()) {
    await field.click();
    await field.press('ArrowUp');
  }
  await page.getByTestId('explore-unclean').check();
  await page.getByTestId('explore-protocol').selectOption('all');
  await page.getByTestId('explore-produces').fill('2');
  await page.locator('.checker .hint').first().click();
  assert.equal(await step(page), before, 'the page took none of the panel\'s clicks');
  assert.equal(await outside(), page0, 'nothing outside the panel changed');
  assert.equal(await page.getByTestId('explore-unclean').isChecked(), true);

  // And the page's clicks act in the page only; the panel keeps its own state.
  await page.getByTestId('produce').click();
  assert.equal(await step(page), before + 1);
  await page.getByTestId('protocol').selectOption('hw');
  await page.waitForFunction(() => /^hw/.test(document.querySelector('[data-testid=checker-setup] .setup')?.textContent ?? ''));
  assert.equal(await page.getByTestId('explore-unclean').isChecked(), true, 'the panel kept its bounds');
  assert.equal(await page.getByTestId('explore-protocol').inputValue(), 'all');

  // The page's language reaches the panel.
  await switchLanguage(page);
  await page.getByTestId('explore-run').filter({ hasText: '运行' }).waitFor();
  assert.match(await setup(page), /^hw（Kafka 0\.10）/);

  // A history found loads into the page (Replay).
  await page.getByTestId('explore-protocol').selectOption('hw');
  await page.getByTestId('explore-unclean').uncheck();
  await page.getByTestId('explore-run').click();
  await page.getByTestId('explore-replay').click({ timeout: 60_000 });
  await page.getByTestId('violation').first().waitFor();
  assert.equal(await page.getByTestId('protocol').inputValue(), 'hw');
  assert.deepEqual(errors, []);
  await page.close();
});
