// A light YouTube block: a thumbnail and a play button; the player loads only on tap.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { youtubeEmbed, youtubeId } from '../../../contract/youtube';
import { VideoThumbnail } from '../../ui/video-thumbnail';

export function YoutubeLite({ link, title }: { link: string; title: string }) {
  const { t } = useLingui();
  const [playing, setPlaying] = useState(false);
  const id = youtubeId(link);
  if (!id) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer">
        {title}
      </a>
    );
  }
  if (playing) {
    return (
      <iframe
        className="yt-lite yt-lite--player"
        src={youtubeEmbed(id)}
        title={title}
        allow="accelerometer; autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      className="yt-lite"
      onClick={() => setPlaying(true)}
      aria-label={t`Phát video: ${title}`}
    >
      <VideoThumbnail videoId={id} width={480} height={360} />
      <span className="yt-lite__play" aria-hidden="true">
        ▶
      </span>
    </button>
  );
}
