import { TODAY_SHIFT_STATES, type TTodayBoard, type TTodayRosterShift, type TTodayShiftState } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';

/** Each state's chip: a word always, the colour only helps. */
const CHIP_TONES: Record<TTodayShiftState, string> = {
  missing: 'bg-red-50 text-red-900 ring-red-200',
  late: 'bg-amber-50 text-amber-950 ring-amber-200',
  in: 'bg-emerald-50 text-emerald-950 ring-emerald-200',
  due: 'bg-slate-50 text-slate-800 ring-slate-200',
  left: 'bg-slate-50 text-slate-800 ring-slate-200',
  leave: 'bg-sky-50 text-sky-950 ring-sky-200',
};

/** The counts' order: what needs a look first. */
const COUNT_ORDER: readonly TTodayShiftState[] = ['missing', 'late', 'in', 'due', 'left', 'leave'];

type TShiftGroup = { key: string; date: string; start: string; end: string; rows: TTodayRosterShift[] };

/** The board's shifts grouped by their time range (and date: yesterday's night apart from tonight's). */
function groupsOf(shifts: readonly TTodayRosterShift[]): TShiftGroup[] {
  const groups = new Map<string, TShiftGroup>();
  for (const shift of shifts) {
    const key = `${shift.date} ${shift.start} ${shift.end}`;
    const group = groups.get(key) ?? { key, date: shift.date, start: shift.start, end: shift.end, rows: [] };
    group.rows.push(shift);
    groups.set(key, group);
  }
  const rank = (state: TTodayShiftState) => COUNT_ORDER.indexOf(state);
  for (const group of groups.values()) {
    group.rows.sort((a, b) => rank(a.state) - rank(b.state) || a.name.localeCompare(b.name, 'sq', { numeric: true }));
  }
  // The server answers by date and start already; the map keeps that order.
  return [...groups.values()];
}

/**
 * 'Turnet e sotme' (docs/product.md#shifts-and-the-roster): today's published shifts, and
 * yesterday's night shift while it runs, grouped per shift — who is due, in, late, missing, has
 * left or is on leave, with the arrival's time. Shown only when there are shifts; refreshed with the
 * rest of the board.
 */
export function TodayShifts({ board }: { board: TTodayBoard }) {
  const { t } = useTranslation();
  if (board.shifts.length === 0) return null;
  const groups = groupsOf(board.shifts);
  const counts = TODAY_SHIFT_STATES.filter((state) => (board.shift_counts[state] ?? 0) > 0).sort(
    (a, b) => COUNT_ORDER.indexOf(a) - COUNT_ORDER.indexOf(b),
  );
  return (
    <section className="mt-3 border-b border-slate-200 pb-4" aria-labelledby="today-shifts-title">
      <h3 id="today-shifts-title" className="text-base font-semibold text-slate-900">
        {t('today.shifts.title')}
      </h3>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('today.shifts.counts')}>
        {counts.map((state) => (
          <li
            key={state}
            className={`rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset ${CHIP_TONES[state]}`}
          >
            {t(`today.shifts.states.${state}`)} <span className="tabular-nums">{board.shift_counts[state]}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 grid gap-3 lg:grid-cols-2">
        {groups.map((group) => (
          <ShiftGroup key={group.key} group={group} today={board.date} />
        ))}
      </div>
    </section>
  );
}

function ShiftGroup({ group, today }: { group: TShiftGroup; today: string }) {
  const { t } = useTranslation();
  const range = `${group.start}–${group.end}`;
  const headingId = `today-shift-${group.key.replace(/[^0-9]/g, '')}`;
  return (
    <section className="rounded-lg ring-1 ring-slate-200 ring-inset" aria-labelledby={headingId}>
      <h4
        id={headingId}
        className="flex flex-wrap items-baseline gap-x-2 rounded-t-lg bg-slate-50 px-3 py-1.5 text-sm font-semibold text-slate-900"
      >
        <span className="tabular-nums">{t('today.shifts.range', { range })}</span>
        {group.date !== today ? (
          <span className="text-xs font-normal text-slate-600">{t('today.shifts.sinceYesterday')}</span>
        ) : null}
        <span className="ml-auto text-xs font-normal text-slate-600">
          {t('today.shifts.people', { count: group.rows.length })}
        </span>
      </h4>
      <ul className="divide-y divide-slate-100">
        {group.rows.map((shift) => (
          // On a phone a long name keeps its line and the scan and the state wrap below it.
          <li key={shift.id} className="flex min-h-11 flex-wrap items-center gap-x-2 gap-y-0.5 px-3 py-1.5">
            <span className="min-w-0 flex-1 basis-36 truncate text-sm font-medium text-slate-900" title={shift.name}>
              {shift.name}
            </span>
            <span className="ml-auto flex shrink-0 items-center gap-2">
              {shift.first_scan ? (
                <span className="text-xs text-slate-600 tabular-nums">
                  {shift.late_by_minutes
                    ? t('today.shifts.scannedLate', { time: shift.first_scan, n: shift.late_by_minutes })
                    : t('today.shifts.scanned', { time: shift.first_scan })}
                </span>
              ) : null}
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${CHIP_TONES[shift.state]}`}
              >
                {t(`today.shifts.states.${shift.state}`)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
