import type { TPayrollWarningWire, TPayrollWorker } from '@puna/domain';
import { TriangleAlert } from 'lucide-react';
import { formatIsoDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { type TFunction, type TranslationKey, useTranslation } from '../../../lib/i18n';
import { formatAmount, type TCurrency } from './money';

/** The statement's money columns, in the order the table and the cards show them. */
export const MONEY_COLUMNS = [
  'gross',
  'employee_contributions',
  'income_tax',
  'net',
  'employer_contributions',
  'employer_cost',
] as const;
export type TMoneyColumn = (typeof MONEY_COLUMNS)[number];

export const COLUMN_LABELS: Record<TMoneyColumn | 'premiums', TranslationKey> = {
  gross: 'monthClose.columns.gross',
  premiums: 'monthClose.columns.premiums',
  employee_contributions: 'monthClose.columns.employeeContributions',
  income_tax: 'monthClose.columns.incomeTax',
  net: 'monthClose.columns.net',
  employer_contributions: 'monthClose.columns.employerContributions',
  employer_cost: 'monthClose.columns.employerCost',
};

const CONTRIBUTIONS: Record<string, TranslationKey> = {
  pension: 'monthClose.contributions.pension',
  social: 'monthClose.contributions.social',
  health: 'monthClose.contributions.health',
};

/** The sum of a worker's premiums. */
export function premiumsTotal(worker: TPayrollWorker): number {
  return Math.round(worker.premiums.reduce((sum, premium) => sum + premium.amount * 100, 0)) / 100;
}

/** A warning (a cap passed, a contribution base adjusted) as a sentence, by its code. */
export function warningText(warning: TPayrollWarningWire, currency: TCurrency, t: TFunction, language: string): string {
  const money = (amount: number | undefined) => formatAmount(amount ?? 0, currency, language);
  const number = (value: number | undefined) => formatNumber(value ?? 0, language);
  const contribution = t(CONTRIBUTIONS[warning.contribution ?? ''] ?? 'monthClose.contributions.other');
  switch (warning.code) {
    case 'overtimeWeekCap':
    case 'weekHoursCap':
      return t(`monthClose.warnings.${warning.code}`, {
        weekStart: formatIsoDate(warning.weekStart ?? ''),
        hours: number(warning.hours),
        cap: number(warning.cap),
      });
    case 'overtimeYearCap':
      return t('monthClose.warnings.overtimeYearCap', { hours: number(warning.hours), cap: number(warning.cap) });
    case 'belowMinimumWage':
      return t('monthClose.warnings.belowMinimumWage', {
        salary: money(warning.salary),
        minimumWage: money(warning.minimumWage),
      });
    case 'nightHoursUnknown':
      return t('monthClose.warnings.nightHoursUnknown', { count: warning.days?.length ?? 0 });
    case 'contributionBaseRaised':
    case 'contributionCeilingApplied':
      return t(`monthClose.warnings.${warning.code}`, {
        contribution,
        gross: money(warning.gross),
        base: money(warning.base),
      });
    default:
      // A code this build does not know (a newer server): still say there is something to check.
      return t('monthClose.warnings.other');
  }
}

/** The premiums in one line each ('Jashtë orarit ditor: 2 orë, +30 %'), or 'Pa shtesa'. */
export function PremiumLines({ worker }: { worker: TPayrollWorker }) {
  const { t, i18n } = useTranslation();
  if (worker.premiums.length === 0) return <span className="text-slate-600">{t('monthClose.noPremiums')}</span>;
  return (
    <ul className="space-y-0.5 text-xs text-slate-600">
      {worker.premiums.map((premium) => (
        <li key={premium.kind}>
          {t('monthClose.premiumLine', {
            kind: t(`monthClose.premiumKinds.${premium.kind}`),
            hours: formatNumber(premium.hours, i18n.language),
            rate: formatNumber(premium.rate, i18n.language),
          })}
        </li>
      ))}
    </ul>
  );
}

/** A worker's warnings as a short amber list (nothing when there are none). */
export function WarningList({ worker, currency }: { worker: TPayrollWorker; currency: TCurrency }) {
  const { t, i18n } = useTranslation();
  if (worker.warnings.length === 0) return null;
  return (
    <ul aria-label={t('monthClose.warningsLabel', { name: worker.name })} className="mt-1.5 space-y-1">
      {worker.warnings.map((warning, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no id; their order is fixed
        <li key={index} className="flex items-start gap-1.5 text-xs font-medium text-amber-900">
          <TriangleAlert className="mt-px size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
          <span>{warningText(warning, currency, t, i18n.language)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What a worker's gross is made of: hours, base pay and paid holidays. */
export function GrossParts({ worker, currency }: { worker: TPayrollWorker; currency: TCurrency }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatAmount(amount, currency, i18n.language);
  return (
    <span className="block text-xs font-normal text-slate-600">
      {t('monthClose.basePay', { amount: money(worker.base_pay) })}
      {worker.paid_holidays.days > 0 ? (
        <span className="block">
          {t('monthClose.paidHolidays', {
            days: worker.paid_holidays.days,
            amount: money(worker.paid_holidays.amount),
          })}
        </span>
      ) : null}
      {worker.paid_leave && worker.paid_leave.days > 0 ? (
        <span className="block">
          {t('monthClose.paidLeave', { days: worker.paid_leave.days, amount: money(worker.paid_leave.amount) })}
        </span>
      ) : null}
      {worker.unpaid_leave_days ? (
        <span className="block">{t('monthClose.unpaidLeave', { days: worker.unpaid_leave_days })}</span>
      ) : null}
    </span>
  );
}
