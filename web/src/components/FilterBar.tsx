import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { cabinetApi } from '../api/cabinet';
import type { Body } from '../api/sdk';
import { toast } from '../app/notify';
import { openProtectedFile } from '../lib/download';
import { type DateWindow, WINDOW_TOKENS, parseWindow, windowValues } from '../lib/dateWindow';
import { type FilterDef, activeCount } from '../lib/filterDefs';
import type { Filters } from '../lib/listState';

type SavedList = Body<'save_view'>['list'];

/** One filter's field, by its type (editor §2's thirteen); `value` as the URL keeps it. */
export function FilterField({ def, value, onChange }: { def: FilterDef; value: string[]; onChange: (value: string[]) => void }) {
  const { t } = useTranslation();
  const options = def.options ?? [];
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const testId = `filter-${def.key}`;
  switch (def.type) {
    case 'single_select':
      return (
        <TextField select size="small" fullWidth label={def.label} value={value[0] ?? ''} onChange={(e) => onChange(e.target.value ? [e.target.value] : [])} slotProps={{ htmlInput: { 'data-testid': testId } }}>
          <MenuItem value="">{t('filters.any')}</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multi_select':
      return (
        <TextField
          select
          size="small"
          fullWidth
          label={def.label}
          value={value}
          onChange={(e) => {
            const v = e.target.value as unknown;
            onChange(Array.isArray(v) ? (v as string[]) : String(v).split(',').filter(Boolean));
          }}
          slotProps={{ select: { multiple: true, renderValue: (s) => (s as string[]).map(labelOf).join(', '), SelectDisplayProps: { 'data-testid': testId } as React.HTMLAttributes<HTMLDivElement> } }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              <Checkbox size="small" checked={value.includes(o.value)} />
              <ListItemText primary={o.label} />
            </MenuItem>
          ))}
        </TextField>
      );
    case 'select_with_search':
      return (
        <Autocomplete
          size="small"
          options={options}
          value={options.find((o) => o.value === value[0]) ?? null}
          onChange={(_, o) => onChange(o ? [o.value] : [])}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          renderInput={(params) => <TextField {...params} label={def.label} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />}
        />
      );
    case 'multi_search':
      return (
        <Autocomplete
          multiple
          size="small"
          options={options}
          value={options.filter((o) => value.includes(o.value))}
          onChange={(_, os) => onChange(os.map((o) => o.value))}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          renderInput={(params) => <TextField {...params} label={def.label} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />}
        />
      );
    case 'creatable_multi_select':
      return (
        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={options.map((o) => o.value)}
          value={value}
          onChange={(_, vs) => onChange(vs.map((v) => String(v).trim()).filter(Boolean))}
          renderInput={(params) => <TextField {...params} label={def.label} helperText={t('filters.enterToAdd')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />}
        />
      );
    case 'text':
    case 'number':
    case 'date':
      return (
        <TextField
          size="small"
          fullWidth
          label={def.label}
          type={def.type === 'text' ? 'text' : def.type === 'date' ? 'date' : 'text'}
          value={value[0] ?? ''}
          onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}
          slotProps={{ inputLabel: { shrink: def.type === 'date' ? true : undefined }, htmlInput: { 'data-testid': testId, inputMode: def.type === 'number' ? 'decimal' : undefined, maxLength: 200 } }}
        />
      );
    case 'relative_date_range':
      return <WindowField def={def} value={value} onChange={onChange} />;
    default: {
      // the four ranges: two ends
      const number = def.type === 'number_range';
      const kind = def.type === 'date_range_no_time' ? 'date' : number ? 'text' : 'datetime-local';
      const end = (i: 0 | 1, v: string) => {
        const next = [value[0] ?? '', value[1] ?? ''];
        next[i] = v;
        onChange(next.some(Boolean) ? next : []);
      };
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {([0, 1] as const).map((i) => (
            <TextField
              key={i}
              size="small"
              fullWidth
              type={kind}
              label={`${def.label} · ${t(number ? (i ? 'filters.max' : 'filters.min') : i ? 'filters.to' : 'filters.from')}`}
              value={value[i] ?? ''}
              onChange={(e) => end(i, e.target.value)}
              slotProps={{ inputLabel: { shrink: number ? undefined : true }, htmlInput: { 'data-testid': `${testId}-${i ? 'to' : 'from'}`, inputMode: number ? 'decimal' : undefined, maxLength: 20 } }}
            />
          ))}
        </Stack>
      );
    }
  }
}

/** The date window: last 7 … 365 days, current or previous week, month or year, two days, or all time. */
function WindowField({ def, value, onChange }: { def: FilterDef; value: string[]; onChange: (value: string[]) => void }) {
  const { t } = useTranslation();
  const w = parseWindow(value, def.fallback);
  const set = (next: DateWindow) => onChange(windowValues(next, def.fallback));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        size="small"
        label={def.label}
        value={w.token}
        onChange={(e) => set(parseWindow([e.target.value], def.fallback))}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': `filter-${def.key}` } as React.HTMLAttributes<HTMLDivElement> } }}
      >
        {WINDOW_TOKENS.map((token) => (
          <MenuItem key={token} value={token}>
            {t(`filters.window.${token}`)}
          </MenuItem>
        ))}
      </TextField>
      {w.token === 'custom' ? (
        <>
          <TextField size="small" type="date" label={t('filters.from')} value={w.from ?? ''} onChange={(e) => set({ ...w, from: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `filter-${def.key}-from` } }} />
          <TextField size="small" type="date" label={t('filters.to')} value={w.to ?? ''} onChange={(e) => set({ ...w, to: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `filter-${def.key}-to` } }} />
        </>
      ) : null}
    </Stack>
  );
}

