import { DEFAULT_TOLERANCE_MINUTES, type TDayState, type TTodayBoard, type TTodayWorker } from '@puna/domain';
import { lazy, type ReactNode, Suspense, useDeferredValue, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useTodayBoard } from '../api/get-today-board';
import { TodayShifts } from './today-shifts';

// The dialog and its form library come when the tolerance is first edited, not with the dashboard
// (bench/README.md#web: the employer's first JavaScript).
const ToleranceDialog = lazy(() =>
  import('./tolerance-dialog').then((module) => ({ default: module.ToleranceDialog })),
);

/** The board's groups, in the order an owner reads them: what needs a look first. */
const GROUPS = ['absent', 'noCheckout', 'late', 'in', 'expected', 'left', 'away'] as const;
type TGroup = (typeof GROUPS)[number];

const AWAY: readonly TDayState[] = ['onLeave', 'holiday', 'notScheduled'];

/** From this many workers the board offers a name search (fewer fit on one screen as they are). */
export const SEARCH_FROM_WORKERS = 31;

/** A name as the search compares it: lower case, without accents ('Ë' finds 'e', 'Ç' finds 'c'). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('sq');

function groupOf(worker: TTodayWorker): TGroup {
  if (worker.state === 'in' && worker.flags.includes('late')) return 'late';
  if (AWAY.includes(worker.state)) return 'away';
  return worker.state as Exclude<TGroup, 'late' | 'away'>;
}

const TONES: Record<TGroup, string> = {
  absent: 'bg-red-50 text-red-900 ring-red-200',
  noCheckout: 'bg-amber-50 text-amber-950 ring-amber-200',
  late: 'bg-amber-50 text-amber-950 ring-amber-200',
  in: 'bg-emerald-50 text-emerald-950 ring-emerald-200',
  expected: 'bg-slate-50 text-slate-800 ring-slate-200',
  left: 'bg-slate-50 text-slate-800 ring-slate-200',
  away: 'bg-slate-50 text-slate-600 ring-slate-200',
};

/** One line on what a worker's day is now, in words. */
function useDetail() {
  const { t } = useTranslation();
  return (worker: TTodayWorker): string => {
    const shift = worker.shift ? `${worker.shift.start}–${worker.shift.end}` : '';
    switch (worker.state) {
      case 'in':
        return worker.late_by_minutes
          ? t('today.inLate', { time: worker.first_scan, n: worker.late_by_minutes })
          : t('today.inSince', { time: worker.first_scan });
      case 'left':
        return worker.flags.includes('leftEarly')
          ? t('today.leftEarly', { time: worker.last_scan, end: worker.shift?.end })
          : t('today.leftAt', { time: worker.last_scan });
      case 'noCheckout':
        return t('today.noCheckoutSince', { time: worker.first_scan });
      case 'absent':
        return t('today.absentShift', { shift });
      case 'expected':
        return t('today.expectedAt', { time: worker.shift?.start });
      case 'onLeave':
        return worker.leave_type ? t('today.onLeaveType', { type: worker.leave_type }) : t('today.onLeave');
      case 'holiday':
        return t('today.holiday');
      default:
        return t('today.notScheduled');
    }
  };
}

/**
 * 'Sot në punë' (docs/product.md#attendance): who is in and since when, who is late, absent, has
 * left or has no checkout, for premium employers. Counts on top are also filters (one sideways-scrolling
 * row on a phone); on a phone the workers are two to a row in compact tiles, so 30 fit on one screen
 * below the board's title; past 30 a name search shows, and a long list scrolls inside the card.
 */
