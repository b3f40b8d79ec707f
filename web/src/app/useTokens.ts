import { useSyncExternalStore } from 'react';
import { getTokens, onTokensChange, type Tokens } from '../api/tokens';

let snapshot: Tokens | null = null;
let snapshotKey = '';

function read(): Tokens | null {
  const tokens = getTokens();
  const key = tokens ? tokens.accessToken : '';
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = tokens;
  }
  return snapshot;
}

function subscribe(callback: () => void): () => void {
  const off = onTokensChange(callback);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === 'sellflow.tokens') callback();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session tokens; re-renders when they change (also in other tabs). */
export function useTokens(): Tokens | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
