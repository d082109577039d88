// The safety matrix in the page: the default three-broker table searched live
// on two workers (the built answer set aside by a click on "Fill in the
// table"), and what each cell's search held. Run with `./dev bench` after a
// release build; prints figures, asserts nothing. `BROKERS=2` for the
// two-broker table, `COLUMNS=releases` for every release line's; `REPLAB_DIST=dir` serves another build (the harness's own
// setting: the build before, whose cells may not say how they were settled,
// each counting as searched), named `LABEL` in the line printed.
import { serve, launch } from '../e2e/harness.mjs';

const brokers = process.env.BROKERS ?? '3';
const label = process.env.LABEL ?? 'now';
const server = await serve();
const browser = await launch();
const page = await browser.newPage();
await page.setViewportSize({ width: 1400, height: 1000 });
// Two workers, as on a two-core laptop or phone, whatever this machine has.
await page.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 2 }));
await page.goto(server.url);
await page.getByTestId('broker-A').waitFor();
await page.getByTestId('matrix-open').click();
await page.getByTestId('matrix-run').waitFor();
// The five generations' columns, as every build before the release lines
// had them (`COLUMNS=releases`: every release line's).
const columns = process.env.COLUMNS ?? 'generations';
if (await page.getByTestId('matrix-columns').count()) await page.getByTestId('matrix-columns').selectOption(columns);
await page.getByTestId('matrix-brokers').selectOption(brokers);
const t0 = Date.now();
await page.getByTestId('matrix-run').click();
await page.waitForFunction(
  () => document.querySelector('[data-testid=matrix-progress]')?.dataset.phase === 'finished',
  null, { timeout: 30 * 60_000 },
);
const seconds = (Date.now() - t0) / 1000;
const cells = await page.getByTestId('matrix-cell').evaluateAll((cs) => cs.map((c) => ({ ...c.dataset })));
const searched = (c) => (c.settled ?? 'searched') === 'searched';
const states = cells.reduce((n, c) => n + (searched(c) ? Number(c.states ?? 0) : 0), 0);
const settled = cells.filter((c) => c.state === 'violation' || c.complete === 'true').length;
const most = cells.reduce((m, c) => Math.max(m, Number(c.megabytes ?? 0)), 0);
const by = (how) => cells.filter((c) => (c.settled ?? 'searched') === how).length;
console.log(`${label}: the ${brokers}-broker table live on two workers: ${seconds.toFixed(1)} s, ${settled} of ${cells.length} cells settled, ` +
  `${states.toLocaleString('en-US')} states searched, ${by('searched')} searched, ${by('twin')} by their twin, ` +
  `${by('covered')} covered; the most a worker held: ${most} MB`);
for (const c of cells.filter((c) => Number(c.megabytes ?? 0) >= 100)) {
  console.log(`  ${c.protocol.padEnd(16)} min.insync=${c.minInsync} unclean=${c.unclean} ${c.failures.padEnd(9)} ` +
    `${c.state.padEnd(11)} ${Number(c.states ?? 0).toLocaleString('en-US').padStart(10)} states ${c.megabytes.padStart(5)} MB`);
}
await browser.close();
await server.close();
