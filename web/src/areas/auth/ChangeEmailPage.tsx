import { sessionApi } from '../../api/session';
import { TokenExchangePage } from './TokenExchangePage';

/** `/users/change_email?token=…` (core §2 `accept_change_email`): the link mailed to a new address makes it the
 * account's and signs in with it. */
export default function ChangeEmailPage() {
  return (
    <TokenExchangePage
      param="token"
      exchange={sessionApi.acceptChangeEmail}
      titleKey="auth.changingEmail"
      failedKey="auth.changeEmailFailed"
      fallback={{ to: '/users/sign_in', labelKey: 'common.signIn' }}
      testId="change-email-error"
    />
  );
}
