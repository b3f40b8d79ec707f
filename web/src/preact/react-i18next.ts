// `react-i18next` in the shop's build (vite.shop.config.ts), over src/preact/i18next.ts: `useTranslation` gives the
// page's `t` and re-renders its component when the language changes or words arrive (`react.bindI18nStore`).
import { useEffect, useMemo, useState } from 'react';
import type { I18n } from './i18next';

let instance: I18n | null = null;

export const initReactI18next = {
  type: '3rdParty',
  init(i18n: I18n): void {
    instance = i18n;
  },
};

export function getI18n(): I18n | null {
  return instance;
}

export function useTranslation() {
  const i18n = instance!;
  const [revision, setRevision] = useState(0);
  // the one instance initReactI18next was given, for the page's life: subscribed once
  useEffect(() => {
    const bump = () => setRevision((r) => r + 1);
    const store = i18n.options.react?.bindI18nStore;
    i18n.on('languageChanged', bump);
    if (store) i18n.store.on(store, bump);
    return () => {
      i18n.off('languageChanged', bump);
      if (store) i18n.store.off(store, bump);
    };
  }, []);
  const language = i18n.language;
  // a new `t` when the language changes or words arrive, as react-i18next gives one (effects that use it rerun)
  // biome-ignore lint/correctness/useExhaustiveDependencies: language and revision are what make the new `t`
  const t = useMemo(() => ((key: string, options?: Parameters<I18n['t']>[1]) => i18n.t(key, options)), [language, revision]);
  return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
}
