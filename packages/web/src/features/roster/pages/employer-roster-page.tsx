import { addDays, isoWeekOf, type TShift, weekDates } from '@puna/domain';
import { ChevronLeft, ChevronRight, Settings } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { formatIsoDate, localToday } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useEmployees } from '../../../lib/queries/get-employees';
import { useCopyWeek, useFillFromSchedules, usePublishShifts, useRoster, useRosterCurrency } from '../api/roster';
import { DayList } from '../components/day-list';
import { MoveDialog } from '../components/move-dialog';
import { RosterSettingsDialog } from '../components/roster-settings-dialog';
import { ShiftDialog, type ShiftDraft } from '../components/shift-dialog';
import { useMoveShift } from '../components/use-move-shift';
import { WeekGrid } from '../components/week-grid';

/**
 * /kryepuntor/orari (docs/product.md#shifts-and-the-roster): the week's shifts, a grid of employees
 * × days from 900 px and one day at a time on a phone, with copying the week onto the next, filling
 * it from the weekly schedules and publishing its changes to the workers.
 */
export function EmployerRosterPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const today = localToday();
  const [week, setWeek] = useState(() => isoWeekOf(today));
  const dates = weekDates(week);
  const from = dates[0] ?? today;
  const to = dates[6] ?? today;
  const [day, setDay] = useState(today);
  const shownDay = dates.includes(day) ? day : from;
  const roster = useRoster(from, to);
  const employees = useEmployees();
  const copy = useCopyWeek();
  const publish = usePublishShifts();
  const fill = useFillFromSchedules();
  const [confirmFill, setConfirmFill] = useState(false);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [moving, setMoving] = useState<TShift | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const currency = useRosterCurrency();
  const move = useMoveShift();

  const goTo = (date: string) => {
    setWeek(isoWeekOf(date));
    setDay(date);
  };
  const nextWeek = isoWeekOf(addDays(from, 7));
  const unpublished = roster.data?.unpublished ?? 0;

  function copyWeek() {
    copy.mutate(
      { from_week: week, to_week: nextWeek },
      {
        onSuccess: (result) => toast.success(t('roster.employer.copied', { count: result.copied })),
        onError: (error) => toast.error(translateError(error, t('roster.employer.copyFailed'))),
      },
    );
  }

  function fillWeek() {
    fill.mutate(
      { week },
      {
        onSuccess: (result) => {
          setConfirmFill(false);
          toast.success(t('roster.employer.filled', { count: result.created, skipped: result.skipped }));
        },
        onError: (error) => {
          setConfirmFill(false);
          toast.error(translateError(error, t('roster.employer.fillFailed')));
        },
      },
    );
  }

  function publishWeek() {
    publish.mutate(
      { from, to },
      {
        onSuccess: () => toast.success(t('roster.employer.published')),
        onError: (error) => toast.error(translateError(error, t('roster.employer.publishFailed'))),
      },
    );
  }

  const onAdd = (employeeId: number | null, date: string) => setDraft({ employeeId, date });
  const onOpen = (shift: TShift) => setDraft({ shift });
  const onMove = (shift: TShift) => setMoving(shift);
  const people = employees.data ?? [];

  let body: ReactNode;
  if (roster.isError || employees.isError) {
    body = (
      <Alert tone="error">
        <p>{t('roster.employer.loadFailed')}</p>
        <button
          type="button"
          className="link mt-1"
          onClick={() => {
            void roster.refetch();
            void employees.refetch();
          }}
        >
          {t('roster.employer.retry')}
        </button>
      </Alert>
    );
  } else if (!roster.data || !employees.data) {
    body = (
      <div className="card space-y-3 p-4" aria-hidden="true">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else {
    const data = roster.data;
    body = (
      <>
        {people.length === 0 ? <Alert tone="info">{t('roster.employer.noEmployees')}</Alert> : null}
        <div className="hidden min-[900px]:block">
          <WeekGrid
            dates={dates}
            employees={people}
            shifts={data.shifts}
            totals={data.totals}
            onAdd={onAdd}
            onOpen={onOpen}
            onMove={onMove}
            onDrop={(shift, place, copy) => move.run(shift, place, copy)}
            currency={currency}
          />
        </div>
        <div className="min-[900px]:hidden">
          <DayList
            dates={dates}
            day={shownDay}
            onDay={setDay}
            employees={people}
            shifts={data.shifts}
            totals={data.totals}
            onAdd={onAdd}
            onOpen={onOpen}
            onMove={onMove}
            currency={currency}
          />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('roster.employer.title')} description={t('roster.employer.description')} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="btn-secondary size-11 p-0"
            aria-label={t('roster.employer.previous')}
            title={t('roster.employer.previous')}
            onClick={() => goTo(addDays(from, -7))}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button type="button" className="btn-secondary" onClick={() => goTo(today)}>
            {t('roster.employer.thisWeek')}
          </button>
          <button
            type="button"
            className="btn-secondary size-11 p-0"
            aria-label={t('roster.employer.next')}
            title={t('roster.employer.next')}
            onClick={() => goTo(addDays(from, 7))}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
        <p
          className="text-sm font-semibold text-slate-800 tabular-nums"
          aria-live="polite"
          data-testid="roster-week-label"
        >
          {t('roster.employer.week', { week: week.slice(6), from: formatIsoDate(from), to: formatIsoDate(to) })}
        </p>
        <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
          <button
            type="button"
            className="btn-secondary flex-1 sm:flex-none"
            disabled={copy.isPending || !roster.data}
            onClick={copyWeek}
          >
            {t('roster.employer.copy')}
          </button>
          <button
            type="button"
            className="btn-secondary order-last basis-full sm:order-none sm:basis-auto"
            disabled={fill.isPending || !roster.data}
            onClick={() => setConfirmFill(true)}
          >
            {t('roster.employer.fill')}
          </button>
          <button
            type="button"
            className="btn-primary flex-1 sm:flex-none"
            disabled={publish.isPending || unpublished === 0}
            onClick={publishWeek}
          >
            {unpublished > 0 ? t('roster.employer.publishCount', { count: unpublished }) : t('roster.employer.publish')}
          </button>
          <button
            type="button"
            className="btn-secondary size-11 shrink-0 p-0"
            aria-label={t('roster.settings.open')}
            title={t('roster.settings.open')}
            onClick={() => setSettingsOpen(true)}
          >
            <Settings className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div aria-busy={roster.isPending}>{body}</div>
      <ShiftDialog draft={draft} employees={people} onClose={() => setDraft(null)} />
      <MoveDialog shift={moving} dates={dates} employees={people} onClose={() => setMoving(null)} />
      <ConfirmDialog
        open={confirmFill}
        title={t('roster.employer.fillTitle', { week: week.slice(6) })}
        description={t('roster.employer.fillDescription')}
        confirmLabel={t('roster.employer.fillConfirm')}
        cancelLabel={t('roster.employer.fillCancel')}
        tone="primary"
        busy={fill.isPending}
        onCancel={() => setConfirmFill(false)}
        onConfirm={fillWeek}
      />
      <RosterSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
