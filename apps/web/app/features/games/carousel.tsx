import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmblaCarouselType } from 'embla-carousel';

/**
 * A horizontal carousel (lobby rows and banners): arrows and swipe. The page renders a plain
 * scroll-snapped strip (it scrolls by touch before any script runs); after hydration Embla
 * (`embla-carousel`, loaded on demand so it is not in the first-load bundle) takes the strip over
 * for drag with momentum, snapping and page-wise arrows.
 */
export function useCarousel() {
  // A callback ref (the element in state): the strip is attached once it is in the DOM.
  const [el, setViewport] = useState<HTMLDivElement | null>(null);
  const api = useRef<EmblaCarouselType | null>(null);
  const [state, setState] = useState({ ready: false, canPrev: false, canNext: true });

  useEffect(() => {
    if (!el) return;
    let cancelled = false;
    let embla: EmblaCarouselType | null = null;
    const native = () => setState({ ready: false, canPrev: el.scrollLeft > 1, canNext: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    native();
    el.addEventListener('scroll', native, { passive: true });
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      el.removeEventListener('scroll', native);
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollLeft = 0;
      embla = EmblaCarousel(el, { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps', skipSnaps: true, duration: reduced ? 10 : 28 });
      api.current = embla;
      const sync = () => embla && setState({ ready: true, canPrev: embla.canScrollPrev(), canNext: embla.canScrollNext() });
      embla.on('init', sync).on('select', sync).on('reInit', sync).on('resize', sync);
      sync();
    });
    return () => {
      cancelled = true;
      el.removeEventListener('scroll', native);
      embla?.destroy();
      api.current = null;
    };
  }, [el]);

  const go = useCallback((direction: -1 | 1) => {
    const embla = api.current;
    if (embla) {
      if (direction < 0) embla.scrollPrev();
      else embla.scrollNext();
      return;
    }
    el?.scrollBy({ left: direction * el.clientWidth, behavior: 'smooth' });
  }, [el]);

  return { setViewport, ...state, prev: () => go(-1), next: () => go(1) };
}

function Arrow({ direction, disabled, onClick, label }: { direction: -1 | 1; disabled: boolean; onClick: () => void; label: string }) {
  return (
    <button type="button" className="carousel-arrow" aria-label={label} disabled={disabled} onClick={onClick} data-testid={direction < 0 ? 'rail-prev' : 'rail-next'}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d={direction < 0 ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
      </svg>
    </button>
  );
}

/** The previous / next buttons of a carousel (placed by the caller, usually beside the row's heading). */
export function CarouselArrows({ carousel, name }: { carousel: ReturnType<typeof useCarousel>; name: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 gap-1.5">
      <Arrow direction={-1} disabled={!carousel.canPrev} onClick={carousel.prev} label={t('lobby.carousel.previous', { name })} />
      <Arrow direction={1} disabled={!carousel.canNext} onClick={carousel.next} label={t('lobby.carousel.next', { name })} />
    </div>
  );
}

/** The strip itself: `children` are the slides (each one a direct child of the track). */
export function CarouselViewport({ carousel, children, className = '' }: { carousel: ReturnType<typeof useCarousel>; children: ReactNode; className?: string }) {
  const { setViewport, ready } = carousel;
  return (
    <div ref={setViewport} className={`carousel-viewport ${ready ? 'is-ready' : ''}`} data-testid="rail-viewport">
      <div className={`carousel-track ${className}`}>{children}</div>
    </div>
  );
}
