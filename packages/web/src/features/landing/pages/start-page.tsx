import { ArrowRight, ClipboardList, KeyRound, MailCheck, UserPlus, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useRecordStartPage } from '../../../lib/start-page';
import { PublicPage } from '../components/public-page';

const steps = [
  { key: 'signup', icon: UserPlus },
  { key: 'verify', icon: MailCheck },
  { key: 'employees', icon: Users },
  { key: 'hours', icon: ClipboardList },
  { key: 'workers', icon: KeyRound },
] as const;

/** Getting started: the five steps from sign-up to workers seeing their own hours. */
export function StartPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useRecordStartPage(pathname);
  return (
    <PublicPage width="max-w-3xl" title={t('start.title')} subtitle={t('start.subtitle')}>
      <ol className="mt-12 space-y-4">
        {steps.map((step, position) => {
          const Icon = step.icon;
          return (
            <li key={step.key} className="card flex gap-4 p-5 sm:p-6">
              <div className="relative flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
                <span className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-accent-400 text-xs font-bold text-slate-900">
                  {position + 1}
                </span>
              </div>
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{t(`start.steps.${step.key}.title`)}</h2>
                <p className="mt-1 text-slate-600">{t(`start.steps.${step.key}.text`)}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/signup" className="btn-primary px-5 py-3 text-base">
          {t('start.cta')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        <Link to="/buy" className="btn-secondary px-5 py-3 text-base">
          {t('landing.nav.plans')}
        </Link>
      </div>
    </PublicPage>
  );
}
