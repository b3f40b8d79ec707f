/** Session tokens, the browser fingerprint and the sign-in referer, kept in web storage. */

import type { Tokens } from './types';

/** The token pair of `POST /v1/app/session` and friends (typed from the schema in types.ts). */
export type { Tokens };

const TOKENS_KEY = 'sellflow.tokens';
const FINGERPRINT_KEY = 'sellflow.fingerprint';
const REFERER_KEY = 'sellflow.referer';

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();

export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getTokens(): Tokens | null {
  try {
    const raw = localStorage.getItem(TOKENS_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Tokens>;
    return parsed.accessToken && parsed.refreshToken ? (parsed as Tokens) : null;
  } catch {
    return null;
  }
}

export function setTokens(tokens: Tokens): void {
  const { accessToken, refreshToken, expiresAt, refreshExpiresAt } = tokens;
  localStorage.setItem(TOKENS_KEY, JSON.stringify({ accessToken, refreshToken, expiresAt, refreshExpiresAt }));
  for (const l of listeners) l(getTokens());
}

export function removeTokens(): void {
  localStorage.removeItem(TOKENS_KEY);
  for (const l of listeners) l(null);
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** The random id this browser keeps; created on first use. */
export function getFingerprint(): string {
  let value = localStorage.getItem(FINGERPRINT_KEY);
  if (!value) {
    value = randomId();
    localStorage.setItem(FINGERPRINT_KEY, value);
  }
  return value;
}

export function peekFingerprint(): string | null {
  return localStorage.getItem(FINGERPRINT_KEY);
}

export function removeFingerprint(): void {
  localStorage.removeItem(FINGERPRINT_KEY);
}

/** Remembers where an unauthenticated user wanted to go; sign-in returns there. */
export function saveReferer(url: string): void {
  if (!url || url.startsWith('/users/')) return;
  sessionStorage.setItem(REFERER_KEY, url);
}

/** Returns and forgets the saved referer. */
export function takeReferer(): string | null {
  const value = sessionStorage.getItem(REFERER_KEY);
  sessionStorage.removeItem(REFERER_KEY);
  return value;
}
