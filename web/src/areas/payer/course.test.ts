import { describe, expect, it } from 'vitest';
import { opensIn, playable, startLesson } from './course';

describe('the course player', () => {
  it('starts at the first open lesson not finished yet', () => {
    const rows = [
      { id: 1, kind: 'chapter' as const, status: null },
      { id: 2, kind: 'lesson' as const, status: 'finished' },
      { id: 3, kind: 'lesson' as const, status: 'pending' },
      { id: 4, kind: 'lesson' as const, status: 'viewed' },
    ];
    expect(startLesson(rows)).toBe(4);
    expect(startLesson(rows.slice(0, 3))).toBe(2); // all done: the first open one
    expect(startLesson([rows[0]!, rows[2]!])).toBeNull();
  });

  it('counts down to a dripped lesson in days and hours', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(opensIn('2026-05-03T12:30:00Z', now)).toEqual({ days: 2, hours: 3 });
    expect(opensIn('2026-05-01T09:00:00Z', now)).toBeNull();
    expect(opensIn(null, now)).toBeNull();
  });

  it('plays media files and links to player pages', () => {
    expect(playable('https://cdn.example.com/a/intro.MP4?sig=1', 'video')).toBe(true);
    expect(playable('https://www.youtube.com/watch?v=x', 'video')).toBe(false);
    expect(playable('https://cdn.example.com/talk.mp3', 'audio')).toBe(true);
  });
});
