// The page a newcomer opens on a phone: the figure first (the player and the
// lanes on the first screen), the story's actions in one menu, targets a
// finger can hit, nothing to scroll sideways; and the first visit telling the
// seed's story. At 390 × 844 with touch (twice the pixels) and at 320 × 640.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, launchPhone, screenshot, watchErrors, appReady, startEmpty, DIST } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(async () => { await server?.close(); });

// Runs `body` with a fresh phone of `size`, closed after.
async function onPhone(size, body) {
  const phone = await launchPhone(size);
  try {
    return await body(phone);
  } finally {
    await phone.close();
  }
}

const SIZES = [{ width: 390, height: 844, name: 'phone' }, { width: 320, height: 640, name: 'phone-320' },
  { width: 844, height: 390, name: 'phone-landscape' }];

// A share link of the data-loss story under kip-279 at step 6 (a v3 link, as
// Copy link makes it).
async function shareLink() {
  const text = await readFile(join(DIST, 'scenarios', 'data-loss.scn'), 'utf8');
  const payload = `protocol=kip-279\nstep=6\nlang=en\n\n${text}`;
  return `#v3.${deflateRawSync(Buffer.from(payload)).toString('base64url')}`;
}

async function open(phone, path) {
  const page = await phone.newPage();
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'language', { get: () => 'en-US' });
    if (!sessionStorage.getItem('fresh')) { localStorage.clear(); sessionStorage.setItem('fresh', '1'); }
  });
  await page.goto(server.url + path);
  await page.getByTestId('broker-A').waitFor();
  await appReady(page);
  // A link opens after the app has started: its lanes are drawn then.
  await page.waitForFunction(() => !document.documentElement.classList.contains('opening'));
  return { page, errors };
}

// Where the page's parts stand on the first screen, scrolled to the top.
async function firstScreen(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
    const lanes = [...document.querySelectorAll('.app > .layout > .lanes > .lane')];
    const leader = lanes.find((l) => l.classList.contains('leader'));
    return {
      innerWidth, innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      coarse: matchMedia('(pointer: coarse)').matches,
      lanes: lanes.map(box),
      leader: leader ? box(leader) : null,
      player: box(document.querySelector('.app > .player')),
      title: box(document.querySelector('[data-testid=title]')),
      menu: box(document.querySelector('[data-testid=menu]')),
      produce: box(document.querySelector('[data-testid=produce]')),
      tick: box(document.querySelector('[data-testid=tick]')),
    };
  });
}

const whole = (b, s) => b && b.top >= 0 && b.bottom <= s.innerHeight && b.left >= 0 && b.right <= s.innerWidth;

// Every visible control's box, scrolled through: buttons, fields, a
// disclosure's summary, links drawn as buttons, a record in a log, a step in
// the event log; a checkbox's target is its label.
async function smallControls(page, min) {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll(
      'button, select, input:not([type=checkbox]):not([type=radio]), summary, a.button, .open-full, .step-link, '
      + '.log .cell, label:has(> input[type=checkbox])');
    const small = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || el.closest('.sr-only, [hidden]')) continue;
      if (r.width < min - 0.5 || r.height < min - 0.5) {
        small.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${el.className}`
          + ` "${(el.textContent || el.value || '').trim().slice(0, 20)}" ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
      }
    }
    return small;
  }, min);
}

