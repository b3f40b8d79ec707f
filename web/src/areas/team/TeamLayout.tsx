import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/useCurrentUser';
import { PageLoader } from '../../components/PageLoader';
import { Shell } from '../../components/Shell';
import { TEAM_NAV } from './nav';
import { useActingFor } from './useTeam';

/** The team member area (core §2): their own pages; being here ends working in a seller's cabinet. Sales, money
 * and payout details are in the menu of those who sell for a seller (a team member who only works in a cabinet
 * earns nothing here). */
export default function TeamLayout() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const ready = useActingFor(null);
  if (!ready) return <PageLoader minHeight="60vh" />;
  const sells = me.data?.profileTypes.includes('sales_team_member') ?? false;
  return <Shell title={t('nav.teamArea')} groups={sells ? TEAM_NAV : TEAM_NAV.filter((g) => g.key !== 'teamSales')} />;
}
