import type { NavigateFunction } from 'react-router';

let navigateFn: NavigateFunction | null = null;

export function setNavigate(fn: NavigateFunction): void {
  navigateFn = fn;
}

/** Navigates with the router when it is mounted, else with a full page load. */
export function navigateTo(path: string, replace = false): void {
  if (navigateFn) void navigateFn(path, { replace });
  else if (replace) window.location.replace(path);
  else window.location.assign(path);
}

export function currentUrl(): string {
  return window.location.pathname + window.location.search;
}
