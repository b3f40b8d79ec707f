import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ShopOffer } from '../../api/types';
import { useMoney } from '../../components/Money';

/** The order bumps at one position of the checkout page (core §9): a tick box each, in its own box or all in one
 * box under the offer title (bumpsGrouping). Ticked, a bump is paid with the main product's one charge. */
export function BumpOffers({
  offers,
  position,
  grouping,
  title,
  chosen,
  onToggle,
  disabled,
}: {
  offers: readonly ShopOffer[];
  position: string;
  grouping: string;
  title?: string | null | undefined;
  chosen: readonly number[];
  onToggle: (id: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const here = offers.filter((o) => o.position === position);
  if (!here.length) return null;
  const box = { border: '2px dashed', borderColor: 'warning.main', borderRadius: 2, p: 1.5, bgcolor: 'rgba(255, 193, 7, 0.06)' };
  const offer = (o: ShopOffer, boxed: boolean) => (
    <Box key={o.id} sx={boxed ? box : { py: 0.5 }} data-testid={`bump-${o.id}`}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', m: 0, width: '100%' }}
        control={<Checkbox checked={chosen.includes(o.id)} onChange={() => onToggle(o.id)} disabled={disabled} sx={{ mt: -0.5 }} slotProps={{ input: { 'aria-describedby': `bump-text-${o.id}` } }} />}
        label={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%' }}>
            {o.coverUrl ? <Box component="img" src={o.coverUrl} alt="" width={48} height={48} sx={{ objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} /> : null}
            <Box sx={{ flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{o.title || t('shop.bumps.add', { product: o.productName })}</Typography>
              <Typography variant="body2" color="text.secondary" id={`bump-text-${o.id}`} sx={{ whiteSpace: 'pre-wrap' }}>
                {o.description || o.productName}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>+ {money(o.price, o.currency)}</Typography>
          </Stack>
        }
      />
    </Box>
  );
  if (grouping === 'grouped') {
    return (
      <Box sx={{ ...box, my: 2 }} role="group" aria-label={title || t('shop.bumps.title')} data-testid={`bumps-${position}`}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
          {title || t('shop.bumps.title')}
        </Typography>
        {here.map((o) => offer(o, false))}
      </Box>
    );
  }
  return (
    <Stack spacing={1.5} sx={{ my: 2 }} data-testid={`bumps-${position}`}>
      {here.map((o) => offer(o, true))}
    </Stack>
  );
}
