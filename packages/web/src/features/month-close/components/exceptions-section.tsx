import { blocksMonthClose, type TLateScans, type TMonthExceptionWire, type TPayrollStatement } from '@puna/domain';
import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import type { TCurrency } from './money';
import { warningText } from './statement-parts';

/** Where an exception is fixed: the RFID day, the day's hours list, or the worker's month. */
export function exceptionLink(exception: TMonthExceptionWire, statement: TPayrollStatement): string {
  const { date } = exception;
  const workerMonth = `/kryepuntor/oret/${exception.employee_id}?month=${statement.month}`;
  switch (exception.kind) {
    case 'missingCheckout':
    case 'late':
    case 'leftEarly':
    case 'noCheckout':
      return `/kryepuntor/listarfid?date=${date}`;
    case 'dayOver12h':
    case 'entryOnHoliday':
      return statement.hours_source === 'scans'
        ? `/kryepuntor/listarfid?date=${date}`
        : `/kryepuntor/klista?date=${date}`;
    default:
      return workerMonth;
  }
}

/** What is wrong, as a sentence (the caps as the statement's warnings say them). */
export function exceptionText(
  exception: TMonthExceptionWire,
  currency: TCurrency,
  t: TFunction,
  language: string,
): string {
  const { detail } = exception;
  const hours = formatNumber(detail.hours ?? 0, language);
  switch (exception.kind) {
    case 'missingCheckout':
      return t('monthClose.exceptions.kinds.missingCheckout');
    case 'dayOver12h':
      return t('monthClose.exceptions.kinds.dayOver12h', { hours });
    case 'entryOnHoliday':
      return t('monthClose.exceptions.kinds.entryOnHoliday', { hours, holiday: detail.holiday ?? '' });
    case 'overtimeOverCap':
      return warningText(
        {
          code: detail.code ?? 'overtimeYearCap',
          weekStart: exception.date ?? undefined,
          hours: detail.hours,
          cap: detail.cap,
        },
        currency,
        t,
        language,
      );
    case 'late':
      return t('monthClose.exceptions.kinds.late', { n: detail.minutes ?? 0 });
    case 'leftEarly':
      return t('monthClose.exceptions.kinds.leftEarly');
    case 'absent':
      return t('monthClose.exceptions.kinds.absent');
    case 'noCheckout':
      return t('monthClose.exceptions.kinds.noCheckout');
    case 'scansWithoutHoursSource':
      return detail.source === 'scans'
        ? t('monthClose.exceptions.kinds.entriesWithoutScans', { count: detail.days ?? 0 })
        : t('monthClose.exceptions.kinds.scansWithoutEntries', { count: detail.days ?? 0 });
    default:
      return t('monthClose.exceptions.kinds.other');
  }
}

function ExceptionList({ statement, withLinks }: { statement: TPayrollStatement; withLinks: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="mt-3 divide-y divide-amber-200 border-t border-amber-200">
      {statement.exceptions.map((exception, index) => {
        const when = exception.date ? formatIsoDate(exception.date) : t('monthClose.exceptions.wholeMonth');
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: exceptions have no id; their order is fixed
            key={index}
            className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-center sm:gap-4"
            data-testid={`exception-${exception.kind}`}
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm">
                <span className="font-semibold text-slate-900">{exception.name}</span>
                <span className="text-slate-600"> · {when}</span>
              </p>
              <p className="text-sm text-amber-950">{exceptionText(exception, statement.currency, t, i18n.language)}</p>
              {blocksMonthClose(exception.kind) ? null : (
                <p className="text-xs text-slate-600">{t('monthClose.exceptions.informational')}</p>
              )}
            </div>
            {withLinks ? (
              <Link
                to={exceptionLink(exception, statement)}
                className="link shrink-0 text-sm font-semibold"
                aria-label={t('monthClose.exceptions.fixLabel', { name: exception.name, when })}
              >
                {t('monthClose.exceptions.fix')}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 'Mbyll muajin''s exceptions (docs/product.md#month-close): while the month is open, what to fix
 * or acknowledge before closing, each with a link to where it is fixed; once closed, the ones
 * acknowledged at closing.
 */
export function ExceptionsSection({ statement }: { statement: TPayrollStatement }) {
  const { t } = useTranslation();
  const count = statement.exceptions.length;
  if (statement.closed) {
    if (!statement.exceptions_acknowledged || count === 0) return null;
    return (
      <section aria-labelledby="exceptions-title" className="mb-5 rounded-xl border border-amber-200 bg-amber-50 p-4">
        <details>
          <summary id="exceptions-title" className="cursor-pointer text-sm font-semibold text-amber-950">
            {t('monthClose.exceptions.acknowledged', { count })}
          </summary>
          <ExceptionList statement={statement} withLinks={false} />
        </details>
      </section>
    );
  }
  if (count === 0) {
    return (
      <section
        aria-labelledby="exceptions-title"
        className="mb-5 flex items-start gap-2.5 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
      >
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <h2 id="exceptions-title">{t('monthClose.exceptions.none')}</h2>
      </section>
    );
  }
  return (
    <section aria-labelledby="exceptions-title" className="mb-5 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <div className="flex items-start gap-2.5">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="exceptions-title" className="text-base font-semibold text-amber-950">
            {t('monthClose.exceptions.title', { count })}
          </h2>
          <p className="text-sm text-amber-950">{t('monthClose.exceptions.hint')}</p>
          <ExceptionList statement={statement} withLinks />
        </div>
      </div>
    </section>
  );
}

/** A closed month's scans that devices delivered after the closing, to review when reopening. */
export function LateScansSection({ lateScans }: { lateScans: TLateScans }) {
  const { t } = useTranslation();
  if (lateScans.count === 0) return null;
  return (
    <section aria-labelledby="late-scans-title" className="mb-5 rounded-xl border border-sky-200 bg-sky-50 p-4">
      <div className="flex items-start gap-2.5">
        <Clock className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="late-scans-title" className="text-base font-semibold text-sky-950">
            {t('monthClose.lateScans.title', { count: lateScans.count })}
          </h2>
          <p className="text-sm text-sky-950">{t('monthClose.lateScans.hint')}</p>
          <ul className="mt-3 divide-y divide-sky-200 border-t border-sky-200">
            {lateScans.days.map((day) => (
              <li
                key={`${day.employee_id}-${day.date}`}
                className="flex items-center justify-between gap-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-semibold text-slate-900">{day.name}</span>
                  <span className="text-slate-600">
                    {' '}
                    · {formatIsoDate(day.date)} · {t('monthClose.lateScans.scans', { count: day.count })}
                  </span>
                </span>
                <Link
                  to={`/kryepuntor/listarfid?date=${day.date}`}
                  className="link shrink-0 font-semibold"
                  aria-label={t('monthClose.lateScans.viewLabel', { name: day.name, when: formatIsoDate(day.date) })}
                >
                  {t('monthClose.lateScans.view')}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
