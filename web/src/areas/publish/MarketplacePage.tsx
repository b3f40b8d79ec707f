import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { sessionQueries } from '../../app/queries';
import { toast } from '../../app/notify';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useMoney } from '../../components/Money';
import { MarketOverview, MarketProducts, MarketPublishers, MarketSellers } from './MarketViews';
import { percent } from './usePublisher';
import { Page } from '../../components/Page';

type Program = Answer<'publisher_marketplace'>['list'][number];

type View = 'overview' | 'programs' | 'products' | 'sellers' | 'publishers';
/** core §2 tabs: the publisher side (overview, programs, publishers, products) and the seller side (overview,
 * programs, products, sellers, affiliate: the publishers). */
const VIEWS: Record<'publisher' | 'seller', View[]> = {
  publisher: ['overview', 'programs', 'products', 'publishers'],
  seller: ['overview', 'programs', 'products', 'sellers', 'publishers'],
};

/** `/publish/affiliate_marketplace` (and the seller's `/cabinet/affiliate_marketplace`): the programs sellers open
 * to every publisher, the products they pay on, the shops and the publishers in them; asking to join a program
 * makes the user a publisher (the seller decides). The tab is kept in the address (`?tab=products`). */
export default function MarketplacePage({ side = 'publisher' }: { side?: 'publisher' | 'seller' }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const views = VIEWS[side];
  const view = views.find((v) => v === params.get('tab')) ?? 'overview';
  return (
    <Page title={t('publish.marketplaceTitle')}>
      <Tabs value={view} onChange={(_, v: View) => setParams(v === 'overview' ? {} : { tab: v }, { replace: true })} variant="scrollable" allowScrollButtonsMobile aria-label={t('publish.marketplaceTitle')}>
        {views.map((v) => (
          <Tab key={v} value={v} label={t(`publish.marketTabs.${v}`)} data-testid={`market-tab-${v}`} />
        ))}
      </Tabs>
      {view === 'overview' ? <MarketOverview onMore={() => setParams({ tab: 'programs' }, { replace: true })} /> : null}
      {view === 'programs' ? <Programs /> : null}
      {view === 'products' ? <MarketProducts /> : null}
      {view === 'sellers' ? <MarketSellers /> : null}
      {view === 'publishers' ? <MarketPublishers /> : null}
    </Page>
  );
}

function useJoin() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: Program) => sdk.joinAffiliateProgram(p.affiliateProgramId, {}, { suppressErrors: true }),
    onSuccess: (_, p) => toast(t('publish.asked', { name: p.name }), 'success'),
    onError: (e) => toast(e instanceof ApiError && e.reason ? t(`refusals.${e.reason}`) : e instanceof ApiError && e.status === 400 ? t('publish.ownProgram') : t('toast.error'), 'error'),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['publish'] });
      void qc.invalidateQueries({ queryKey: sessionQueries.me().queryKey });
    },
  });
}

function Programs() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const programs = useQuery({
    queryKey: ['publish', 'marketplace', query.trim()],
    queryFn: ({ signal }) => sdk.publisherMarketplace(query.trim() ? { query: query.trim() } : {}, { signal }),
    placeholderData: keepPreviousData,
  });
  const join = useJoin();
  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('publish.searchPrograms')}
        slotProps={{ htmlInput: { 'aria-label': t('publish.searchPrograms'), maxLength: 100 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        sx={{ maxWidth: 420 }}
      />
      {programs.isPending ? (
        <Skeleton variant="rounded" height={180} />
      ) : programs.isError ? (
        <ErrorState error={programs.error} onRetry={() => void programs.refetch()} />
      ) : programs.data.list.length === 0 ? (
        <Paper>
          <EmptyState title={t('publish.marketplaceEmpty')} />
        </Paper>
      ) : (
        <Grid container spacing={2}>
          {programs.data.list.map((p) => (
            <Grid key={p.affiliateProgramId} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ProgramCard program={p} joining={join.isPending && join.variables?.affiliateProgramId === p.affiliateProgramId} onJoin={() => join.mutate(p)} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

export function ProgramCard({ program: p, joining, onJoin }: { program: Program; joining: boolean; onJoin: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="market-program">
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2">
          <Link component={RouterLink} to={`/publish/affiliate_marketplace/${p.affiliateProgramId}`} underline="hover" color="inherit">
            {p.name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('publish.byShop', { shop: p.shop })}
        </Typography>
        <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {percent(p.terms.commissionBp, i18n.language)}
        </Typography>
        <Typography variant="body2">{t(`publish.duration.${p.terms.lifetime}`, { count: p.terms.lifetimeDuration })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('publish.cookieFor', { count: p.terms.cookiesExpire })}
        </Typography>
        {p.terms.stages > 1 ? (
          <Typography variant="body2" color="text.secondary">
            {t('publish.stages', { count: p.terms.stages })}
          </Typography>
        ) : null}
        {p.terms.bonus > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('publish.bonus', { amount: money(p.terms.bonus, 'eur') })}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {t('publish.publishers', { count: p.publishers })}
        </Typography>
      </CardContent>
      <CardActions>
        {p.state && p.state !== 'rejected' && p.state !== 'canceled' ? (
          <Chip size="small" color={p.state === 'accepted' ? 'success' : 'warning'} label={t(`affiliates.states.${p.state}`)} data-testid="market-state" />
        ) : (
          <Button variant="contained" size="small" disabled={joining} onClick={onJoin} data-testid="market-join">
            {t('publish.join')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
