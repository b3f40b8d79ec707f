import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';

/** `/admin/mail`: the records the platform's sending domain publishes so inboxes accept its mail (the DKIM key every
 * mail is signed with, SPF, DMARC), each marked published only when the resolver answers that very value. */
export default function MailAuthenticationPage() {
  const { t } = useTranslation();
  const found = useQuery({ queryKey: ['mailAuthentication'], queryFn: ({ signal }) => sdk.mailAuthenticationRecords({ signal }) });
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('nav.mailAuthentication')}
      </Typography>
      {found.isPending ? <Skeleton variant="rounded" height={200} /> : null}
      {found.isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
      {found.data ? (
        <>
          <Alert severity={found.data.signed ? 'success' : 'warning'} data-testid="mail-signed">
            {found.data.signed ? t('mailAuth.signed', { domain: found.data.domain }) : t('mailAuth.unsigned', { domain: found.data.domain })}
          </Alert>
          <Paper sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {(['mailAuth.purpose', 'mailAuth.name', 'mailAuth.value', 'mailAuth.state'] as const).map((k) => (
                    <TableCell key={k}>{t(k)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {found.data.records.map((r) => (
                  <TableRow key={r.purpose} data-testid={`mail-record-${r.purpose}`}>
                    <TableCell>{t(`mailAuth.purposes.${r.purpose}`)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {r.name} {r.type}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', maxWidth: 420 }}>{r.value}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={r.published ? 'success' : r.published === false ? 'warning' : 'default'}
                        label={t(r.published ? 'mailAuth.published' : r.published === false ? 'mailAuth.missing' : 'mailAuth.unknown')}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Typography variant="body2" color="text.secondary">
            {t('mailAuth.help')}
          </Typography>
        </>
      ) : null}
    </Stack>
  );
}
