import { ADDRESS_MAX, CURRENCY_OF, FISCAL_NUMBER_NAME, type TJurisdiction, type TLabourSettings } from '@puna/domain';
import { type FormEvent, useId, useState } from 'react';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useUpdateLabourSettings } from '../api/update-labour-settings';

const JURISDICTIONS: readonly TJurisdiction[] = ['XK', 'AL'];

/**
 * The jurisdiction, the opt-in switch and the company's fiscal number (NUI in Kosovo, NIPT in
 * Albania: the label follows the jurisdiction chosen) and address for payslips and declarations,
 * saved together with one PUT; the server checks the number's shape.
 */
export function LabourSettingsForm({ current }: { current: TLabourSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateLabourSettings();
  const [jurisdiction, setJurisdiction] = useState<TJurisdiction>(current.jurisdiction);
  const [apply, setApply] = useState(current.apply_labour_rules);
  const [fiscalNumber, setFiscalNumber] = useState(current.fiscal_number ?? '');
  const [address, setAddress] = useState(current.address ?? '');
  const hintId = useId();
  const fiscalName = FISCAL_NUMBER_NAME[jurisdiction];
  const changed =
    jurisdiction !== current.jurisdiction ||
    apply !== current.apply_labour_rules ||
    fiscalNumber.trim() !== (current.fiscal_number ?? '') ||
    address.trim() !== (current.address ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      {
        jurisdiction,
        apply_labour_rules: apply,
        fiscal_number: fiscalNumber.trim() === '' ? null : fiscalNumber,
        address: address.trim() === '' ? null : address,
      },
      {
        onSuccess: () => toast.success(t('labourSettings.saved')),
        onError: (error) => toast.error(translateError(error, t('labourSettings.saveFailed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      <div>
        <SelectField
          label={t('labourSettings.jurisdiction')}
          value={jurisdiction}
          onChange={(event) => setJurisdiction(event.target.value as TJurisdiction)}
          className="max-w-xs"
        >
          {JURISDICTIONS.map((code) => (
            <option key={code} value={code}>
              {t(`labourSettings.jurisdictions.${code}`)}
            </option>
          ))}
        </SelectField>
        <p className="mt-1.5 text-sm text-slate-600">
          {t('labourSettings.currency', {
            currency: t(`labourSettings.currencies.${CURRENCY_OF[jurisdiction]}`),
          })}
        </p>
      </div>
      <label className="flex cursor-pointer items-start gap-3">
        <span className="relative mt-0.5 inline-flex h-6 w-11 shrink-0">
          {/* A real checkbox over the drawn switch: it takes the click, the focus and the screen reader's "switch". */}
          <input
            type="checkbox"
            role="switch"
            checked={apply}
            aria-checked={apply}
            onChange={(event) => setApply(event.target.checked)}
            aria-describedby={hintId}
            className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
          />
          <span
            className="h-6 w-11 rounded-full bg-slate-400 transition-colors peer-checked:bg-brand-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2"
            aria-hidden="true"
          />
          <span
            className="absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
            aria-hidden="true"
          />
        </span>
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{t('labourSettings.apply')}</span>
          <span id={hintId} className="mt-0.5 block text-sm text-slate-600">
            {t('labourSettings.applyHint')}
          </span>
        </span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField
            label={t('labourSettings.fiscalNumber', { name: fiscalName })}
            value={fiscalNumber}
            onChange={(event) => setFiscalNumber(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
          />
          <p className="mt-1.5 text-sm text-slate-600">{t(`labourSettings.fiscalNumberHints.${jurisdiction}`)}</p>
        </div>
        <TextField
          label={t('labourSettings.address')}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoComplete="street-address"
          maxLength={ADDRESS_MAX}
        />
      </div>
      <div className="flex justify-end">
        <SubmitButton className="btn-primary" pending={update.isPending} disabled={update.isPending || !changed}>
          {t('labourSettings.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
