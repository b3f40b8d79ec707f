import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ShoppingIcon from '@mui/icons-material/ShoppingBagOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { formatDate } from '../../components/dates';
import { IncludedList } from '../shop/IncludedList';

export const payerKeys = {
  area: (seller: string) => ['payer', seller] as const,
  course: (seller: string, course: string) => ['payer', seller, 'course', course] as const,
  lesson: (seller: string, course: string, lesson: string) => ['payer', seller, 'course', course, 'lesson', lesson] as const,
};

/** `/payer/s/{seller}`: everything the signed-in payer bought from this seller, each with its access. */
export default function PayerAreaPage() {
  const { t } = useTranslation();
  const { seller = '' } = useParams();
  const area = useQuery({ queryKey: payerKeys.area(seller), queryFn: ({ signal }) => sdk.payerArea(seller, { signal }) });

  if (area.isError) return <ErrorState error={area.error} onRetry={() => void area.refetch()} />;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        {t('payer.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {area.data ? area.data.email : <Skeleton width={200} />}
      </Typography>
      {area.isPending ? (
        <Grid container spacing={2}>
          {[0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6 }}>
              <Skeleton variant="rounded" height={160} />
            </Grid>
          ))}
        </Grid>
      ) : area.data.purchases.length === 0 ? (
        <EmptyState title={t('payer.empty')} icon={<ShoppingIcon />} />
      ) : (
        <Grid container spacing={2} data-testid="payer-purchases">
          {area.data.purchases.map((p) => {
            const open = p.access === 'published';
            return (
              <Grid key={p.orderToken} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={`purchase-${p.productName}`}>
                  <CardContent sx={{ flex: 1 }}>
                    <Typography variant="overline" color="text.secondary">
                      {t(`products.forms.${p.form}`)}
                    </Typography>
                    <Typography variant="h6" component="h2" gutterBottom>
                      {p.productName}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
                      <Chip size="small" color={open ? 'success' : p.access === 'publishing' ? 'info' : 'warning'} label={t(`payer.access.${p.access}`)} />
                      <Typography variant="caption" color="text.secondary">
                        {t('payer.boughtOn', { date: formatDate(p.boughtAt) })}
                      </Typography>
                    </Stack>
                    {p.closedBecause ? <Alert severity="warning">{t(`payer.closed.${p.closedBecause}`)}</Alert> : null}
                    {p.progressPercent != null && open ? (
                      <Box>
                        <LinearProgress variant="determinate" value={p.progressPercent} sx={{ height: 8, borderRadius: 4 }} aria-label={t('payer.progress')} />
                        <Typography variant="caption" color="text.secondary">
                          {t('payer.progressDone', { percent: p.progressPercent })}
                        </Typography>
                      </Box>
                    ) : null}
                    {p.items?.length ? <IncludedList items={p.items} /> : null}
                    {p.certificatePending ? (
                      <Alert severity="info" sx={{ mt: 1 }}>
                        {t('certificates.pending')}
                      </Alert>
                    ) : null}
                  </CardContent>
                  <CardActions sx={{ flexWrap: 'wrap' }}>
                    {p.form === 'course' ? (
                      <Button component={RouterLink} to={`/payer/s/${encodeURIComponent(seller)}/courses/${p.productId}`} variant="contained" disabled={!open} data-testid="open-course">
                        {p.progressPercent ? t('payer.continueCourse') : t('payer.openCourse')}
                      </Button>
                    ) : null}
                    {p.ticketUrl ? (
                      <Button component={RouterLink} to={p.ticketUrl} variant="contained">
                        {t('events.openTicket')}
                      </Button>
                    ) : null}
                    {p.certificateUrl ? (
                      <Button component={RouterLink} to={p.certificateUrl} variant="contained">
                        {t('certificates.open')}
                      </Button>
                    ) : null}
                    {p.downloadUrl ? (
                      <Button href={p.downloadUrl} variant="contained">
                        {t('payer.download')}
                      </Button>
                    ) : null}
                    <Button component={RouterLink} to={p.thankYouUrl}>
                      {t('payer.details')}
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
    </>
  );
}
