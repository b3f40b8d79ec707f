import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { cabinetApi } from '../../../api/cabinet';
import * as sdk from '../../../api/sdk.gen';
import { CopyButton } from '../../../components/CopyButton';
import { ApiError } from '../../../api/errors';
import { pagesApi, type BuilderPage, type Catalogue, type PageBlock, type PageContent, type PageTexts } from '../../../api/pages';
import { BUYER_LANGUAGES } from '../../../i18n/languages';
import { toast } from '../../../app/notify';
import { ErrorState } from '../../../components/ErrorState';
import { Fields, type ProductChoice } from './FieldInput';
import { camel, change, freshId, moved, redo, start, undo, type History } from './history';
import { PAGE_KEYS } from './PagesPage';

const WIDTHS = [576, 768, 992] as const;
type Obj = Record<string, unknown>;

/** Which field of an object a change touched (`{scope}:{field}`), so typing in it is one step of undo. */
function fieldKey(scope: string, before: Obj, after: Obj): string {
  return `${scope}:${Object.keys(after).find((k) => after[k] !== before[k]) ?? ''}`;
}

/** `/cabinet/pages/{id}/edit`: the page's blocks in order (dragged, or moved with the arrows), the chosen block's
 * settings and style, the page's theme and search texts, undo and redo, a live preview at 576, 768 and 992 px, and
 * publishing: buyers see the page only as it was when published. */
export default function PageEditorPage() {
  const id = Number(useParams().id);
  const page = useQuery({ queryKey: PAGE_KEYS.page(id), queryFn: ({ signal }) => pagesApi.get(id, signal), enabled: id > 0 });
  const catalogue = useQuery({ queryKey: PAGE_KEYS.catalogue, queryFn: ({ signal }) => pagesApi.catalogue(signal), staleTime: Infinity });
  const products = useQuery({
    queryKey: ['pages', 'products'],
    queryFn: ({ signal }) => cabinetApi.products({ per: 100 }, signal),
  });
  if (page.isPending || catalogue.isPending) return <Skeleton variant="rounded" height={480} />;
  if (page.isError) return <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
  if (catalogue.isError) return <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  const choices: ProductChoice[] = (products.data?.list ?? []).map((p) => ({ id: p.id, name: p.name }));
  return <Editor key={page.data.id} initial={page.data} catalogue={catalogue.data} products={choices} />;
}

