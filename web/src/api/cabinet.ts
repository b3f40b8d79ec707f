/** Seller cabinet calls (`/v1/cabinet`). */
import { api } from './client';
import type { QueryParams } from './query';
import type {
  OrderDetails,
  OrderList,
  PricingPlan,
  PricingPlanInput,
  Product,
  ProductInput,
  ProductList,
  ProductPatch,
} from './types';

export type ProductAction = 'publish' | 'unpublish' | 'archive' | 'unarchive' | 'duplicate';

export const cabinetApi = {
  products: (query: QueryParams, signal?: AbortSignal) =>
    api.get<ProductList>('/cabinet/products', { query, ...(signal ? { signal } : {}) }),
  product: (id: number | string, signal?: AbortSignal) => api.get<Product>(`/cabinet/products/${id}`, signal ? { signal } : {}),
  createProduct: (input: ProductInput) => api.post<Product>('/cabinet/products', input),
  updateProduct: (id: number | string, patch: ProductPatch) => api.patch<Product>(`/cabinet/products/${id}`, patch),
  productAction: (id: number | string, action: ProductAction, suppressErrors = false) =>
    api.post<Product>(`/cabinet/products/${id}/${action}`, undefined, { suppressErrors }),
  uploadFile: (id: number | string, file: File, onProgress: (fraction: number) => void) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<Product>(`/cabinet/products/${id}/file`, undefined, { form, onUploadProgress: onProgress });
  },
  pricingPlans: (id: number | string, signal?: AbortSignal) =>
    api.get<{ list: PricingPlan[] }>(`/cabinet/products/${id}/pricing_plans`, signal ? { signal } : {}),
  createPricingPlan: (id: number | string, plan: PricingPlanInput) => api.post<PricingPlan>(`/cabinet/products/${id}/pricing_plans`, plan),
  deletePricingPlan: (id: number | string, planId: number | string) =>
    api.delete<null>(`/cabinet/products/${id}/pricing_plans/${planId}`),
  orders: (query: QueryParams, signal?: AbortSignal) =>
    api.get<OrderList>('/cabinet/orders', { query, ...(signal ? { signal } : {}) }),
  order: (token: string, signal?: AbortSignal) =>
    api.get<OrderDetails>(`/cabinet/orders/${encodeURIComponent(token)}`, signal ? { signal } : {}),
};
