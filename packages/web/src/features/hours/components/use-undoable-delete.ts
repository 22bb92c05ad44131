import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hoursKey } from '../../../lib/queries/query-keys';
import { deleteHoursEntries } from '../api/delete-hours-entries';

/** How long a held delete can be undone before it is sent (docs/product.md#hours-list). */
export const UNDO_DELETE_MS = 10_000;

export type TPendingDelete = { ids: readonly number[]; until: number };

type Callbacks = { onDeleted: (count: number) => void; onFailed: (error: unknown) => void };

/**
 * A delete that waits: the rows leave the list at once, but the server is asked only after 10 s,
 * so Undo simply forgets the request and the very same rows stay (ids, hours, dates untouched).
 * Leaving the screen sends it at once; closing or hiding the page (another tab, a locked phone,
 * where `pagehide` alone is not reliable) sends it with `keepalive`; if even that cannot reach the
 * server, the rows remain — a delete may be lost, never an entry.
 */
export function useUndoableDelete({ onDeleted, onFailed }: Callbacks) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TPendingDelete | null>(null);
  const pendingRef = useRef<TPendingDelete | null>(null);
  const timer = useRef<number | null>(null);
  const callbacks = useRef({ onDeleted, onFailed });
  callbacks.current = { onDeleted, onFailed };

  const send = useCallback(
    (options: { keepalive?: boolean; quiet?: boolean } = {}) => {
      const current = pendingRef.current;
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
      if (!current) return;
      pendingRef.current = null;
      const ids = [...current.ids];
      void deleteHoursEntries(ids, { keepalive: options.keepalive })
        .then((count) => {
          if (!options.quiet) callbacks.current.onDeleted(count);
        })
        .catch((error: unknown) => {
          if (!options.quiet) callbacks.current.onFailed(error);
        })
        .finally(() => {
          setPending((shown) => (shown === current ? null : shown));
          void queryClient.invalidateQueries({ queryKey: hoursKey });
        });
    },
    [queryClient],
  );

  /** Hides the rows and sends their delete in 10 s (an earlier waiting delete is sent now). */
  const schedule = useCallback(
    (ids: readonly number[]) => {
      send();
      const next = { ids, until: Date.now() + UNDO_DELETE_MS };
      pendingRef.current = next;
      setPending(next);
      timer.current = window.setTimeout(() => send(), UNDO_DELETE_MS);
    },
    [send],
  );

  /** Forgets the waiting delete: nothing was sent, so the rows come back exactly as they were. */
  const undo = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    pendingRef.current = null;
    setPending(null);
  }, []);

  useEffect(() => {
    // The page is going away (closed, reloaded, another address): send now, outliving the page.
    const onPageHide = () => send({ keepalive: true, quiet: true });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') onPageHide();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onPageHide);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onPageHide);
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving the screen: the person chose to delete and did not undo.
      send({ quiet: true });
    };
  }, [send]);

  return { pending, schedule, undo };
}
