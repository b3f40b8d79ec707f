import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { EmailRequestPage } from './EmailRequestPage';

export default function ConfirmationNewPage() {
  const { t } = useTranslation();
  return <EmailRequestPage title={t('auth.confirmationNewTitle')} doneText={t('auth.confirmationSent')} send={sessionApi.resendConfirmation} />;
}
