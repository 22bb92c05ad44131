import { useEffect } from 'react';

// Several overlays can be open at once (a modal over the mobile menu): unlock only when the last closes.
let lockCount = 0;
let savedOverflow = '';

/** Locks page scrolling while `active` is true (modals, slide-in menus). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (lockCount === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    lockCount += 1;
    return () => {
      lockCount -= 1;
      if (lockCount === 0) document.body.style.overflow = savedOverflow;
    };
  }, [active]);
}
