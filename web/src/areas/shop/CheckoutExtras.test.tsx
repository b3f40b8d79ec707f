// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from '../../i18n';
import { SocialProofBar } from './CheckoutExtras';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the social proof on the checkout page', () => {
  it('shows each fact the settings chose, in words, as a badge of its own', () => {
    const recentAt = new Date(Date.now() - 3 * 60_000).toISOString();
    render(<SocialProofBar proof={{ totalViews: 12, totalPurchases: 1, recentFirstName: 'Ana', recentCountry: 'PT', recentAt }} />);
    const bar = screen.getByTestId('social-proof');
    expect([...bar.children].map((badge) => badge.textContent)).toEqual(['12 views', '1 purchase', expect.stringMatching(/^Ana from Portugal bought .*3 minutes ago$/)]);
  });

  it('shows nothing when the settings chose nothing', () => {
    const { container } = render(<SocialProofBar proof={{ totalViews: null, totalPurchases: null, recentFirstName: null, recentCountry: null, recentAt: null }} />);
    expect(container.textContent).toBe('');
  });
});
