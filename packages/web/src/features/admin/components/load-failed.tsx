import { RotateCw } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { useTranslation } from '../../../lib/i18n';

/** An admin list that did not load: what failed, and a Retry button. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{text}</p>
      <button type="button" className="btn-secondary mt-3 px-3 py-1.5" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('admin.retry')}
      </button>
    </Alert>
  );
}
