import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import { actingHeaders } from '../../../../api/acting';
import { getTokens } from '../../../../api/tokens';
import type { Product } from '../../../../api/types';
import { CertificateSettingsInSchema } from '../../../../api/zod.gen';
import { toast } from '../../../../app/notify';
import { ErrorState } from '../../../../components/ErrorState';
import { openProtectedFile } from '../../../../lib/download';
import { issueMessage } from '../../../../lib/zodForm';
import { productKeys } from '../queries';

type Settings = Awaited<ReturnType<typeof sdk.getCertificate>>;
type Place = Settings['fields'][number];

const SAMPLE: Record<string, string> = {
  holder_name: 'Alex Example',
  issued_on: '2027-01-31',
  number: 'C-ABCDE-23456',
};

function useCertificate(product: Product) {
  const queryClient = useQueryClient();
  const key = [...productKeys.detail(product.id), 'certificate'] as const;
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => sdk.getCertificate(product.id, { signal }) });
  const save = async (next: Partial<Settings>): Promise<string | null> => {
    const current = settings.data!;
    const body = {
      title: next.title ?? current.title,
      issuer: next.issuer ?? current.issuer,
      rule: next.rule ?? current.rule,
      courseId: (next.rule ?? current.rule) === 'course_finished' ? (next.courseId ?? current.courseId ?? null) : null,
      orientation: next.orientation ?? current.orientation,
      fields: next.fields ?? current.fields,
    };
    const checked = CertificateSettingsInSchema.safeParse(body); // the contract's rules, before sending
    if (!checked.success) return issueMessage(checked.error.issues[0]!);
    try {
      const answer = await sdk.setCertificate(product.id, body, { suppressErrors: true });
      queryClient.setQueryData(key, answer);
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      return null;
    } catch (e) {
      return e instanceof ApiError ? (Object.values(fieldErrors(e))[0] ?? e.message) : 'error';
    }
  };
  return { settings, save, key };
}

