// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18n } from './i18next';
import { initReactI18next, useTranslation } from './react-i18next';

function Words() {
  const { t } = useTranslation();
  return <p data-testid="words">{`${t('shop.buy')} / ${t('extra.later')}`}</p>;
}

describe("the shop's react-i18next", () => {
  it('draws the words again when the language changes and when words arrive', async () => {
    const i18n = new I18n();
    i18n.use(initReactI18next);
    await i18n.init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: { shop: { buy: 'Buy' } } }, de: { translation: { shop: { buy: 'Kaufen' } } } },
      react: { bindI18nStore: 'added' },
    });
    render(<Words />);
    expect(screen.getByTestId('words').textContent).toBe('Buy / extra.later');
    await act(async () => void (await i18n.changeLanguage('de')));
    expect(screen.getByTestId('words').textContent).toBe('Kaufen / extra.later');
    act(() => void i18n.addResourceBundle('en', 'translation', { extra: { later: 'Later' } }, true, false));
    expect(screen.getByTestId('words').textContent).toBe('Kaufen / Later');
  });
});
