import { useEffect, useRef, useState, type ComponentProps } from 'react';

/** Our own placeholder, shown wherever a picture is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

type FallbackImageProps = Omit<ComponentProps<'img'>, 'src'> & {
  src: string | null | undefined;
  fallbackSrc?: string;
};

/**
 * An `<img>` that swaps in a placeholder when its picture is missing or broken. It also catches a
 * failure that happened before the page hydrated, when no error handler was listening yet.
 */
export function FallbackImage({
  src,
  srcSet,
  fallbackSrc = PLACEHOLDER_IMAGE,
  onError,
  ...props
}: FallbackImageProps) {
  const [isBroken, setIsBroken] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setIsBroken(!src);
  }, [src]);

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc && !isBroken) setIsBroken(true);
  }, [isBroken]);

  return (
    <img
      ref={ref}
      src={isBroken ? fallbackSrc : (src ?? fallbackSrc)}
      srcSet={isBroken ? undefined : srcSet}
      onError={(event) => {
        if (!isBroken) setIsBroken(true);
        onError?.(event);
      }}
      {...props}
    />
  );
}
