/** Form validation rules of core §5. Each returns a message key (see i18n `validation.*`) or null. */

export const PASSWORD_MIN = 8;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_RE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export type ValidationKey = 'required' | 'invalid_email' | 'password_min' | 'too_small' | 'too_big' | 'invalid' | 'empty';

export function required(value: string): ValidationKey | null {
  return value.trim() ? null : 'required';
}

export function validateEmail(value: string): ValidationKey | null {
  if (!value.trim()) return 'required';
  return EMAIL_RE.test(value.trim()) ? null : 'invalid_email';
}

export function validatePassword(value: string): ValidationKey | null {
  if (!value) return 'required';
  return value.length >= PASSWORD_MIN ? null : 'password_min';
}

/** Local username check; the server adds `exists`. */
export function validateUsername(value: string): ValidationKey | null {
  const v = value.trim();
  if (!v) return 'empty';
  if (v.length < USERNAME_MIN) return 'too_small';
  if (v.length > USERNAME_MAX) return 'too_big';
  return USERNAME_RE.test(v) ? null : 'invalid';
}
