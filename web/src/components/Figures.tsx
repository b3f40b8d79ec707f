import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface FigureItem {
  label: string;
  value: string;
  testId: string;
}

/** A payee's headline figures (balance, what they earned, what they sold), one card each, in a row on wide
 * screens and two a row on a phone. */
export function Figures({ items }: { items: FigureItem[] }) {
  const md = Math.max(2, Math.floor(12 / items.length));
  return (
    <Grid container spacing={2}>
      {items.map((x) => (
        <Grid key={x.testId} size={{ xs: 6, md }}>
          <Paper sx={{ p: 2, height: '100%' }}>
            <Typography variant="body2" color="text.secondary">
              {x.label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={x.testId}>
              {x.value}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
