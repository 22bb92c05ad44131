import { ArrowLeft, Eye } from 'lucide-react';
import { useState } from 'react';
import { useGoBack } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';

/** Shown while an admin views the employer area as that employer (docs/product.md#employer-shell). */
export function ImpersonationBanner({ who }: { who: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [busy, setBusy] = useState(false);
  return (
    <div className="bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          <span>{t('employer.impersonation.banner')}</span>
          <span className="truncate font-normal">· {who}</span>
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await goBack();
          }}
          className="btn border border-amber-400 bg-white px-3 py-1.5 text-amber-950 hover:bg-amber-50"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('employer.impersonation.goBack')}
        </button>
      </div>
    </div>
  );
}
