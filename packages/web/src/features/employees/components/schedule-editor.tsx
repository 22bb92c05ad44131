import {
  copyMondayTo,
  SCHEDULE_DAYS,
  shouldAskSameAsMonday,
  type TSchedule,
  type TScheduleDayKey,
  timeSteps,
  unselectDay,
  WEEKDAY_NAMES,
} from '@puna/domain';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
};

/** The collapsible weekly schedule, monday to sunday, with times in 15-minute steps. */
export function ScheduleEditor({
  value,
  onChange,
  rememberSameAsMonday,
  error,
  defaultOpen = false,
}: ScheduleEditorProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(defaultOpen || Boolean(error));
  const [askingFor, setAskingFor] = useState<TScheduleDayKey | null>(null);
  const [acceptedSameAsMonday, setAcceptedSameAsMonday] = useState(false);
  const selectedCount = SCHEDULE_DAYS.filter((day) => value[day].selected).length;

  function toggleDay(day: TScheduleDayKey, selected: boolean) {
    if (!selected) {
      onChange(unselectDay(value, day));
      return;
    }
    if (shouldAskSameAsMonday(value, day)) {
      if (rememberSameAsMonday && acceptedSameAsMonday) onChange(copyMondayTo(value, day));
      else setAskingFor(day);
      return;
    }
    onChange({ ...value, [day]: { ...value[day], selected: true } });
  }

  function answer(sameAsMonday: boolean) {
    if (!askingFor) return;
    if (sameAsMonday) {
      onChange(copyMondayTo(value, askingFor));
      setAcceptedSameAsMonday(true);
    } else {
      onChange({ ...value, [askingFor]: { selected: true, startTime: '', endTime: '' } });
    }
    setAskingFor(null);
  }

  function setTime(day: TScheduleDayKey, field: 'startTime' | 'endTime', time: string) {
    onChange({ ...value, [day]: { ...value[day], [field]: time } });
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
            const dayName = WEEKDAY_NAMES[index] ?? day;
            const current = value[day];
            return (
              <div
                key={day}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 sm:grid-cols-3"
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
                      onChange={(time) => setTime(day, 'startTime', time)}
                    />
                    <TimeSelect
                      label={t('employees.schedule.endOf', { day: dayName })}
                      value={current.endTime}
                      onChange={(time) => setTime(day, 'endTime', time)}
                    />
                  </div>
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
function TimeSelect({ label, value, onChange }: { label: string; value: string; onChange: (time: string) => void }) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={label}
      className="field-input py-2"
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
