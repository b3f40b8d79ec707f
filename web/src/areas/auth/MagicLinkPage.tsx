import { sessionApi } from '../../api/session';
import { TokenExchangePage } from './TokenExchangePage';

/** `/users/magic_link?token=…`: exchanges the mailed token for session tokens. */
export default function MagicLinkPage() {
  return (
    <TokenExchangePage
      param="token"
      exchange={sessionApi.magicLink}
      titleKey="auth.magicLinkSigningIn"
      failedKey="auth.magicLinkFailed"
      fallback={{ to: '/users/sign_in', labelKey: 'common.signIn' }}
    />
  );
}
