import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (e.g. '(max-width: 768px)'). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec's phone layout: 768 px wide or less (docs/product.md#constants). */
export const MOBILE_QUERY = '(max-width: 768px)';
