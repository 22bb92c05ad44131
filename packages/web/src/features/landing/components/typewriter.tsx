import { useEffect, useState } from 'react';

const TYPE_MS = 85;
const DELETE_MS = 40;
const HOLD_MS = 1600;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Types each phrase, holds it, deletes it, then moves on. Screen readers get the phrases as one
 * plain list instead of a stream of letters.
 */
export function Typewriter({ phrases }: { phrases: string[] }) {
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const phrase = phrases[index % phrases.length] ?? '';

  useEffect(() => {
    if (prefersReducedMotion()) {
      setLength(phrase.length);
      const timer = window.setTimeout(() => setIndex((value) => value + 1), HOLD_MS * 1.5);
      return () => window.clearTimeout(timer);
    }
    let delay = deleting ? DELETE_MS : TYPE_MS;
    if (!deleting && length === phrase.length) delay = HOLD_MS;
    const timer = window.setTimeout(() => {
      if (!deleting && length === phrase.length) setDeleting(true);
      else if (deleting && length === 0) {
        setDeleting(false);
        setIndex((value) => value + 1);
      } else setLength((value) => value + (deleting ? -1 : 1));
    }, delay);
    return () => window.clearTimeout(timer);
  }, [deleting, length, phrase]);

  return (
    <>
      <span className="sr-only">{phrases.join(', ')}</span>
      <span aria-hidden="true" className="text-brand-700">
        {phrase.slice(0, length)}
        <span className="ml-0.5 inline-block w-[3px] animate-blink self-stretch bg-accent-500 align-[-0.1em]">
          &nbsp;
        </span>
      </span>
    </>
  );
}
