import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { hasPremiumAccess, useSession } from '../../../lib/auth';
import { type TranslationKey, useTranslation } from '../../../lib/i18n';
import { PremiumBenefits, PremiumPrice } from './premium-benefits';

type PremiumGateProps = {
  /** Translation key of the screen's title, kept as the heading so the employer knows where they are. */
  titleKey: TranslationKey;
  children: ReactNode;
};

/**
 * A premium screen (devices, device groups, RFID list, list type): premium employers and admins see
 * it; a basic employer sees the 'Behu Premium' offer in its place instead of a screen the server refuses.
 */
export function PremiumGate({ titleKey, children }: PremiumGateProps) {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  if (user && hasPremiumAccess(user)) return children;
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <section aria-labelledby="premium-offer-title" className="card max-w-3xl overflow-hidden border-amber-200">
        <div className="flex items-center gap-3 bg-gradient-to-r from-amber-50 to-white px-6 py-5">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800">
            <Crown className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id="premium-offer-title" className="text-xl font-bold text-slate-900">
              {t('subscription.offer.title')}
            </h2>
            <p className="text-sm text-slate-700">{t('subscription.offer.text', { screen: t(titleKey) })}</p>
          </div>
        </div>
        <div className="grid gap-6 px-6 py-5 sm:grid-cols-[1fr_auto] sm:items-end">
          <PremiumBenefits />
          <div className="sm:text-right">
            <PremiumPrice />
            <Link to="/kryepuntor/premium" className="btn-primary mt-3 w-full sm:w-auto">
              <Crown className="size-4" aria-hidden="true" />
              {t('subscription.offer.cta')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
