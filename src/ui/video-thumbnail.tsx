// A YouTube video's thumbnail that falls back to a local picture (precached by the service
// worker) when YouTube's image host cannot be reached, e.g. offline.
import { useEffect, useRef, useState } from 'react';
import { youtubeThumbnail } from '../../contract/youtube';

export const videoPlaceholderUrl = '/video-placeholder.svg';

interface VideoThumbnailProps {
  videoId: string;
  width: number;
  height: number;
  className?: string;
}

export function VideoThumbnail({ videoId, width, height, className }: VideoThumbnailProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const failed = failedFor === videoId;
  useEffect(() => {
    // A server-rendered image may have failed before the page's script listened for it.
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && !failed) setFailedFor(videoId);
  }, [videoId, failed]);
  return (
    <img
      ref={ref}
      className={className}
      src={failed ? videoPlaceholderUrl : youtubeThumbnail(videoId)}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-fallback={failed ? 'true' : 'false'}
      onError={() => {
        if (!failed) setFailedFor(videoId);
      }}
    />
  );
}
