import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import shopNamespaces from './shopNamespaces.json';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every module the shop's build reaches from its entry, by its relative imports (static and lazy). */
function reachable(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const base = normalize(join(dirname(file), spec!));
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('/'));
      if (found) visit(found);
    }
  };
  visit(join(SRC, entry));
  return seen;
}

describe("the shop's words", () => {
  it('hold every namespace a buyer page reads, so no page waits for the rest of the catalogue', () => {
    const modules = reachable('shop.tsx');
    expect(modules.size).toBeGreaterThan(40);
    const namespaces = new Set(Object.keys(en));
    const read = new Map<string, string>();
    for (const [file, text] of modules) {
      for (const [, ns] of text.matchAll(/[`'"]([a-zA-Z]+)\.[a-zA-Z_$]/g)) if (namespaces.has(ns!)) read.set(ns!, file);
    }
    expect(read.has('shop')).toBe(true);
    const missing = [...read].filter(([ns]) => !shopNamespaces.includes(ns)).map(([ns, file]) => `${ns} (${file.slice(SRC.length + 1)})`);
    expect(missing).toEqual([]);
  });

  it('name only namespaces the catalogues have', () => {
    for (const ns of shopNamespaces) expect(en, ns).toHaveProperty([ns]);
  });
});
