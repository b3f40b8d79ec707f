import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { EmailRequestPage } from './EmailRequestPage';

export default function PasswordNewPage() {
  const { t } = useTranslation();
  return <EmailRequestPage title={t('auth.passwordNewTitle')} doneText={t('auth.passwordResetSent')} send={sessionApi.requestPasswordReset} />;
}
