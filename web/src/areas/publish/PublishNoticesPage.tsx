import { NoticeSettings } from '../../components/NoticeSettings';

/** `/publish/email_notification` (core §2). */
export default function PublishNoticesPage() {
  return <NoticeSettings notices={['program_decisions']} />;
}
