#!/usr/bin/env node
// Gzip size report of the built app (reads dist/.vite/manifest.json).
// Prints every chunk and the total JavaScript a buyer downloads for the shop pages:
// the entry chunk, the shop page chunks and all their static imports.
// Usage: node scripts/size-report.mjs [--max-shop-kb 250]
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json missing: run `npm run build` first');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const argMax = process.argv.indexOf('--max-shop-kb');
const maxShopKb = argMax > 0 ? Number(process.argv[argMax + 1]) : 250;

const sizes = new Map();
function gz(file) {
  if (!sizes.has(file)) {
    const buf = readFileSync(join(dist, file));
    sizes.set(file, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizes.get(file);
}

/** Files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const shopKeys = Object.keys(manifest).filter((k) => k.includes('areas/shop/') && manifest[k].isDynamicEntry);
const kb = (n) => (n / 1024).toFixed(1);

const all = Object.values(manifest)
  .map((c) => c.file)
  .filter((f) => f.endsWith('.js'));
const rows = [...new Set(all)].map((f) => ({ file: f, ...gz(f) })).sort((a, b) => b.gzip - a.gzip);
console.log('chunk'.padEnd(52), 'raw KB'.padStart(9), 'gzip KB'.padStart(9));
for (const r of rows) console.log(r.file.padEnd(52), kb(r.raw).padStart(9), kb(r.gzip).padStart(9));

const shopFiles = closure([entryKey, ...shopKeys]);
const shopJs = [...shopFiles].filter((f) => f.endsWith('.js'));
const shopTotal = shopJs.reduce((s, f) => s + gz(f).gzip, 0);
const forbidden = shopJs.filter((f) => /OrdersPage|x-data-grid|DataGrid|charts/i.test(f));
console.log('');
console.log(`entry: ${manifest[entryKey].file} (${kb(gz(manifest[entryKey].file).gzip)} KB gzip)`);
if (process.env.SIZE_LIST) for (const f of shopJs) console.log(`  ${f} ${kb(gz(f).gzip)}`);
console.log(`shop pages: ${shopKeys.join(', ')}`);
console.log(`buyer-facing JS (entry + shop pages + their imports): ${shopJs.length} files, ${kb(shopTotal)} KB gzip (limit ${maxShopKb} KB)`);
if (forbidden.length) {
  console.error(`shop pulls in grid/chart code: ${forbidden.join(', ')}`);
  process.exit(1);
}
if (shopTotal / 1024 > maxShopKb) {
  console.error('buyer-facing JS is over the limit');
  process.exit(1);
}
