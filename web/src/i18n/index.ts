import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import de from './de.json';

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

export function changeLanguage(lang: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* ignore */
  }
  void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return i18n.language === 'de' ? 'de' : 'en';
}

if (!i18n.isInitialized) {
  const lng = initialLanguage();
  // the page declares the language it is read in (screen readers pronounce by it; index.html says en)
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export default i18n;
