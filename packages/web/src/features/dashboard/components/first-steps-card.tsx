import { Sparkles, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/**
 * In place of 'Statusi i Listës' while the employer has no employees: a list cannot be complete
 * with no one on it, so the card leads to adding the first employee instead.
 */
export function FirstStepsCard() {
  const { t } = useTranslation();
  return (
    <section className="card flex h-full flex-col p-5" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles className="size-5 text-brand-700" aria-hidden="true" />
        {t('dashboard.firstSteps.title')}
      </h2>
      <p className="mt-3 text-sm text-slate-700">{t('dashboard.firstSteps.text')}</p>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('dashboard.firstSteps.stepEmployee')}</li>
        <li>{t('dashboard.firstSteps.stepHours')}</li>
        <li>{t('dashboard.firstSteps.stepPay')}</li>
      </ol>
      <Link to="/kryepuntor/employee?add=1" className="btn-primary mt-5 self-start">
        <UserPlus className="size-4" aria-hidden="true" />
        {t('dashboard.firstSteps.add')}
      </Link>
    </section>
  );
}
