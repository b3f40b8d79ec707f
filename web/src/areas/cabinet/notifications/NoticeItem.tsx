import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CircleIcon from '@mui/icons-material/Circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../../api/sdk.gen';
import { relativeTime } from '../../../components/dates';
import { NOTICES_KEY, noticeText, type Notice } from './noticeText';

/** One notification: unread ones marked by a dot; opening one marks it read and goes where it leads. */
export function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const read = useMutation({
    mutationFn: () => sdk.markNotificationsRead({ ids: [notice.id] }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
  const text = noticeText(t, notice, i18n.language);
  const unread = notice.readAt === null;
  const open = () => {
    if (unread) read.mutate();
    onOpen?.();
  };
  const link = text.to ? { component: RouterLink, to: text.to } : {};
  return (
    <ListItemButton {...link} onClick={open} alignItems="flex-start" data-testid={`notice-${notice.type}`} sx={{ py: 1 }}>
      <ListItemIcon sx={{ minWidth: 20, mt: 1 }}>{unread ? <CircleIcon color="primary" sx={{ fontSize: 10 }} titleAccess={t('notifications.unread')} /> : null}</ListItemIcon>
      <ListItemText
        primary={text.title}
        secondary={`${text.body}${text.body ? ' · ' : ''}${relativeTime(notice.createdAt, i18n.language)}`}
        slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItemButton>
  );
}
