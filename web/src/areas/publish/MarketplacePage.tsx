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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { sessionQueries } from '../../app/queries';
import { toast } from '../../app/notify';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useMoney } from '../../components/Money';
import { percent } from './usePublisher';

type Program = Answer<'publisher_marketplace'>['list'][number];

/** `/publish/affiliate_marketplace`: the programs sellers open to every publisher; asking to join one makes the
 * user a publisher (the seller decides). */
export default function MarketplacePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [query, setQuery] = useState('');
  const programs = useQuery({
    queryKey: ['publish', 'marketplace', query.trim()],
    queryFn: ({ signal }) => sdk.publisherMarketplace(query.trim() ? { query: query.trim() } : {}, { signal }),
    placeholderData: keepPreviousData,
  });
  const join = useMutation({
    mutationFn: (p: Program) => sdk.joinAffiliateProgram(p.affiliateProgramId, {}, { suppressErrors: true }),
    onSuccess: (_, p) => toast(t('publish.asked', { name: p.name }), 'success'),
    onError: (e) => toast(e instanceof ApiError && e.reason ? t(`refusals.${e.reason}`) : e instanceof ApiError && e.status === 400 ? t('publish.ownProgram') : t('toast.error'), 'error'),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['publish'] });
      void qc.invalidateQueries({ queryKey: sessionQueries.me().queryKey });
    },
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('publish.marketplaceTitle')}
      </Typography>
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

function ProgramCard({ program: p, joining, onJoin }: { program: Program; joining: boolean; onJoin: () => void }) {
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
