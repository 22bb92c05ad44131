import { isIsoDate, isIsoMonth } from '@puna/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { localMonth, localToday } from '../lib/dates';

/**
 * A day (`?date=YYYY-MM-DD`, default today) or month (`?month=YYYY-MM`, default this month) kept
 * in the address, so going back from an edit returns to the same day, and a link can share it.
 */
export function usePeriodParam(kind: 'date' | 'month'): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(kind) ?? '';
  const valid = kind === 'date' ? isIsoDate(raw) : isIsoMonth(raw);
  const value = valid ? raw : kind === 'date' ? localToday() : localMonth();
  const setValue = useCallback(
    (next: string) => {
      // A cleared or half-typed picker keeps the current value.
      if (!(kind === 'date' ? isIsoDate(next) : isIsoMonth(next))) return;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(kind, next);
          return updated;
        },
        { replace: true },
      );
    },
    [kind, setParams],
  );
  return [value, setValue];
}
