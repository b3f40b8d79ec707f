/** The course tree as the editor shows it (editor §3 Tree items): chapters at the top holding lessons, lessons
 * also at the top. Moves and drops answer the whole new order, every item with its parent, as the API takes it. */
export interface TreeNode {
  id: number;
  parentId?: number | null;
  kind: 'chapter' | 'lesson';
}

export type TreeOrder = { id: number; parentId: number | null }[];

interface Shape {
  top: TreeNode[];
  children: Map<number, TreeNode[]>;
}

function shape(items: readonly TreeNode[]): Shape {
  const top = items.filter((x) => x.parentId == null);
  const children = new Map<number, TreeNode[]>();
  for (const x of top) if (x.kind === 'chapter') children.set(x.id, []);
  for (const x of items) if (x.parentId != null) children.get(x.parentId)?.push(x);
  return { top, children };
}

function flat({ top, children }: Shape): TreeOrder {
  return top.flatMap((x) => [
    { id: x.id, parentId: null },
    ...(children.get(x.id) ?? []).map((c) => ({ id: c.id, parentId: x.id })),
  ]);
}

/** The items in the order the editor lists them: each chapter followed by its lessons. */
export function displayed<T extends TreeNode>(items: readonly T[]): T[] {
  const byId = new Map(items.map((x) => [x.id, x]));
  return flat(shape(items)).map((o) => byId.get(o.id)!);
}

/** One step up (-1) or down (+1) among its siblings; null when it cannot move that way. */
export function moved(items: readonly TreeNode[], id: number, step: -1 | 1): TreeOrder | null {
  const s = shape(items);
  const node = items.find((x) => x.id === id);
  if (!node) return null;
  const list = node.parentId == null ? s.top : s.children.get(node.parentId);
  if (!list) return null;
  const at = list.findIndex((x) => x.id === id);
  const to = at + step;
  if (to < 0 || to >= list.length) return null;
  [list[at], list[to]] = [list[to]!, list[at]!];
  return flat(s);
}

/** A drag dropped on a row: a chapter lands before the target's chapter (or top-level lesson); a lesson lands
 * before the target lesson, or first in the target chapter. Null when nothing changes. */
export function dropped(items: readonly TreeNode[], dragId: number, targetId: number): TreeOrder | null {
  if (dragId === targetId) return null;
  const s = shape(items);
  const drag = items.find((x) => x.id === dragId);
  const target = items.find((x) => x.id === targetId);
  if (!drag || !target) return null;
  if (drag.kind === 'chapter') {
    const root = target.parentId ?? target.id;
    if (root === drag.id) return null;
    s.top = s.top.filter((x) => x.id !== drag.id);
    s.top.splice(s.top.findIndex((x) => x.id === root), 0, drag);
    return flat(s);
  }
  const from = drag.parentId == null ? s.top : s.children.get(drag.parentId)!;
  from.splice(
    from.findIndex((x) => x.id === drag.id),
    1,
  );
  if (target.kind === 'chapter') {
    s.children.get(target.id)!.unshift({ ...drag, parentId: target.id });
  } else {
    const into = target.parentId == null ? s.top : s.children.get(target.parentId)!;
    into.splice(into.findIndex((x) => x.id === target.id), 0, { ...drag, parentId: target.parentId ?? null });
  }
  return flat(s);
}

/** A lesson moved into a chapter (last) or out to the top (last). */
export function reparented(items: readonly TreeNode[], id: number, parentId: number | null): TreeOrder | null {
  const s = shape(items);
  const node = items.find((x) => x.id === id);
  if (node?.kind !== 'lesson' || (node.parentId ?? null) === parentId) return null;
  const from = node.parentId == null ? s.top : s.children.get(node.parentId)!;
  from.splice(
    from.findIndex((x) => x.id === id),
    1,
  );
  if (parentId == null) s.top.push({ ...node, parentId: null });
  else s.children.get(parentId)?.push({ ...node, parentId });
  return flat(s);
}
