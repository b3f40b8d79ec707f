import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PREFIX = 'virtual:shop-words/';
const FIRST = 'virtual:shop-words-first/';
const LOADERS = 'virtual:shop-words-first';
/** The shop's entry, and the modules it loads lazily that the product page and its checkout run before the Buy button
 * works (the pages' code and the product page; vite.shop.config.ts preloads them and puts what they import in one
 * chunk). With what they import statically (any other `import()` is a later chunk), they are the page's first code. */
export const SHOP_ENTRY = 'src/shop.tsx';
export const FIRST_LAZY = ['src/shopApp.tsx', 'src/areas/shop/ShopProductPage.tsx'];
export const FIRST_ENTRIES = [SHOP_ENTRY, ...FIRST_LAZY];
/** The API's refusals and errors, which the client words by their code (`refusals.${reason}`): a buyer meets one only
 * after asking the API, by when the rest of the words (loaded once the page is shown) are there; until then the
 * API's own message stands. A key the code names whole stays among the first words. */
export const LATER_TEMPLATES = ['refusals.', 'apiErrors.'];

type Tree = { [key: string]: unknown };

function read(file: string): Tree {
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

function flat(tree: Tree, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [k, v] of Object.entries(tree)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) flat(v as Tree, `${prefix}${k}.`, into);
    else into[`${prefix}${k}`] = v;
  }
  return into;
}

function nest(words: Record<string, unknown>): Tree {
  const tree: Tree = {};
  for (const [key, value] of Object.entries(words)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Tree;
    }
    node[parts.at(-1)!] = value;
  }
  return tree;
}

/** Every module reached from `entries` by relative imports: static ones only unless `lazy`. */
export function reachable(entries: readonly string[], lazy = false): Map<string, string> {
  const seen = new Map<string, string>();
  const pattern = lazy ? /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g : /(?:\bfrom|^import)\s+['"](\.[^'"]+)['"]/gm;
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const [, spec] of text.matchAll(pattern)) {
      const base = normalize(join(dirname(file), spec!));
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p) && !p.endsWith('/'));
      if (found) visit(found);
    }
  };
  for (const entry of entries) visit(here(`./${entry}`));
  return seen;
}

/** What the modules' code says of the catalogue's keys: each string that starts with a namespace and a dot. A whole
 * key also names its plural forms (`key_one`); a string with a `${…}` or `+` after it names every key it begins
 * (`refusals.${reason}`, `'shop.steps.' + step`). A string that is neither (`'payer.'`, an API field's path the
 * checkout reads) names no key. A template beginning one of `later` names none: its words come with the rest. */
export function keysRead(modules: Iterable<string>, namespaces: ReadonlySet<string>, later: readonly string[] = []): (key: string) => boolean {
  const exact = new Set<string>();
  const begins = new Set<string>();
  for (const text of modules) {
    for (const [, literal, after] of text.matchAll(/[`'"]([a-zA-Z]+\.[A-Za-z0-9_.]*)(\$\{|['"`]\s*\+)?/g)) {
      if (!namespaces.has(literal!.split('.')[0]!)) continue;
      if (after) begins.add(literal!);
      else exact.add(literal!);
    }
  }
  return (key) => {
    const bare = key.replace(/_(zero|one|two|few|many|other)$/, '');
    if (exact.has(key) || exact.has(bare)) return true;
    for (let i = key.indexOf('.'); i > 0; i = key.indexOf('.', i + 1)) if (exact.has(key.slice(0, i))) return true;
    for (const p of begins) if (key.startsWith(p) && !later.includes(p)) return true;
    return false;
  };
}

function shopNamespaces(): string[] {
  return JSON.parse(readFileSync(here('./src/i18n/shopNamespaces.json'), 'utf8')) as string[];
}

function buyerCodes(): string[] {
  return readdirSync(here('./src/i18n/buyer'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));
}

/** The words a buyer language's product page shows before its Buy button works, English filling in the keys the
 * language leaves to it (so the page loads one catalogue chunk, not its own and English's). */
function firstWords(lang: string): Tree {
  const en = read(here('./src/i18n/en.json'));
  const names = new Set(shopNamespaces());
  const wanted = keysRead(reachable(FIRST_ENTRIES).values(), names, LATER_TEMPLATES);
  const own = lang === 'en' || lang === 'de' ? read(here(`./src/i18n/${lang}.json`)) : read(here(`./src/i18n/buyer/${lang}.json`));
  const words: Record<string, unknown> = {};
  for (const tree of lang === 'en' ? [en] : [en, own]) {
    for (const [key, value] of Object.entries(flat(tree))) {
      if (names.has(key.split('.')[0]!) && wanted(key)) words[key] = value;
    }
  }
  return nest(words);
}

/** `virtual:shop-words/{en,de}`: the part of a cabinet language's catalogue the buyer's pages read (the namespaces of
 * src/i18n/shopNamespaces.json, kept complete by src/i18n/shopWords.test.ts).
 * `virtual:shop-words-first/{lang}`: of those, the words of the product page and its checkout, for every buyer
 * language (`virtual:shop-words-first` loads them by language code); the shop's build loads these before the Buy
 * button works and the rest once the page is shown. */
export function shopWords(): Plugin {
  return {
    name: 'sellflow-shop-words',
    resolveId: (id) => (id.startsWith(PREFIX) || id.startsWith(FIRST) || id === LOADERS ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith('\0virtual:shop-words')) return null;
      this.addWatchFile(here('./src/i18n/en.json'));
      this.addWatchFile(here('./src/i18n/de.json'));
      if (id === `\0${LOADERS}`) {
        const codes = ['en', 'de', ...buyerCodes()];
        return `export default {${codes.map((c) => `${JSON.stringify(c)}: () => import(${JSON.stringify(FIRST + c)})`).join(', ')}};`;
      }
      let words: Tree;
      if (id.startsWith(`\0${FIRST}`)) {
        const lang = id.slice(FIRST.length + 1);
        if (lang !== 'en' && lang !== 'de' && !buyerCodes().includes(lang)) throw new Error(`no buyer language ${lang}`);
        words = firstWords(lang);
      } else {
        const lang = id.slice(PREFIX.length + 1);
        if (lang !== 'en' && lang !== 'de') throw new Error(`no cabinet language ${lang}`);
        const all = read(here(`./src/i18n/${lang}.json`));
        words = Object.fromEntries(shopNamespaces().filter((n) => n in all).map((n) => [n, all[n]]));
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(words))});`;
    },
  };
}
