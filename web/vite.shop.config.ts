import { fileURLToPath } from 'node:url';
import type { OutputChunk } from 'rolldown';
import { mergeConfig, type Plugin } from 'vite';
import base from './vite.config';
import { FIRST_LAZY, SHOP_ENTRY } from './shopWords';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The pages' code (src/shopApp.tsx) and the product page's chunk, with what they import, preloaded by shop.html: the
 * entry loads them lazily, and most buyers arrive on a product or its checkout, whose code would otherwise be asked for
 * only once the entry has run. */
function preloadProductPage(): Plugin {
  const lazyRoots = FIRST_LAZY.map((p) => `/${p}`);
  return {
    name: 'sellflow-preload-product-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const files = new Set<string>();
        const walk = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
          files.add(file);
          for (const dep of chunk.imports) walk(dep);
        };
        for (const root of lazyRoots) {
          const page = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && !!c.facadeModuleId?.endsWith(root));
          if (page) walk(page.fileName);
        }
        // what the entry itself loads is in the page already
        return [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** MUI's `createTheme` and `ThemeProvider` without their CSS-variables half (about 8 KB gzipped): the platform's theme
 * has no `colorSchemes` and no `cssVariables`, and for such a theme MUI itself takes the path without variables
 * (`createThemeNoVars`, `ThemeProviderNoVars`), the same code as here. A theme with either would throw. */
function muiWithoutCssVars(): Plugin {
  const styles = fileURLToPath(new URL('.', import.meta.resolve('@mui/material/styles')));
  const ids: Record<string, string> = {
    './createTheme.mjs': '\0sellflow-mui-createTheme',
    './ThemeProvider.mjs': '\0sellflow-mui-ThemeProvider',
  };
  const refusal = "throw new Error('the shop is built without MUI CSS variables: give the theme no colorSchemes or cssVariables')";
  return {
    name: 'sellflow-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !(source in ids) || !importer.startsWith(styles)) return null;
      return ids[source];
    },
    load(id) {
      if (id === ids['./createTheme.mjs']) {
        return [
          `import createThemeNoVars from ${JSON.stringify(`${styles}createThemeNoVars.mjs`)};`,
          'export default function createTheme(options = {}, ...args) {',
          `  if (options.cssVariables || 'colorSchemes' in options) ${refusal};`,
          '  return createThemeNoVars(options, ...args);',
          '}',
        ].join('\n');
      }
      if (id === ids['./ThemeProvider.mjs']) {
        return [
          "import * as React from 'react';",
          "import { jsx } from 'react/jsx-runtime';",
          `import ThemeProviderNoVars from ${JSON.stringify(`${styles}ThemeProviderNoVars.mjs`)};`,
          `import THEME_ID from ${JSON.stringify(`${styles}identifier.mjs`)};`,
          'export default function ThemeProvider({ theme, ...props }) {',
          '  const noVarsTheme = React.useMemo(() => {',
          "    if (typeof theme === 'function') return theme;",
          '    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;',
          `    if ('colorSchemes' in muiTheme) ${refusal};`,
          "    return 'vars' in muiTheme ? theme : { ...theme, vars: null };",
          '  }, [theme]);',
          '  return jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });',
          '}',
        ].join('\n');
      }
      return null;
    },
  };
}

/** The modules the product page runs before its Buy button works beyond the small entry's (src/shopApp.tsx's and the
 * page's static imports) in one chunk of their own (`first`): a phone on HTTP/1.1 asks six files at a time, so the
 * twenty small chunks the default splitting made cost three more round trips than their bytes did. The other pages'
 * own code stays in their chunks. */
function firstChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const entry = here(`./${SHOP_ENTRY}`);
  const roots = FIRST_LAZY.map((p) => here(`./${p}`));
  const first = new Set<string>();
  return {
    plugin: {
      name: 'sellflow-first-chunk',
      apply: 'build',
      buildEnd() {
        first.clear();
        const walk = (id: string) => {
          const info = this.getModuleInfo(id);
          if (first.has(id) || !info) return;
          first.add(id);
          for (const dep of info.importedIds) walk(dep);
        };
        walk(entry);
        const early = new Set(first);
        for (const root of roots) walk(root);
        for (const id of [...early, ...roots]) first.delete(id);
      },
    },
    test: (id) => first.has(id),
  };
}

const first = firstChunk();

// The shop's build: the buyer's pages (src/shop.tsx) on Preact's React layer, beside the platform app in `dist`
// (`shop.html`, its own manifest). `vite build` makes the app first and empties `dist`; this one adds to it.
export default mergeConfig(base, {
  mode: 'shop',
  plugins: [muiWithoutCssVars(), preloadProductPage(), first.plugin],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: here('./src/preact/react.ts') },
      { find: /^notistack$/, replacement: here('./src/preact/notistack.tsx') },
      { find: /^i18next$/, replacement: here('./src/preact/i18next.ts') },
      { find: /^react-i18next$/, replacement: here('./src/preact/react-i18next.ts') },
      { find: /^react-router$/, replacement: here('./src/preact/react-router.tsx') },
      { find: /^@tanstack\/react-query$/, replacement: here('./src/preact/react-query.ts') },
    ],
  },
  build: {
    emptyOutDir: false,
    manifest: '.vite/shop-manifest.json',
    rollupOptions: { input: here('./shop.html'), output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'first', test: first.test }] } } },
  },
});
