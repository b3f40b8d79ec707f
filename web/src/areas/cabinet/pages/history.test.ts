import { describe, expect, it } from 'vitest';
import { COALESCE_MS, LIMIT, camel, change, freshId, moved, redo, start, undo } from './history';

describe('the builder history', () => {
  it('undoes and redoes changes in order, and a new change drops what was undone', () => {
    let h = start('a');
    h = change(h, 'b');
    h = change(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = change(h, 'd');
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe('b');
  });

  it('takes keystrokes in one field as one step, and another field or a pause as the next', () => {
    let h = start('');
    h = change(h, 'h', 'title', 0);
    h = change(h, 'he', 'title', 200);
    h = change(h, 'hey', 'title', 400);
    expect(h.past).toEqual(['']);
    h = change(h, 'hey!', 'title', 400 + COALESCE_MS + 1); // after a pause: a step of its own
    h = change(h, 'hey! x', 'text', 400 + COALESCE_MS + 2); // another field
    expect(h.past).toEqual(['', 'hey', 'hey!']);
    h = undo(h);
    h = change(h, 'hey!?', 'title', 400 + COALESCE_MS + 3); // after an undo: never folded into the undone step
    expect(h.past).toEqual(['', 'hey', 'hey!']);
    expect(undo(h).present).toBe('hey!');
  });

  it('keeps at most LIMIT steps back', () => {
    let h = start(0);
    for (let i = 1; i <= LIMIT + 20; i += 1) h = change(h, i);
    expect(h.past.length).toBe(LIMIT);
    expect(h.past[0]).toBe(20);
  });

  it('moves a block and finds a fresh id', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(freshId('text', ['text-1', 'text-2'])).toBe('text-3');
    expect(camel('padding_top')).toBe('paddingTop');
    expect(camel('items_per_slide')).toBe('itemsPerSlide');
  });
});
