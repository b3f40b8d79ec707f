import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutPage } from '../../../api/types';
import { PaymentForm } from '../../shop/PaymentForm';
import { ProductPageBody } from '../../shop/ShopProductPage';
import { ShopLayout } from '../../shop/ShopLayout';
import { PREVIEW_MESSAGE, sampleProduct } from './sample';

/** `/preview/checkout`: a checkout page as its settings draw it, inside the settings page's preview frame (so a
 * phone's width is a real phone layout). The draft comes from the parent window; nothing can be bought. */
export default function CheckoutPreviewFrame() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ page: CheckoutPage; seller: string } | null>(null);
  useEffect(() => {
    const take = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.data?.type !== PREVIEW_MESSAGE) return;
      setDraft({ page: e.data.page as CheckoutPage, seller: String(e.data.seller ?? '') });
    };
    window.addEventListener('message', take);
    window.parent?.postMessage({ type: `${PREVIEW_MESSAGE}.ready` }, window.location.origin);
    return () => window.removeEventListener('message', take);
  }, []);
  if (!draft) return null;
  const product = sampleProduct(draft.page, draft.seller, t);
  const plan = product.pricingPlans[0]!;
  return (
    <ShopLayout seller={draft.seller} pageColor={draft.page.theme?.pageColor}>
      <ProductPageBody product={product}>
        <PaymentForm username="" slug="" plan={plan} bumps={product.bumps ?? []} bumpsGrouping="separate" page={draft.page} productName={product.name} preview />
      </ProductPageBody>
    </ShopLayout>
  );
}
