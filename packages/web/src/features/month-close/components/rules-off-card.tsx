import type { TJurisdiction, TLabourSettings } from '@puna/domain';
import { Scale } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useUpdateLabourSettings } from '../api/update-labour-settings';
import { LABOUR_SETTINGS_PATH } from '../paths';

const JURISDICTIONS: readonly TJurisdiction[] = ['XK', 'AL'];

/**
 * While the rules are off there is no statement: the card offers turning them on in one tap, with
 * the country chosen right there (`PUT /krye/labour-settings`), and links to the full settings.
 */
export function RulesOffCard({ settings }: { settings: TLabourSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateLabourSettings();
  const [jurisdiction, setJurisdiction] = useState<TJurisdiction>(settings.jurisdiction);

  function turnOn(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { jurisdiction, apply_labour_rules: true },
      {
        onSuccess: () => toast.success(t('monthClose.rulesOff.turnedOn')),
        onError: (error) => toast.error(translateError(error, t('labourSettings.saveFailed'))),
      },
    );
  }

  return (
    <section aria-labelledby="rules-off-title" className="card max-w-2xl p-6">
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-brand-50 p-2.5 text-brand-800">
          <Scale className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="rules-off-title" className="text-lg font-semibold text-slate-900">
            {t('monthClose.rulesOff.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('monthClose.rulesOff.offer')}</p>
          <form onSubmit={turnOn} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <SelectField
              label={t('labourSettings.jurisdiction')}
              value={jurisdiction}
              onChange={(event) => setJurisdiction(event.target.value as TJurisdiction)}
              className="sm:w-56"
            >
              {JURISDICTIONS.map((code) => (
                <option key={code} value={code}>
                  {t(`labourSettings.jurisdictions.${code}`)}
                </option>
              ))}
            </SelectField>
            <SubmitButton className="btn-primary" pending={update.isPending}>
              {t('monthClose.rulesOff.turnOn')}
            </SubmitButton>
          </form>
          <p className="mt-4 text-sm text-slate-600">{t('monthClose.rulesOff.body')}</p>
          <Link to={LABOUR_SETTINGS_PATH} className="btn-ghost mt-2 px-0">
            {t('monthClose.rulesOff.link')}
          </Link>
        </div>
      </div>
    </section>
  );
}
