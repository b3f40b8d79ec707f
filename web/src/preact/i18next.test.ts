import real from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18n, type InitOptions } from './i18next';

// The shop's small i18next against the real one: the same words for the same keys, options and languages.
const resources = {
  en: {
    translation: {
      shop: {
        buy: 'Buy now',
        hello: 'Hello {{name}}, {{ name }}!',
        seats_one: '{{count}} seat',
        seats_other: '{{count}} seats',
        seats_zero: 'No seats',
        days_one: 'one day',
        days_other: '{{count}} days',
        only: 'English only',
        nested: { deep: 'Deep {{what}}' },
      },
    },
  },
  de: { translation: { shop: { buy: 'Jetzt kaufen', seats_one: '{{count}} Platz', seats_other: '{{count}} Plätze' } } },
  ar: {
    translation: { shop: { days_zero: 'لا أيام', days_one: 'يوم', days_two: 'يومان', days_few: '{{count}} أيام', days_many: '{{count}} يومًا', days_other: '{{count}} يوم' } },
  },
  'pt-BR': { translation: { shop: { buy: 'Comprar' } } },
};
const cases: [string, Record<string, unknown>?][] = [
  ['shop.buy'],
  ['shop.hello', { name: 'Ann' }],
  ['shop.hello', {}],
  ['shop.seats', { count: 0 }],
  ['shop.seats', { count: 1 }],
  ['shop.seats', { count: 7 }],
  ['shop.days', { count: 0 }],
  ['shop.days', { count: 1 }],
  ['shop.days', { count: 2 }],
  ['shop.days', { count: 5 }],
  ['shop.days', { count: 11 }],
  ['shop.days', { count: 100 }],
  ['shop.only'],
  ['shop.nested.deep', { what: 'words' }],
  ['shop.missing', { defaultValue: 'Fallback {{n}}', n: 3 }],
  ['shop.buy', { lng: 'de' }],
  ['shop.buy', { lng: 'pt-BR' }],
];

async function both(lng: string, extra: Partial<InitOptions> = {}) {
  const options = { lng, fallbackLng: 'en', resources, interpolation: { escapeValue: false }, ...extra };
  const theirs = real.createInstance();
  await theirs.init(options as never);
  const ours = new I18n();
  await ours.init(options as InitOptions);
  return { theirs, ours };
}

describe("the shop's i18next", () => {
  for (const lng of ['en', 'de', 'ar', 'pt-BR', 'fr']) {
    it(`says what i18next says in ${lng}`, async () => {
      const { theirs, ours } = await both(lng);
      for (const [key, options] of cases) {
        expect(ours.t(key, options as never), `${lng} ${key} ${JSON.stringify(options)}`).toBe(theirs.t(key, options as never));
        expect(ours.exists(key, options as never), `${lng} ${key}`).toBe(theirs.exists(key, options as never));
      }
    });
  }

  it('follows a language change and words added later, and reports a missing key once asked to', async () => {
    const missing: string[] = [];
    const { ours } = await both('en', { saveMissing: true, missingKeyHandler: (_l: readonly string[], _n: string, key: string) => void missing.push(key) });
    const seen: string[] = [];
    ours.on('languageChanged', (l) => void seen.push(String(l)));
    await ours.changeLanguage('de');
    expect(seen).toEqual(['de']);
    expect(ours.t('shop.buy')).toBe('Jetzt kaufen');
    expect(ours.t('shop.later')).toBe('shop.later');
    expect(missing).toEqual(['shop.later']);
    ours.addResourceBundle('de', 'translation', { shop: { later: 'Später' } }, true, false);
    expect(ours.t('shop.later')).toBe('Später');
    expect(ours.t('shop.buy')).toBe('Jetzt kaufen');
    ours.addResourceBundle('de', 'translation', { shop: { buy: 'Anders' } }, true, false);
    expect(ours.t('shop.buy')).toBe('Jetzt kaufen');
    ours.addResourceBundle('de', 'translation', { shop: { buy: 'Anders' } }, true, true);
    expect(ours.t('shop.buy')).toBe('Anders');
    expect(ours.hasResourceBundle('de', 'translation')).toBe(true);
    expect(ours.hasResourceBundle('it', 'translation')).toBe(false);
  });
});
