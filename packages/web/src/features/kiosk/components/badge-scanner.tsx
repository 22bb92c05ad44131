import { BADGE_PREFIX } from '@puna/domain';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { readQrCode } from '../lib/camera';
import { CameraView } from './camera-view';

/** How often a frame is searched for a QR code, and how long the scanner waits before closing. */
const FRAME_MS = 200;
const GIVE_UP_MS = 30_000;

type BadgeScannerProps = {
  stream: MediaStream | null;
  failed: boolean;
  /** A Puna badge was read: its text, and the camera's video (the photo at the punch is taken from it). */
  onBadge: (text: string, video: HTMLVideoElement) => void;
  onClose: () => void;
};

/** Full screen over the kiosk: the camera's view, read for a Puna QR badge a few times a second. */
export function BadgeScanner({ stream, failed, onBadge, onClose }: BadgeScannerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement | null>(null);
  const done = useRef(false);

  useEffect(() => {
    if (!stream) return;
    done.current = false;
    const timer = window.setInterval(() => {
      if (done.current || !video.current) return;
      const text = readQrCode(video.current);
      if (text?.startsWith(`${BADGE_PREFIX}.`)) {
        done.current = true;
        onBadge(text, video.current);
      }
    }, FRAME_MS);
    const giveUp = window.setTimeout(onClose, GIVE_UP_MS);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(giveUp);
    };
  }, [stream, onBadge, onClose]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="badge-scanner-title"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-5 bg-slate-950/95 p-4 text-white"
    >
      <h2 id="badge-scanner-title" className="text-center text-2xl font-bold sm:text-3xl">
        {t('kiosk.badge.title')}
      </h2>
      {failed ? (
        <p role="alert" className="max-w-md rounded-xl bg-red-700 px-4 py-3 text-center font-medium">
          {t('kiosk.badge.noCamera')}
        </p>
      ) : (
        <div className="relative w-full max-w-xl overflow-hidden rounded-3xl ring-4 ring-brand-400">
          <CameraView ref={video} stream={stream} label={t('kiosk.badge.cameraView')} className="aspect-video w-full" />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[18%] rounded-2xl border-4 border-white/80"
          />
        </div>
      )}
      <p className="text-center text-lg text-slate-300">{t('kiosk.badge.hint')}</p>
      <button type="button" className="btn-secondary gap-2 px-6 py-3 text-lg" onClick={onClose}>
        <X className="size-5" aria-hidden="true" />
        {t('kiosk.badge.cancel')}
      </button>
    </div>
  );
}
