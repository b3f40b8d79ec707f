import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import * as sdk from '../../api/sdk.gen';
import { sessionQueries } from '../../app/queries';
import { toast } from '../../app/notify';
import { ErrorState } from '../../components/ErrorState';
import { useMoney } from '../../components/Money';
import { percent } from './usePublisher';

/** `/publish/affiliate_marketplace/{id}` (core §2): a program's landing page, where a publisher reads its terms and
 * asks to join. `?referrer_id={publisher}` is a publisher's invitation: the one who joins through it earns them the
 * next stage of a multi-stage program. */
export default function ProgramLandingPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const referrer = Number(params.get('referrer_id')) || null;
  const programId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  const program = useQuery({
    queryKey: ['publish', 'landing', programId],
    queryFn: ({ signal }) => sdk.getPublicAffiliateProgram(programId, { signal }),
    enabled: programId > 0,
  });
  const mine = useQuery({ queryKey: ['publish', 'marketplace', ''], queryFn: ({ signal }) => sdk.publisherMarketplace({}, { signal }) });
  const state = mine.data?.list.find((p) => p.affiliateProgramId === programId)?.state ?? null;
  const join = useMutation({
    mutationFn: () => sdk.joinAffiliateProgram(programId, { fromLandingPage: true, referrerId: referrer }, { suppressErrors: true }),
    onSuccess: () => toast(t('publish.asked', { name: program.data?.name ?? '' }), 'success'),
    onError: (e) => toast(e instanceof ApiError && e.status === 400 ? t('publish.ownProgram') : t('toast.error'), 'error'),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['publish'] });
      void qc.invalidateQueries({ queryKey: sessionQueries.me().queryKey });
    },
  });
  if (programId === 0) return <Alert severity="warning">{t('publish.noSuchProgram')}</Alert>;
  if (program.isPending) return <Skeleton variant="rounded" height={320} />;
  if (program.isError) return <ErrorState error={program.error} onRetry={() => void program.refetch()} />;
  const p = program.data;
  const asked = state && state !== 'rejected' && state !== 'canceled';
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography variant="h5" component="h1">
        {p.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('publish.byShop', { shop: p.shop })}
      </Typography>
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h3" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {percent(p.commissionBp, i18n.language)}
        </Typography>
        <Typography variant="body1">{t(`publish.duration.${p.lifetime}`, { count: p.lifetimeDuration })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('publish.cookieFor', { count: p.cookiesExpire })}
        </Typography>
        {p.bonus > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('publish.bonus', { amount: money(p.bonus, 'eur') })}
          </Typography>
        ) : null}
        {p.landing ? (
          <Typography variant="body1" sx={{ whiteSpace: 'pre-line', mt: 2 }} data-testid="landing-text">
            {p.landing}
          </Typography>
        ) : null}
        {referrer ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('publish.invited')}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
          {asked ? (
            <Chip color={state === 'accepted' ? 'success' : 'warning'} label={t(`affiliates.states.${state}`)} data-testid="landing-state" />
          ) : (
            <Button variant="contained" disabled={join.isPending} onClick={() => join.mutate()} data-testid="landing-join">
              {t('publish.join')}
            </Button>
          )}
          <Button component={RouterLink} to="/publish/affiliate_marketplace">
            {t('publish.marketplaceTitle')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
