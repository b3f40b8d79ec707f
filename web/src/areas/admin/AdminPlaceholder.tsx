import { AreaPlaceholder } from '../cabinet/AreaPlaceholder';
import { ADMIN_NAV } from '../cabinet/nav';

export default function AdminPlaceholder() {
  return <AreaPlaceholder groups={ADMIN_NAV} />;
}
