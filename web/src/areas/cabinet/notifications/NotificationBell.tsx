import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../../api/sdk.gen';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { NoticeItem } from './NoticeItem';
import { NOTICES_KEY } from './noticeText';

const LATEST = 6;

/** The cabinet's bell: the unread count (asked again every minute), the latest notifications, all read at once. */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useQuery({
    queryKey: [...NOTICES_KEY, 'unread'],
    queryFn: ({ signal }) => sdk.countUnreadNotifications({ signal }),
    refetchInterval: 60_000,
  });
  const latest = useQuery({
    queryKey: [...NOTICES_KEY, 'latest'],
    queryFn: ({ signal }) => sdk.listNotifications({ page: 1, per: LATEST }, { signal }),
    enabled: anchor !== null,
  });
  const readAll = useMutation({
    mutationFn: () => sdk.markNotificationsRead({ ids: null }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
  const count = unread.data?.unreadCount ?? 0;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('notifications.bell', { count })}
        data-testid="notification-bell"
      >
        <Badge badgeContent={count} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 380 }, maxWidth: 380 } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 700 }}>
            {t('notifications.title')}
          </Typography>
          <Button size="small" disabled={count === 0 || readAll.isPending} onClick={() => readAll.mutate()} data-testid="notifications-read-all">
            {t('notifications.readAll')}
          </Button>
        </Stack>
        <Divider />
        {latest.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {latest.isError ? <ErrorState error={latest.error} onRetry={() => void latest.refetch()} /> : null}
        {latest.data && latest.data.list.length === 0 ? <EmptyState title={t('notifications.empty')} /> : null}
        {latest.data && latest.data.list.length > 0 ? (
          <List dense disablePadding>
            {latest.data.list.map((n) => (
              <NoticeItem key={n.id} notice={n} onOpen={close} />
            ))}
          </List>
        ) : null}
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button component={RouterLink} to="/cabinet/notifications" onClick={close} data-testid="notifications-all">
            {t('notifications.seeAll')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
