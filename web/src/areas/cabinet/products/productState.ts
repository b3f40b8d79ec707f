import type { Product, ProductAction } from '../../../api/types';

/** The state shown in the product list: archived wins over the publication state. */
export function productState(p: Pick<Product, 'isArchived' | 'isPublished' | 'published'>): string {
  if (p.isArchived) return 'archived';
  if (p.published) return p.published;
  return p.isPublished ? 'published' : 'unpublished';
}

/** The state-changing actions offered for a product. */
export function availableActions(p: Pick<Product, 'isArchived' | 'isPublished' | 'published'>): ProductAction[] {
  if (p.isArchived) return ['unarchive', 'duplicate'];
  // waiting for a new review after a rejection: it can be withdrawn, not published again
  const live = p.isPublished || p.published === 'publish_pending';
  return [live ? 'unpublish' : 'publish', 'archive', 'duplicate'];
}
