import { useTranslation } from 'react-i18next';
import { Shell } from '../../components/Shell';
import { PUBLISH_NAV } from './nav';

export default function PublishLayout() {
  const { t } = useTranslation();
  return <Shell title={t('nav.publish')} groups={PUBLISH_NAV} />;
}
