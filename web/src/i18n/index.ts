import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'sellflow.lang';

export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'de') return saved;
  } catch {
    /* storage unavailable */
  }
  if (typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('de')) return 'de';
  return 'en';
}

// Each language's catalogue is its own chunk: a page loads the one it is read in (the other is half of what
// both would weigh on a buyer's first load), and a switch loads the other before it shows it.
const CATALOGUES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./en.json'),
  de: () => import('./de.json'),
};

/** The language's catalogue, loaded once. */
export async function loadLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: catalogue } = await CATALOGUES[lang]();
  i18n.addResourceBundle(lang, 'translation', catalogue, true, true);
}

export function changeLanguage(lang: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* ignore */
  }
  const show = () => {
    void i18n.changeLanguage(lang);
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  };
  if (i18n.hasResourceBundle(lang, 'translation')) show();
  else void loadLanguage(lang).then(show);
}

export function currentLanguage(): Language {
  return i18n.language === 'de' ? 'de' : 'en';
}

if (!i18n.isInitialized) {
  const lng = initialLanguage();
  // the page declares the language it is read in (screen readers pronounce by it; index.html says en)
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  void i18n.use(initReactI18next).init({
    resources: {},
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Resolved once the page's language can be shown (the catalogues have the same keys: i18n.test.ts). */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage());

export default i18n;
