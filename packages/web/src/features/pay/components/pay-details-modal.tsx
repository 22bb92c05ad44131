import { groupByWeek, type THoursEntry, type TPayRow } from '@puna/domain';
import { Alert } from '../../../components/alert';
import { HoursByWeek } from '../../../components/hours-by-week';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { monthText } from '../../../lib/date-names';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

type PayDetailsModalProps = {
  /** The card whose details are open; null when closed. */
  row: TPayRow | null;
  month: string;
  /** The employee's entries of the month. */
  entries: THoursEntry[] | undefined;
  loading: boolean;
  failed: boolean;
  onClose: () => void;
};

/** 'Shiko Detajet': the month's days grouped 'Java N', hours coloured by the domain's rule. */
export function PayDetailsModal({ row, month, entries, loading, failed, onClose }: PayDetailsModalProps) {
  const { t, i18n } = useTranslation();
  const format = (hours: number) => formatNumber(hours, i18n.language);
  const weeks = groupByWeek(entries ?? []);
  return (
    <Modal
      open={row !== null}
      onClose={onClose}
      title={row ? `${row.name} · ${monthText(month, i18n.language)}` : ''}
      description={
        row
          ? `${t('pay.pay')}: ${formatMoney(row.pay, i18n.language)} · ${t('pay.totalHours')}: ${format(row.totalHours)}`
          : undefined
      }
      size="lg"
    >
      {failed ? (
        <Alert tone="error">{t('pay.detailsFailed')}</Alert>
      ) : loading ? (
        <div className="space-y-3" aria-hidden="true">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-24 w-full" />
          ))}
        </div>
      ) : weeks.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-slate-600">{t('pay.detailsEmpty')}</p>
      ) : (
        <HoursByWeek
          weeks={weeks}
          formatHours={format}
          labels={{
            date: t('pay.columns.date'),
            weekday: t('pay.columns.weekday'),
            hours: t('pay.columns.hours'),
            week: (n) => t('pay.week', { n }),
            total: (hours) => t('pay.weekTotal', { hours }),
          }}
        />
      )}
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('pay.close')}
        </button>
      </div>
    </Modal>
  );
}
