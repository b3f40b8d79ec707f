/** Stable React keys for rows a user adds and removes (blocks, questions, answers): one key per row, kept in step
 * with the rows, never the row's index (a removed row would hand its key, and its inputs, to the next one). */
import { useState } from 'react';

let seq = 0;
const next = () => `row-${++seq}`;

export function useRowKeys(count: number) {
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length: count }, next));
  return {
    keys,
    added: () => setKeys((k) => [...k, next()]),
    removed: (index: number) => setKeys((k) => k.filter((_, i) => i !== index)),
  };
}
