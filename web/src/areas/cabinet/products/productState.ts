import type { Product, ProductAction } from '../../../api/types';

/** The state shown in the product list: archived wins over the publication state. */
export function productState(p: Pick<Product, 'isArchived' | 'isPublished' | 'published'>): string {
  if (p.isArchived) return 'archived';
  if (p.published) return p.published;
  return p.isPublished ? 'published' : 'unpublished';
}

/** The state-changing actions offered for a product. */
export function availableActions(p: Pick<Product, 'isArchived' | 'isPublished'>): ProductAction[] {
  if (p.isArchived) return ['unarchive', 'duplicate'];
  return [p.isPublished ? 'unpublish' : 'publish', 'archive', 'duplicate'];
}
