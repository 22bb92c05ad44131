import { useEffect, useState } from 'react';
import { openCamera, stopCamera } from '../lib/camera';

/** The tablet's camera while `active` (a photo at each punch, or a badge being read); closed otherwise. */
export function useCamera(active: boolean): { stream: MediaStream | null; failed: boolean } {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let opened: MediaStream | null = null;
    setFailed(false);
    openCamera().then(
      (camera) => {
        if (cancelled) return stopCamera(camera);
        opened = camera;
        setStream(camera);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      stopCamera(opened);
      setStream(null);
    };
  }, [active]);
  return { stream, failed };
}
