import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { useMoney } from '../../components/Money';
import { PublicLayout } from './PublicLayout';

/** `/plans`: the platform plans a seller may choose, each with its fee on a sale. */
export default function PlansPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const plans = useQuery({ queryKey: ['platform', 'plans'], queryFn: ({ signal }) => sdk.plansOffered({ signal }) });
  const percent = (bp: number) => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10000);
  return (
    <PublicLayout>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('platform.plans.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('platform.plans.intro')}
        </Typography>
        {plans.isPending ? <Skeleton variant="rounded" height={180} /> : null}
        {plans.isError ? <Alert severity="error">{t('platform.loadFailed')}</Alert> : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {(plans.data?.list ?? []).map((p) => (
              <Card key={p.name} variant="outlined" data-testid="platform-plan">
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {p.name}
                  </Typography>
                  <Typography variant="h4" component="p" sx={{ my: 1 }}>
                    {p.feeFixed ? t('platform.plans.feeWithFixed', { percent: percent(p.feeBasisPoints), fixed: money(p.feeFixed, 'eur') }) : t('platform.plans.fee', { percent: percent(p.feeBasisPoints) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('platform.plans.perSale')} · {t(`platform.plans.cycles.${p.billingCycle}`)}
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button component={RouterLink} to="/users/sign_up" variant="contained">
                    {t('landing.signUp')}
                  </Button>
                </CardActions>
              </Card>
          ))}
        </Box>
      </Container>
    </PublicLayout>
  );
}
