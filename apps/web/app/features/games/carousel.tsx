import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { EmblaCarouselType } from 'embla-carousel';

interface ArrowState {
  canPrev: boolean;
  canNext: boolean;
}

const SERVER_STATE: ArrowState = { canPrev: false, canNext: true };

/**
 * A horizontal carousel (lobby rows and banners): arrows and swipe. The strip is a native
 * scroll-snapped scroller (touch swipes it with the browser's own momentum, before and after any
 * script); the arrows scroll it a page at a time. When a mouse first enters it, Embla
 * (`embla-carousel`, loaded on demand, never in the first-load bundle and never on touch screens)
 * takes it over for mouse drag with momentum. Nothing here re-renders the row: only the arrows
 * subscribe to the can-scroll state, and the strip's class is set on the element.
 */
function createCarousel() {
  let el: HTMLDivElement | null = null;
  let embla: EmblaCarouselType | null = null;
  let loading = false;
  let state = SERVER_STATE;
  const listeners = new Set<() => void>();
  const publish = (next: ArrowState) => {
    if (next.canPrev === state.canPrev && next.canNext === state.canNext) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const measure = () => {
    if (el && !embla) publish({ canPrev: el.scrollLeft > 1, canNext: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  };
  const upgrade = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || loading || !el) return;
    loading = true;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      const node = el;
      if (!node || embla) return;
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const first = node.firstElementChild?.firstElementChild as HTMLElement | null | undefined;
      const start = first ? Math.round(node.scrollLeft / Math.max(1, first.offsetWidth)) : 0;
      node.scrollLeft = 0;
      node.classList.add('is-ready');
      embla = EmblaCarousel(node, { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps', skipSnaps: true, startIndex: start, duration: reduced ? 10 : 28 });
      const sync = () => embla && publish({ canPrev: embla.canScrollPrev(), canNext: embla.canScrollNext() });
      embla.on('select', sync).on('reInit', sync).on('resize', sync);
      sync();
    });
  };
  const detach = () => {
    el?.removeEventListener('scroll', measure);
    el?.removeEventListener('pointerenter', upgrade);
    el?.classList.remove('is-ready');
    embla?.destroy();
    embla = null;
    loading = false;
    el = null;
  };
  return {
    /** Callback ref of the strip. */
    attach(node: HTMLDivElement | null) {
      detach();
      el = node;
      if (!el) return;
      el.addEventListener('scroll', measure, { passive: true });
      el.addEventListener('pointerenter', upgrade);
      requestAnimationFrame(measure);
      return detach;
    },
    scroll(direction: -1 | 1) {
      if (embla) {
        if (direction < 0) embla.scrollPrev();
        else embla.scrollNext();
      } else el?.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => state,
  };
}

export type Carousel = ReturnType<typeof createCarousel>;

export function useCarousel(): Carousel {
  const [carousel] = useState(createCarousel);
  return carousel;
}

function Arrow({ direction, disabled, onClick, label }: { direction: -1 | 1; disabled: boolean; onClick: () => void; label: string }) {
  return (
    <button type="button" className={`carousel-arrow ${direction < 0 ? 'is-prev' : 'is-next'}`} aria-label={label} disabled={disabled} onClick={onClick} data-testid={direction < 0 ? 'rail-prev' : 'rail-next'} />
  );
}

/** The previous / next buttons of a carousel (placed by the caller, usually beside the row's heading). */
export function CarouselArrows({ carousel, name }: { carousel: Carousel; name: string }) {
  const { t } = useTranslation();
  const { canPrev, canNext } = useSyncExternalStore(carousel.subscribe, carousel.get, () => SERVER_STATE);
  return (
    <div className="flex shrink-0 gap-1.5">
      <Arrow direction={-1} disabled={!canPrev} onClick={() => carousel.scroll(-1)} label={t('lobby.carousel.previous', { name })} />
      <Arrow direction={1} disabled={!canNext} onClick={() => carousel.scroll(1)} label={t('lobby.carousel.next', { name })} />
    </div>
  );
}

/** The strip itself: `children` are the slides (each one a direct child of the track). */
export function CarouselViewport({ carousel, children, className = '' }: { carousel: Carousel; children: ReactNode; className?: string }) {
  const { attach } = carousel;
  return (
    <div ref={attach} className="carousel-viewport" data-testid="rail-viewport">
      <div className={`carousel-track ${className}`}>{children}</div>
    </div>
  );
}
