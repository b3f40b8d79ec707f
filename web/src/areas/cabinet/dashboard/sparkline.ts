/** Buckets ISO timestamps into the last `days` calendar days (oldest first). */
export function dailyCounts(timestamps: string[], days: number, now: Date = new Date()): { day: string; count: number }[] {
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const buckets: { day: string; count: number }[] = [];
  const index = new Map<string, number>();
  for (let i = days - 1; i >= 0; i -= 1) {
    const d = new Date(end);
    d.setDate(end.getDate() - i);
    const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    index.set(key, buckets.length);
    buckets.push({ day: key, count: 0 });
  }
  for (const ts of timestamps) {
    const d = new Date(ts);
    if (Number.isNaN(d.getTime())) continue;
    const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const i = index.get(key);
    if (i !== undefined) buckets[i]!.count += 1;
  }
  return buckets;
}

/** SVG path points for a sparkline of `values` in a width × height box. */
export function sparklinePoints(values: number[], width: number, height: number, pad = 4): string {
  if (!values.length) return '';
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  return values
    .map((v, i) => `${(pad + i * step).toFixed(1)},${(height - pad - (v / max) * (height - 2 * pad)).toFixed(1)}`)
    .join(' ');
}

/** About `count` evenly spaced date labels (DD.MM) for days given as YYYY-MM-DD, always the first and last. */
export function axisTicks(days: string[], count: number): string[] {
  if (!days.length) return [];
  const label = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
  if (days.length <= count) return days.map(label);
  const step = (days.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => label(days[Math.round(i * step)]!));
}
