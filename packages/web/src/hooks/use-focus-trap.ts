import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Open traps, innermost last: only the innermost one handles Tab and Escape. */
const openTraps: symbol[] = [];

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getClientRects().length > 0,
  );
}

/**
 * Keeps keyboard focus inside `containerRef` while active, closes on Escape, and gives focus back
 * to whatever had it before when the trap ends.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  /** What to focus first; defaults to the first focusable element. */
  pickInitialFocus?: (container: HTMLElement) => HTMLElement | null | undefined,
): void {
  // The latest callback, so a new function each render neither re-runs the trap nor steals focus.
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  const pickRef = useRef(pickInitialFocus);
  pickRef.current = pickInitialFocus;

  useEffect(() => {
    if (!active) return;
    const container = containerRef.current;
    if (!container) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = pickRef.current?.(container) ?? focusableIn(container)[0] ?? container;
    first.focus();
    const id = Symbol('focus-trap');
    openTraps.push(id);

    function onKeyDown(event: KeyboardEvent) {
      if (!container || openTraps[openTraps.length - 1] !== id) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(container);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const head = items[0];
      const tail = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === head || !container.contains(document.activeElement))) {
        event.preventDefault();
        tail?.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !container.contains(document.activeElement))) {
        event.preventDefault();
        head?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openTraps.splice(openTraps.indexOf(id), 1);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [active, containerRef]);
}