for (const size of SIZES) {
  test(`${size.width} × ${size.height}: the player and the lanes come first, with nothing to scroll sideways`, async () => {
    await onPhone(size, async (phone) => {
      const link = await shareLink();
      for (const [name, path] of [['index', ''], ['data-loss', 'data-loss.html'], ['link', link]]) {
        const { page, errors } = await open(phone, path);
        const s = await firstScreen(page);
        assert.ok(s.coarse, 'a touch screen');
        assert.ok(s.scrollWidth <= s.innerWidth, `${name}: no sideways scroll (${s.scrollWidth} > ${s.innerWidth})`);
        assert.ok(whole(s.player, s), `${name}: the player on the first screen ${JSON.stringify(s.player)}`);
        assert.ok(whole(s.title, s), `${name}: the story's title on the first screen`);
        assert.ok(whole(s.menu, s), `${name}: the menu's button on the first screen`);
        assert.equal(s.lanes.length, 2, `${name}: the data-loss story's two brokers`);
        // The first lane whole; at 390 × 844 the leader's and, for two brokers, both.
        assert.ok(whole(s.lanes[0], s), `${name}: the first broker lane whole on the first screen ${JSON.stringify(s.lanes[0])} of ${s.innerHeight}`);
        if (size.width >= 390 && size.height >= 640) {
          for (const [i, lane] of s.lanes.entries()) assert.ok(whole(lane, s), `${name}: lane ${i} whole ${JSON.stringify(lane)}`);
          assert.ok(s.leader === null || whole(s.leader, s), `${name}: the leader's lane whole`);
          // Writing and the clock are one tap from the lanes.
          assert.ok(whole(s.produce, s) && whole(s.tick, s), `${name}: Produce and Tick on the first screen`);
        }
        await screenshot(page, `${size.name}-${name}-first-screen`, { fullPage: false });
        await screenshot(page, `${size.name}-${name}`);
        assert.deepEqual(errors, [], name);
        await page.close();
      }
    });
  });

  test(`${size.width} × ${size.height}: every visible control is at least 44 × 44 px on a touch screen`, async () => {
    await onPhone(size, async (phone) => {
      const { page, errors } = await open(phone, 'data-loss.html');
      assert.deepEqual(await smallControls(page, 44), [], 'the page');
      await page.getByTestId('menu').tap();
      await page.getByTestId('story-menu').waitFor();
      await page.locator('.story-menu .settings summary').tap();
      assert.deepEqual(await smallControls(page, 44), [], 'the page with its menu and settings open');
      await page.keyboard.press('Escape');
      const embed = await open(phone, 'data-loss.embed-5.html');
      assert.deepEqual(await smallControls(embed.page, 44), [], 'the embed');
      assert.deepEqual([...errors, ...embed.errors], []);
    });
  });
}

test('the menu holds the story\'s actions, and each works by touch', async () => {
  await onPhone(undefined, async (phone) => {
    const { page, errors } = await open(phone, 'data-loss.html');
    const menu = page.getByTestId('story-menu');
    assert.equal(await menu.isVisible(), false, 'closed at first');
    await page.getByTestId('menu').tap();
    await menu.waitFor();
    for (const id of ['preset', 'protocol', 'lang', 'help', 'compare', 'copy-link', 'copy-embed', 'download-svg']) {
      assert.equal(await menu.getByTestId(id).count(), 1, `${id} is in the menu`);
    }
    assert.equal(await menu.locator('.settings').count(), 1, 'the settings are in the menu');
    await screenshot(page, 'phone-menu', { fullPage: false });

    // Copy link and Copy embed code show what they made (the clipboard may refuse).
    await menu.getByTestId('copy-link').tap();
    await page.waitForFunction(() => /#v3\./.test(document.querySelector('[data-testid=share-link]')?.value ?? ''));
    await menu.getByTestId('copy-embed').tap();
    await page.waitForFunction(() => /<iframe/.test(document.querySelector('[data-testid=embed-code]')?.value ?? ''));
    // Download SVG saves the figure.
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByTestId('download-svg').tap()]);
    assert.match(download.suggestedFilename(), /\.svg$/);
    // The settings: min.insync.replicas changes the story.
    await menu.locator('.settings summary').tap();
    await menu.getByTestId('min-isr').selectOption('2');
    await page.waitForFunction(() => document.querySelector('[data-testid=source-min\\.insync\\.replicas]')?.dataset.source === 'script');
    // Compare: the second column appears below the first, and the sheet
    // closes so the reader sees it.
    await menu.getByTestId('compare').selectOption('kip-279');
    await page.getByTestId('compare-column').waitFor();
    await menu.waitFor({ state: 'hidden' });
    // So does choosing a protocol.
    await page.getByTestId('menu').tap();
    await menu.waitFor();
    await menu.getByTestId('protocol').selectOption('diverging-epoch');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await page.getByTestId('protocol').inputValue(), 'diverging-epoch');
    // The help opens from the menu, which gives way to it.
    await page.getByTestId('menu').tap();
    await menu.getByTestId('help').tap();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    // A tap outside the sheet closes it.
    await page.getByTestId('menu').tap();
    await menu.waitFor();
    await page.mouse.click(200, 30);
    await menu.waitFor({ state: 'hidden' });
    // The language: the page speaks Chinese.
    await page.getByTestId('menu').tap();
    await menu.getByTestId('lang').selectOption('zh');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-lang') === 'zh');
    assert.deepEqual(errors, []);
  });
});

