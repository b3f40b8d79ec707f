import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/Check';
import FileIcon from '@mui/icons-material/FileDownloadOutlined';
import NextIcon from '@mui/icons-material/NavigateNext';
import PrevIcon from '@mui/icons-material/NavigateBefore';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import * as sdk from '../../api/sdk.gen';
import { CommentInSchema } from '../../api/zod.gen';
import { toast } from '../../app/notify';
import { ErrorState } from '../../components/ErrorState';
import { formatDateTime } from '../../components/dates';
import { openProtectedFile } from '../../lib/download';
import { useSchemaForm } from '../../lib/zodForm';
import { keyed, playable } from './course';
import { payerKeys } from './PayerAreaPage';

type Lesson = Awaited<ReturnType<typeof sdk.payerLesson>>;
type Block = Lesson['blocks'][number];
type Attempt = Awaited<ReturnType<typeof sdk.attemptQuiz>>;

function BlockView({ block, fileUrl }: { block: Block; fileUrl: (id: number) => string }) {
  const { t } = useTranslation();
  if (block.type === 'text') {
    return (
      <Typography component="div" sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>
        {block.text}
      </Typography>
    );
  }
  if (block.type === 'video' || block.type === 'audio') {
    const caption = block.title ? <Typography variant="caption" color="text.secondary">{block.title}</Typography> : null;
    if (!playable(block.url, block.type)) {
      return (
        <Stack spacing={0.5}>
          <Button href={block.url} target="_blank" rel="noopener noreferrer" variant="outlined" startIcon={<OpenIcon />} sx={{ alignSelf: 'flex-start' }}>
            {t(block.type === 'video' ? 'payer.course.openVideo' : 'payer.course.openAudio')}
          </Button>
          {caption}
        </Stack>
      );
    }
    return (
      <Stack spacing={0.5}>
        {block.type === 'video' ? (
          <Box component="video" controls preload="metadata" src={block.url} sx={{ width: '100%', borderRadius: 1, bgcolor: '#000' }} />
        ) : (
          <Box component="audio" controls preload="metadata" src={block.url} sx={{ width: '100%' }} />
        )}
        {caption}
      </Stack>
    );
  }
  if (!('fileId' in block)) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<FileIcon />}
      sx={{ alignSelf: 'flex-start' }}
      onClick={() => void openProtectedFile(fileUrl(block.fileId)).then((ok) => ok || toast(t('toast.error'), 'error'))}
      data-testid="lesson-file"
    >
      {block.title || t(`course.blocks.${block.type}`)}
    </Button>
  );
}

function Quiz({ lesson, onAttempt }: { lesson: Lesson; onAttempt: (answers: number[][]) => Promise<Attempt> }) {
  const { t } = useTranslation();
  const quiz = lesson.quiz!;
  const [answers, setAnswers] = useState<number[][]>(() => quiz.questions.map(() => []));
  const [result, setResult] = useState<Attempt | null>(null);
  const [busy, setBusy] = useState(false);
  const passed = lesson.attempts.some((a) => a.passed);
  const submit = async () => {
    setBusy(true);
    try {
      setResult(await onAttempt(answers));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="quiz">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t('payer.quiz.title')}
        </Typography>
        <Chip size="small" label={t('payer.quiz.passMark', { percent: quiz.passPercent })} />
        <Chip size="small" variant="outlined" label={t('payer.quiz.attemptsLeft', { count: lesson.attemptsLeft })} data-testid="attempts-left" />
      </Stack>
      {passed ? (
        <Alert severity="success" data-testid="quiz-passed">
          {t('payer.quiz.passed')}
        </Alert>
      ) : (
        <Stack spacing={3}>
          {quiz.questions.map((q, qi) => (
            <Box key={q.text + String(qi)} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
                {qi + 1}. {q.text}
                {result ? (
                  <Chip
                    size="small"
                    sx={{ ml: 1 }}
                    color={result.correct?.[qi] ? 'success' : 'error'}
                    label={t(result.correct?.[qi] ? 'payer.quiz.right' : 'payer.quiz.wrong')}
                  />
                ) : null}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('payer.quiz.tickAll')}
              </Typography>
              <FormGroup>
                {q.options.map((option, oi) => (
                  <FormControlLabel
                    key={option + String(oi)}
                    control={
                      <Checkbox
                        checked={answers[qi]!.includes(oi)}
                        onChange={(e) =>
                          setAnswers((all) =>
                            all.map((a, j) => (j !== qi ? a : e.target.checked ? [...a, oi].sort((x, y) => x - y) : a.filter((c) => c !== oi))),
                          )
                        }
                        slotProps={{ input: { ...{ 'data-testid': `answer-${qi}-${oi}` } } }}
                      />
                    }
                    label={option}
                  />
                ))}
              </FormGroup>
            </Box>
          ))}
          {result && !result.passed ? (
            <Alert severity="warning" data-testid="quiz-failed">
              {t('payer.quiz.failed', { score: result.score, max: result.maxScore })}
            </Alert>
          ) : null}
          <Button
            variant="contained"
            onClick={() => void submit()}
            loading={busy}
            disabled={lesson.attemptsLeft === 0 || answers.some((a) => a.length === 0)}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="quiz-submit"
          >
            {t('payer.quiz.submit')}
          </Button>
          {lesson.attemptsLeft === 0 ? <Alert severity="error">{t('payer.quiz.noAttempts')}</Alert> : null}
        </Stack>
      )}
    </Paper>
  );
}