export function TodayBoard({ placeholder = false }: { placeholder?: boolean }) {
  const { t } = useTranslation();
  // A placeholder (the dashboard does not know yet whether the board shows) keeps its skeleton
  // whatever the call answers, and starts the call, so the board has its answer when it shows.
  const query = useTodayBoard();
  const board = placeholder ? { isError: false, error: null, data: undefined } : query;
  const [filter, setFilter] = useState<TGroup | 'all'>('all');
  const [editingTolerance, setEditingTolerance] = useState(false);
  const detail = useDetail();

  let body: ReactNode;
  if (board.isError) {
    body = <Alert tone="error">{translateError(board.error, t('today.loadFailed'))}</Alert>;
  } else if (!board.data) {
    body = (
      <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-hidden="true">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} className="h-12 w-full" />
        ))}
      </div>
    );
  } else {
    body = <BoardBody board={board.data} filter={filter} setFilter={setFilter} detail={detail} />;
  }

  return (
    <section className="card p-4 sm:p-5" aria-labelledby="today-title" aria-busy={!board.data && !board.isError}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-title" className="text-lg font-semibold text-slate-900">
          {t('today.title')}
        </h2>
        {board.data ? (
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span>{t('today.asOf', { time: board.data.now })}</span>
            <button type="button" className="btn-ghost px-2 py-1 text-sm" onClick={() => setEditingTolerance(true)}>
              {t('today.tolerance.open', { n: board.data.tolerance_minutes })}
            </button>
          </div>
        ) : null}
      </div>
      {body}
      {editingTolerance ? (
        <Suspense fallback={null}>
          <ToleranceDialog
            open
            minutes={board.data?.tolerance_minutes ?? DEFAULT_TOLERANCE_MINUTES}
            onClose={() => setEditingTolerance(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function BoardBody({
  board,
  filter,
  setFilter,
  detail,
}: {
  board: TTodayBoard;
  filter: TGroup | 'all';
  setFilter: (group: TGroup | 'all') => void;
  detail: (worker: TTodayWorker) => string;
}) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = folded(useDeferredValue(search).trim());
  if (board.workers.length === 0) {
    return <p className="mt-3 text-sm text-slate-600">{t('today.empty')}</p>;
  }
  const counts = new Map<TGroup, number>();
  for (const worker of board.workers) counts.set(groupOf(worker), (counts.get(groupOf(worker)) ?? 0) + 1);
  const shown = board.workers
    .filter((worker) => filter === 'all' || groupOf(worker) === filter)
    .filter((worker) => query === '' || folded(worker.name).includes(query))
    .sort(
      (a, b) =>
        GROUPS.indexOf(groupOf(a)) - GROUPS.indexOf(groupOf(b)) ||
        a.name.localeCompare(b.name, 'sq', { numeric: true }),
    );
  return (
    <>
      {/* Today's roster shifts first when there are any: during a night, who is on which shift is the question. */}
      <TodayShifts board={board} />
      {/* min-w-0: a fieldset is as wide as its content by default, and the chips scroll inside it instead. */}
      <fieldset className="mt-3 min-w-0">
        <legend className="sr-only">{t('today.filter')}</legend>
        <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0 sm:pb-0">
          {(['all', ...GROUPS] as const)
            .filter((group) => group === 'all' || (counts.get(group) ?? 0) > 0)
            .map((group) => (
              <button
                key={group}
                type="button"
                aria-pressed={filter === group}
                onClick={() => setFilter(group)}
                className={`shrink-0 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap ring-1 ring-inset max-sm:min-h-11 ${
                  filter === group
                    ? 'bg-brand-700 text-white ring-brand-700'
                    : group === 'all'
                      ? TONES.expected
                      : TONES[group]
                }`}
              >
                {t(`today.groups.${group}`)}{' '}
                {/* Two digits' room (a tabular digit is a hair wider than 1ch) and digits of one width: 9 becoming 10 moves no chip. */}
                <span className="inline-block min-w-[2.2ch] text-center tabular-nums">
                  {group === 'all' ? board.workers.length : counts.get(group)}
                </span>
              </button>
            ))}
        </div>
      </fieldset>
      {board.workers.length >= SEARCH_FROM_WORKERS ? (
        <div className="mt-2">
          <label htmlFor={searchId} className="sr-only">
            {t('today.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="field-input h-9 w-full py-1 sm:max-w-xs"
            placeholder={t('today.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600" role="status">
          {t('today.noMatch')}
        </p>
      ) : (
        <ul className="mt-2 grid max-h-[75vh] grid-cols-2 gap-1 overflow-y-auto sm:mt-3 sm:grid-cols-3 sm:gap-1.5 xl:grid-cols-4">
          {shown.map((worker) => (
            <li
              key={worker.employee_id}
              className={`min-w-0 rounded-md px-2 py-px ring-1 ring-inset sm:rounded-lg sm:px-2.5 sm:py-1 ${TONES[groupOf(worker)]}`}
            >
              <p className="truncate text-[13px] leading-4 font-medium sm:text-sm sm:leading-tight" title={worker.name}>
                {worker.name}
              </p>
              {/* The state wraps rather than being cut: it is what the owner reads the board for. */}
              <p className="text-xs leading-[15px] sm:leading-tight">{detail(worker)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
