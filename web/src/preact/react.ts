// @ts-nocheck: preact/compat's types are `export =`, which `export *` cannot name; the build resolves it as ESM.
// `react` in the shop's build (vite.shop.config.ts): Preact's compat layer, and the one React 19 hook it lacks that
// react-router imports (for its data routers' forms, which the shop does not use).
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}
