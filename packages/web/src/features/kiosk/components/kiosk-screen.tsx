import { Maximize, Nfc, TriangleAlert, Unlink } from 'lucide-react';
import { useState } from 'react';
import { BrandMark } from '../../../components/brand';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LanguageSwitch } from '../../../components/language-switch';
import { useTranslation } from '../../../lib/i18n';
import type { KioskCredentials } from '../api/device-client';
import { useKiosk } from '../hooks/use-kiosk';
import { CardInput } from './card-input';
import { KioskClock } from './kiosk-clock';
import { KioskStatusBadge } from './kiosk-status';
import { ScanFeedback } from './scan-feedback';

type KioskScreenProps = { credentials: KioskCredentials; onUnpaired: () => void };

/** The kiosk at work: full screen, a large clock, and the result of each card read. */
export function KioskScreen({ credentials, onUnpaired }: KioskScreenProps) {
  const { t } = useTranslation();
  const { status, feedback, handleRead, forgetQueue } = useKiosk(credentials);
  const [confirmingUnpair, setConfirmingUnpair] = useState(false);

  const enterFullScreen = () => {
    void document.documentElement.requestFullscreen?.().catch(() => {});
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-950 text-white">
      <header className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-2.5">
          <BrandMark className="size-8 shrink-0" />
          <div className="min-w-0 leading-tight">
            <p className="font-bold">{t('kiosk.title')}</p>
            <p className="truncate text-xs text-slate-400">{t('kiosk.deviceLabel', { id: credentials.deviceId })}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <KioskStatusBadge status={status} />
          <LanguageSwitch />
          <button
            type="button"
            className="btn-ghost px-2.5 text-slate-300 hover:bg-slate-800 hover:text-white"
            onClick={enterFullScreen}
            aria-label={t('kiosk.fullScreen')}
            title={t('kiosk.fullScreen')}
          >
            <Maximize className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn-ghost px-2.5 text-slate-300 hover:bg-slate-800 hover:text-white"
            onClick={() => setConfirmingUnpair(true)}
            aria-label={t('kiosk.unpair.action')}
            title={t('kiosk.unpair.action')}
          >
            <Unlink className="size-5" aria-hidden="true" />
          </button>
        </div>
      </header>

      {status.refused ? (
        <p role="alert" className="mx-4 flex items-center gap-2 rounded-xl bg-red-700 px-4 py-3 font-medium sm:mx-6">
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          {t('kiosk.refused')}
        </p>
      ) : null}

      <main className="flex flex-1 flex-col items-center justify-center gap-10 px-4 py-6 sm:px-6">
        {feedback ? (
          <ScanFeedback feedback={feedback} />
        ) : (
          <>
            <KioskClock />
            <p className="flex items-center gap-3 text-[clamp(1.25rem,3.5vw,2rem)] font-medium text-brand-200">
              <Nfc className="size-9 shrink-0" aria-hidden="true" />
              {t('kiosk.prompt')}
            </p>
          </>
        )}
      </main>

      {status.dropped ? (
        <p className="px-4 pb-4 text-center text-sm text-amber-300 sm:px-6">
          {t('kiosk.dropped', { count: status.dropped.count, error: status.dropped.error })}
        </p>
      ) : null}

      <CardInput onRead={(uid) => void handleRead(uid)} paused={confirmingUnpair} />

      <ConfirmDialog
        open={confirmingUnpair}
        title={t('kiosk.unpair.title')}
        description={
          status.pending > 0
            ? t('kiosk.unpair.pendingWarning', { count: status.pending })
            : t('kiosk.unpair.description')
        }
        confirmLabel={t('kiosk.unpair.confirm')}
        cancelLabel={t('kiosk.unpair.cancel')}
        onCancel={() => setConfirmingUnpair(false)}
        onConfirm={async () => {
          await forgetQueue();
          setConfirmingUnpair(false);
          onUnpaired();
        }}
      />
    </div>
  );
}
