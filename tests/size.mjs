// Reports the release build's transfer size: what opening the app loads
// (index.html, the wasm, JS and CSS it names, and what that JS imports),
// gzipped, whatever the files are called; then the page's chunks, each apart. Files the page does
// not name are listed apart: the checker's Web Worker, which the page starts
// on first use, each other language's messages (lang/), fetched when a
// reader switches to it, and the safety matrix's built tables (built/); the example post and replab-embed.js, which host
// pages load (and the example posts' stylesheet).
// The app's JS imports its snippets/ (wasm-bindgen's inline JS) as it starts:
// they count with the first download.
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, extname } from 'node:path';

const dir = process.argv[2] ?? 'dist';
const index = await readFile(join(dir, 'index.html'), 'utf8');
// A file the page fetches at load: index.html names it (as href, src or
// import), or a script it loads imports it (the split page's chunk loader,
// `__wasm_split-*.js`, which the app's JS imports as it starts).
const mentions = (text, name) => new RegExp(`["'(/]${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["')]`).test(text);
const atLoad = new Set(['index.html']);
for (const name of await readdir(dir)) if (mentions(index, name)) atLoad.add(name);
for (let grew = true; grew;) {
  grew = false;
  for (const js of [...atLoad].filter((n) => extname(n) === '.js')) {
    const text = await readFile(join(dir, js), 'utf8');
    for (const [, name] of text.matchAll(/(?:from|import)\s*["']\.\/([^"'/]+\.js)["']/g)) {
      if (!atLoad.has(name)) { atLoad.add(name); grew = true; }
    }
  }
}
const named = (name) => atLoad.has(name);
// The page's chunks: wasm the loader fetches when a reader opens a split panel.
const chunk = (name) => extname(name) === '.wasm' && /^(split_|chunk_)/.test(name);
const chunks = [];
let chunksRaw = 0, chunksGz = 0;
let raw = 0, gz = 0;
const rows = [];
const row = (name, body, z) => `  ${name.padEnd(44)} ${String(body.length).padStart(8)} B  ${String(z).padStart(7)} B gzipped`;
const total = (label, r, z) => `  ${label.padEnd(45)}${String(r).padStart(8)} B  ${String(z).padStart(7)} B gzipped (${(z / 1024).toFixed(1)} KiB)`;
const pages = [];
const later = [];
let laterRaw = 0, laterGz = 0;
for (const name of (await readdir(dir)).sort()) {
  if (!['.wasm', '.js', '.css', '.html'].includes(extname(name))) continue;
  const body = await readFile(join(dir, name));
  const z = gzipSync(body, { level: 9 }).length;
  if ((extname(name) === '.html' && name !== 'index.html') || name === 'replab-embed.js' || name.startsWith('example-post')) { pages.push(row(name, body, z)); continue; }
  if (chunk(name)) { chunks.push(row(name, body, z)); chunksRaw += body.length; chunksGz += z; continue; }
  if (!named(name)) { later.push(row(name, body, z)); laterRaw += body.length; laterGz += z; continue; }
  raw += body.length; gz += z;
  rows.push(row(name, body, z));
}
// snippets/<crate>/<file>.js, imported by the app's JS at start.
const snippets = join(dir, 'snippets');
for (const entry of await readdir(snippets, { recursive: true, withFileTypes: true }).catch(() => [])) {
  if (!entry.isFile() || extname(entry.name) !== '.js') continue;
  const path = join(entry.parentPath ?? entry.path, entry.name);
  const body = await readFile(path);
  const z = gzipSync(body, { level: 9 }).length;
  raw += body.length; gz += z;
  rows.push(row(path.slice(dir.length + 1), body, z));
}
// lang/<code>.msg: another language's messages, fetched on a switch;
// built/matrix-<n>.json: the safety matrix's tables answered at build time,
// fetched when the reader opens "Is it safe?".
for (const [folder, ext] of [['lang', '.msg'], ['built', '.json']]) {
  for (const name of (await readdir(join(dir, folder)).catch(() => [])).sort()) {
    if (extname(name) !== ext) continue;
    const body = await readFile(join(dir, folder, name));
    const z = gzipSync(body, { level: 9 }).length;
    later.push(row(`${folder}/${name}`, body, z)); laterRaw += body.length; laterGz += z;
  }
}
console.log(`release build transfer size (${dir}):`);
console.log(rows.join('\n'));
console.log(total('total', raw, gz));
if (chunks.length) {
  console.log(`the page's chunks, each fetched when a reader first opens its panel (split_<panel>; chunk_<n>: code two panels share):\n${chunks.join('\n')}`);
  console.log(total('total', chunksRaw, chunksGz));
}
if (later.length) {
  console.log(`loaded on first use (not named by index.html):\n${later.join('\n')}`);
  console.log(total('total', laterRaw, laterGz));
}
if (pages.length) console.log(`for host pages:\n${pages.join('\n')}`);
