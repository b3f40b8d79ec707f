import { lazy, Suspense } from 'react';

type Props = Parameters<typeof import('./ShopTracking').ShopTracking>[0];
// loaded once the page is shown: the tags and their banner weigh nothing on the page before Buy works
const ShopTracking = lazy(() => import('./ShopTracking').then((m) => ({ default: m.ShopTracking })));

/** The shop's tracking on this page (`ShopTracking`), its code fetched after the page's own. */
export function Tracking(props: Props) {
  return (
    <Suspense fallback={null}>
      <ShopTracking {...props} />
    </Suspense>
  );
}
