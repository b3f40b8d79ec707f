import { afterEach, describe, expect, it } from 'vitest';
import i18n, { currentLanguage, loadLanguage, showInSellerLanguage } from './index';

describe('the cabinet’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });
  it('reads a buyer-only language as en or de, and leaves en and de as they are', async () => {
    await loadLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(i18n.t('common.save')).toBe('Enregistrer');
    showInSellerLanguage();
    await new Promise((r) => setTimeout(r, 50));
    expect(['en', 'de']).toContain(currentLanguage());
    await i18n.changeLanguage('de');
    showInSellerLanguage();
    await new Promise((r) => setTimeout(r, 50));
    expect(currentLanguage()).toBe('de');
  });
});
