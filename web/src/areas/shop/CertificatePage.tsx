import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { formatDate } from '../../components/dates';
import { ShopLayout } from './ShopLayout';

/** `/s/{seller}/certificates/{number}`: anyone checks a certificate by its number; while valid, its PDF. */
export default function CertificatePage() {
  const { t } = useTranslation();
  const { username = '', number = '' } = useParams();
  const check = useQuery({ queryKey: ['certificate', username, number], queryFn: ({ signal }) => sdk.checkCertificate(username, number, { signal }), retry: false });
  return (
    <ShopLayout seller={check.data?.sellerName ?? username}>
      {check.isError ? (
        <ErrorState error={check.error} onRetry={() => void check.refetch()} />
      ) : check.isPending ? (
        <Skeleton variant="rounded" height={320} sx={{ maxWidth: 560, mx: 'auto' }} />
      ) : (
        <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560, mx: 'auto', textAlign: 'center' }} data-testid="certificate-page">
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            {check.data.state === 'valid' ? <VerifiedIcon color="success" sx={{ fontSize: 56 }} /> : null}
            <Typography variant="overline" color="text.secondary">
              {check.data.number}
            </Typography>
            <Typography variant="h5" component="h1">
              {check.data.title}
            </Typography>
            <Typography variant="h6">{check.data.holderName}</Typography>
            {check.data.courseName ? <Typography color="text.secondary">{check.data.courseName}</Typography> : null}
            <Typography variant="body2" color="text.secondary">
              {t('certificates.issuedBy', { issuer: check.data.issuer, date: formatDate(check.data.issuedAt) })}
            </Typography>
            {check.data.state === 'valid' ? (
              <>
                <Alert severity="success" data-testid="certificate-valid">
                  {t('certificates.valid')}
                </Alert>
                <Button variant="contained" startIcon={<PdfIcon />} href={`/v1/shop/${encodeURIComponent(username)}/certificates/${encodeURIComponent(check.data.number)}/pdf`} target="_blank" rel="noopener">
                  {t('certificates.pdf')}
                </Button>
              </>
            ) : (
              <Alert severity="error" data-testid="certificate-revoked">
                {t('certificates.revoked')}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </ShopLayout>
  );
}
