// The benches' static server: builds served gzipped, as a host would.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.scn': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml', '.woff': 'font/woff',
};

// Serves each of `roots` under /<its name>/ (and `pages`, a path each, as
// HTML), gzipped as a static host would (level 9, once per file), except
// fonts (already compressed).
export async function serveGzipped(roots, pages = {}) {
  const cache = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const [, site, ...rest] = path.split('/');
    if (pages[path] !== undefined) {
      res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' }).end(pages[path]);
      return;
    }
    const root = roots[site];
    if (!root) { res.writeHead(404).end('not found'); return; }
    let file = normalize(join(root, rest.join('/')));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (path.endsWith('/')) file = join(file, 'index.html');
    try {
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (extname(file) === '.woff') {
        res.writeHead(200, { 'content-type': type }).end(await readFile(file));
        return;
      }
      if (!cache.has(file)) cache.set(file, gzipSync(await readFile(file), { level: 9 }));
      res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'cache-control': 'no-store' });
      res.end(cache.get(file));
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}
