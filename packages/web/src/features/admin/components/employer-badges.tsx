import type { TSubscriptionType } from '@puna/domain';
import { BadgeCheck, CircleDashed, Crown } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

export function PlanBadge({ type }: { type: TSubscriptionType }) {
  const { t } = useTranslation();
  const premium = type === 'premium';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        premium ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'
      }`}
    >
      {premium ? <Crown className="size-3.5" aria-hidden="true" /> : null}
      {t(`admin.employers.plans.${type}`)}
    </span>
  );
}

/** Verified or Unverified (docs/product.md#admin). */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  const Icon = verified ? BadgeCheck : CircleDashed;
  return (
    <span
      className={`inline-flex items-center gap-1 text-sm font-medium ${verified ? 'text-emerald-800' : 'text-slate-600'}`}
    >
      <Icon className="size-4" aria-hidden="true" />
      {verified ? t('admin.employers.verified') : t('admin.employers.unverified')}
    </span>
  );
}
