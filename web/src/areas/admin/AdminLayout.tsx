import { useTranslation } from 'react-i18next';
import { Shell } from '../../components/Shell';
import { ADMIN_NAV } from '../cabinet/nav';

export default function AdminLayout() {
  const { t } = useTranslation();
  return <Shell title={t('nav.admin')} groups={ADMIN_NAV} />;
}
