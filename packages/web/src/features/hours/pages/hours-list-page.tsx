import { ListPlus } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { DayPicker } from '../../../components/day-picker';
import { LoadingScreen } from '../../../components/loading-screen';
import { PageHeader } from '../../../components/page-header';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { useTranslation } from '../../../lib/i18n';
import { useListType } from '../../../lib/queries/get-list-type';
import { DayHours } from '../components/day-hours';

/** /kryepuntor/klista: the day's hours list, or, for an RFID employer, its RFID list (docs/product.md#hours-list). */
export function HoursListPage({ RfidListPage }: { RfidListPage: ComponentType }) {
  const { t } = useTranslation();
  const listType = useListType();

  if (listType.employerId !== null && listType.isPending) return <LoadingScreen />;
  if (listType.data === 'rfid') return <RfidListPage />;
  return <HoursList title={t('employer.screens.hoursList')} />;
}

function HoursList({ title }: { title: string }) {
  const { t } = useTranslation();
  const [date, setDate] = usePeriodParam('date');
  return (
    <>
      <PageHeader
        title={title}
        description={t('hours.list.description')}
        actions={
          <Link to={`/kryepuntor/add_klista?date=${date}`} className="btn-primary">
            <ListPlus className="size-4" aria-hidden="true" />
            {t('hours.list.addList')}
          </Link>
        }
      />
      <DayPicker label={t('hours.list.date')} date={date} onChange={setDate} />
      {/* A new day starts with nothing selected. */}
      <DayHours key={date} date={date} />
    </>
  );
}
