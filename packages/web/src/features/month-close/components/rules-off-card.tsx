import { Scale } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { LABOUR_SETTINGS_PATH } from '../paths';

/** While the rules are off there is no statement: say what turns it on, and where. */
export function RulesOffCard() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="rules-off-title" className="card max-w-2xl p-6">
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-brand-50 p-2.5 text-brand-800">
          <Scale className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="rules-off-title" className="text-lg font-semibold text-slate-900">
            {t('monthClose.rulesOff.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('monthClose.rulesOff.body')}</p>
          <Link to={LABOUR_SETTINGS_PATH} className="btn-primary mt-4">
            {t('monthClose.rulesOff.link')}
          </Link>
        </div>
      </div>
    </section>
  );
}
