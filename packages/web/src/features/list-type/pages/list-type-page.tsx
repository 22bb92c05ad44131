import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { useListType } from '../../../lib/queries/get-list-type';
import { ListTypeForm } from '../components/list-type-form';

/** /kryepuntor/premium/listatype: the employer's default list, RFID Lista or Lista Normale. */
export function ListTypePage() {
  const { t } = useTranslation();
  const isPremium = useSession().data?.user?.type === 'premium';
  const listType = useListType();

  let body: ReactNode;
  if (listType.employerId === null) body = <Alert tone="error">{t('listType.noUser')}</Alert>;
  else if (listType.isError) body = <Alert tone="error">{t('listType.loadFailed')}</Alert>;
  else if (listType.isPending) {
    body = (
      <div className="grid max-w-3xl gap-3 sm:grid-cols-2" aria-hidden="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  } else body = <ListTypeForm employerId={listType.employerId} current={listType.data} />;

  return (
    <>
      <PageHeader title={t('employer.screens.listType')} description={t('listType.description')} />
      {isPremium ? (
        <p className="mb-5 inline-flex max-w-3xl items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          <Crown className="size-4 shrink-0" aria-hidden="true" />
          {t('listType.premiumNote')}
        </p>
      ) : null}
      {body}
    </>
  );
}
