import { CalendarCheck } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { localToday } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useLabourSettings } from '../api/get-labour-settings';
import { LabourSettingsForm } from '../components/labour-settings-form';
import { MONTH_CLOSE_PATH } from '../paths';

/** The year picker starts with the first rule sets' year (docs/labour-rules.md) and ends next year. */
const FIRST_YEAR = 2024;

/** The holiday calendar (features/holidays), passed in by app/ since features never import one another. */
export type THolidayCalendar = ComponentType<{
  year: number;
  years: readonly number[];
  onYearChange: (year: number) => void;
}>;

/** 'Ligji i punës': the jurisdiction, the opt-in to its rules, and the holiday calendar (docs/product.md#month-close). */
export function LabourSettingsPage({ HolidayCalendar }: { HolidayCalendar: THolidayCalendar }) {
  const { t } = useTranslation();
  const settings = useLabourSettings();
  const [params, setParams] = useSearchParams();
  const thisYear = Number(localToday().slice(0, 4));
  const firstYear = Math.min(FIRST_YEAR, thisYear);
  const years = Array.from({ length: thisYear + 2 - firstYear }, (_, index) => firstYear + index);
  const asked = Number(params.get('year'));
  const year = years.includes(asked) ? asked : thisYear;
  const setYear = (next: number) => setParams({ year: String(next) }, { replace: true });

  return (
    <>
      <PageHeader
        title={t('labourSettings.title')}
        description={t('labourSettings.description')}
        actions={
          <Link to={MONTH_CLOSE_PATH} className="btn-secondary">
            <CalendarCheck className="size-4" aria-hidden="true" />
            {t('labourSettings.statementLink')}
          </Link>
        }
      />
      <section aria-labelledby="labour-rules" className="card mb-6 max-w-3xl p-5">
        <h2 id="labour-rules" className="mb-4 text-lg font-semibold text-slate-900">
          {t('labourSettings.rules')}
        </h2>
        {settings.isError ? (
          <Alert tone="error">{translateError(settings.error, t('labourSettings.loadFailed'))}</Alert>
        ) : settings.data ? (
          <LabourSettingsForm key={JSON.stringify(settings.data)} current={settings.data} />
        ) : (
          <div className="space-y-4" aria-hidden="true">
            <Skeleton className="h-11 w-64" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
      </section>
      <HolidayCalendar year={year} years={years} onYearChange={setYear} />
    </>
  );
}
