import type { WinTier } from './presentation';

/** Synthesized sounds (WebAudio oscillators and noise, no audio files); silent until the player turns sound on. */
let context: AudioContext | null = null;

function ctx(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

function tone(frequency: number, start: number, duration: number, type: OscillatorType = 'sine', volume = 0.08, slideTo?: number): void {
  const audio = ctx();
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = type;
  const t = audio.currentTime + start;
  osc.frequency.setValueAtTime(frequency, t);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t + duration);
  gain.gain.setValueAtTime(0, t);
  gain.gain.linearRampToValueAtTime(volume, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + duration);
  osc.connect(gain).connect(audio.destination);
  osc.start(t);
  osc.stop(t + duration + 0.02);
}

/** A short filtered noise burst: the reel's mechanical whoosh and thud. */
function noise(start: number, duration: number, volume: number, frequency: number): void {
  const audio = ctx();
  if (!audio) return;
  const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * duration), audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
  const source = audio.createBufferSource();
  source.buffer = buffer;
  const filter = audio.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = frequency;
  const gain = audio.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(audio.destination);
  source.start(audio.currentTime + start);
}

const ARPEGGIO = [523, 659, 784, 1047, 1319, 1568];

export const sounds = {
  spin: () => {
    noise(0, 0.35, 0.25, 900);
    tone(180, 0, 0.25, 'triangle', 0.04, 360);
  },
  reelStop: (reel: number) => {
    noise(0, 0.07, 0.35, 300);
    tone(140 + reel * 18, 0, 0.09, 'square', 0.025);
  },
  anticipation: () => tone(300, 0, 1.4, 'sawtooth', 0.03, 900),
  win: (tier: WinTier) => {
    const count = { none: 0, win: 3, big: 4, mega: 5, epic: 6 }[tier];
    ARPEGGIO.slice(0, count).forEach((n, i) => tone(n, i * 0.09, 0.3, 'triangle', 0.07));
    if (tier === 'mega' || tier === 'epic') ARPEGGIO.slice(0, count).forEach((n, i) => tone(n * 1.5, 0.6 + i * 0.07, 0.3, 'sine', 0.05));
  },
  feature: () => [392, 523, 659, 784, 1047].forEach((n, i) => tone(n, i * 0.12, 0.35, 'sawtooth', 0.04)),
  jackpot: () => [523, 659, 784, 1047, 784, 1047, 1319, 1568].forEach((n, i) => tone(n, i * 0.14, 0.45, 'square', 0.035)),
  click: () => tone(880, 0, 0.04, 'sine', 0.03),
};

const KEY = 'sweepstack.gameSound';

/** The player's sound choice, remembered in this browser; off until turned on. */
export function loadSoundChoice(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function saveSoundChoice(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}
