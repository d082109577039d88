// Reports the release build's transfer size: what opening the app loads
// (index.html, wasm, JS, CSS), gzipped. The example post is listed apart.
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, extname } from 'node:path';

const dir = process.argv[2] ?? 'dist';
let raw = 0, gz = 0;
const rows = [];
const row = (name, body, z) => `  ${name.padEnd(44)} ${String(body.length).padStart(8)} B  ${String(z).padStart(7)} B gzipped`;
const apart = [];
for (const name of (await readdir(dir)).sort()) {
  if (!['.wasm', '.js', '.css', '.html'].includes(extname(name))) continue;
  const body = await readFile(join(dir, name));
  const z = gzipSync(body, { level: 9 }).length;
  if (extname(name) === '.html' && name !== 'index.html') { apart.push(row(name, body, z)); continue; }
  raw += body.length; gz += z;
  rows.push(row(name, body, z));
}
console.log(`release build transfer size (${dir}):`);
console.log(rows.join('\n'));
console.log(`  total${' '.repeat(40)}${String(raw).padStart(8)} B  ${String(gz).padStart(7)} B gzipped (${(gz / 1024).toFixed(1)} KiB)`);
if (apart.length) console.log(`other pages:\n${apart.join('\n')}`);
