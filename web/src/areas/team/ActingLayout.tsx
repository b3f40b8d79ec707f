import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { actingPath, setActingSeller } from '../../api/acting';
import * as sdk from '../../api/sdk.gen';
import { PageLoader } from '../../components/PageLoader';
import { Shell, type NavGroup } from '../../components/Shell';
import { CABINET_NAV } from '../cabinet/nav';
import { useActingFor } from './useTeam';

/** What only the account's owner may use: not in a team member's menu (the API refuses it too). */
export const OWNER_ONLY = new Set(['profileEdit', 'paymentSettings', 'accountDeletion', 'teamMembers', 'payouts', 'reseller', 'notifications', 'webhooks']);

/** The cabinet's menu as a team member working for `seller` sees it: their paths, without the owner's parts. */
export function actingNav(seller: number): NavGroup[] {
  return CABINET_NAV.map((g) => ({
    ...g,
    items: g.items.filter((i) => !OWNER_ONLY.has(i.key)).map((i) => ({ ...i, to: actingPath(seller, i.to) })),
  })).filter((g) => g.items.length > 0);
}

/** Whether `pathname` is one of the owner's pages of `seller`'s cabinet (the menu leaves them out; opened by
 * address they say so instead of showing forms the API would refuse). */
export function ownerOnlyPage(seller: number, pathname: string): boolean {
  return CABINET_NAV.flatMap((g) => g.items)
    .filter((i) => OWNER_ONLY.has(i.key))
    .map((i) => actingPath(seller, i.to.split('?')[0] ?? i.to))
    .some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function sellerOf(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `/team_member/sellers/{id}/…`: the seller's cabinet, worked in by a team member for them (core §2). */
export default function ActingLayout() {
  const { t } = useTranslation();
  const seller = sellerOf(useParams().sellerId);
  const ready = useActingFor(seller);
  const { pathname } = useLocation();
  const teams = useQuery({ queryKey: ['team', 'invites'], queryFn: ({ signal }) => sdk.teamInvites({ signal }), enabled: ready });
  if (!ready || teams.isPending) return <PageLoader minHeight="60vh" />;
  const team = teams.data?.list.find((x) => x.sellerId === seller && x.role === 'team_member' && x.state === 'active');
  if (seller === null || !team) {
    setActingSeller(null); // not theirs: the cabinet's addresses are their own again
    return (
      <Alert severity="warning" sx={{ m: 4 }} action={<Button component={RouterLink} to="/team_member" color="inherit">{t('team.backToArea')}</Button>}>
        {t('team.notYours')}
      </Alert>
    );
  }
  return (
    <Shell
      title={t('team.workingFor', { shop: team.sellerName || team.shop })}
      groups={actingNav(seller)}
      content={
        ownerOnlyPage(seller, pathname) ? (
          <Alert severity="info" data-testid="owner-only">
            {t('team.ownerOnly')}
          </Alert>
        ) : undefined
      }
      banner={
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="acting-banner"
          action={
            <Button component={RouterLink} to="/team_member" color="inherit" data-testid="leave-acting">
              {t('team.backToArea')}
            </Button>
          }
        >
          {t('team.workingForBody', { shop: team.sellerName || team.shop })}
        </Alert>
      }
    />
  );
}
