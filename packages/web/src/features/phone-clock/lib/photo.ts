/** The server takes a punch photo of at most 200 KB (decoded JPEG). */
export const PHOTO_MAX_BYTES = 200 * 1024;
/** The longest side of a punch photo: enough to know a face, small enough to send from a weak signal. */
const MAX_SIDE = 640;

/** Bytes of a base64 text once decoded. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length * 3) / 4 - padding;
}

/** The size to draw a `width`×`height` frame at: its longest side at most `maxSide`, the shape kept. */
export function fitSize(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A JPEG of the canvas as base64 (no `data:` prefix), at most `maxBytes`: the quality steps down,
 * then the picture is halved, until it fits.
 */
export function canvasToJpeg(canvas: HTMLCanvasElement, maxBytes = PHOTO_MAX_BYTES): string {
  let source = canvas;
  for (;;) {
    for (const quality of [0.8, 0.65, 0.5, 0.35]) {
      const base64 = source.toDataURL('image/jpeg', quality).split(',')[1] ?? '';
      if (base64 && base64Bytes(base64) <= maxBytes) return base64;
    }
    const half = document.createElement('canvas');
    half.width = Math.max(1, Math.floor(source.width / 2));
    half.height = Math.max(1, Math.floor(source.height / 2));
    half.getContext('2d')?.drawImage(source, 0, 0, half.width, half.height);
    if (half.width === source.width && half.height === source.height) return '';
    source = half;
  }
}

/** The front camera's stream (the worker's face), or the only camera there is. */
export function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('no camera'));
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
}

/** The video's current frame as a JPEG of at most 200 KB (base64). */
export function captureFrame(video: HTMLVideoElement): string {
  const size = fitSize(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')?.drawImage(video, 0, 0, size.width, size.height);
  return canvasToJpeg(canvas);
}

/** How long a tap on the photo button waits for the camera's first frame. */
export const FIRST_FRAME_WAIT_MS = 5000;

/**
 * The video's frame as a JPEG (`captureFrame`), waiting up to `waitMs` for its first one: a camera
 * just opened (a slow phone, a busy one) shows nothing for a moment, and a tap then took an empty
 * frame and said the camera did not open. '' when no frame came.
 */
export async function frameOf(video: HTMLVideoElement, waitMs = FIRST_FRAME_WAIT_MS): Promise<string> {
  if (video.videoWidth === 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      function done() {
        clearTimeout(timer);
        video.removeEventListener('loadeddata', done);
        resolve();
      }
      video.addEventListener('loadeddata', done);
    });
  }
  return video.videoWidth > 0 ? captureFrame(video) : '';
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
