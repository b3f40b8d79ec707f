import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart as XBarChart } from '@mui/x-charts/BarChart';
import type { Series } from './recoverySeries';

/** A titled bar chart drawn by MUI X Charts: stacked or side by side, a tooltip on every bar and a legend; the
 * numbers are also in the table under the charts. */
export function BarChart({
  title,
  labels,
  series,
  stacked = false,
  format,
  height = 220,
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
  return (
    <Box data-testid={testId} role="figure" aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <XBarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ valueFormatter: (v: number | null) => (v == null ? '' : format(v)), width: 64 }]}
        series={series.map((s) => ({
          id: s.key,
          label: s.label,
          data: s.values,
          color: s.color(theme),
          stack: stacked ? 'total' : undefined,
          valueFormatter: (v: number | null) => (v == null ? '' : format(v)),
        }))}
        margin={{ left: 4, right: 8, top: 8, bottom: 4 }}
      />
    </Box>
  );
}
