import { ListPlus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DayPicker } from '../../../components/day-picker';
import { LoadingScreen } from '../../../components/loading-screen';
import { PageHeader } from '../../../components/page-header';
import { DayHours } from '../../../features/hours/components/day-hours';
import { useListType } from '../../../features/list-type/api/get-list-type';
import { useTranslation } from '../../../lib/i18n';
import { RfidListPage } from './rfid-list-page';
import { usePeriodParam } from './use-date-param';

/** /kryepuntor/klista: the day's hours list, or, for an RFID employer, its RFID list (SPEC §2). */
export function HoursListPage() {
  const { t } = useTranslation();
  const listType = useListType();

  useEffect(() => {
    // A failed list-type load leaves the normal list (SPEC §8: logged only).
    if (listType.error) console.error('Error fetching lista type', listType.error);
  }, [listType.error]);

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
