import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../api/sdk';
import * as sdk from '../api/sdk.gen';
import { toast } from '../app/notify';
import { ErrorState } from './ErrorState';
import { Page } from './Page';

type Notice = Answer<'my_notices'>['muted'][number];
const KEY = ['me', 'notices'] as const;

/** The mails of an area its user may turn off (core §2 `/publish/email_notification`); mails about money and
 * access always go. */
export function NoticeSettings({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.myNotices({ signal }) });
  const save = useMutation({
    mutationFn: (muted: Notice[]) => sdk.saveMyNotices({ muted }),
    onSuccess: (next) => {
      queryClient.setQueryData(KEY, next);
      toast(t('notices.saved'), 'success');
    },
  });
  return (
    <Page title={t('notices.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('notices.intro')}
      </Typography>
      {data.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : data.isError ? (
        <ErrorState error={data.error} onRetry={() => void data.refetch()} />
      ) : (
        <Paper sx={{ p: 2 }}>
          <Stack spacing={1}>
            {notices.map((n) => {
              const on = !data.data.muted.includes(n);
              return (
                <Stack key={n} spacing={0.25}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={on}
                        disabled={save.isPending}
                        onChange={() => save.mutate(on ? [...data.data.muted, n] : data.data.muted.filter((x) => x !== n))}
                        slotProps={{ input: { 'data-testid': `notice-${n}` } as object }}
                      />
                    }
                    label={t(`notices.types.${n}.label`)}
                  />
                  <Typography variant="body2" color="text.secondary" sx={{ pl: 6.5 }}>
                    {t(`notices.types.${n}.help`)}
                  </Typography>
                </Stack>
              );
            })}
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
