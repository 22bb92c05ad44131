export type BeepKind = 'known' | 'unknown' | 'saved' | 'error';

/** Tones (Hz) per kind: one bright beep for a known card, two low ones for an unknown card. */
const TONES: Record<BeepKind, number[]> = {
  known: [1175],
  saved: [880],
  unknown: [440, 440],
  error: [330, 262],
};

let context: AudioContext | null = null;

/**
 * A short beep made with WebAudio (no sound files to load). Key presses from the card reader count
 * as a user gesture, so browsers let the audio context start on the first scan.
 */
export function beep(kind: BeepKind): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.01;
    TONES[kind].forEach((frequency, i) => {
      if (!context) return;
      const at = start + i * 0.18;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.4, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.15);
    });
  } catch {
    // No audio (no device, or the browser refuses): the panel still shows the result.
  }
}
