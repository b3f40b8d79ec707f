import { AreaPlaceholder } from './AreaPlaceholder';
import { CABINET_NAV } from './nav';

export default function CabinetPlaceholder() {
  return <AreaPlaceholder groups={CABINET_NAV} />;
}
