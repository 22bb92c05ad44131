import { Copy, Download } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';

/** The ten recovery codes, shown this once: copy or download them before leaving. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    navigator.clipboard
      ?.writeText(text)
      .then(() => toast.success(t('account.twoFactor.copied')))
      .catch(() => undefined);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'puna-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <Alert tone="warning">{t('account.twoFactor.codesOnce')}</Alert>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="button" className="btn-secondary" onClick={copy}>
          <Copy className="size-4" aria-hidden="true" />
          {t('account.twoFactor.copyCodes')}
        </button>
        <button type="button" className="btn-secondary" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          {t('account.twoFactor.downloadCodes')}
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          {t('account.twoFactor.done')}
        </button>
      </div>
    </div>
  );
}
