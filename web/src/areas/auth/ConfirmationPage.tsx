import { sessionApi } from '../../api/session';
import { TokenExchangePage } from './TokenExchangePage';

/** `/users/confirmation?confirmation_token=…`: confirms the account, which also signs in. */
export default function ConfirmationPage() {
  return (
    <TokenExchangePage
      param="confirmation_token"
      exchange={sessionApi.confirm}
      titleKey="auth.confirming"
      failedKey="auth.confirmFailed"
      fallback={{ to: '/users/confirmation/new', labelKey: 'auth.resendConfirmation' }}
      aboutYouIfIncomplete
      testId="confirmation-error"
    />
  );
}
