import { describe, expect, it } from 'vitest';
import { youtubeId } from '../../contract/youtube';

describe('youtubeId (spec §5)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=a_b-C1d2E3f', 'a_b-C1d2E3f'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RD', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ?feature=share', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/v/dQw4w9WgXcQ?version=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/e/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [
      'https://www.youtube.com/attribution_link?a=x&u=/watch%3Fv%3DdQw4w9WgXcQ%26feature%3Dshare',
      'dQw4w9WgXcQ',
    ],
    [
      'https://www.youtube.com/oembed?url=https%3A//www.youtube.com/watch%3Fv%3DdQw4w9WgXcQ',
      'dQw4w9WgXcQ',
    ],
    ['HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (link, id) => {
    expect(youtubeId(link)).toBe(id);
  });

  it.each([
    'https://youtu.be/short',
    'https://youtu.be/dQw4w9WgXcQX',
    'https://www.youtube.com/watch?v=dQw4w9WgXc',
    'https://vimeo.com/123456789',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
    'https://www.youtube.com/channel/UC1234567890',
    'https://www.youtube.com/@somebody',
    'https://www.youtube.com/playlist?list=PL1234567890',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be.evil.com/dQw4w9WgXcQ',
    '',
    null,
  ])('rejects %s', (link) => {
    expect(youtubeId(link)).toBeNull();
  });
});
