import { useState } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../../api/sdk.gen';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { usePaging } from '../../../components/PagedTable';
import { NoticeItem } from './NoticeItem';
import { NOTICES_KEY } from './noticeText';

/** `/cabinet/notifications`: every notification, newest first, or the unread ones; read one by one or all. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [unread, setUnread] = useState(false);
  const rows = useQuery({
    queryKey: [...NOTICES_KEY, 'page', unread, paging.query],
    queryFn: ({ signal }) => sdk.listNotifications({ ...paging.query, unread }, { signal }),
    placeholderData: keepPreviousData,
  });
  const readAll = useMutation({
    mutationFn: () => sdk.markNotificationsRead({ ids: null }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
  const unreadCount = rows.data?.unreadCount ?? 0;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('notifications.title')}
        </Typography>
        <Button component={RouterLink} to="/cabinet/settings/notifications">
          {t('notifications.settings')}
        </Button>
        <Button variant="outlined" disabled={unreadCount === 0 || readAll.isPending} onClick={() => readAll.mutate()} data-testid="notifications-page-read-all">
          {t('notifications.readAll')}
        </Button>
      </Stack>
      <Paper>
        <Tabs
          value={unread ? 'unread' : 'all'}
          onChange={(_, v: string) => {
            setUnread(v === 'unread');
            paging.restart();
          }}
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="all" label={t('notifications.all')} />
          <Tab value="unread" label={t('notifications.unreadTab', { count: unreadCount })} data-testid="notifications-unread-tab" />
        </Tabs>
        {rows.isFetching && !rows.data ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {rows.isError ? <ErrorState error={rows.error} onRetry={() => void rows.refetch()} /> : null}
        {rows.data && rows.data.list.length === 0 ? (
          <EmptyState title={t(unread ? 'notifications.noneUnread' : 'notifications.empty')} icon={<NotificationsIcon />} />
        ) : null}
        {rows.data && rows.data.list.length > 0 ? (
          <List disablePadding data-testid="notifications-list">
            {rows.data.list.map((n) => (
              <NoticeItem key={n.id} notice={n} />
            ))}
          </List>
        ) : null}
        <TablePagination
          component="div"
          count={rows.data?.totalCount ?? 0}
          page={paging.pager.page}
          rowsPerPage={paging.pager.per}
          rowsPerPageOptions={[10, 20, 50, 100]}
          onPageChange={(_, p) => paging.pager.onPage(p)}
          onRowsPerPageChange={(e) => paging.pager.onPer(Number(e.target.value))}
          labelRowsPerPage={t('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
        />
      </Paper>
    </Stack>
  );
}
