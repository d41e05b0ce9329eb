/** Synthesized sounds (WebAudio oscillators, no audio files); silent until the player turns sound on. */
let context: AudioContext | null = null;

function ctx(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

function tone(frequency: number, start: number, duration: number, type: OscillatorType = 'sine', volume = 0.08): void {
  const audio = ctx();
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = type;
  osc.frequency.value = frequency;
  const t = audio.currentTime + start;
  gain.gain.setValueAtTime(0, t);
  gain.gain.linearRampToValueAtTime(volume, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + duration);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + duration + 0.02);
}

export const sounds = {
  spin: () => tone(220, 0, 0.12, 'triangle', 0.05),
  reelStop: (reel: number) => tone(160 + reel * 25, 0, 0.08, 'square', 0.03),
  win: (big: boolean) => {
    const notes = big ? [523, 659, 784, 1047, 1319] : [523, 659, 784];
    notes.forEach((n, i) => tone(n, i * 0.09, 0.25, 'triangle', 0.07));
  },
  feature: () => [392, 523, 659, 784, 1047].forEach((n, i) => tone(n, i * 0.12, 0.35, 'sawtooth', 0.04)),
  click: () => tone(880, 0, 0.04, 'sine', 0.03),
};
