/** Session and user calls (`/v1/app`). */
import { api } from './client';
import { getFingerprint, removeTokens, getTokens, setTokens } from './tokens';
import type { ProfileType, Tokens, User } from './types';

export interface SignUpInput {
  email: string;
  password: string;
  profileType: 'seller' | 'payer';
  username?: string;
  firstName?: string;
  lastName?: string;
  locale?: string;
}

export const sessionApi = {
  async signIn(email: string, password: string): Promise<Tokens> {
    const tokens = await api.post<Tokens>('/app/session', { email, password, fingerprint: getFingerprint() }, { auth: false });
    setTokens(tokens);
    return tokens;
  },
  async signOut(): Promise<void> {
    const tokens = getTokens();
    removeTokens();
    if (tokens) {
      await api
        .delete('/app/session', { body: { refreshToken: tokens.refreshToken }, auth: false, suppressErrors: true })
        .catch(() => undefined);
    }
  },
  signUp: (input: SignUpInput) => api.post<{ user: User }>('/app/user', input, { auth: false }),
  checkEmail: (email: string, signal?: AbortSignal) =>
    api.post<{ available: boolean }>('/app/user/check_email', { email }, { auth: false, suppressErrors: true, ...(signal ? { signal } : {}) }),
  checkUsername: (username: string, signal?: AbortSignal) =>
    api.post<{ available: boolean; message: string | null }>(
      '/app/user/check_username',
      { username },
      { auth: false, suppressErrors: true, ...(signal ? { signal } : {}) },
    ),
  async confirm(confirmationToken: string): Promise<Tokens> {
    const tokens = await api.post<Tokens>('/app/user/confirmation', { confirmationToken }, { auth: false });
    setTokens(tokens);
    return tokens;
  },
  resendConfirmation: (email: string) => api.post<null>('/app/user/confirmation/new', { email }, { auth: false }),
  sendMagicLink: (email: string, profileType: ProfileType) =>
    api.post<null>('/app/user/send_magic_link', { email, profileType }, { auth: false }),
  async magicLink(token: string): Promise<Tokens> {
    const tokens = await api.post<Tokens>('/app/session/magic_link', { token, fingerprint: getFingerprint() }, { auth: false });
    setTokens(tokens);
    return tokens;
  },
  requestPasswordReset: (email: string) => api.post<null>('/app/user/password', { email }, { auth: false }),
  resetPassword: (resetPasswordToken: string, password: string) =>
    api.put<null>('/app/user/password', { resetPasswordToken, password }, { auth: false }),
  me: (signal?: AbortSignal) => api.get<User>('/app/user', signal ? { signal } : {}),
  updateMe: (patch: Partial<Pick<User, 'username' | 'firstName' | 'lastName' | 'locale'>>) => api.patch<User>('/app/user', patch),
};
