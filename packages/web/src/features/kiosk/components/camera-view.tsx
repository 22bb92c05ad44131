import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

type CameraViewProps = { stream: MediaStream | null; className?: string; label: string };

/** A muted, mirrored live view of the camera (the worker sees what is photographed). */
export const CameraView = forwardRef<HTMLVideoElement | null, CameraViewProps>(function CameraView(
  { stream, className, label },
  ref,
) {
  const video = useRef<HTMLVideoElement>(null);
  useImperativeHandle<HTMLVideoElement | null, HTMLVideoElement | null>(ref, () => video.current, []);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) {
      video.current.srcObject = stream;
      if (stream) void video.current.play().catch(() => {});
    }
  }, [stream]);
  return (
    <video
      ref={video}
      aria-label={label}
      className={`-scale-x-100 bg-black object-cover ${className ?? ''}`}
      autoPlay
      muted
      playsInline
    />
  );
});
