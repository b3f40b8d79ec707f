import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import base from './vite.config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The shop's build: the buyer's pages (src/shop.tsx) on Preact's React layer, beside the platform app in `dist`
// (`shop.html`, its own manifest). `vite build` makes the app first and empties `dist`; this one adds to it.
export default mergeConfig(base, {
  mode: 'shop',
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
