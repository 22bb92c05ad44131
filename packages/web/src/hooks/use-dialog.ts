import { useId, useRef } from 'react';
import { useFocusTrap } from './use-focus-trap';
import { useScrollLock } from './use-scroll-lock';

/**
 * What an open dialog or slide-in panel does: the page behind does not scroll, focus stays inside
 * the panel and Escape closes it. Returns the panel's ref and the id for its title.
 */
export function useDialog(
  open: boolean,
  onClose: () => void,
  /** What to focus first; defaults to the panel's first focusable element. */
  pickInitialFocus?: (panel: HTMLElement) => HTMLElement | null | undefined,
) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock(open);
  useFocusTrap(panelRef, open, onClose, pickInitialFocus);
  return { panelRef, titleId };
}
