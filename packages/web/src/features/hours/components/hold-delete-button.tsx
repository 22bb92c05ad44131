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
  /**
   * Nothing is selected: a click would only say so, so the button looks quiet (outlined) instead
   * of armed. Holding it still deletes the whole day.
   */
  idle?: boolean;
  /**
   * Said above the button while it is held (above the thumb that covers it): what letting the
   * second run out does.
   */
  holdingLabel: ReactNode;
  children: ReactNode;
};

/** The ring's circle: radius 9 in a 24-unit box. */
const RING_RADIUS = 9;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * Progress of the hold as a ring that fills clockwise. Drawn from the elapsed time on each frame
 * (not a CSS transition), so it shows progress even when the person asked for reduced motion.
 */
function HoldRing({ progress }: { progress: number }) {
  return (
    <svg viewBox="0 0 24 24" className="-my-0.5 size-5 -rotate-90" aria-hidden="true" data-testid="hold-ring">
      <circle cx="12" cy="12" r={RING_RADIUS} fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="3" />
      <circle
        cx="12"
        cy="12"
        r={RING_RADIUS}
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray={RING_LENGTH}
        strokeDashoffset={RING_LENGTH * (1 - progress)}
        data-progress={progress.toFixed(2)}
      />
    </svg>
  );
}

/**
 * The bulk Delete button: a click deletes the selected entries (after a confirm), holding it for
 * one second deletes all of the day. While it is held a ring fills in place of the icon and the
 * label says the whole day goes, so the gesture shows what it does and its progress, and can be
 * abandoned by letting go early.
 */
export function HoldDeleteButton({
  onClick,
  onHold,
  busy = false,
  disabled = false,
  describedBy,
  idle = false,
  holdingLabel,
  children,
}: HoldDeleteButtonProps) {
  const [holding, setHolding] = useState(false);
  const [progress, setProgress] = useState(0);
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

  useEffect(() => {
    if (!holding) {
      setProgress(0);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const draw = (time: number) => {
      setProgress(Math.min(1, (time - started) / HOLD_TO_DELETE_MS));
      frame = window.requestAnimationFrame(draw);
    };
    frame = window.requestAnimationFrame(draw);
    return () => window.cancelAnimationFrame(frame);
  }, [holding]);

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
    <div className="relative">
      <button
        type="button"
        className={`${
          idle
            ? `btn border border-red-300 text-red-700 hover:bg-red-50 ${holding ? 'bg-red-100' : 'bg-white'}`
            : `btn-danger ${holding ? 'bg-red-800' : ''}`
        } relative touch-manipulation overflow-hidden select-none`}
        data-idle={idle || undefined}
        data-testid="hold-delete"
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
        <span className="relative inline-flex items-center gap-2">
          {busy ? (
            <Spinner className="size-4" />
          ) : holding ? (
            <HoldRing progress={progress} />
          ) : (
            <Trash2 className="size-4" aria-hidden="true" />
          )}
          {children}
        </span>
      </button>
      {holding ? (
        <span
          role="status"
          className="pointer-events-none absolute right-0 bottom-full z-10 mb-2 rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white shadow-lg"
        >
          {holdingLabel}
        </span>
      ) : null}
    </div>
  );
}
