import { describe, expect, it } from 'vitest';
import en from './en.json';
import { BUYER_LANGUAGES, SELLER_LANGUAGES, codeOfRange, dateLocaleFor, languageOf } from './languages';
import { formatMoney } from '../lib/money';

type Tree = Record<string, unknown>;
function flat(obj: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? Object.entries(flat(v as Tree, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]])),
  );
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (k: string) => k.replace(PLURAL, '');
const vars = (s: string) => new Set([...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));

const EN = flat(en as Tree);
const catalogues = import.meta.glob<{ default: Tree }>('./buyer/*.json', { eager: true });
const BUYER_ONLY = BUYER_LANGUAGES.filter((l) => !SELLER_LANGUAGES.includes(l.code));

describe('buyer catalogues (core §9: the twenty languages of buyer-facing pages)', () => {
  it('exist for every buyer language beyond the cabinet’s en and de', () => {
    expect(BUYER_LANGUAGES).toHaveLength(20);
    for (const l of BUYER_ONLY) expect(catalogues[`./buyer/${l.code}.json`], l.code).toBeDefined();
    expect(Object.keys(catalogues)).toHaveLength(BUYER_ONLY.length);
  });

  it('translate the same keys, each an English key with the same placeholders', () => {
    const first = new Set(Object.keys(flat(catalogues['./buyer/es.json']!.default)).map(base));
    for (const l of BUYER_ONLY) {
      const words = flat(catalogues[`./buyer/${l.code}.json`]!.default);
      expect(new Set(Object.keys(words).map(base)), l.code).toEqual(first);
      for (const [key, text] of Object.entries(words)) {
        const english = EN[key] ?? EN[`${base(key)}_other`];
        expect(english, `${l.code}: ${key} is no English key`).toBeDefined();
        const wanted = vars(english!);
        if (PLURAL.test(key)) wanted.delete('count'); // "one day", "يومان": the number is in the word
        for (const v of wanted) expect(text, `${l.code}: ${key} keeps {{${v}}}`).toContain(`{{${v}}}`);
        expect(text.trim(), `${l.code}: ${key}`).not.toBe('');
      }
    }
  });

  it('cover every word of the server-rendered storefront and the checkout’s steps', () => {
    const needed = Object.keys(EN).filter(
      (k) => (k.startsWith('storefront.') && !(k.startsWith('storefront.socials.') && k !== 'storefront.socials.website')) || k.startsWith('shop.steps.') || k.startsWith('shop.buyButton.'),
    );
    for (const l of BUYER_ONLY) {
      const words = flat(catalogues[`./buyer/${l.code}.json`]!.default);
      for (const k of needed) expect(words, `${l.code}: ${k}`).toHaveProperty([k]);
    }
  });

  it('give every plural the forms its language uses (Intl.PluralRules, counts 0 to 200)', () => {
    const plurals = new Set(Object.keys(EN).filter((k) => k.endsWith('_other')).map(base));
    for (const l of BUYER_ONLY) {
      const words = flat(catalogues[`./buyer/${l.code}.json`]!.default);
      const rules = new Intl.PluralRules(l.tag);
      const forms = new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)));
      for (const p of plurals) {
        if (!Object.keys(words).some((k) => base(k) === p)) continue;
        for (const form of forms) expect(words, `${l.code}: ${p}_${form}`).toHaveProperty([`${p}_${form}`]);
      }
    }
  });
});

describe('languages', () => {
  it('read a browser’s ranges as the set names them', () => {
    expect(codeOfRange('pt-BR')).toBe('pt_br');
    expect(codeOfRange('pt')).toBe('pt_pt');
    expect(codeOfRange('nb-NO')).toBe('no');
    expect(codeOfRange('de-AT')).toBe('de');
    expect(codeOfRange('ja')).toBeUndefined();
    expect(languageOf('pt-BR').code).toBe('pt_br');
    expect(languageOf('xx').code).toBe('en');
  });
  it('write dates in core §9’s date locales', () => {
    expect(dateLocaleFor('de', ['de-AT', 'de'])).toBe('de-AT');
    expect(dateLocaleFor('de', ['de-CH'])).toBe('de-CH');
    expect(dateLocaleFor('de', ['de-DE'])).toBeUndefined(); // the default DD.MM.YYYY HH:mm
    expect(dateLocaleFor('en', ['en-GB'])).toBe('en-GB');
    expect(dateLocaleFor('en', ['kok-IN'])).toBe('kok');
    expect(dateLocaleFor('pt_br', ['pt-BR'])).toBe('pt-BR');
  });
  it('write amounts in core §9’s two formats', () => {
    expect(formatMoney(1990, 'eur', 'en')).toBe('19.90€');
    expect(formatMoney(1990, 'eur', 'fr')).toBe('19,90€');
    expect(formatMoney(1990, 'usd', 'ko')).toBe('$19.90');
    expect(formatMoney(1990, 'chf', 'pt-BR')).toBe('19,90 CHF');
  });
});

describe('plural forms', () => {
  it('plural-forms.json is what Intl says (the storefront server picks plurals by it: domain test_languages)', async () => {
    const { default: fixture } = await import('./plural-forms.json');
    for (const l of BUYER_LANGUAGES) {
      const rules = new Intl.PluralRules(l.tag);
      expect((fixture as Record<string, string[]>)[l.code], l.code).toEqual(Array.from({ length: 121 }, (_, n) => rules.select(n)));
    }
  });
});
