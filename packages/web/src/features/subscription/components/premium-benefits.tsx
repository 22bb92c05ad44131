import { PREMIUM_PRICE } from '@puna/domain';
import { Check } from 'lucide-react';
import { formatEuro } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

const benefits = ['rfid', 'devices', 'groups', 'listType', 'everything'] as const;

/** What Premium gives, one line each. */
export function PremiumBenefits() {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2.5">
      {benefits.map((benefit) => (
        <li key={benefit} className="flex items-start gap-2.5 text-sm text-slate-800">
          <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          {t(`subscription.benefits.${benefit}`)}
        </li>
      ))}
    </ul>
  );
}

/** "10 € / muaj" (docs/product.md#subscription: 10 EUR per month). */
export function PremiumPrice() {
  const { t, i18n } = useTranslation();
  return (
    <p className="flex items-baseline gap-1.5">
      <span className="text-3xl font-extrabold tracking-tight text-slate-900">
        {formatEuro(Number(PREMIUM_PRICE.value), i18n.language)}
      </span>
      <span className="text-sm text-slate-600">{t('subscription.perMonth')}</span>
    </p>
  );
}
