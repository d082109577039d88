// Reports the release build's transfer size: wasm + JS + CSS, gzipped.
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, extname } from 'node:path';

const dir = process.argv[2] ?? 'dist';
let raw = 0, gz = 0;
const rows = [];
for (const name of await readdir(dir)) {
  if (!['.wasm', '.js', '.css', '.html'].includes(extname(name))) continue;
  const body = await readFile(join(dir, name));
  const z = gzipSync(body, { level: 9 }).length;
  raw += body.length; gz += z;
  rows.push(`  ${name.padEnd(44)} ${String(body.length).padStart(8)} B  ${String(z).padStart(7)} B gzipped`);
}
console.log(`release build transfer size (${dir}):`);
console.log(rows.join('\n'));
console.log(`  total${' '.repeat(40)}${String(raw).padStart(8)} B  ${String(gz).padStart(7)} B gzipped (${(gz / 1024).toFixed(1)} KiB)`);
