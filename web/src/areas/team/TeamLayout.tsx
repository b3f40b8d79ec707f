import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { Shell } from '../../components/Shell';
import { TEAM_NAV } from './nav';
import { useActingFor } from './useTeam';

/** The team member area (core §2): their own pages; being here ends working in a seller's cabinet. */
export default function TeamLayout() {
  const { t } = useTranslation();
  if (!useActingFor(null)) return <PageLoader minHeight="60vh" />;
  return <Shell title={t('nav.teamArea')} groups={TEAM_NAV} />;
}
