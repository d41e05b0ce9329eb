import type { ImgHTMLAttributes } from 'react';
import { IMAGE_WIDTHS, imageSrcSet, imageUrl, isOptimizable, tileRendition } from './image-src';

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** Above-the-fold images opt out of lazy loading. */
  priority?: boolean;
};

/**
 * An image served through /img/ with a srcset (WebP, quality 75), or a game tile's prebuilt WebP
 * renditions; lazy unless `priority`.
 */
export function Image({ src, alt, width, height, priority = false, sizes, ...rest }: ImageProps) {
  const tile = tileRendition(src, width);
  const optimizable = !tile && isOptimizable(src);
  return (
    <img
      {...rest}
      src={tile ? tile.src : optimizable ? imageUrl(src, width ? (IMAGE_WIDTHS.find((w) => w >= width) ?? 1536) : 768) : src}
      srcSet={tile ? tile.srcSet : optimizable ? imageSrcSet(src, sizes ? undefined : width) : undefined}
      sizes={optimizable && sizes ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
