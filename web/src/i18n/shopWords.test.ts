import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_ENTRIES, keysRead, reachable as reachableFrom } from '../../shopWords';
import { isProductAddress } from './index';
import el from './buyer/el.json';
import en from './en.json';
import shopNamespaces from './shopNamespaces.json';
import firstEl from 'virtual:shop-words-first/el';
import firstEn from 'virtual:shop-words-first/en';

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

type Tree = { [key: string]: unknown };
function flat(tree: Tree, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? Object.entries(flat(v as Tree, `${prefix}${k}.`)) : [[`${prefix}${k}`, v]])),
  );
}

describe("the product page's first words", () => {
  const EN = flat(en as Tree);
  const first = flat(firstEn as Tree);
  const modules = [...reachableFrom(FIRST_ENTRIES).values()];

  it('hold every key the product page and its checkout name in their code, and no other page’s', () => {
    expect(modules.length).toBeGreaterThan(30);
    const named = new Set<string>();
    for (const text of modules) for (const [, key] of text.matchAll(/['"`]([a-zA-Z]+\.[A-Za-z0-9_.]*[A-Za-z0-9_])['"`]/g)) if (key! in EN) named.add(key!);
    expect(named.size).toBeGreaterThan(50);
    expect([...named].filter((key) => !(key in first))).toEqual([]);
    // the thank-you page's words come after the Buy button works
    expect(first).not.toHaveProperty(['shop.licenseKey']);
    expect(EN).toHaveProperty(['shop.licenseKey']);
    // the API's refusals are worded by their code once the rest has loaded
    expect(Object.keys(first).filter((key) => key.startsWith('refusals.') || key.startsWith('apiErrors.'))).toEqual([]);
    expect(EN).toHaveProperty(['refusals.checkout_over']);
  });

  it('take every key a template in the code begins, and a key’s plural forms', () => {
    const code = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the code of a template literal, as the plugin reads it
      "t(`refusals.${code}`)",
      "t('shop.seats', { count })",
      "t('shop.steps.' + step)",
      "k.startsWith('payer.')",
    ];
    const read = keysRead(code, new Set(['refusals', 'shop', 'payer']));
    expect(read('refusals.card_declined')).toBe(true);
    expect(read('shop.seats_other')).toBe(true);
    expect(read('shop.steps.pay')).toBe(true);
    expect(read('shop.seatsLeft')).toBe(false);
    expect(read('shop.buy')).toBe(false);
    expect(read('payer.title')).toBe(false); // an API field's path, not a key
    expect(keysRead(code, new Set(['refusals']), ['refusals.'])('refusals.card_declined')).toBe(false);
  });

  it('of a buyer language are its own where it has them and English’s where it has none', () => {
    const greek = flat(el as Tree);
    const mine = flat(firstEl as Tree);
    expect(Object.keys(mine).sort()).toEqual(expect.arrayContaining(Object.keys(first)));
    for (const [key, text] of Object.entries(mine)) expect(text, key).toBe(greek[key] ?? EN[key]);
    expect(Object.keys(mine).some((key) => !(key in greek))).toBe(true);
  });
});

describe('the pages that start with the first words', () => {
  it('are a product’s page and its checkout, on our hosts and on a seller’s domain', () => {
    for (const path of ['/s/demo-seller/guide', '/s/demo-seller/guide/checkout', '/s/demo-seller/guide/', '/guide', '/guide/checkout']) {
      expect(isProductAddress(path), path).toBe(true);
    }
    // a thank-you page a payment returns to, the storefront, a ticket, signing in: all of the buyer's words
    for (const path of ['/s/demo-seller/guide/thank_you/abc', '/s/demo-seller', '/s', '/', '/s/demo-seller/sign_in', '/s/demo-seller/tickets/x']) {
      expect(isProductAddress(path), path).toBe(false);
    }
  });
});
