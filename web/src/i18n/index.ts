import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BUYER_LANGUAGES, codeOfRange, dateLocaleFor, languageByCode, languageOf } from './languages';
import SHOP_NAMESPACES from './shopNamespaces.json';
import FIRST_WORDS from 'virtual:shop-words-first';

/** The cabinet's languages (en and de); buyer pages offer every one of BUYER_LANGUAGES. */
export const LANGUAGES = ['en', 'de'] as const;
/** A buyer language's code (core §9: `en`, `de`, `pt_br`, …). */
export type Language = string;
const STORAGE_KEY = 'sellflow.lang';

function browserRanges(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The page's language: a storefront's `?lang=` (its switcher sends buyers on with it), the saved choice, the
 * browser's first language of the set, English. */
export function initialLanguage(): Language {
  try {
    const asked = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lang') : null;
    if (languageByCode(asked)) {
      localStorage.setItem(STORAGE_KEY, asked as string);
      return asked as string;
    }
    const saved = localStorage.getItem(STORAGE_KEY);
    if (languageByCode(saved)) return saved as string;
  } catch {
    /* storage unavailable */
  }
  for (const range of browserRanges()) {
    const code = codeOfRange(range);
    if (code) return code;
  }
  return 'en';
}

// Each language's catalogue is its own chunk: a page loads the one it is read in, and a switch loads the other
// before it shows it. en and de hold every key; the other buyer languages the buyer-facing ones (English fills in).
type Catalogue = () => Promise<{ default: Record<string, unknown> }>;
const EVERY_WORD: Record<string, Catalogue> = {
  en: () => import('./en.json'),
  de: () => import('./de.json'),
};
// The shop's build (vite.shop.config.ts) starts with the words of the product page and its checkout in the page's
// language (`virtual:shop-words-first`, English filling in what a buyer language leaves to it), so the Buy button
// works after one small catalogue chunk; the rest of the buyer's part of the catalogue follows once the page is shown.
// A word outside the buyer's part (none is expected: src/i18n/shopWords.test.ts) brings the whole catalogue, and a
// word outside the first part brings the rest at once; the page shows either once it is there.
const SHOP = import.meta.env.MODE === 'shop';
const FULL: Record<string, Catalogue> = SHOP
  ? { en: () => import('virtual:shop-words/en'), de: () => import('virtual:shop-words/de') }
  : EVERY_WORD;
const rest = new Map<string, Promise<void>>();
const loaded = new Map<string, Promise<void>>();

function loadEveryWord(lang: string): void {
  const { code, tag } = languageOf(lang);
  const load = EVERY_WORD[code];
  if (!load || rest.has(code)) return;
  rest.set(
    code,
    load().then(
      ({ default: catalogue }) => void i18n.addResourceBundle(tag, 'translation', catalogue, true, false),
      () => void rest.delete(code), // not loaded (offline): the next missing word asks again
    ),
  );
}
const BUYER = import.meta.glob<{ default: Record<string, unknown> }>('./buyer/*.json');

function add(tag: string, catalogue: Record<string, unknown>, overwrite: boolean): void {
  i18n.addResourceBundle(tag, 'translation', catalogue, true, overwrite);
}

/** The language's catalogue, loaded once (English too, for the keys a buyer catalogue leaves to it); in the shop,
 * the buyer's part of it. */
function loadWhole(lang: Language): Promise<void> {
  const { code, tag } = languageOf(lang);
  const load = FULL[code] ?? BUYER[`./buyer/${code}.json`];
  const loads: Promise<void>[] = [];
  if (code !== 'en' && !FULL[code]) loads.push(loadWhole('en'));
  if (load && !loaded.has(code)) {
    const words = load().then(({ default: catalogue }) => add(tag, catalogue, true));
    loaded.set(code, words);
    words.catch(() => loaded.delete(code)); // not loaded (offline): asked again when needed
  }
  if (loaded.has(code)) loads.push(loaded.get(code)!);
  return Promise.all(loads).then(() => undefined);
}

/** Runs `then` once the page has loaded and the browser is idle. */
function afterShown(then: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** A product's page or its checkout (`/s/{user}/{slug}`, on a seller's domain `/{slug}`, and their `/checkout`; as
 * api/web.py reads the address): the pages the first words are for. Any other page of the shop (a thank-you page a
 * payment returns to, a ticket, the storefront) starts with the buyer's whole part, as its words are not among them. */
export function isProductAddress(path: string): boolean {
  return /^(?:\/s\/[^/]+)?\/[^/]+(?:\/checkout)?\/?$/.test(path) && !/^\/s\/?$/.test(path) && !/\/sign_in\/?$/i.test(path);
}

/** The language's catalogue, loaded once. On a product's page the shop loads the first part, then the rest once the
 * page is shown. */
export async function loadLanguage(lang: Language): Promise<void> {
  const { code, tag } = languageOf(lang);
  const first = SHOP && typeof location !== 'undefined' && isProductAddress(location.pathname) ? FIRST_WORDS[code] : undefined;
  if (!first) return loadWhole(lang);
  if (!i18n.hasResourceBundle(tag, 'translation')) {
    await first().then(({ default: catalogue }) => add(tag, catalogue, false));
  }
  afterShown(() => void loadWhole(lang).catch(() => undefined));
}

function showOnPage(code: Language): void {
  if (typeof document === 'undefined') return;
  const l = languageOf(code);
  document.documentElement.lang = l.tag;
  document.documentElement.dir = l.rtl ? 'rtl' : 'ltr';
}

export function changeLanguage(lang: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* ignore */
  }
  const show = () => {
    void i18n.changeLanguage(languageOf(lang).tag);
    showOnPage(lang);
  };
  if (i18n.hasResourceBundle(languageOf(lang).tag, 'translation')) show();
  else void loadLanguage(lang).then(show);
}

/** The cabinet's words: when the page reads one of the buyer-only languages, show German (for a German browser)
 * or English instead, without changing the saved choice the shop reads. */
export function showInSellerLanguage(shown: string = i18n.language): void {
  if ((LANGUAGES as readonly string[]).includes(languageOf(shown).code)) return;
  const fallback = browserRanges().some((r) => r.toLowerCase().startsWith('de')) ? 'de' : 'en';
  void loadLanguage(fallback).then(() => {
    void i18n.changeLanguage(fallback);
    showOnPage(fallback);
  });
}

/** The current language's code. */
export function currentLanguage(): Language {
  return languageOf(i18n.language).code;
}

/** The locale the current language writes dates in, or undefined for the default DD.MM.YYYY HH:mm. */
export function currentDateLocale(): string | undefined {
  return dateLocaleFor(currentLanguage(), browserRanges());
}

export { BUYER_LANGUAGES };

if (!i18n.isInitialized) {
  const lng = initialLanguage();
  // the page declares the language it is read in (screen readers pronounce by it; index.html says en)
  showOnPage(lng);
  void i18n.use(initReactI18next).init({
    resources: {},
    lng: languageOf(lng).tag,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    ...(SHOP && {
      saveMissing: true,
      // a word of the buyer's part is in its rest; any other word in the whole catalogue
      missingKeyHandler: (lngs: readonly string[], _ns: string, key: string) => {
        const shop = SHOP_NAMESPACES.includes(key.split('.')[0] ?? '');
        for (const tag of [...lngs, 'en']) {
          if (shop) void loadWhole(tag).catch(() => undefined);
          else loadEveryWord(tag);
        }
      },
      react: { bindI18nStore: 'added' },
    }),
  });
}

/** Resolved once the page's language can be shown. */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage());

export default i18n;