test('the first visit tells the seed\'s story at its first step; an empty partition is one choice away', async () => {
  await onPhone(undefined, async (phone) => {
    const { page, errors } = await open(phone, '');
    assert.equal(await page.getByTestId('preset').inputValue(), 'data-loss');
    assert.equal(await page.getByTestId('step').getAttribute('data-step'), '0');
    assert.ok(Number(await page.getByTestId('step-count').textContent()) > 5, 'the story\'s steps ahead');
    assert.ok(await page.getByTestId('invite').isVisible(), 'an invitation to press play or step');
    assert.ok(await page.getByTestId('decision-ahead').count() === 1, 'the decision panel says where its first decision is');
    // Drawn at build time: the served index.html holds the story's lanes.
    const html = await (await fetch(server.url)).text();
    assert.match(html, /data-testid="invite"/);
    assert.match(html, /data-testid="broker-B"/);
    // Step: the story moves, and the invitation has done its work.
    await page.getByTestId('step-forward').tap();
    await page.waitForFunction(() => document.querySelector('[data-testid=step]').dataset.step === '1');
    assert.equal(await page.getByTestId('invite').count(), 0);
    // What the step did is told under the player, above the lanes.
    const said = await page.evaluate(() => {
      const now = document.querySelector('.app > [data-testid=announcer]').getBoundingClientRect();
      const player = document.querySelector('.app > .player').getBoundingClientRect();
      const lane = document.querySelector('.lanes > .lane').getBoundingClientRect();
      return { text: document.querySelector('.app > [data-testid=announcer]').textContent, shown: now.height > 10,
        below: now.top >= player.bottom - 1, above: now.bottom <= lane.top };
    });
    assert.match(said.text, /A appends m1/);
    assert.ok(said.shown && said.below && said.above, JSON.stringify(said));
    // The first decision is one tap away from the panel at step 0.
    await page.getByTestId('step-back').tap();
    await page.getByTestId('first-decision').tap();
    await page.waitForFunction(() => document.querySelector('[data-testid=decision-ahead]') === null);
    // "Start from an empty partition": three brokers, nothing written.
    await page.getByTestId('menu').tap();
    await startEmpty(page);
    assert.equal(await page.getByTestId('step-count').textContent(), '0');
    assert.equal(await page.locator('.lanes > .lane').count(), 3);
    await screenshot(page, 'phone-empty', { fullPage: false });
    assert.deepEqual(errors, []);
  });
});

test('on a touch screen a record is tapped and the scrubber dragged by a finger', async () => {
  await onPhone(undefined, async (phone) => {
    const { page, errors } = await open(phone, 'data-loss.html');
    // A tap on a record keeps it shown (pinned), as a click does.
    const record = page.getByTestId('record-B-0');
    await record.tap();
    await page.waitForFunction(() => document.querySelector('[data-testid=record-B-0]').classList.contains('pinned'));
    // A finger on the scrubber's thumb at the end, dragged to the start.
    const box = await page.getByTestId('scrubber').boundingBox();
    const y = box.y + box.height / 2;
    const cdp = await phone.newCDPSession(page);
    const touch = (type, x) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width - 4);
    for (let i = 1; i <= 10; i++) await touch('touchMove', box.x + box.width - 4 - (box.width - 8) * i / 10);
    await touch('touchEnd');
    await page.waitForFunction(() => document.querySelector('[data-testid=step]').dataset.step === '0');
    assert.deepEqual(errors, []);
  });
});

test('with a mouse every visible control is at least 24 × 24 px, in the page and in the embed', async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1400, height: 1000 });
    for (const path of ['data-loss.html', 'data-loss.embed-5.html']) {
      await page.goto(server.url + path);
      await page.getByTestId('broker-A').waitFor();
      await appReady(page);
      assert.equal(await page.evaluate(() => matchMedia('(pointer: fine)').matches), true);
      if (path === 'data-loss.html') await page.locator('.settings summary').click();
      assert.deepEqual(await smallControls(page, 24), [], path);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
