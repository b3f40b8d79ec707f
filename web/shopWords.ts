import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PREFIX = 'virtual:shop-words/';

/** `virtual:shop-words/{en,de}`: the part of a cabinet language's catalogue the buyer's pages read (the namespaces of
 * src/i18n/shopNamespaces.json, kept complete by src/i18n/shopWords.test.ts), so the shop's build loads a few KB of
 * words before its Buy button works instead of every page's. */
export function shopWords(): Plugin {
  return {
    name: 'sellflow-shop-words',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const lang = id.slice(PREFIX.length + 1);
      if (lang !== 'en' && lang !== 'de') throw new Error(`no cabinet language ${lang}`);
      const file = here(`./src/i18n/${lang}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const names = JSON.parse(readFileSync(here('./src/i18n/shopNamespaces.json'), 'utf8')) as string[];
      const part = Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
