import { useTranslation } from 'react-i18next';
import { Shell } from '../../components/Shell';
import { NotificationBell } from './notifications/NotificationBell';
import { CABINET_NAV } from './nav';

export default function CabinetLayout() {
  const { t } = useTranslation();
  return <Shell title={t('nav.cabinet')} groups={CABINET_NAV} actions={<NotificationBell />} />;
}
