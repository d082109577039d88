// The built page loads in Chromium, renders lanes from the core, and a click changes the DOM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, screenshot, watchErrors } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('producing a record shows it in the leader lane', async () => {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.goto(server.url);
  const leader = page.getByTestId('broker-A');
  await leader.waitFor();
  assert.equal(await leader.getAttribute('data-role'), 'leader');
  assert.equal(await page.getByTestId('record-A-0').count(), 0);
  await page.getByTestId('produce').click();
  await page.getByTestId('record-A-0').waitFor();
  assert.match(await page.getByTestId('record-A-0').textContent(), /m1/);
  assert.equal(await leader.getAttribute('data-leo'), '1');
  await page.getByTestId('fetch-B').click();
  await page.getByTestId('record-B-0').waitFor();
  await screenshot(page, 'smoke');
  assert.deepEqual(errors, []);
});
