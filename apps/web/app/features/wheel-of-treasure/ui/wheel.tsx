import type { PrizeTableOdds } from '@sweepstack/contracts/rewards/prize';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { prizeText, segmentLabel } from './prize-text';

/** Segment boundaries in degrees clockwise from the top: each segment's width is its chance (weight ÷ total). */
export function segmentAngles(table: Pick<PrizeTableOdds, 'segments' | 'totalWeight'>): { start: number; end: number }[] {
  let cumulative = 0;
  return table.segments.map((segment) => {
    const start = (cumulative / table.totalWeight) * 360;
    cumulative += segment.weight;
    return { start, end: (cumulative / table.totalWeight) * 360 };
  });
}

/** The segment under the pointer (at the top) when the wheel is turned `rotation` degrees clockwise. */
export function segmentAtPointer(angles: readonly { start: number; end: number }[], rotation: number): number {
  const under = (((-rotation % 360) + 360) % 360);
  const index = angles.findIndex((a) => under >= a.start && under < a.end);
  return index === -1 ? angles.length - 1 : index;
}

/** The rotation, past `from` by `turns` whole turns and less than one more, that rests the pointer on the segment's middle. */
export function restingRotation(angles: readonly { start: number; end: number }[], index: number, from: number, turns: number): number {
  const middle = (angles[index]!.start + angles[index]!.end) / 2;
  const wanted = (((360 - middle - from) % 360) + 360) % 360;
  return from + turns * 360 + wanted;
}

const easeOut = (x: number) => 1 - Math.pow(1 - x, 4);

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface WheelHandle {
  /** Spins to the server's segment and resolves once the wheel rests there (at once with reduced motion). */
  spinTo(index: number): Promise<void>;
}

const FILLS = [
  { fill: 'var(--primary)', text: 'var(--on-primary)' },
  { fill: 'var(--surface-2)', text: 'var(--text)' },
  { fill: 'var(--accent)', text: 'var(--on-accent)' },
  { fill: 'var(--surface)', text: 'var(--text)' },
];

function point(angle: number, radius: number): [number, number] {
  const radians = ((angle - 90) * Math.PI) / 180;
  return [100 + radius * Math.cos(radians), 100 + radius * Math.sin(radians)];
}

/**
 * A prize wheel drawn from a published table: every segment as wide as its chance, so what you see is
 * what the draw does. It turns only to the segment the server drew (ease-out over a few turns, the
 * pointer ticking at each boundary) and rests exactly on it; with reduced motion it stands there at once.
 */
export function Wheel({ table, size = 280, ref, label }: { table: PrizeTableOdds; size?: number; ref?: Ref<WheelHandle>; label: string }) {
  const { t, i18n } = useTranslation();
  const angles = segmentAngles(table);
  const disc = useRef<SVGGElement>(null);
  const pointer = useRef<SVGGElement>(null);
  const rotation = useRef(0);
  const [rest, setRest] = useState<{ rotation: number; segment: number | null }>({ rotation: 0, segment: null });

  useImperativeHandle(ref, () => ({
    spinTo(index: number) {
      const from = rotation.current;
      const reduced = prefersReducedMotion();
      const target = restingRotation(angles, index, from, reduced ? 0 : 5);
      const settle = () => {
        rotation.current = target;
        disc.current?.setAttribute('transform', `rotate(${target % 360} 100 100)`);
        setRest({ rotation: target, segment: segmentAtPointer(angles, target) });
      };
      if (reduced) {
        settle();
        return Promise.resolve();
      }
      const durationMs = 5200;
      return new Promise<void>((resolve) => {
        const started = performance.now();
        let lastSegment = segmentAtPointer(angles, from);
        const frame = (now: number) => {
          const progress = Math.min(1, (now - started) / durationMs);
          const angle = from + (target - from) * easeOut(progress);
          disc.current?.setAttribute('transform', `rotate(${angle % 360} 100 100)`);
          const segment = segmentAtPointer(angles, angle);
          if (segment !== lastSegment) {
            lastSegment = segment;
            pointer.current?.animate([{ transform: 'rotate(-22deg)' }, { transform: 'rotate(0deg)' }], { duration: 140, easing: 'ease-out' });
          }
          if (progress < 1) requestAnimationFrame(frame);
          else {
            settle();
            resolve();
          }
        };
        requestAnimationFrame(frame);
      });
    },
  }));

  const landed = rest.segment === null ? null : table.segments[rest.segment];
  return (
    <figure className="flex flex-col items-center gap-2" data-testid={`wheel-${table.slug}`} data-rotation={rest.rotation} data-landed={rest.segment ?? ''}>
      <svg viewBox="0 0 200 200" width={size} height={size} role="img" aria-label={landed ? t('wheelOfTreasure.wheel.landed', { wheel: label, prize: prizeText(landed.prize, t, i18n.language) }) : t('wheelOfTreasure.wheel.label', { wheel: label, count: table.segments.length })} className="max-w-full drop-shadow-lg">
        <circle cx="100" cy="100" r="99" fill="var(--border)" />
        <g ref={disc}>
          {table.segments.map((segment, index) => {
            const { start, end } = angles[index]!;
            const colours = FILLS[index % FILLS.length]!;
            const [x1, y1] = point(start, 94);
            const [x2, y2] = point(end, 94);
            const large = end - start > 180 ? 1 : 0;
            const width = end - start;
            const path = width >= 359.999 ? 'M100 6 A94 94 0 1 1 99.99 6 Z' : `M100 100 L${x1} ${y1} A94 94 0 ${large} 1 ${x2} ${y2} Z`;
            const text = segmentLabel(segment.prize, i18n.language);
            const middle = (start + end) / 2;
            return (
              <g key={segment.index}>
                <path d={path} fill={colours.fill} stroke="var(--bg)" strokeWidth="0.8" />
                {/* A label only where it fits; every segment's odds are one tap away in "How it works". */}
                {width >= 13 && (
                  <g transform={`rotate(${middle} 100 100)`} aria-hidden="true">
                    <text x="100" y="30" textAnchor="middle" fontSize={width >= 30 ? 13 : 10} fontWeight="800" fill={colours.text}>
                      {text.main}
                    </text>
                    {text.extra && width >= 22 && (
                      <text x="100" y="42" textAnchor="middle" fontSize="7" fontWeight="700" fill={colours.text}>
                        {text.extra}
                      </text>
                    )}
                  </g>
                )}
              </g>
            );
          })}
        </g>
        <circle cx="100" cy="100" r="14" fill="var(--surface)" stroke="var(--primary)" strokeWidth="3" />
        <circle cx="100" cy="100" r="5" fill="var(--primary)" />
        <g ref={pointer} style={{ transformOrigin: '100px 4px', transformBox: 'view-box' }}>
          <path d="M100 24 L91 2 L109 2 Z" fill="var(--danger)" stroke="var(--bg)" strokeWidth="1.5" />
        </g>
      </svg>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
