import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { niceMax, type Series } from './recoverySeries';

/** A small bar chart in SVG (no chart library: the cabinet needs bars and a legend, nothing more). Stacked or
 * side by side; every bar has a tooltip; the numbers are also in the table under the charts. */
export function BarChart({
  title,
  labels,
  series,
  stacked = false,
  format,
  height = 200,
  testId,
}: {
  title: string;
  labels: string[];
  series: Series[];
  stacked?: boolean;
  format: (value: number) => string;
  height?: number;
  testId?: string;
}) {
  const theme = useTheme();
  const width = useWidth(640);
  const pad = { top: 18, right: 4, bottom: 22, left: 4 };
  const plotH = height - pad.top - pad.bottom;
  const n = Math.max(labels.length, 1);
  const slot = (width.px - pad.left - pad.right) / n;
  const totals = labels.map((_, i) =>
    stacked ? series.reduce((sum, s) => sum + Math.max(s.values[i] ?? 0, 0), 0) : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const max = niceMax(Math.max(0, ...totals));
  const y = (v: number) => (max === 0 ? 0 : (v / max) * plotH);
  const barW = stacked ? slot * 0.6 : (slot * 0.8) / Math.max(series.length, 1);
  const colorOf = (s: Series) => s.color(theme);
  // month labels need about 44 px each: on a narrow chart only every second or third is written
  const labelEvery = Math.max(1, Math.ceil(44 / slot));

  return (
    <Box data-testid={testId} ref={width.ref}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </Stack>
      <Box
        component="svg"
        viewBox={`0 0 ${width.px} ${height}`}
        role="img"
        aria-label={title}
        sx={{ width: '100%', height: 'auto', display: 'block', overflow: 'visible' }}
      >
        <line x1={pad.left} x2={width.px - pad.right} y1={pad.top} y2={pad.top} stroke={theme.palette.divider} strokeDasharray="4 4" />
        {max > 0 ? (
          <text x={pad.left} y={pad.top - 5} fontSize={11} fill={theme.palette.text.secondary}>
            {format(max)}
          </text>
        ) : null}
        <line
          x1={pad.left}
          x2={width.px - pad.right}
          y1={pad.top + plotH}
          y2={pad.top + plotH}
          stroke={theme.palette.text.disabled}
        />
        {labels.map((label, i) => {
          const x0 = pad.left + i * slot;
          let stackedY = pad.top + plotH;
          return (
            <g key={label}>
              {series.map((s, j) => {
                const v = Math.max(s.values[i] ?? 0, 0);
                const h = y(v);
                if (h <= 0) return null;
                let x: number;
                let top: number;
                if (stacked) {
                  x = x0 + (slot - barW) / 2;
                  stackedY -= h;
                  top = stackedY;
                } else {
                  x = x0 + slot * 0.1 + j * barW;
                  top = pad.top + plotH - h;
                }
                return (
                  <rect key={s.key} x={x} y={top} width={Math.max(barW - 1, 1)} height={h} fill={colorOf(s)} rx={1}>
                    <title>{`${label} · ${s.label}: ${format(s.values[i] ?? 0)}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 ? (
                <text
                  x={x0 + slot / 2}
                  y={height - 6}
                  textAnchor="middle"
                  fontSize={11}
                  fill={theme.palette.text.secondary}
                >
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }}>
        {series.map((s) => (
          <Stack key={s.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: colorOf(s) }} />
            <Typography variant="caption">{s.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/** The element's width in CSS pixels (so the SVG's text stays 11 px at any size); `fallback` until measured. */
function useWidth(fallback: number): { ref: (el: HTMLDivElement | null) => void; px: number } {
  const [px, setPx] = useState(fallback);
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      if (w > 0) setPx(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return { ref: setEl, px };
}