/** A certificate's key details: what it says and when it is issued (on purchase, or a finished course). */
export function KeyDetailsStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { settings, save } = useCertificate(product);
  const courses = useQuery({
    queryKey: [...productKeys.lists(), 'courses'],
    queryFn: ({ signal }) => sdk.listProducts({ per: 100 }, { signal }),
    select: (d) => d.list.filter((p) => p.form === 'course'),
  });
  const [title, setTitle] = useState<string | null>(null);
  const [issuer, setIssuer] = useState<string | null>(null);
  const [rule, setRule] = useState<string | null>(null);
  const [courseId, setCourseId] = useState<number | '' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (settings.isPending) return <Skeleton variant="rounded" height={240} />;
  const s = settings.data;
  const r = rule ?? s.rule;
  const course = courseId ?? s.courseId ?? '';

  const submit = async () => {
    if (r === 'course_finished' && course === '') {
      setProblem(t('certificates.pickCourse'));
      return;
    }
    setBusy(true);
    const error = await save({ title: (title ?? s.title).trim(), issuer: (issuer ?? s.issuer).trim(), rule: r as Settings['rule'], courseId: course === '' ? null : course });
    setBusy(false);
    setProblem(error);
    if (!error) toast(t('common.saved'), 'success');
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Stack spacing={2.5}>
        <TextField label={t('certificates.title')} value={title ?? s.title} onChange={(e) => setTitle(e.target.value)} helperText={t('certificates.titleHelp')} slotProps={{ htmlInput: { 'data-testid': 'certificate-title' } }} />
        <TextField label={t('certificates.issuer')} value={issuer ?? s.issuer} onChange={(e) => setIssuer(e.target.value)} helperText={t('certificates.issuerHelp')} />
        <Typography variant="subtitle2">{t('certificates.rule')}</Typography>
        <RadioGroup value={r} onChange={(e) => setRule(e.target.value)}>
          <FormControlLabel value="purchase" control={<Radio />} label={t('certificates.rules.purchase')} />
          <FormControlLabel value="course_finished" control={<Radio />} label={t('certificates.rules.course_finished')} data-testid="rule-course" />
        </RadioGroup>
        {r === 'course_finished' ? (
          <TextField select label={t('certificates.course')} value={course} onChange={(e) => setCourseId(Number(e.target.value))} helperText={courses.data?.length === 0 ? t('certificates.noCourses') : ' '} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'certificate-course' } as React.HTMLAttributes<HTMLDivElement> } }}>
            {(courses.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Box>
          <Button variant="contained" onClick={() => void submit()} loading={busy} data-testid="certificate-save">
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** A certificate's design: orientation, a background image, and where each field sits, shown live on the page. */
export function DesignStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { settings, save, key } = useCertificate(product);
  const [fields, setFields] = useState<Place[] | null>(null);
  const [background, setBackground] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const hasBackground = settings.data?.hasBackground;

  useEffect(() => {
    if (!hasBackground) return setBackground(null);
    let url: string | null = null;
    const token = getTokens()?.accessToken;
    void fetch(`/v1/cabinet/products/${product.id}/certificate/background`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...actingHeaders('/v1/cabinet/') } })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (b) {
          url = URL.createObjectURL(b);
          setBackground(url);
        }
      });
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [hasBackground, product.id]);

  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (settings.isPending) return <Skeleton variant="rounded" height={320} />;
  const s = settings.data;
  const places = fields ?? s.fields;
  const landscape = s.orientation === 'landscape';
  const values: Record<string, string> = { ...SAMPLE, title: s.title || product.name, issuer: s.issuer, course_name: s.courseName ?? '' };
  const move = (i: number, patch: Partial<Place>) => setFields(places.map((f, j) => (j === i ? { ...f, ...patch } : f)));

  const upload = async (f: File) => {
    const body = new FormData();
    body.append('file', f);
    try {
      const answer = await sdk.uploadBackground(product.id, body, { suppressErrors: true });
      queryClient.setQueryData(key, answer);
      setProblem(null);
    } catch (e) {
      const why = e instanceof ApiError ? (Object.values(fieldErrors(e))[0] ?? '') : '';
      setProblem(why.includes('too small') ? t('certificates.backgroundSmall') : t('certificates.backgroundBad'));
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      {!s.title ? <Alert severity="info">{t('certificates.detailsFirst')}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup exclusive size="small" value={s.orientation} onChange={(_, v) => v && void save({ orientation: v }).then((e) => e && setProblem(e))} aria-label={t('certificates.orientation')}>
          <ToggleButton value="landscape">{t('certificates.landscape')}</ToggleButton>
          <ToggleButton value="portrait">{t('certificates.portrait')}</ToggleButton>
        </ToggleButtonGroup>
        <input ref={file} type="file" accept="image/png,image/jpeg" hidden data-testid="certificate-background" onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(f); e.target.value = ''; }} />
        <Button startIcon={<UploadIcon />} onClick={() => file.current?.click()}>
          {s.hasBackground ? t('certificates.replaceBackground') : t('certificates.uploadBackground')}
        </Button>
        <Button startIcon={<PdfIcon />} onClick={() => void openProtectedFile(`/v1/cabinet/products/${product.id}/certificate/preview`).then((ok) => ok || toast(t('toast.error'), 'error'))}>
          {t('certificates.samplePdf')}
        </Button>
      </Stack>
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Box
        data-testid="certificate-canvas"
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: landscape ? 900 : 560,
          aspectRatio: landscape ? '297 / 210' : '210 / 297',
          border: 1,
          borderColor: 'divider',
          bgcolor: '#fff',
          backgroundImage: background ? `url(${background})` : undefined,
          backgroundSize: '100% 100%',
          overflow: 'hidden',
          containerType: 'inline-size',
        }}
      >
        {places.map((f) => (
          <Typography
            key={f.field}
            component="span"
            sx={{
              position: 'absolute',
              left: `${f.x}%`,
              top: `${f.y}%`,
              transform: `translate(${f.align === 'center' ? '-50%' : f.align === 'right' ? '-100%' : '0'}, -80%)`,
              fontSize: `${((f.size ?? 12) * 100) / (landscape ? 842 : 595)}cqw`,
              fontWeight: f.field === 'title' || f.field === 'holder_name' ? 700 : 400,
              whiteSpace: 'nowrap',
              color: '#222',
            }}
          >
            {values[f.field] || t(`certificates.fields.${f.field}`)}
          </Typography>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          {places.map((f, i) => (
            <Stack key={f.field} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <Typography sx={{ width: { md: 160 }, fontWeight: 600 }}>{t(`certificates.fields.${f.field}`)}</Typography>
              <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'center' }}>
                <Typography variant="caption">{t('certificates.x')}</Typography>
                <Slider size="small" value={f.x} min={0} max={100} onChange={(_, v) => move(i, { x: v as number })} aria-label={`${t(`certificates.fields.${f.field}`)} ${t('certificates.x')}`} />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'center' }}>
                <Typography variant="caption">{t('certificates.y')}</Typography>
                <Slider size="small" value={f.y} min={0} max={100} onChange={(_, v) => move(i, { y: v as number })} aria-label={`${t(`certificates.fields.${f.field}`)} ${t('certificates.y')}`} />
              </Stack>
              <TextField type="number" size="small" label={t('certificates.size')} value={f.size} onChange={(e) => move(i, { size: Number(e.target.value) })} sx={{ width: 100 }} slotProps={{ htmlInput: { min: 6, max: 72 } }} />
              <TextField select size="small" label={t('certificates.align')} value={f.align} onChange={(e) => move(i, { align: e.target.value as Place['align'] })} sx={{ width: 130 }}>
                {(['left', 'center', 'right'] as const).map((a) => (
                  <MenuItem key={a} value={a}>
                    {t(`certificates.aligns.${a}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          ))}
          <Box>
            <Button
              variant="contained"
              disabled={!fields || !s.title}
              onClick={() =>
                void save({ fields: places }).then((e) => {
                  setProblem(e);
                  if (!e) {
                    setFields(null);
                    toast(t('common.saved'), 'success');
                  }
                })
              }
              data-testid="design-save"
            >
              {t('common.save')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
