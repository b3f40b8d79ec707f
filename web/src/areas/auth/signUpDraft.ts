/**
 * The first sign-up step's answers, kept in memory only (never in web storage, since it holds the
 * password) until the "about you" step creates the account.
 */
export interface SignUpDraft {
  email: string;
  password: string;
  profileType: 'seller' | 'payer' | 'publisher' | 'network_publisher' | 'team_member';
}

let draft: SignUpDraft | null = null;

export function saveSignUpDraft(value: SignUpDraft): void {
  draft = value;
}

export function peekSignUpDraft(): SignUpDraft | null {
  return draft;
}

export function clearSignUpDraft(): void {
  draft = null;
}
