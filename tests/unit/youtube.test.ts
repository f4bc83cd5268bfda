import { describe, expect, it } from 'vitest';
import { youtubeId } from '../../src/lib/youtube';

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
    '',
    null,
  ])('rejects %s', (link) => {
    expect(youtubeId(link)).toBeNull();
  });
});
