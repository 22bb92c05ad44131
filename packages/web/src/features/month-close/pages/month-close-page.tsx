import { Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { MonthPicker } from '../../../components/month-picker';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useLabourSettings } from '../api/get-labour-settings';
import { usePayroll } from '../api/get-payroll';
import { ExceptionsSection, LateScansSection } from '../components/exceptions-section';
import { MonthStateBar } from '../components/month-state-bar';
import { PayrollCards } from '../components/payroll-cards';
import { PayrollDownloads } from '../components/payroll-downloads';
import { PayrollTable } from '../components/payroll-table';
import { RuleSetNote } from '../components/rule-set-note';
import { RulesOffCard } from '../components/rules-off-card';
import { LABOUR_SETTINGS_PATH } from '../paths';

const isRulesOff = (error: unknown) => error instanceof ApiError && error.code === 'labourRulesOff';

/**
 * 'Mbyll muajin' (docs/product.md#month-close): the month's payroll statement under the labour-law
 * rules, its state, and closing or reopening it. While the rules are off, a card says how to turn them on.
 */
export function MonthClosePage() {
  const { t } = useTranslation();
  const [month, setMonth] = usePeriodParam('month');
  const settings = useLabourSettings();
  const rulesOn = settings.data?.apply_labour_rules === true;
  const payroll = usePayroll(month, rulesOn);
  const statement = payroll.data;

  let body: ReactNode;
  if (settings.isError) {
    body = <Alert tone="error">{translateError(settings.error, t('monthClose.settingsFailed'))}</Alert>;
  } else if (settings.data && (!rulesOn || isRulesOff(payroll.error))) {
    body = <RulesOffCard settings={settings.data} />;
  } else if (payroll.isError) {
    body = <Alert tone="error">{translateError(payroll.error, t('monthClose.loadFailed'))}</Alert>;
  } else {
    const loading = !statement;
    body = (
      <div aria-busy={loading}>
        {statement ? (
          <>
            <MonthStateBar statement={statement} />
            <LateScansSection lateScans={statement.late_scans} />
            <ExceptionsSection statement={statement} />
          </>
        ) : (
          <div className="card mb-5 flex items-center justify-between p-4" aria-hidden="true">
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-10 w-36" />
          </div>
        )}
        {statement ? <PayrollDownloads statement={statement} /> : null}
        <div className="hidden lg:block">
          <PayrollTable statement={statement} loading={loading} />
        </div>
        <div className="lg:hidden">
          <PayrollCards statement={statement} loading={loading} />
        </div>
        {statement ? <RuleSetNote statement={statement} /> : null}
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('monthClose.title')}
        description={t('monthClose.description')}
        actions={
          <Link to={LABOUR_SETTINGS_PATH} className="btn-secondary">
            <Settings2 className="size-4" aria-hidden="true" />
            {t('monthClose.settingsLink')}
          </Link>
        }
      />
      <MonthPicker label={t('monthClose.month')} month={month} onChange={setMonth} className="mb-5" />
      {body}
    </>
  );
}
