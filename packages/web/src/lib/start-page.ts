import { useLayoutEffect } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

/** "Back to Home" goes where the visitor started: /start or / (docs/product.md#login). */
export function startPagePath(): string {
  return readStorage(storageKeys.startPage) === '/start' ? '/start' : '/';
}

/** Remembers the start page: '/start' when the path begins with /start, else '/'. */
export function useRecordStartPage(pathname: string): void {
  // Before paint, so the preference is stored by the time the page is visible.
  useLayoutEffect(() => {
    writeStorage(storageKeys.startPage, pathname.startsWith('/start') ? '/start' : '/');
  }, [pathname]);
}
