import MarketplacePage from '../../publish/MarketplacePage';

/** `/cabinet/affiliate_marketplace`: the marketplace as a seller sees it (core §2 seller-side tabs): what other
 * programs pay, on which products, which shops list programs, and the publishers active in them. */
export default function CabinetMarketplacePage() {
  return <MarketplacePage side="seller" />;
}
