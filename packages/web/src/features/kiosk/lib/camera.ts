import jsQR from 'jsqr';

/** The largest photo sent with a punch: 200 KB (the server refuses more). */
export const MAX_PHOTO_BYTES = 200 * 1024;
/** A punch photo's longest side, in pixels: enough to see a face, small enough to send. */
const PHOTO_SIDE = 640;

/** The tablet's camera: the front one when there is a choice (the worker faces the screen). */
export function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 } }, audio: false });
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame drawn on a canvas at most `side` pixels wide or high; null before the first frame. */
function frameOf(video: HTMLVideoElement, side: number): HTMLCanvasElement | null {
  const { videoWidth: width, videoHeight: height } = video;
  if (!width || !height) return null;
  const scale = Math.min(1, side / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The text of a QR code in the video's current frame, or null. */
export function readQrCode(video: HTMLVideoElement): string | null {
  const canvas = frameOf(video, 800);
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return null;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * The current frame as a JPEG of at most 200 KB, base64 without the data: prefix: 640 px on its
 * longest side, the quality lowered (then the size halved) until it fits; null without a frame.
 */
export async function capturePhoto(video: HTMLVideoElement): Promise<string | null> {
  for (const side of [PHOTO_SIDE, PHOTO_SIDE / 2, PHOTO_SIDE / 4]) {
    const canvas = frameOf(video, side);
    if (!canvas) return null;
    for (const quality of [0.8, 0.6, 0.4]) {
      const blob = await toJpeg(canvas, quality);
      if (blob && blob.size <= MAX_PHOTO_BYTES) return base64Of(blob);
    }
  }
  return null;
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

const PHOTO_SETTING = 'puna-kiosk-photo';

/** Whether this kiosk takes a photo at each punch: a setting of this browser, off until turned on. */
export function readPhotoSetting(): boolean {
  try {
    return localStorage.getItem(PHOTO_SETTING) === 'on';
  } catch {
    return false;
  }
}

export function writePhotoSetting(on: boolean): void {
  try {
    if (on) localStorage.setItem(PHOTO_SETTING, 'on');
    else localStorage.removeItem(PHOTO_SETTING);
  } catch {
    // Storage unavailable (private mode): the setting lasts until the page closes.
  }
}
