/** Session and user calls (`/v1/app`). */
import { api } from './client';
import { getFingerprint, removeTokens, getTokens, setTokens } from './tokens';
import type {
  AvailabilityAnswer,
  ConfirmBody,
  MagicLinkBody,
  MagicLinkRequest,
  ProfileType,
  ResetPasswordBody,
  SignInBody,
  SignOutBody,
  SignUpInput,
  Tokens,
  User,
  UserPatch,
} from './types';

export type { SignUpInput };

export const sessionApi = {
  async signIn(email: string, password: string): Promise<Tokens> {
    const body: SignInBody = { email, password, fingerprint: getFingerprint() };
    const tokens = await api.post<Tokens>('/app/session', body, { auth: false });
    setTokens(tokens);
    return tokens;
  },
  async signOut(): Promise<void> {
    const tokens = getTokens();
    removeTokens();
    if (tokens) {
      const body: SignOutBody = { refreshToken: tokens.refreshToken };
      await api.delete('/app/session', { body, auth: false, suppressErrors: true }).catch(() => undefined);
    }
  },
  /** Answers the new user (`UserOut`); the app signs in separately. */
  signUp: (input: SignUpInput) => api.post<User>('/app/user', input, { auth: false }),
  checkEmail: (email: string, signal?: AbortSignal) =>
    api.post<AvailabilityAnswer>('/app/user/check_email', { email }, { auth: false, suppressErrors: true, ...(signal ? { signal } : {}) }),
  checkUsername: (username: string, signal?: AbortSignal) =>
    api.post<AvailabilityAnswer>(
      '/app/user/check_username',
      { username },
      { auth: false, suppressErrors: true, ...(signal ? { signal } : {}) },
    ),
  async confirm(confirmationToken: string): Promise<Tokens> {
    // the refresh token is bound to this browser's fingerprint, so later renewals work
    const body: ConfirmBody = { confirmationToken, fingerprint: getFingerprint() };
    const tokens = await api.post<Tokens>('/app/user/confirmation', body, { auth: false });
    setTokens(tokens);
    return tokens;
  },
  resendConfirmation: (email: string) => api.post<null>('/app/user/confirmation/new', { email }, { auth: false }),
  sendMagicLink: (email: string, profileType: ProfileType) =>
    api.post<null>('/app/user/send_magic_link', { email, profileType } satisfies MagicLinkRequest, { auth: false }),
  async magicLink(token: string): Promise<Tokens> {
    const body: MagicLinkBody = { token, fingerprint: getFingerprint() };
    const tokens = await api.post<Tokens>('/app/session/magic_link', body, { auth: false });
    setTokens(tokens);
    return tokens;
  },
  requestPasswordReset: (email: string) => api.post<null>('/app/user/password', { email }, { auth: false }),
  resetPassword: (resetPasswordToken: string, password: string) =>
    api.put<null>('/app/user/password', { resetPasswordToken, password } satisfies ResetPasswordBody, { auth: false }),
  me: (signal?: AbortSignal) => api.get<User>('/app/user', signal ? { signal } : {}),
  updateMe: (patch: UserPatch) => api.patch<User>('/app/user', patch),
};
