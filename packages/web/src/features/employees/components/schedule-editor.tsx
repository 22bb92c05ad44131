import {
  copyMondayTo,
  isNightShift,
  SCHEDULE_DAYS,
  scheduleRowIssue,
  selectDayWithDefaults,
  shouldAskSameAsMonday,
  type TSchedule,
  type TScheduleDayKey,
  timeSteps,
  unselectDay,
} from '@puna/domain';
import { ChevronDown, Moon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { weekdayOfIndex } from '../../../lib/date-names';
import { useTranslation } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/i18n-errors';

const TIME_CHOICES = timeSteps();

type ScheduleEditorProps = {
  value: TSchedule;
  onChange: (schedule: TSchedule) => void;
  /**
   * The add form asks the same-as-Monday question only until it is accepted once; after that a
   * newly selected day takes Monday's times at once (docs/product.md#schedules). The edit form always asks.
   */
  rememberSameAsMonday: boolean;
  /** The schedule's validation message, if any. */
  error?: string;
  /** Start expanded (the edit form of an employee who has a schedule). */
  defaultOpen?: boolean;
  /** Days whose end before the start the person confirmed as a night shift (ending the next day). */
  nightShifts: ReadonlySet<TScheduleDayKey>;
  onNightShiftsChange: (days: ReadonlySet<TScheduleDayKey>) => void;
  /** A save was refused for the schedule: open the section so the marked rows show. */
  showProblems?: boolean;
};

/** Which days have an end before the start that nobody confirmed as a night shift. */
export function unconfirmedNightShifts(
  schedule: TSchedule,
  nightShifts: ReadonlySet<TScheduleDayKey>,
): TScheduleDayKey[] {
  return SCHEDULE_DAYS.filter((day) => isNightShift(schedule[day]) && !nightShifts.has(day));
}

/**
 * The collapsible weekly schedule, monday to sunday, with times in 15-minute steps. A ticked day
 * gets sensible times at once; a row with a missing time, or an end before its start, is marked on
 * the row itself, and an end before the start is saved only as a confirmed night shift.
 */
export function ScheduleEditor({
  value,
  onChange,
  rememberSameAsMonday,
  error,
  defaultOpen = false,
  nightShifts,
  onNightShiftsChange,
  showProblems = false,
}: ScheduleEditorProps) {
  const { t, i18n } = useTranslation();
  const panelId = useId();
  const errorId = useId();
  const rowId = useId();
  const [open, setOpen] = useState(defaultOpen || Boolean(error));
  useEffect(() => {
    if (error || showProblems) setOpen(true);
  }, [error, showProblems]);
  const [askingFor, setAskingFor] = useState<TScheduleDayKey | null>(null);
  const [acceptedSameAsMonday, setAcceptedSameAsMonday] = useState(false);
  const selectedCount = SCHEDULE_DAYS.filter((day) => value[day].selected).length;

  function toggleDay(day: TScheduleDayKey, selected: boolean) {
    if (!selected) {
      onChange(unselectDay(value, day));
      setNightShift(day, false);
      return;
    }
    if (shouldAskSameAsMonday(value, day)) {
      if (rememberSameAsMonday && acceptedSameAsMonday) {
        onChange(copyMondayTo(value, day));
        setNightShift(day, nightShifts.has('monday'));
      } else setAskingFor(day);
      return;
    }
    onChange(selectDayWithDefaults(value, day));
  }

  function setNightShift(day: TScheduleDayKey, confirmed: boolean) {
    if (nightShifts.has(day) === confirmed) return;
    const next = new Set(nightShifts);
    if (confirmed) next.add(day);
    else next.delete(day);
    onNightShiftsChange(next);
  }

  function answer(sameAsMonday: boolean) {
    if (!askingFor) return;
    if (sameAsMonday) {
      onChange(copyMondayTo(value, askingFor));
      // Monday's own night shift carries over with its times.
      setNightShift(askingFor, nightShifts.has('monday'));
      setAcceptedSameAsMonday(true);
    } else {
      // Not Monday's times: the nearest other ticked day's, else 08:00–16:00.
      onChange(selectDayWithDefaults(value, askingFor, { skipMonday: true }));
    }
    setAskingFor(null);
  }

  function setTime(day: TScheduleDayKey, field: 'startTime' | 'endTime', time: string) {
    const next = { ...value[day], [field]: time };
    // A day that just became "end before start" needs a fresh confirmation; moving the times of
    // a confirmed night shift keeps it one.
    if (isNightShift(next) && !isNightShift(value[day])) setNightShift(day, false);
    onChange({ ...value, [day]: next });
  }

  return (
    <div className="rounded-xl border border-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left hover:bg-slate-50"
      >
        <span>
          <span className="block text-sm font-semibold text-slate-900">{t('employees.schedule.title')}</span>
          <span className="block text-xs text-slate-600">
            {t('employees.schedule.summary', { count: selectedCount })}
          </span>
        </span>
        <ChevronDown
          className={`size-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open ? (
        <div id={panelId} className="space-y-2 border-t border-slate-200 px-3 py-3 sm:px-4">
          {SCHEDULE_DAYS.map((day, index) => {
            const dayName = weekdayOfIndex(index, i18n.language);
            const current = value[day];
            const issue = scheduleRowIssue(current);
            const confirmedNight = issue === 'endBeforeStart' && nightShifts.has(day);
            const invalid = issue !== null && !confirmedNight;
            const messageId = `${rowId}-${day}`;
            return (
              <div
                key={day}
                data-testid={`schedule-${day}`}
                data-invalid={invalid || undefined}
                className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-lg sm:grid-cols-3 ${
                  invalid ? 'bg-red-50 px-2 py-1 ring-1 ring-red-300' : ''
                }`}
              >
                <label className="flex min-h-10 items-center gap-2.5 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 rounded accent-brand-700"
                    checked={current.selected}
                    onChange={(event) => toggleDay(day, event.target.checked)}
                  />
                  {dayName}
                </label>
                {current.selected ? (
                  <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-2">
                    <TimeSelect
                      label={t('employees.schedule.startOf', { day: dayName })}
                      value={current.startTime}
                      invalid={invalid && issue !== 'endBeforeStart' && current.startTime === ''}
                      describedBy={invalid ? messageId : undefined}
                      onChange={(time) => setTime(day, 'startTime', time)}
                    />
                    <TimeSelect
                      label={t('employees.schedule.endOf', { day: dayName })}
                      value={current.endTime}
                      invalid={invalid && (issue !== 'missingTimes' || current.endTime === '')}
                      describedBy={invalid ? messageId : undefined}
                      onChange={(time) => setTime(day, 'endTime', time)}
                    />
                  </div>
                ) : null}
                {invalid ? (
                  <p id={messageId} className="col-span-2 text-sm font-medium text-red-700 sm:col-span-3">
                    {t(`employees.schedule.issues.${issue}`, { day: dayName })}
                  </p>
                ) : null}
                {issue === 'endBeforeStart' ? (
                  <label className="col-span-2 flex items-center gap-2 text-sm text-slate-800 sm:col-span-3">
                    <input
                      type="checkbox"
                      className="size-4 rounded accent-brand-700"
                      checked={confirmedNight}
                      onChange={(event) => setNightShift(day, event.target.checked)}
                    />
                    <Moon className="size-4 text-indigo-700" aria-hidden="true" />
                    {t('employees.schedule.nightShift', { day: dayName, end: current.endTime })}
                  </label>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="px-4 pb-3 text-sm text-red-700">
          {translateMessage(error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={askingFor !== null}
        title={t('employees.schedule.sameAsMonday')}
        confirmLabel={t('employees.schedule.yes')}
        cancelLabel={t('employees.schedule.no')}
        tone="primary"
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </div>
  );
}

/** A day's start or end time: no time, or one of the 15-minute steps. */
function TimeSelect({
  label,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (time: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={`field-input py-2 ${invalid ? 'border-red-500' : ''}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('employees.schedule.noTime')}</option>
      {TIME_CHOICES.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}
