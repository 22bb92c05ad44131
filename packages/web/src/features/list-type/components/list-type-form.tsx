import { PREMIUM_REQUIRED_MESSAGE, type TListType } from '@puna/domain';
import { ClipboardList, Crown, Nfc } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { monthText } from '../../../lib/date-names';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { usePayByListType } from '../api/get-pay-by-list-type';
import { useUpdateListType } from '../api/update-list-type';

const icons = { rfid: Nfc, klista: ClipboardList } as const;
const choices: readonly TListType[] = ['rfid', 'klista'];

type ListTypeFormProps = { employerId: number; current: TListType };

/**
 * Two choices, 'RFID Lista' and 'Lista Normale', with what each means for pay and this month's pay
 * under each, and Ruaj. Pay comes from scans on the RFID list and from entered hours on the normal
 * one, so a switch that changes this month's pay asks first, showing the total before and after.
 */
export function ListTypeForm({ employerId, current }: ListTypeFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const update = useUpdateListType();
  const preview = usePayByListType();
  const [choice, setChoice] = useState<TListType>(current);
  const [confirming, setConfirming] = useState(false);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  // A basic employer is refused with 403 `premiumRequired` (the list type is part of Premium).
  const needsPremium =
    update.error instanceof ApiError &&
    (update.error.hasFlag('premiumRequired') || update.error.serverMessage === PREMIUM_REQUIRED_MESSAGE);

  function save() {
    setConfirming(false);
    update.mutate({ employerId, listaType: choice }, { onSuccess: () => toast.success(t('listType.saved')) });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const totals = preview.data?.totals;
    // Unchanged pay saves at once; a change, or pay that could not be compared, asks first.
    const payChanges = choice !== current && (!totals || totals[choice].pay !== totals[current].pay);
    if (payChanges) setConfirming(true);
    else save();
  }

  const month = preview.data ? monthText(preview.data.month, i18n.language) : '';

  return (
    <form onSubmit={submit} className="max-w-3xl space-y-5">
      <fieldset>
        <legend className="sr-only">{t('listType.legend')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {choices.map((type) => {
            const Icon = icons[type];
            const checked = choice === type;
            return (
              <label
                key={type}
                className={`card flex cursor-pointer gap-3 p-4 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-600 ${
                  checked ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600' : 'hover:bg-slate-50'
                }`}
              >
                <input
                  type="radio"
                  name="listaType"
                  value={type}
                  checked={checked}
                  onChange={() => setChoice(type)}
                  className="mt-1 size-4 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="flex items-center gap-2 font-semibold text-slate-900">
                    <Icon className="size-5 text-brand-700" aria-hidden="true" />
                    {t(`listType.${type}.name`)}
                    {current === type ? (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                        {t('listType.current')}
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{t(`listType.${type}.text`)}</span>
                  <span
                    className="mt-2 block text-sm font-semibold text-slate-900 tabular-nums"
                    data-testid="month-pay"
                  >
                    {preview.data
                      ? t('listType.monthPay', { month, amount: money(preview.data.totals[type].pay) })
                      : preview.isPending
                        ? t('listType.monthPayLoading')
                        : null}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {update.isError ? (
        needsPremium ? (
          <Alert tone="info">
            <p>{t('listType.premiumRequired')}</p>
            <Link to="/kryepuntor/premium" className="link mt-1.5 inline-flex items-center gap-1.5">
              <Crown className="size-4" aria-hidden="true" />
              {t('listType.premiumLink')}
            </Link>
          </Alert>
        ) : (
          <Alert tone="error">{t('listType.updateFailed')}</Alert>
        )
      ) : null}

      <button type="submit" className="btn-primary" disabled={update.isPending}>
        {update.isPending ? <Spinner className="size-4" /> : null}
        {t('listType.save')}
      </button>

      <ConfirmDialog
        open={confirming}
        title={t('listType.confirm.title')}
        description={
          preview.data
            ? t('listType.confirm.text', {
                month,
                before: money(preview.data.totals[current].pay),
                type: t(`listType.${choice}.name`),
                after: money(preview.data.totals[choice].pay),
              })
            : t('listType.confirm.unknown', { type: t(`listType.${choice}.name`) })
        }
        confirmLabel={t('listType.confirm.yes')}
        cancelLabel={t('listType.confirm.no')}
        tone="primary"
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
