import type { ReactNode } from 'react';

/** The kinds of request the inbox holds: leave, "I forgot to scan", and claims and swaps of shifts. */
export type TRequestKind = 'leave' | 'correction' | 'shift';

/** One request on the inbox, its card drawn by the feature it belongs to (composed in app/routes). */
export type TInboxItem = {
  key: string;
  isPending: boolean;
  /** When it was asked (ISO date-time): the newest first within pending and within decided. */
  createdAt: string;
  card: ReactNode;
};

/** One kind's requests as its query stands: `items` undefined while loading. */
export type TInboxSource = {
  kind: TRequestKind;
  items: TInboxItem[] | undefined;
  isError: boolean;
  retry: () => void;
};

/** Pending first, then decided; the newest first within each. */
export function inboxOrder(items: readonly TInboxItem[]): TInboxItem[] {
  return [...items].sort(
    (a, b) => Number(b.isPending) - Number(a.isPending) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}
