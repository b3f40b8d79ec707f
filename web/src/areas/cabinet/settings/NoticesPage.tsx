import { NoticeSettings } from '../../../components/NoticeSettings';

/** `/cabinet/settings/notifications`: the seller's mails they may turn off. */
export default function NoticesPage() {
  return <NoticeSettings notices={['publisher_requests']} />;
}
