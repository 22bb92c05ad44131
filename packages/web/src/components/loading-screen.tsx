import { useTranslation } from '../lib/i18n';
import { Spinner } from './spinner';

/**
 * Full-page 'Loading...' state (route guard, lazy areas). It fades in after a short delay, so a
 * fast load shows no flash while a slow one still says what is happening.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div
      className="flex min-h-[60dvh] animate-[fade-in_200ms_ease-out_300ms_both] items-center justify-center gap-3 text-slate-700"
      role="status"
    >
      <Spinner className="size-6 text-brand-600" />
      <span className="text-base font-medium">{t('common.loading')}</span>
    </div>
  );
}
