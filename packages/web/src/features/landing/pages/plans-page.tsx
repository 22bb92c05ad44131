import { Check, Crown, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { formatEuro } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { PublicPage } from '../components/public-page';

/** docs/product.md#subscription: premium costs 10 EUR per month; basic is the other plan. */
const PREMIUM_EUR_PER_MONTH = 10;

const plans = [
  {
    key: 'basic',
    icon: Sparkles,
    features: [
      'plans.basic.features.employees',
      'plans.basic.features.roles',
      'plans.basic.features.hours',
      'plans.basic.features.pay',
      'plans.basic.features.chat',
    ],
    highlighted: false,
  },
  {
    key: 'premium',
    icon: Crown,
    features: [
      'plans.premium.features.everything',
      'plans.premium.features.rfid',
      'plans.premium.features.devices',
      'plans.premium.features.listType',
      'plans.premium.features.support',
    ],
    highlighted: true,
  },
] as const;

export function PlansPage() {
  const { t, i18n } = useTranslation();
  return (
    <PublicPage width="max-w-5xl" title={t('plans.title')} subtitle={t('plans.subtitle')}>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        {plans.map((plan) => {
          const Icon = plan.icon;
          return (
            <section
              key={plan.key}
              aria-labelledby={`plan-${plan.key}`}
              className={`card flex flex-col p-6 sm:p-8 ${plan.highlighted ? 'ring-2 ring-brand-600' : ''}`}
            >
              <div className="flex items-center justify-between">
                <h2 id={`plan-${plan.key}`} className="flex items-center gap-2 text-xl font-bold text-slate-900">
                  <Icon className="size-5 text-brand-700" aria-hidden="true" />
                  {t(`plans.${plan.key}.name`)}
                </h2>
                {plan.highlighted ? (
                  <span className="rounded-full bg-accent-300/50 px-3 py-1 text-xs font-semibold text-amber-900">
                    {t('plans.popular')}
                  </span>
                ) : null}
              </div>
              <p className="mt-4 flex items-baseline gap-1.5">
                <span className="text-4xl font-extrabold tracking-tight text-slate-900">
                  {plan.key === 'premium' ? formatEuro(PREMIUM_EUR_PER_MONTH, i18n.language) : t('plans.basic.price')}
                </span>
                <span className="text-slate-600">{t(`plans.${plan.key}.period`)}</span>
              </p>
              <p className="mt-3 text-slate-600">{t(`plans.${plan.key}.text`)}</p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2.5 text-slate-800">
                    <Check className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    {t(feature)}
                  </li>
                ))}
              </ul>
              <Link
                to="/signup"
                className={`${plan.highlighted ? 'btn-primary' : 'btn-secondary'} mt-8 py-3 text-base`}
              >
                {t(`plans.${plan.key}.cta`)}
              </Link>
            </section>
          );
        })}
      </div>
      <p className="mt-8 text-center text-sm text-slate-600">{t('plans.note')}</p>
    </PublicPage>
  );
}
