import Stack from '@mui/material/Stack';
import { NoticeSettings } from '../../../components/NoticeSettings';
import { NotificationMatrix } from '../notifications/NotificationMatrix';

/** `/cabinet/settings/notifications`: what the seller is told of, in the cabinet and by mail, per type (core §9),
 * and the mails about their programs they may turn off. */
export default function NoticesPage() {
  return (
    <Stack spacing={3}>
      <NoticeSettings notices={['publisher_requests']} />
      <NotificationMatrix />
    </Stack>
  );
}
