import Stack from '@mui/material/Stack';
import { useCurrentUser } from '../../../app/useCurrentUser';
import { EmailChange } from '../../../components/EmailChange';
import { NoticeSettings } from '../../../components/NoticeSettings';
import { NotificationMatrix } from '../notifications/NotificationMatrix';

/** `/cabinet/settings/notifications`: the address the seller's mail goes to (and its change), what the seller is
 * told of, in the cabinet and by mail, per type (core §9), and the mails about their programs they may turn off. */
export default function NoticesPage() {
  const me = useCurrentUser();
  return (
    <Stack spacing={3}>
      {me.data ? <EmailChange email={me.data.email} /> : null}
      <NoticeSettings notices={['publisher_requests']} />
      <NotificationMatrix />
    </Stack>
  );
}