function Editor({ initial, catalogue, products }: { initial: BuilderPage; catalogue: Catalogue; products: ProductChoice[] }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [saved, setSaved] = useState<BuilderPage>(initial);
  const [history, setHistory] = useState<History<PageContent>>(() => start(initial.content));
  const [name, setName] = useState(initial.name);
  const [path, setPath] = useState(initial.path ?? '');
  const [selected, setSelected] = useState<string | null>(initial.content.blocks[0]?.id ?? null);
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(992);
  const [lang, setLang] = useState<'en' | 'de'>(i18n.language.startsWith('de') ? 'de' : 'en');
  const [dragging, setDragging] = useState<number | null>(null);
  const content = history.present;
  const blocks = content.blocks;
  const dirty = content !== saved.content || name !== saved.name || (path || null) !== (saved.path ?? null);
  // `key` names the field a change is typed into, so a word typed is one step of undo
  const edit = (next: PageContent, key?: string) => setHistory((h) => change(h, next, key));
  // words in other languages follow their blocks: a deleted block takes its words along
  const setBlocks = (next: PageBlock[], key?: string) => {
    const ids = new Set(next.map((b) => b.id));
    const translations = (content.translations ?? []).map((x) => ({ ...x, texts: x.texts.filter((w) => ids.has(w.blockId)) }));
    edit({ ...content, blocks: next, translations }, key);
  };
  // '' edits the page's own words; a language code, the seller's words for buyers reading that language
  const [textLang, setTextLang] = useState('');
  const pageTexts = (content.translations ?? []).find((x) => x.lang === textLang);
  const setWords = (patch: Partial<PageTexts>, key: string) => {
    const next: PageTexts = { ...(pageTexts ?? { lang: textLang, seoTitle: '', seoDescription: '', texts: [] }), ...patch };
    edit({ ...content, translations: [...(content.translations ?? []).filter((x) => x.lang !== textLang), next] }, key);
  };
  const wordOf = (blockId: string, field: string) => pageTexts?.texts.find((w) => w.blockId === blockId && w.field === field)?.text ?? '';
  const setWord = (blockId: string, field: string, text: string) => {
    const rest = (pageTexts?.texts ?? []).filter((w) => !(w.blockId === blockId && w.field === field));
    setWords({ texts: text ? [...rest, { blockId, field, text }] : rest }, `words:${textLang}:${blockId}:${field}`);
  };
  const textLanguage = BUYER_LANGUAGES.find((l) => l.code === textLang);
  // the answer's keys arrive camelCased (shop_product → shopProduct)
  const allowed = catalogue.allowed[camel(initial.pageType)] ?? [];
  const specOf = (type: string) => catalogue.blocks.find((b) => b.type === type);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return; // the field's own undo
      e.preventDefault();
      setHistory((h) => (e.shiftKey ? redo(h) : undo(h)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const [debounced, setDebounced] = useState(content);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(content), 350);
    return () => window.clearTimeout(timer);
  }, [content]);
  const preview = useQuery({
    queryKey: ['pages', initial.id, 'preview', textLang || lang, debounced],
    queryFn: ({ signal }) => pagesApi.preview(initial.id, debounced, textLang || lang, signal),
    placeholderData: (prev) => prev,
    retry: false,
  });

  const saveBody = () => ({ version: saved.draftVersion, name: name.trim(), path: initial.pageType === 'shop' && saved.path !== null ? path : saved.path, content });
  const onSaved = (p: BuilderPage) => {
    setSaved(p);
    qc.setQueryData(PAGE_KEYS.page(p.id), p);
    void qc.invalidateQueries({ queryKey: PAGE_KEYS.list });
  };
  const save = useMutation({
    mutationFn: () => pagesApi.save(initial.id, saveBody()),
    onSuccess: (p) => {
      // the same object is kept as the present, so the page counts as saved until the next change
      onSaved({ ...p, content });
      toast(t('builder.savedDraft'), 'success');
    },
  });
  const publish = useMutation({
    mutationFn: async () => {
      let version = saved.draftVersion;
      if (dirty) {
        const p = await pagesApi.save(initial.id, saveBody());
        onSaved({ ...p, content }); // saved even if publishing then fails
        version = p.draftVersion;
      }
      return pagesApi.publish(initial.id, version);
    },
    onSuccess: (p) => {
      onSaved({ ...p, content });
      toast(t('builder.publishedToast'), 'success');
    },
  });
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const share = useMutation({ mutationFn: () => sdk.shareTheme(initial.id), onSuccess: (r) => setShareUrl(`${window.location.origin}${r.url}`) });
  const unpublish = useMutation({ mutationFn: () => pagesApi.unpublish(initial.id), onSuccess: (p) => onSaved({ ...p, content }) });
  const failure = [save.error, publish.error].find((e) => e instanceof ApiError) as ApiError | undefined;

  const addBlock = (type: string) => {
    const spec = specOf(type);
    if (!spec) return;
    const block = { ...(spec.defaults as Obj), id: freshId(type, blocks.map((b) => b.id)), type } as unknown as PageBlock;
    const at = selected ? blocks.findIndex((b) => b.id === selected) + 1 : blocks.length;
    setBlocks([...blocks.slice(0, at), block, ...blocks.slice(at)]);
    setSelected(block.id);
  };
  const current = blocks.find((b) => b.id === selected) ?? null;
  const currentSpec = current ? specOf(current.type) : undefined;
  const state = saved.publishedVersion == null ? 'draft' : saved.publishedVersion === saved.draftVersion && !dirty ? 'published' : 'changed';
  const themeValue = content.theme as unknown as Obj;

  const settings = (() => {
    if (textLanguage) {
      const help = (
        <Alert severity="info" data-testid="words-help">
          {t('builder.words.help', { language: textLanguage.name })}
        </Alert>
      );
      if (current && currentSpec) {
        const own = current as unknown as Obj;
        return (
          <Stack spacing={2} data-testid="block-words">
            <Typography variant="subtitle1">{t(`builder.blocks.${current.type}`)}</Typography>
            {help}
            {currentSpec.translatable.length === 0 ? <Typography color="text.secondary">{t('builder.words.none')}</Typography> : null}
            {currentSpec.translatable.map((field) => {
              const spec = currentSpec.fields.find((f) => f.name === field);
              const long = (spec?.maxLength ?? 0) > 500;
              return (
                <TextField
                  key={field}
                  size="small"
                  multiline={long}
                  minRows={long ? 3 : undefined}
                  label={t(`builder.fields.${field}`)}
                  value={wordOf(current.id, field)}
                  placeholder={String(own[camel(field)] ?? '')}
                  onChange={(e) => setWord(current.id, field, e.target.value)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: spec?.maxLength ?? undefined, lang: textLanguage.tag, dir: textLanguage.rtl ? 'rtl' : undefined, 'data-testid': `words-${field}` } }}
                />
              );
            })}
          </Stack>
        );
      }
      return (
        <Stack spacing={2} data-testid="page-words">
          <Typography variant="subtitle1">{t('builder.pageSettings')}</Typography>
          {help}
          <TextField size="small" label={t('builder.seoTitle')} value={pageTexts?.seoTitle ?? ''} placeholder={content.seoTitle} onChange={(e) => setWords({ seoTitle: e.target.value }, `words:${textLang}:seoTitle`)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 70, lang: textLanguage.tag } }} />
          <TextField size="small" multiline minRows={2} label={t('builder.seoDescription')} value={pageTexts?.seoDescription ?? ''} placeholder={content.seoDescription} onChange={(e) => setWords({ seoDescription: e.target.value }, `words:${textLang}:seoDescription`)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 300, lang: textLanguage.tag } }} />
        </Stack>
      );
    }
    if (current && currentSpec) {
      const value = current as unknown as Obj;
      return (
        <Stack spacing={2} data-testid="block-settings">
          <Typography variant="subtitle1">{t(`builder.blocks.${current.type}`)}</Typography>
          <Fields specs={currentSpec.fields} value={value} products={products} testId="block" onChange={(v) => setBlocks(blocks.map((b) => (b.id === current.id ? (v as unknown as PageBlock) : b)), fieldKey(`block:${current.id}`, value, v))} />
          <Divider>{t('builder.style')}</Divider>
          <Fields
            specs={catalogue.styleFields}
            value={(value.style ?? {}) as Obj}
            products={products}
            testId="style"
            onChange={(v) => setBlocks(blocks.map((b) => (b.id === current.id ? ({ ...b, style: v } as unknown as PageBlock) : b)), fieldKey(`style:${current.id}`, (value.style ?? {}) as Obj, v))}
          />
        </Stack>
      );
    }
    return (
      <Stack spacing={2} data-testid="page-settings">
        <Typography variant="subtitle1">{t('builder.pageSettings')}</Typography>
        <TextField size="small" label={t('builder.seoTitle')} value={content.seoTitle} onChange={(e) => edit({ ...content, seoTitle: e.target.value }, 'seoTitle')} slotProps={{ htmlInput: { maxLength: 70, 'data-testid': 'seo-title' } }} />
        <TextField size="small" multiline minRows={2} label={t('builder.seoDescription')} value={content.seoDescription} onChange={(e) => edit({ ...content, seoDescription: e.target.value }, 'seoDescription')} slotProps={{ htmlInput: { maxLength: 300 } }} />
        <Divider>{t('builder.theme')}</Divider>
        <Fields specs={catalogue.themeFields} value={themeValue} products={products} testId="theme" onChange={(v) => edit({ ...content, theme: v as unknown as PageContent['theme'] }, fieldKey('theme', themeValue, v))} />
      </Stack>
    );
  })();

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/cabinet/pages">
          {t('builder.title')}
        </Link>
        <Typography color="text.secondary">/</Typography>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {name || t('builder.untitled')}
        </Typography>
        <Tooltip title={t('builder.undo')}>
          <span>
            <IconButton aria-label={t('builder.undo')} disabled={history.past.length === 0} onClick={() => setHistory(undo)} data-testid="undo">
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('builder.redo')}>
          <span>
            <IconButton aria-label={t('builder.redo')} disabled={history.future.length === 0} onClick={() => setHistory(redo)} data-testid="redo">
              <RedoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button color="inherit" disabled={share.isPending} onClick={() => share.mutate()} data-testid="share-theme">
          {t('builder.shared.share')}
        </Button>
        <Button disabled={!dirty || save.isPending} onClick={() => save.mutate()} data-testid="save-page">
          {t('builder.saveDraft')}
        </Button>
        {saved.publishedVersion != null ? (
          <Button color="inherit" disabled={unpublish.isPending} onClick={() => unpublish.mutate()}>
            {t('builder.unpublish')}
          </Button>
        ) : null}
        <Button variant="contained" disabled={publish.isPending || (state === 'published' && !dirty)} onClick={() => publish.mutate()} data-testid="publish-page">
          {t('builder.publish')}
        </Button>
      </Stack>
      <Alert severity={state === 'published' ? 'success' : state === 'changed' ? 'warning' : 'info'} data-testid="page-state">
        {t(`builder.stateHelp.${state}`)}
        {saved.url && saved.publishedVersion != null ? (
          <>
            {' '}
            <Link href={saved.url} target="_blank" rel="noopener" data-testid="page-url">
              {saved.url}
            </Link>
          </>
        ) : null}
      </Alert>
      {shareUrl ? (
        <Alert severity="info" onClose={() => setShareUrl(null)} data-testid="share-url" action={<CopyButton text={shareUrl} label={t('builder.shared.share')} />}>
          {t('builder.shared.link')} <code>{shareUrl}</code>
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error">{failure.reason ? t(`builder.refused.${failure.reason}`, { defaultValue: failure.message }) : failure.fields?.content ? t('builder.invalid') : failure.message}</Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(360px, 440px) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Paper sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <TextField size="small" label={t('builder.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 80 } }} />
              <TextField
                select
                size="small"
                label={t('builder.words.in')}
                value={textLang}
                onChange={(e) => setTextLang(e.target.value)}
                helperText={textLang ? t('builder.words.filled', { count: (pageTexts?.texts.length ?? 0) + (pageTexts?.seoTitle ? 1 : 0) + (pageTexts?.seoDescription ? 1 : 0) }) : t('builder.words.ownHelp')}
                slotProps={{ htmlInput: { 'data-testid': 'words-language' } }}
              >
                <MenuItem value="">{t('builder.words.own')}</MenuItem>
                {BUYER_LANGUAGES.map((l) => (
                  <MenuItem key={l.code} value={l.code} lang={l.tag}>
                    {l.name}
                  </MenuItem>
                ))}
              </TextField>
              {initial.pageType === 'shop' && saved.path !== null ? (
                <TextField size="small" label={t('builder.path')} value={path} onChange={(e) => setPath(e.target.value.toLowerCase())} helperText={t('builder.pathHelp')} slotProps={{ htmlInput: { maxLength: 80 } }} />
              ) : null}
            </Stack>
          </Paper>
          <Paper sx={{ p: 1 }}>
            <List dense aria-label={t('builder.blocksList')} data-testid="block-list">
              <ListItemButton selected={selected === null} onClick={() => setSelected(null)}>
                <ListItemText primary={t('builder.pageSettings')} />
              </ListItemButton>
              {blocks.map((b, i) => (
                <Stack
                  key={b.id}
                  direction="row"
                  draggable
                  onDragStart={() => setDragging(i)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={() => {
                    if (dragging !== null) setBlocks(moved(blocks, dragging, i));
                    setDragging(null);
                  }}
                  sx={{ alignItems: 'center', opacity: dragging === i ? 0.5 : 1 }}
                  data-testid="block-row"
                >
                  <DragIndicatorIcon fontSize="small" sx={{ cursor: 'grab', color: 'text.secondary', mx: 0.5 }} aria-hidden />
                  <ListItemButton selected={selected === b.id} onClick={() => setSelected(b.id)} sx={{ borderRadius: 1 }}>
                    <ListItemText primary={t(`builder.blocks.${b.type}`)} secondary={b.id} />
                  </ListItemButton>
                  <IconButton size="small" aria-label={t('builder.moveUp')} disabled={i === 0} onClick={() => setBlocks(moved(blocks, i, i - 1))}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t('builder.moveDown')} disabled={i === blocks.length - 1} onClick={() => setBlocks(moved(blocks, i, i + 1))}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('common.delete')}
                    onClick={() => {
                      setBlocks(blocks.filter((x) => x.id !== b.id));
                      if (selected === b.id) setSelected(null);
                    }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
            </List>
            <TextField select fullWidth size="small" label={t('builder.addBlock')} value="" onChange={(e) => addBlock(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'add-block' } }} sx={{ mt: 1 }}>
              {allowed.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`builder.blocks.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Paper>
          <Paper sx={{ p: 2 }}>{settings}</Paper>
        </Stack>
        <Paper sx={{ p: 2, minWidth: 0, position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <Typography variant="subtitle1">{t('builder.preview')}</Typography>
            <ToggleButtonGroup size="small" exclusive value={width} onChange={(_, v: (typeof WIDTHS)[number] | null) => v && setWidth(v)} aria-label={t('builder.previewWidth')}>
              {WIDTHS.map((w) => (
                <ToggleButton key={w} value={w} data-testid={`preview-${w}`}>
                  {t('builder.px', { n: w })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {textLang ? null : (
              <ToggleButtonGroup size="small" exclusive value={lang} onChange={(_, v: 'en' | 'de' | null) => v && setLang(v)} aria-label={t('common.language')}>
              <ToggleButton value="en">{t('builder.langEn')}</ToggleButton>
              <ToggleButton value="de">{t('builder.langDe')}</ToggleButton>
            </ToggleButtonGroup>
            )}
          </Stack>
          {preview.isError ? <Alert severity="warning">{t('builder.previewError')}</Alert> : null}
          <Box sx={{ overflowX: 'auto', bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
            {preview.data ? (
              <Box component="iframe" title={t('builder.preview')} srcDoc={preview.data} sandbox="" data-testid="page-preview" sx={{ display: 'block', mx: 'auto', width, maxWidth: 'none', height: 720, border: 0, bgcolor: 'background.paper', boxShadow: 1 }} />
            ) : (
              <Skeleton variant="rounded" height={720} />
            )}
          </Box>
        </Paper>
      </Box>
    </Stack>
  );
}