/** A seller's saved views of this list: open one, save the current one under a name, delete one. */
function SavedViews({ list }: { list: SavedList }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [name, setName] = useState('');
  const key = ['cabinet', 'savedViews', list];
  const views = useQuery({ queryKey: key, queryFn: ({ signal }) => cabinetApi.savedViews(list, signal), enabled: anchor !== null });
  const save = useMutation({
    mutationFn: () => cabinetApi.saveView({ list, name: name.trim(), query: location.search.replace(/^\?/, '') }),
    onSuccess: () => {
      toast(t('filters.views.saved'), 'success');
      setName('');
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => cabinetApi.deleteView(id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) save.mutate();
  };
  return (
    <>
      <Button startIcon={<BookmarkIcon />} onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)} data-testid="views-open">
        {t('filters.views.title')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { minWidth: 300 } } }}>
        {(views.data?.list ?? []).map((v) => (
          <MenuItem
            key={v.id}
            onClick={() => {
              setAnchor(null);
              void navigate({ pathname: location.pathname, search: v.query ? `?${v.query}` : '' });
            }}
            data-testid="view-item"
          >
            <ListItemText primary={v.name} />
            <IconButton size="small" edge="end" aria-label={t('filters.views.delete', { name: v.name })} onClick={(e) => { e.stopPropagation(); remove.mutate(v.id); }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        {views.isSuccess && !views.data.list.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('filters.views.none')}
          </Typography>
        ) : null}
        <Divider />
        <Box component="form" onSubmit={submit} sx={{ px: 2, pt: 1, display: 'flex', gap: 1 }} onKeyDown={(e) => e.stopPropagation()}>
          <TextField size="small" label={t('filters.views.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'view-name' } }} />
          <Button type="submit" variant="contained" disabled={!name.trim() || save.isPending} data-testid="view-save">
            {t('filters.views.save')}
          </Button>
        </Box>
      </Menu>
    </>
  );
}

/**
 * A list's bar (editor §2 filter bar): the search, the date window, the other filters in a panel applied together
 * (a new filter starts at page 1), the saved views and the CSV of what the list shows.
 */
export function FilterBar({
  defs,
  filters,
  onApply,
  query,
  onSearch,
  searchPlaceholder,
  list,
  csv,
}: {
  defs: readonly FilterDef[];
  filters: Filters;
  onApply: (filters: Filters) => void;
  query?: string;
  onSearch?: (query: string) => void;
  searchPlaceholder?: string;
  list?: SavedList;
  /** The CSV's API path with the list's query (`/v1/cabinet/orders/csv?…`). */
  csv?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(query ?? '');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<Filters>(filters);
  useEffect(() => setText(query ?? ''), [query]);
  const appliedKey = JSON.stringify(filters);
  useEffect(() => setDraft(JSON.parse(appliedKey) as Filters), [appliedKey]);
  const inline = defs.filter((d) => d.type === 'relative_date_range' || d.inline);
  const panel = defs.filter((d) => !inline.includes(d));
  const count = activeCount(panel, filters);
  const setOne = (key: string, value: string[]) => onApply({ ...filters, [key]: value });

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }} data-testid="filter-bar">
      {onSearch ? (
        <Stack component="form" direction="row" spacing={1} sx={{ flex: 1, minWidth: 220 }} onSubmit={(e) => { e.preventDefault(); if (text.trim() !== (query ?? '')) onSearch(text.trim()); }}>
          <TextField
            size="small"
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={searchPlaceholder ?? t('common.search')}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': t('common.search'), 'data-testid': 'list-search', maxLength: 200 } }}
          />
          <Button type="submit" variant="outlined">
            {t('common.search')}
          </Button>
        </Stack>
      ) : null}
      {inline.map((d) => (
        <Box key={d.key} sx={{ minWidth: 200 }}>
          <FilterField def={d} value={filters[d.key] ?? []} onChange={(v) => setOne(d.key, v)} />
        </Box>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {panel.length ? (
          <Badge badgeContent={count} color="primary">
            <Button variant="outlined" startIcon={<FilterListIcon />} onClick={(e) => setAnchor(e.currentTarget)} data-testid="filters-open">
              {t('filters.title')}
            </Button>
          </Badge>
        ) : null}
        {list ? <SavedViews list={list} /> : null}
        {csv ? (
          <Button startIcon={<DownloadIcon />} onClick={() => void openProtectedFile(csv).then((ok) => ok || toast(t('toast.error'), 'error'))} data-testid="list-csv">
            {t('filters.csv')}
          </Button>
        ) : null}
      </Stack>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Stack spacing={2} sx={{ p: 2, width: { xs: 'calc(100vw - 32px)', sm: 420 } }}>
          {panel.map((d) => (
            <FilterField key={d.key} def={d} value={draft[d.key] ?? []} onChange={(v) => setDraft({ ...draft, [d.key]: v })} />
          ))}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                const cleared = Object.fromEntries(Object.entries(filters).filter(([k]) => !panel.some((d) => d.key === k)));
                setAnchor(null);
                onApply(cleared);
              }}
              data-testid="filters-reset"
            >
              {t('common.reset')}
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                setAnchor(null);
                onApply(draft);
              }}
              data-testid="filters-apply"
            >
              {t('common.apply')}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </Stack>
  );
}
