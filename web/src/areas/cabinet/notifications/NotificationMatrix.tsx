import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { ErrorState } from '../../../components/ErrorState';

type Setting = Answer<'get_notification_settings'>['list'][number];
const KEY = ['cabinet', 'notification_settings'] as const;

/** Each notification type: shown in the cabinet, sent by mail; a switch saves at once. */
export function NotificationMatrix() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.getNotificationSettings({ signal }) });
  const save = useMutation({
    mutationFn: (s: Setting) => sdk.saveNotificationSettings({ list: [s] }),
    onSuccess: (next) => {
      queryClient.setQueryData(KEY, next);
      toast(t('notices.saved'), 'success');
    },
  });
  if (data.isPending) return <Skeleton variant="rounded" height={320} />;
  if (data.isError) return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  return (
    <Paper>
      <TableContainer tabIndex={0} role="region" aria-label={t('notifications.matrix')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('notifications.type')}</TableCell>
              <TableCell align="center">{t('notifications.inApp')}</TableCell>
              <TableCell align="center">{t('notifications.byMail')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.list.map((s) => (
              <TableRow key={s.type}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`notifications.types.${s.type}.label`)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`notifications.types.${s.type}.help`)}
                  </Typography>
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={s.inApp}
                    disabled={save.isPending}
                    onChange={() => save.mutate({ ...s, inApp: !s.inApp })}
                    slotProps={{ input: { 'aria-label': `${t(`notifications.types.${s.type}.label`)}: ${t('notifications.inApp')}`, 'data-testid': `in-app-${s.type}` } as object }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={s.mail}
                    disabled={save.isPending}
                    onChange={() => save.mutate({ ...s, mail: !s.mail })}
                    slotProps={{ input: { 'aria-label': `${t(`notifications.types.${s.type}.label`)}: ${t('notifications.byMail')}`, 'data-testid': `mail-${s.type}` } as object }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
