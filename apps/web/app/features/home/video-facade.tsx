import { useState } from 'react';
import type { VideoSource } from '@catalogue/shared/domain/site';
import { PlayIcon } from '~/components/ui/icons';

/**
 * A click-to-play video: only the poster loads with the page; the film (our file, or a hosted
 * video on the privacy-enhanced domain) loads when the visitor presses play, and starts at once.
 */
export function VideoFacade({
  source,
  playLabel,
  title,
}: {
  source: VideoSource;
  playLabel: string;
  title: string;
}) {
  const [isPlaying, setIsPlaying] = useState(false);
  const frame = 'absolute inset-0 h-full w-full';
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-brand-900 shadow-md">
      {isPlaying ? (
        source.kind === 'file' ? (
          <video
            className={frame}
            src={source.src}
            poster={source.poster}
            controls
            autoPlay
            playsInline
            preload="auto"
          >
            <track kind="captions" />
          </video>
        ) : (
          <iframe
            className={frame}
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(source.id)}?autoplay=1&rel=0`}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
          />
        )
      ) : (
        <button
          type="button"
          onClick={() => setIsPlaying(true)}
          aria-label={playLabel}
          className={`${frame} group`}
        >
          <img
            src={source.poster}
            alt=""
            width={1280}
            height={720}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
          <span className="absolute left-1/2 top-1/2 flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow-lg transition-transform group-hover:scale-110">
            <PlayIcon className="ml-1 size-8" />
          </span>
        </button>
      )}
    </div>
  );
}
