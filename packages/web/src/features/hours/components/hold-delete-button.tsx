import { Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner';

/** How long the button must be held to delete every entry of the day (docs/product.md#hours-list). */
export const HOLD_TO_DELETE_MS = 1000;

type HoldDeleteButtonProps = {
  /** A click (press and release before the second is up). */
  onClick: () => void;
  /** Held for a whole second (pointer, or the Space key). */
  onHold: () => void;
  busy?: boolean;
  disabled?: boolean;
  /** Id of the text explaining the two gestures. */
  describedBy?: string;
  children: ReactNode;
};

/**
 * The bulk Delete button: a click deletes the selected entries (after a confirm), holding it for
 * one second deletes all of the day. A fill grows across the button while it is held, so the
 * gesture shows its progress and can be abandoned by letting go early.
 */
export function HoldDeleteButton({
  onClick,
  onHold,
  busy = false,
  disabled = false,
  describedBy,
  children,
}: HoldDeleteButtonProps) {
  const [holding, setHolding] = useState(false);
  const timer = useRef<number | null>(null);
  // After a completed hold the release still produces a click; it must not also count as one.
  const held = useRef(false);

  function stop() {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    setHolding(false);
  }

  function start() {
    if (disabled || busy || timer.current !== null) return;
    held.current = false;
    setHolding(true);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      held.current = true;
      setHolding(false);
      onHold();
    }, HOLD_TO_DELETE_MS);
  }

  // Leaving the page mid-hold must not delete anything later.
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === ' ') {
      event.preventDefault();
      if (!event.repeat) start();
    } else if (event.key === 'Enter' && event.repeat) {
      event.preventDefault();
    }
  }

  function onKeyUp(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== ' ') return;
    event.preventDefault();
    const completed = held.current;
    stop();
    held.current = false;
    if (!completed) onClick();
  }

  return (
    <button
      type="button"
      className="btn-danger relative touch-manipulation overflow-hidden select-none"
      disabled={disabled || busy}
      aria-describedby={describedBy}
      data-holding={holding || undefined}
      onPointerDown={(event) => {
        if (event.button === 0) start();
      }}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onClick={() => {
        // Space is handled on key up (its click is prevented); a mouse, touch or Enter click lands here.
        if (held.current) {
          held.current = false;
          return;
        }
        stop();
        onClick();
      }}
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 bg-red-950/45"
        style={{ width: holding ? '100%' : '0%', transition: holding ? `width ${HOLD_TO_DELETE_MS}ms linear` : 'none' }}
      />
      <span className="relative inline-flex items-center gap-2">
        {busy ? <Spinner className="size-4" /> : <Trash2 className="size-4" aria-hidden="true" />}
        {children}
      </span>
    </button>
  );
}
