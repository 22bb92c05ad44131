import { Camera, CameraOff, Maximize, Nfc, QrCode, TriangleAlert, Unlink } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { BrandMark } from '../../../components/brand';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LanguageSwitch } from '../../../components/language-switch';
import { useTranslation } from '../../../lib/i18n';
import type { KioskCredentials } from '../api/device-client';
import { useCamera } from '../hooks/use-camera';
import { useKiosk } from '../hooks/use-kiosk';
import { capturePhoto, readPhotoSetting, writePhotoSetting } from '../lib/camera';
import type { ScanIdentity } from '../lib/scan-queue';
import { BadgeScanner } from './badge-scanner';
import { CameraView } from './camera-view';
import { CardInput } from './card-input';
import { KioskClock } from './kiosk-clock';
import { KioskStatusBadge } from './kiosk-status';
import { PinPad } from './pin-pad';
import { ScanFeedback } from './scan-feedback';

type KioskScreenProps = { credentials: KioskCredentials; onUnpaired: () => void };

/**
 * The kiosk at work: full screen, a large clock, a PIN pad and a badge button, and the result of
 * each punch (a card read, a PIN, a QR badge); with the photo setting on, a photo at each punch.
 */
export function KioskScreen({ credentials, onUnpaired }: KioskScreenProps) {
  const { t } = useTranslation();
  const { status, feedback, handleRead, forgetQueue } = useKiosk(credentials);
  const [confirmingUnpair, setConfirmingUnpair] = useState(false);
  const [photoOn, setPhotoOn] = useState(readPhotoSetting);
  const [scanning, setScanning] = useState(false);
  const camera = useCamera(photoOn || scanning);
  const preview = useRef<HTMLVideoElement | null>(null);

  /** A punch, with the camera's current frame when photos are on (from the badge scanner's view for a badge). */
  const punch = useCallback(
    async (identity: ScanIdentity, from?: HTMLVideoElement | null) => {
      const at = new Date();
      const source = from ?? preview.current;
      const photo = photoOn && source ? await capturePhoto(source) : null;
      await handleRead(photo ? { ...identity, photo } : identity, at);
    },
    [photoOn, handleRead],
  );
  const closeScanner = useCallback(() => setScanning(false), []);
  const onBadge = useCallback(
    (badge: string, video: HTMLVideoElement) => {
      void punch({ badge }, video).finally(() => setScanning(false));
    },
    [punch],
  );
  const togglePhoto = () => {
    writePhotoSetting(!photoOn);
    setPhotoOn(!photoOn);
  };

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
            className="btn-ghost gap-2 px-2.5 text-slate-300 hover:bg-slate-800 hover:text-white"
            onClick={togglePhoto}
            aria-pressed={photoOn}
            title={t('kiosk.photo.setting')}
          >
            {photoOn ? (
              <Camera className="size-5" aria-hidden="true" />
            ) : (
              <CameraOff className="size-5" aria-hidden="true" />
            )}
            <span className="text-sm">{t(photoOn ? 'kiosk.photo.on' : 'kiosk.photo.off')}</span>
          </button>
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
          <div className="flex w-full max-w-5xl flex-col items-center gap-8 lg:flex-row lg:items-center lg:justify-around">
            <div className="flex flex-col items-center gap-6">
              <KioskClock />
              <p className="flex items-center gap-3 text-[clamp(1.25rem,3.5vw,2rem)] font-medium text-brand-200">
                <Nfc className="size-9 shrink-0" aria-hidden="true" />
                {t('kiosk.prompt')}
              </p>
              <button
                type="button"
                className="flex items-center gap-3 rounded-2xl bg-slate-800 px-6 py-4 text-xl font-semibold text-white transition hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-300"
                onClick={() => setScanning(true)}
              >
                <QrCode className="size-7" aria-hidden="true" />
                {t('kiosk.badge.scan')}
              </button>
            </div>
            <PinPad onPin={(pin) => void punch({ pin })} />
          </div>
        )}
        {photoOn ? (
          <div className="flex items-center gap-3 text-sm text-slate-400">
            <CameraView
              ref={preview}
              stream={camera.stream}
              label={t('kiosk.photo.preview')}
              className="size-16 rounded-xl"
            />
            <span>{camera.failed ? t('kiosk.photo.noCamera') : t('kiosk.photo.notice')}</span>
          </div>
        ) : null}
      </main>

      {status.dropped ? (
        <p className="px-4 pb-4 text-center text-sm text-amber-300 sm:px-6">
          {t('kiosk.dropped', { count: status.dropped.count, error: status.dropped.error })}
        </p>
      ) : null}

      <CardInput onRead={(uid) => void punch({ uid })} paused={confirmingUnpair || scanning} />

      {scanning ? (
        <BadgeScanner stream={camera.stream} failed={camera.failed} onBadge={onBadge} onClose={closeScanner} />
      ) : null}

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
