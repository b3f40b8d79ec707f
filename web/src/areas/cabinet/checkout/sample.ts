import type { TFunction } from 'i18next';
import type { CheckoutPage, ShopProduct } from '../../../api/types';

export const PREVIEW_MESSAGE = 'sellflow.checkout-preview';

/** The product the live preview shows a checkout page with: a sample in the seller's language, with one bump. */
export function sampleProduct(page: CheckoutPage, seller: string, t: TFunction): ShopProduct {
  return {
    id: 0,
    name: t('checkoutPages.sample.name'),
    description: t('checkoutPages.sample.description'),
    slug: 'preview',
    sellerUsername: seller,
    sellerName: seller,
    form: 'download',
    displayPrice: 4900,
    currency: 'eur',
    pricingPlans: [{ id: 1, name: t('checkoutPages.sample.plan'), paymentType: 'one_time', price: 4900, currency: 'eur', dueNow: 4900 } as ShopProduct['pricingPlans'][number]],
    sellable: true,
    notSellableReasons: [],
    tickets: [],
    optIns: [],
    bumps: [
      {
        id: 1,
        kind: 'bump',
        productName: t('checkoutPages.sample.bump'),
        form: 'download',
        title: null,
        description: t('checkoutPages.sample.bumpText'),
        position: 'below_payer_details',
        planName: t('checkoutPages.sample.plan'),
        paymentType: 'one_time',
        price: 900,
        currency: 'eur',
      },
    ],
    bumpsGrouping: 'separate',
    upsellTitle: null,
    mainProductRequired: true,
    checkout: page,
    socialProof: {
      totalViews: page.socialProof?.includes('total_views') ? 1284 : null,
      totalPurchases: page.socialProof?.includes('total_purchases') ? 87 : null,
      recentFirstName: page.socialProof?.includes('recent_purchase') ? 'Anna K.' : null,
      recentCountry: page.socialProof?.includes('recent_purchase') ? 'DE' : null,
      recentAt: page.socialProof?.includes('recent_purchase') ? new Date(Date.now() - 4 * 60_000).toISOString() : null,
    },
    paymentMethods: [{ pricingPlanId: 1, methods: ['card'] }],
  } as ShopProduct;
}
