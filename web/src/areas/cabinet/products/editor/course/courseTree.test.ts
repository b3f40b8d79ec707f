import { describe, expect, it } from 'vitest';
import { displayed, dropped, moved, reparented, type TreeNode } from './courseTree';

const items: TreeNode[] = [
  { id: 1, parentId: null, kind: 'chapter' },
  { id: 2, parentId: 1, kind: 'lesson' },
  { id: 3, parentId: 1, kind: 'lesson' },
  { id: 4, parentId: null, kind: 'lesson' },
  { id: 5, parentId: null, kind: 'chapter' },
  { id: 6, parentId: 5, kind: 'lesson' },
];
const ids = (order: { id: number; parentId: number | null }[] | null) => order?.map((o) => `${o.id}:${o.parentId ?? '-'}`).join(' ');

describe('the course tree in the editor', () => {
  it('lists each chapter followed by its lessons', () => {
    const shuffled = [items[5]!, items[0]!, items[3]!, items[2]!, items[1]!, items[4]!];
    expect(displayed(shuffled).map((x) => x.id)).toEqual([1, 3, 2, 4, 5, 6]);
  });

  it('moves an item among its siblings, and not past the ends', () => {
    expect(ids(moved(items, 3, -1))).toBe('1:- 3:1 2:1 4:- 5:- 6:5');
    expect(ids(moved(items, 5, -1))).toBe('1:- 2:1 3:1 5:- 6:5 4:-');
    expect(moved(items, 2, -1)).toBeNull();
    expect(moved(items, 6, 1)).toBeNull();
  });

  it('drops a lesson before a lesson or first into a chapter, and a chapter with its lessons', () => {
    expect(ids(dropped(items, 6, 2))).toBe('1:- 6:1 2:1 3:1 4:- 5:-');
    expect(ids(dropped(items, 4, 5))).toBe('1:- 2:1 3:1 5:- 4:5 6:5');
    expect(ids(dropped(items, 5, 3))).toBe('5:- 6:5 1:- 2:1 3:1 4:-');
    expect(dropped(items, 5, 6)).toBeNull(); // onto its own lesson
    expect(dropped(items, 2, 2)).toBeNull();
  });

  it('moves a lesson into a chapter or out to the top', () => {
    expect(ids(reparented(items, 4, 1))).toBe('1:- 2:1 3:1 4:1 5:- 6:5');
    expect(ids(reparented(items, 6, null))).toBe('1:- 2:1 3:1 4:- 5:- 6:-');
    expect(reparented(items, 1, null)).toBeNull(); // a chapter stays at the top
  });
});
