// A light YouTube block with no request to YouTube until the visitor taps (decision 0403): a
// drawn placeholder with the video's title, linked to the video. A tap opens the player in place
// (here, or the visitor page's island script); with no script the link opens YouTube.
import { useState, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { youtubeEmbed, youtubeId, youtubeWatch } from '../../../contract/youtube';

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
  const play = (event: MouseEvent) => {
    event.preventDefault();
    setPlaying(true);
  };
  return (
    <a
      className="yt-lite"
      href={youtubeWatch(id)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={play}
      aria-label={t`Phát video: ${title}`}
      data-video-id={id}
      data-video-title={title}
    >
      <span className="yt-lite__title" aria-hidden="true">
        {title}
      </span>
      <span className="yt-lite__play" aria-hidden="true">
        ▶
      </span>
    </a>
  );
}
