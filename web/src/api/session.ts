/** Session and user calls (`/v1/app`). */
import * as sdk from './sdk.gen';
import { getFingerprint, removeTokens, getTokens, setTokens } from './tokens';
import type {
  ConfirmBody,
  MagicLinkBody,
  MagicLinkRequest,
  ProfileType,
  ResetPasswordBody,
  SignInBody,
  SignOutBody,
  SignUpInput,
  Tokens,
  UserPatch,
} from './types';

export type { SignUpInput };

export const sessionApi = {
  async signIn(email: string, password: string): Promise<Tokens> {
    const body: SignInBody = { email, password, fingerprint: getFingerprint() };
    const tokens = await sdk.signIn(body);
    setTokens(tokens);
    return tokens;
  },
  async signOut(): Promise<void> {
    const tokens = getTokens();
    removeTokens();
    if (tokens) {
      const body: SignOutBody = { refreshToken: tokens.refreshToken };
      await sdk.signOut(body, { suppressErrors: true }).catch(() => undefined);
    }
  },
  /** Answers the new user (`UserOut`); the app signs in separately. */
  signUp: (input: SignUpInput) => sdk.signUp(input),
  checkEmail: (email: string, signal?: AbortSignal) =>
    sdk.checkEmail({ email }, { suppressErrors: true, ...(signal ? { signal } : {}) }),
  checkUsername: (username: string, signal?: AbortSignal) =>
    sdk.checkUsername({ username }, { suppressErrors: true, ...(signal ? { signal } : {}) }),
  async confirm(confirmationToken: string): Promise<Tokens> {
    // the refresh token is bound to this browser's fingerprint, so later renewals work
    const body: ConfirmBody = { confirmationToken, fingerprint: getFingerprint() };
    const tokens = await sdk.confirm(body);
    setTokens(tokens);
    return tokens;
  },
  resendConfirmation: (email: string) => sdk.resendConfirmation({ email }),
  sendMagicLink: (email: string, profileType: ProfileType) =>
    sdk.sendMagicLink({ email, profileType } satisfies MagicLinkRequest),
  /** A payer's sign-in link for one seller (`/s/{seller}/sign_in`): mailed only to an address that bought there. */
  sendPayerLink: (email: string, seller: string) =>
    sdk.sendMagicLink({ email, profileType: 'payer', seller } satisfies MagicLinkRequest),
  async magicLink(token: string): Promise<Tokens> {
    const body: MagicLinkBody = { token, fingerprint: getFingerprint() };
    const tokens = await sdk.magicSignIn(body);
    setTokens(tokens);
    return tokens;
  },
  requestPasswordReset: (email: string) => sdk.requestPasswordReset({ email }),
  resetPassword: (resetPasswordToken: string, password: string) =>
    sdk.resetPassword({ resetPasswordToken, password } satisfies ResetPasswordBody),
  me: (signal?: AbortSignal) => sdk.getMe(signal ? { signal } : {}),
  updateMe: (patch: UserPatch) => sdk.updateMe(patch),
  /** Mails a link to the new address; the address changes when it is followed (`acceptChangeEmail`). */
  changeEmail: (email: string, password: string) => sdk.changeEmail({ email, ...(password ? { password } : {}) }, { suppressErrors: true }),
  async acceptChangeEmail(token: string): Promise<Tokens> {
    const tokens = await sdk.acceptChangeEmail({ token, fingerprint: getFingerprint() });
    setTokens(tokens);
    return tokens;
  },
};
