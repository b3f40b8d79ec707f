import { useEffect } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DoneIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/LockClockOutlined';
import ViewedIcon from '@mui/icons-material/PlayCircleOutlined';
import NewIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { EmptyState } from '../../components/EmptyState';
import { opensIn, startLesson } from './course';
import { LessonView } from './LessonView';
import { payerKeys } from './PayerAreaPage';

type Outline = Awaited<ReturnType<typeof sdk.payerCourse>>;

function StatusIcon({ status }: { status?: string | null }) {
  if (status === 'finished') return <DoneIcon color="success" fontSize="small" />;
  if (status === 'pending') return <LockIcon color="disabled" fontSize="small" />;
  if (status === 'viewed') return <ViewedIcon color="primary" fontSize="small" />;
  return <NewIcon color="disabled" fontSize="small" />;
}

function OutlineList({ outline, current, base }: { outline: Outline; current: number | null; base: string }) {
  const { t } = useTranslation();
  const now = new Date();
  return (
    <List dense disablePadding data-testid="course-outline">
      {outline.items.map((x) => {
        if (x.kind === 'chapter') {
          return (
            <ListSubheader key={x.id} sx={{ fontWeight: 700, lineHeight: 2.5, bgcolor: 'action.hover' }}>
              {x.title}
            </ListSubheader>
          );
        }
        const wait = opensIn(x.opensAt, now);
        return (
          <ListItemButton
            key={x.id}
            component={RouterLink}
            to={`${base}/${x.id}`}
            selected={x.id === current}
            disabled={x.status === 'pending'}
            sx={{ pl: x.parentId ? 3 : 2 }}
            data-testid={`outline-${x.title}`}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <StatusIcon status={x.status} />
            </ListItemIcon>
            <ListItemText
              primary={x.title}
              secondary={wait ? t('payer.course.opensIn', { days: wait.days, hours: wait.hours }) : t(`payer.lessonStatus.${x.status ?? 'published'}`)}
            />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/** `/payer/s/{seller}/courses/{course}/{lesson}`: the course player. The outline with each lesson's status and
 * drip countdown, the progress, and the lesson: its content, quiz and comments. */
export default function CoursePlayerPage() {
  const { t } = useTranslation();
  const { seller = '', course = '', lesson } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const outline = useQuery({
    queryKey: payerKeys.course(seller, course),
    queryFn: ({ signal }) => sdk.payerCourse(seller, course, { signal }),
  });
  const base = `/payer/s/${encodeURIComponent(seller)}/courses/${course}`;
  const start = outline.data ? startLesson(outline.data.items) : null;
  const open = outline.data?.access === 'published';

  useEffect(() => {
    if (!lesson && start && open) navigate(`${base}/${start}`, { replace: true });
  }, [lesson, start, open, base, navigate]);

  if (outline.isError) return <ErrorState error={outline.error} onRetry={() => void outline.refetch()} />;
  if (outline.isPending) {
    return (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Skeleton variant="rounded" height={320} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Skeleton variant="rounded" height={420} />
        </Grid>
      </Grid>
    );
  }
  const o = outline.data;
  const current = lesson ? Number(lesson) : null;
  const list = <OutlineList outline={o} current={current} base={base} />;

  return (
    <>
      <Typography variant="h4" component="h1" data-testid="course-name">
        {o.name}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2, maxWidth: 520 }}>
        <LinearProgress variant="determinate" value={o.progressPercent} sx={{ flex: 1, height: 8, borderRadius: 4 }} aria-label={t('payer.progress')} />
        <Typography variant="body2" color="text.secondary" data-testid="course-progress">
          {t('payer.course.progress', { done: o.finishedCount, total: o.lessonsCount, percent: o.progressPercent })}
        </Typography>
      </Box>
      {!open ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="course-closed">
          <AlertTitle>{t(`payer.access.${o.access}`)}</AlertTitle>
          {o.closedBecause ? t(`payer.closed.${o.closedBecause}`) : t('payer.course.notOpenYet')}
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          {phone ? (
            <Accordion disableGutters defaultExpanded={!current}>
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>{t('payer.course.outline')}</AccordionSummary>
              <AccordionDetails sx={{ p: 0 }}>{list}</AccordionDetails>
            </Accordion>
          ) : (
            <Paper variant="outlined" sx={{ position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflow: 'auto' }}>
              {list}
            </Paper>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {open && current ? (
            <LessonView key={current} seller={seller} course={course} lesson={String(current)} base={base} />
          ) : open ? (
            <EmptyState title={o.lessonsCount ? t('payer.course.pick') : t('payer.course.noLessons')} />
          ) : (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography color="text.secondary">{o.description || t('payer.course.closedBody')}</Typography>
              <Button component={RouterLink} to={`/payer/s/${encodeURIComponent(seller)}`} sx={{ mt: 2 }}>
                {t('payer.backToArea')}
              </Button>
            </Paper>
          )}
        </Grid>
      </Grid>
    </>
  );
}
