import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CardReader } from '../lib/card-reader';

type CardInputProps = {
  onRead: (uid: string) => void;
  /** While a dialog is open it has the focus; the input takes it back afterwards. */
  paused: boolean;
};

/**
 * A hidden input that keeps the focus, so the keyboard-wedge reader always types into it. Nothing
 * typed shows or stays: key presses go to the CardReader, which only yields fast reads ending in
 * Enter. `inputMode="none"` keeps a tablet's on-screen keyboard closed.
 */
export function CardInput({ onRead, paused }: CardInputProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const reader = useRef(new CardReader());

  useEffect(() => {
    if (paused) return;
    const refocus = () => {
      if (document.activeElement !== inputRef.current) inputRef.current?.focus({ preventScroll: true });
    };
    refocus();
    // A tap elsewhere (a button, the page) must not leave the reader typing into nothing.
    const timer = window.setInterval(refocus, 500);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    <input
      ref={inputRef}
      aria-label={t('kiosk.readerInput')}
      className="sr-only"
      inputMode="none"
      autoComplete="off"
      readOnly
      value=""
      onBlur={() => {
        if (!paused) window.setTimeout(() => inputRef.current?.focus({ preventScroll: true }), 0);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key.length === 1) event.preventDefault();
        const uid = reader.current.key(event.key, event.timeStamp);
        if (uid) onRead(uid);
      }}
    />
  );
}