/** One lesson in the player: its blocks, quiz or "finished" button, comments, and the way to the next lesson. */
export function LessonView({ seller, course, lesson, base }: { seller: string; course: string; lesson: string; base: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = payerKeys.lesson(seller, course, lesson);
  const view = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const answer = await sdk.payerLesson(seller, course, lesson, { signal, suppressErrors: true });
      void queryClient.invalidateQueries({ queryKey: payerKeys.course(seller, course), exact: true });
      return answer;
    },
    retry: false,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: payerKeys.course(seller, course), exact: true });
    void queryClient.invalidateQueries({ queryKey: payerKeys.area(seller), exact: true });
  };
  const finish = useMutation({
    mutationFn: () => sdk.finishLesson(seller, course, lesson),
    onSuccess: async () => {
      toast(t('payer.course.finishedToast'), 'success');
      await refresh();
    },
  });
  const commentForm = useSchemaForm(CommentInSchema, { body: '' });
  const comment = commentForm.handleSubmit(async ({ body }) => {
    await sdk.addLessonComment(seller, course, lesson, { body: body.trim() });
    commentForm.reset({ body: '' });
    await refresh();
  });

  if (view.isError) {
    const e = view.error;
    if (e instanceof ApiError && e.reason === 'lesson_pending') {
      return <Alert severity="info">{t('payer.course.pendingLesson', { date: formatDateTime(String(e.fields?.opens_at ?? '')) })}</Alert>;
    }
    return <ErrorState error={e} onRetry={() => void view.refetch()} />;
  }
  if (view.isPending) return <Skeleton variant="rounded" height={420} />;
  const l = view.data;
  const fileUrl = (id: number) =>
    `/v1/payer/s/${encodeURIComponent(seller)}/courses/${course}/lessons/${lesson}/files/${id}`;
  const finished = l.status === 'finished';

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1 }} data-testid="lesson-title">
            {l.title}
          </Typography>
          <Chip size="small" color={finished ? 'success' : 'default'} label={t(`payer.lessonStatus.${l.status}`)} data-testid="lesson-status" />
        </Stack>
        <Stack spacing={2}>
          {l.blocks.length === 0 && !l.quiz ? <Typography color="text.secondary">{t('payer.course.emptyLesson')}</Typography> : null}
          {keyed(l.blocks).map(({ key, row }) => (
            <BlockView key={key} block={row} fileUrl={fileUrl} />
          ))}
        </Stack>
      </Paper>

      {l.quiz ? (
        <Quiz
          lesson={l}
          onAttempt={async (answers) => {
            const r = await sdk.attemptQuiz(seller, course, lesson, { answers });
            await refresh();
            return r;
          }}
        />
      ) : null}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {l.previousId ? (
          <Button component={RouterLink} to={`${base}/${l.previousId}`} startIcon={<PrevIcon />}>
            {t('payer.course.previous')}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {!l.quiz && !finished ? (
          <Button variant="contained" startIcon={<DoneIcon />} loading={finish.isPending} onClick={() => finish.mutate()} data-testid="lesson-finish">
            {t('payer.course.finish')}
          </Button>
        ) : null}
        {l.nextId ? (
          <Button component={RouterLink} to={`${base}/${l.nextId}`} endIcon={<NextIcon />} variant={finished ? 'contained' : 'text'} data-testid="lesson-next">
            {t('payer.course.next')}
          </Button>
        ) : finished ? (
          <Chip color="success" label={t('payer.course.lastDone')} />
        ) : null}
      </Stack>

      {l.commentsEnabled ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" gutterBottom>
            {t('payer.comments.title', { count: l.comments.length })}
          </Typography>
          <Stack spacing={1.5} divider={<Divider flexItem />} sx={{ mb: 2 }} data-testid="comments">
            {l.comments.length === 0 ? <Typography color="text.secondary">{t('payer.comments.none')}</Typography> : null}
            {l.comments.map((c) => (
              <Box key={c.id}>
                <Typography variant="subtitle2">
                  {c.author}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {formatDateTime(c.createdAt)}
                  </Typography>
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.body}</Typography>
              </Box>
            ))}
          </Stack>
          <Stack component="form" noValidate onSubmit={comment} spacing={1}>
            <TextField
              multiline
              minRows={2}
              label={t('payer.comments.label')}
              {...commentForm.register('body')}
              error={Boolean(commentForm.formState.errors.body)}
              helperText={commentForm.formState.errors.body?.message}
              slotProps={{ htmlInput: { 'data-testid': 'comment-body' } }}
            />
            <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }} loading={commentForm.formState.isSubmitting} data-testid="comment-send">
              {t('payer.comments.send')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
