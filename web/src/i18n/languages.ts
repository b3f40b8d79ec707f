import data from './languages.json';

/** A buyer language of core §9: its code, its BCP 47 tag (i18next and Intl speak tags) and its own name. */
export interface BuyerLanguage {
  code: string;
  tag: string;
  name: string;
  rtl?: boolean;
  decimalPoint?: boolean;
}

export const BUYER_LANGUAGES: readonly BuyerLanguage[] = data.buyer;
/** The cabinet's languages; buyers' pages speak all of BUYER_LANGUAGES. */
export const SELLER_LANGUAGES = data.seller as readonly string[];
export const DATE_LOCALES = data.dateLocales as readonly string[];

const BY_CODE = new Map(BUYER_LANGUAGES.map((l) => [l.code, l]));
const BY_TAG = new Map(BUYER_LANGUAGES.map((l) => [l.tag.toLowerCase(), l]));

export function languageByCode(code: string | null | undefined): BuyerLanguage | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

/** The buyer language of an i18next language (a tag) or a code; English when it is none of the set. */
export function languageOf(tagOrCode: string | null | undefined): BuyerLanguage {
  const v = (tagOrCode ?? '').toLowerCase();
  return BY_CODE.get(v) ?? BY_TAG.get(v) ?? (BY_CODE.get('en') as BuyerLanguage);
}

/** The code a browser's language range asks for (`pt-BR` → pt_br, `nb-NO` → no, `de-AT` → de), if in the set. */
export function codeOfRange(range: string): string | undefined {
  const [primary = '', region = ''] = range.toLowerCase().split(/[-_]/);
  if (primary === 'pt') return region === 'br' ? 'pt_br' : 'pt_pt';
  const code = primary === 'nb' || primary === 'nn' ? 'no' : primary;
  return BY_CODE.has(code) ? code : undefined;
}

/**
 * The locale dates are written in (core §9's date locales): German readers in Austria and Switzerland get theirs,
 * English readers in Britain theirs, a Konkani browser its own; other buyer languages their tag. Undefined: the
 * default format DD.MM.YYYY HH:mm.
 */
export function dateLocaleFor(code: string, browser: readonly string[]): string | undefined {
  const ranges = browser.map((r) => r.toLowerCase());
  if (ranges.some((r) => r === 'kok' || r.startsWith('kok-') || r.startsWith('gom'))) return 'kok';
  if (code === 'de') {
    if (ranges.includes('de-at')) return 'de-AT';
    if (ranges.includes('de-ch')) return 'de-CH';
    return undefined;
  }
  if (code === 'en') return ranges.includes('en-gb') ? 'en-GB' : undefined;
  return languageByCode(code)?.tag;
}
