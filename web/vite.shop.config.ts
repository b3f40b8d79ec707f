import { fileURLToPath } from 'node:url';
import type { OutputChunk } from 'rolldown';
import { mergeConfig, type Plugin } from 'vite';
import base from './vite.config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The product page's chunk and what it imports, preloaded by shop.html: most buyers arrive on a product or its
 * checkout, whose code would otherwise be asked for only once the entry has run. */
function preloadProductPage(): Plugin {
  return {
    name: 'sellflow-preload-product-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const page = Object.values(bundle).find(
          (c): c is OutputChunk => c.type === 'chunk' && !!c.facadeModuleId?.endsWith('/areas/shop/ShopProductPage.tsx'),
        );
        if (!page) return [];
        const files = new Set<string>();
        const walk = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
          files.add(file);
          for (const dep of chunk.imports) walk(dep);
        };
        walk(page.fileName);
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

// The shop's build: the buyer's pages (src/shop.tsx) on Preact's React layer, beside the platform app in `dist`
// (`shop.html`, its own manifest). `vite build` makes the app first and empties `dist`; this one adds to it.
export default mergeConfig(base, {
  mode: 'shop',
  plugins: [preloadProductPage()],
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
    ],
  },
  build: {
    emptyOutDir: false,
    manifest: '.vite/shop-manifest.json',
    rollupOptions: { input: here('./shop.html') },
  },
});
