import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../../api/sdk.gen';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { type Column, listed, PagedTable, usePaging } from '../../../components/PagedTable';
import { StatusChip } from '../../../components/StatusChip';
import { formatDate, formatDateTime } from '../../../components/dates';

const TABS = ['overview', 'sessions', 'lesson_statuses', 'quiz_attempts'] as const;
type TabKey = (typeof TABS)[number];

type SessionRow = Awaited<ReturnType<typeof sdk.courseSessions>>['list'][number];
type StatusRow = Awaited<ReturnType<typeof sdk.lessonStatuses>>['list'][number];
type AttemptRow = Awaited<ReturnType<typeof sdk.quizAttempts>>['list'][number];

function Overview() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['courses', 'overview'], queryFn: ({ signal }) => sdk.coursesOverview({ signal }) });
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <Skeleton variant="rounded" height={180} />;
  if (q.data.courses.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState title={t('courses.empty')} icon={<SchoolIcon />} />
      </Paper>
    );
  }
  return (
    <Grid container spacing={2} data-testid="courses-overview">
      {q.data.courses.map((c) => (
        <Grid key={c.productId} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={`/cabinet/products/${c.productId}/edit?step=2`}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom noWrap>
                  {c.name}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
                  <Chip size="small" label={t('courses.lessons', { count: c.lessons })} />
                  <Chip size="small" color="primary" label={t('courses.students', { count: c.students })} />
                  <Chip size="small" variant="outlined" label={t('courses.attempts', { count: c.quizAttempts, passed: c.passedAttempts })} />
                </Stack>
                <Typography variant="caption" color="text.secondary">
                  {t('courses.averageProgress', { percent: c.averageProgressPercent })}
                </Typography>
                <LinearProgress variant="determinate" value={c.averageProgressPercent} sx={{ height: 8, borderRadius: 4 }} aria-label={t('courses.averageProgress', { percent: c.averageProgressPercent })} />
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Listing<R extends { id: number }>({ tab, columns, load }: { tab: TabKey; columns: Column<R>[]; load: (q: { page: number; per: number }, signal: AbortSignal) => Promise<{ list: R[]; totalCount: number }> }) {
  const { t } = useTranslation();
  const paging = usePaging(20);
  const q = useQuery({ queryKey: ['courses', tab, paging.query], queryFn: ({ signal }) => load(paging.query, signal), placeholderData: keepPreviousData });
  return (
    <PagedTable
      {...listed(q)}
      columns={columns}
      rowKey={(r) => r.id}
      empty={t(`courses.emptyTab.${tab}`)}
      count={q.data?.totalCount ?? 0}
      label={t(`courses.tabs.${tab}`)}
      {...paging.pager}
    />
  );
}

/** `/cabinet/courses/{overview|sessions|lesson_statuses|quiz_attempts}`: how buyers move through the courses. */
export default function CoursesPage() {
  const { t } = useTranslation();
  const { tab = 'overview' } = useParams();
  if (!TABS.includes(tab as TabKey)) return <Navigate to="/cabinet/courses/overview" replace />;
  const sessions: Column<SessionRow>[] = [
    { key: 'payer', label: t('courses.payer'), render: (r) => r.payerEmail },
    { key: 'course', label: t('courses.course'), render: (r) => r.course },
    { key: 'day', label: t('courses.day'), render: (r) => formatDate(r.day) },
    { key: 'last', label: t('courses.lastSeen'), wide: true, render: (r) => formatDateTime(r.lastSeenAt) },
    { key: 'views', label: t('courses.views'), align: 'right', render: (r) => r.views },
  ];
  const statuses: Column<StatusRow>[] = [
    { key: 'payer', label: t('courses.payer'), render: (r) => r.payerEmail },
    { key: 'course', label: t('courses.course'), wide: true, render: (r) => r.course },
    { key: 'lesson', label: t('courses.lesson'), render: (r) => r.lesson },
    { key: 'status', label: t('courses.status'), render: (r) => <StatusChip state={r.status} /> },
    { key: 'at', label: t('courses.at'), wide: true, render: (r) => formatDateTime(r.finishedAt ?? r.viewedAt) },
  ];
  const attempts: Column<AttemptRow>[] = [
    { key: 'payer', label: t('courses.payer'), render: (r) => r.payerEmail },
    { key: 'lesson', label: t('courses.lesson'), wide: true, render: (r) => `${r.course} · ${r.lesson}` },
    { key: 'number', label: t('courses.attempt'), align: 'right', render: (r) => r.number },
    { key: 'score', label: t('courses.score'), align: 'right', render: (r) => `${r.score} / ${r.maxScore}` },
    { key: 'passed', label: t('courses.result'), render: (r) => <Chip size="small" color={r.passed ? 'success' : 'default'} label={t(r.passed ? 'courses.passed' : 'courses.failed')} /> },
    { key: 'at', label: t('courses.at'), wide: true, render: (r) => formatDateTime(r.createdAt) },
  ];
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('courses.title')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((k) => (
            <Tab key={k} value={k} label={t(`courses.tabs.${k}`)} component={RouterLink} to={`/cabinet/courses/${k}`} data-testid={`courses-tab-${k}`} />
          ))}
        </Tabs>
      </Box>
      {tab === 'overview' ? <Overview /> : null}
      {tab === 'sessions' ? <Listing tab="sessions" columns={sessions} load={(q, signal) => sdk.courseSessions(q, { signal })} /> : null}
      {tab === 'lesson_statuses' ? <Listing tab="lesson_statuses" columns={statuses} load={(q, signal) => sdk.lessonStatuses(q, { signal })} /> : null}
      {tab === 'quiz_attempts' ? <Listing tab="quiz_attempts" columns={attempts} load={(q, signal) => sdk.quizAttempts(q, { signal })} /> : null}
    </>
  );
}
