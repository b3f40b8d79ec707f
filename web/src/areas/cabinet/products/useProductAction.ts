import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import type { Product, ProductAction } from '../../../api/types';
import { toast } from '../../../app/notify';
import { productKeys } from './queries';

/** Runs a product action; a refused publish (422 NOT_SELLABLE) lists its reasons in a warning toast. */
export function useProductAction(onDone?: (product: Product, action: ProductAction) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ProductAction }) => cabinetApi.productAction(id, action, action === 'publish'),
    onSuccess: (product, { action }) => {
      toast(t(`products.done.${action}`), 'success');
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      queryClient.setQueryData(productKeys.detail(product.id), product);
      onDone?.(product, action);
    },
    onError: (error, { action }) => {
      if (action !== 'publish' || !(error instanceof ApiError)) return;
      const reasons = error.fields?.reasons;
      if (Array.isArray(reasons) && reasons.length) {
        const text = reasons.map((r) => t(`warnings.${String(r)}`, { defaultValue: String(r) })).join(', ');
        toast(`${t('editor.notSellable')} ${text}`, 'warning');
      } else {
        toast(error.message, 'error');
      }
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}
