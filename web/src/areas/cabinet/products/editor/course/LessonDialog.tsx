import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type UseFormRegister, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../../../api/errors';
import * as sdk from '../../../../../api/sdk.gen';
import { ItemPatchSchema } from '../../../../../api/zod.gen';
import { toast } from '../../../../../app/notify';
import { useRowKeys } from '../../../../../lib/rowKeys';
import { useSchemaForm } from '../../../../../lib/zodForm';
import type { CourseItem } from './ContentStep';
import { reparented } from './courseTree';

type Values = z.input<typeof ItemPatchSchema>;
type Block = NonNullable<Values['blocks']>[number];
type Question = NonNullable<Values['quiz']>['questions'][number];
type Drip = 'now' | 'days' | 'date';

const BLOCK_TYPES = ['text', 'video', 'audio', 'file', 'pdf'] as const;

function emptyBlock(type: (typeof BLOCK_TYPES)[number]): Block {
  if (type === 'text') return { type, text: '' };
  if (type === 'video' || type === 'audio') return { type, url: '', title: '' };
  return { type, fileId: 0, title: '' };
}

const emptyQuestion = (): Question => ({ text: '', options: ['', ''], correct: [] });

/** A lesson's content in one dialog: title, blocks (text, video, audio, file, PDF), a quiz with its right answers
 * and pass mark, drip (days after purchase or a date), hidden and comments. A chapter has a title only. Checked
 * against the contract's schema before it is sent. */
export function LessonDialog({
  productId,
  item,
  chapters,
  items,
  onClose,
  onSaved,
}: {
  productId: number;
  item: CourseItem;
  chapters: CourseItem[];
  items: CourseItem[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lesson = item.kind === 'lesson';
  const form = useSchemaForm(ItemPatchSchema, {
    title: item.title,
    blocks: item.blocks as Block[],
    quiz: item.quiz ? { questions: item.quiz.questions.map((q) => ({ text: q.text, options: q.options, correct: q.correct ?? [] })), passPercent: item.quiz.passPercent } : null,
    dripDays: item.dripDays ?? null,
    dripDate: item.dripDate ?? null,
    hidden: item.hidden,
    commentsEnabled: item.commentsEnabled,
  });
  const { register, watch, setValue, formState } = form;
  const blocks = (watch('blocks') ?? []) as Block[];
  const quiz = watch('quiz');
  const [drip, setDrip] = useState<Drip>(item.dripDays ? 'days' : item.dripDate ? 'date' : 'now');
  const [parent, setParent] = useState<number | ''>(item.parentId ?? '');
  const [uploading, setUploading] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadFor = useRef<number>(-1);
  const error = (path: string): string | undefined => (get(formState.errors, path) as { message?: string } | undefined)?.message;

  const setBlocks = (next: Block[]) => setValue('blocks', next, { shouldDirty: true });
  const setQuestions = (next: Question[]) =>
    setValue('quiz', next.length ? { questions: next, passPercent: quiz?.passPercent ?? 100 } : null, { shouldDirty: true });
  const questions = (quiz?.questions ?? []) as Question[];
  const blockKeys = useRowKeys(blocks.length);
  const questionKeys = useRowKeys(questions.length);

  const upload = async (index: number, f: File) => {
    setUploading(index);
    try {
      const body = new FormData();
      body.append('file', f);
      const stored = await sdk.uploadCourseFile(productId, body);
      const next = [...blocks];
      next[index] = { ...(next[index] as Block), fileId: stored.id, title: (next[index] as { title?: string }).title || stored.fileName } as Block;
      setBlocks(next);
    } finally {
      setUploading(null);
    }
  };

  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    const body = lesson
      ? {
          ...values,
          dripDays: drip === 'days' ? (values.dripDays ?? null) : null,
          dripDate: drip === 'date' ? (values.dripDate ?? null) : null,
        }
      : { title: values.title, hidden: values.hidden };
    try {
      await sdk.changeItem(productId, item.id, body as Parameters<typeof sdk.changeItem>[2], { suppressErrors: true });
      const order = lesson ? reparented(items, item.id, parent === '' ? null : parent) : null;
      if (order) await sdk.reorderCourse(productId, { items: order });
      toast(t('common.saved'), 'success');
      await onSaved();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t('toast.error'));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{t(lesson ? 'course.editor.editLesson' : 'course.editor.editChapter')}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="lesson-form" noValidate onSubmit={save} spacing={3}>
          <TextField
            label={t('course.editor.itemTitle')}
            fullWidth
            {...register('title')}
            error={Boolean(error('title'))}
            helperText={error('title')}
            slotProps={{ htmlInput: { 'data-testid': 'lesson-title' } }}
          />
          {lesson ? (
            <>
              <TextField select label={t('course.editor.chapter')} value={parent} onChange={(e) => setParent(e.target.value === '' ? '' : Number(e.target.value))}>
                <MenuItem value="">{t('course.editor.noChapter')}</MenuItem>
                {chapters.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.title}
                  </MenuItem>
                ))}
              </TextField>

              <Divider textAlign="left">{t('course.editor.content')}</Divider>
              {blocks.length === 0 ? <Typography color="text.secondary">{t('course.editor.noBlocks')}</Typography> : null}
              {blocks.map((b, i) => (
                <Paper key={blockKeys.keys[i]} variant="outlined" sx={{ p: 2 }} data-testid={`block-${i}`}>
                  <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography variant="subtitle2" sx={{ flex: 1 }}>
                      {t(`course.blocks.${b.type}`)}
                    </Typography>
                    <IconButton aria-label={t('course.editor.removeBlock')} size="small" onClick={() => {
                        blockKeys.removed(i);
                        setBlocks(blocks.filter((_, j) => j !== i));
                      }}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                  {b.type === 'text' ? (
                    <TextField
                      multiline
                      minRows={4}
                      fullWidth
                      label={t('course.editor.text')}
                      {...register(`blocks.${i}.text` as 'title')}
                      error={Boolean(error(`blocks.${i}.text`))}
                      helperText={error(`blocks.${i}.text`)}
                      slotProps={{ htmlInput: { 'data-testid': `block-${i}-text` } }}
                    />
                  ) : b.type === 'video' || b.type === 'audio' ? (
                    <Stack spacing={2}>
                      <TextField
                        fullWidth
                        label={t('course.editor.mediaUrl')}
                        {...register(`blocks.${i}.url` as 'title')}
                        error={Boolean(error(`blocks.${i}.url`))}
                        helperText={error(`blocks.${i}.url`) ?? t('course.editor.mediaHelp')}
                        slotProps={{ htmlInput: { 'data-testid': `block-${i}-url`, inputMode: 'url' } }}
                      />
                      <TextField fullWidth label={t('course.editor.caption')} {...register(`blocks.${i}.title` as 'title')} />
                    </Stack>
                  ) : (
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                      <Button
                        variant="outlined"
                        startIcon={<UploadFileIcon />}
                        loading={uploading === i}
                        onClick={() => {
                          uploadFor.current = i;
                          fileInput.current?.click();
                        }}
                      >
                        {'fileId' in b && b.fileId ? t('course.editor.replaceFile') : t('course.editor.uploadFile')}
                      </Button>
                      <TextField fullWidth size="small" label={t('course.editor.caption')} {...register(`blocks.${i}.title` as 'title')} />
                      {error(`blocks.${i}.fileId`) ? (
                        <Typography color="error" variant="caption">
                          {t('course.editor.fileMissing')}
                        </Typography>
                      ) : null}
                    </Stack>
                  )}
                </Paper>
              ))}
              <input
                ref={fileInput}
                type="file"
                hidden
                data-testid="block-file"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f && uploadFor.current >= 0) void upload(uploadFor.current, f);
                  e.target.value = '';
                }}
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {BLOCK_TYPES.map((type) => (
                  <Button key={type} size="small" startIcon={<AddIcon />} onClick={() => {
                      blockKeys.added();
                      setBlocks([...blocks, emptyBlock(type)]);
                    }} data-testid={`add-block-${type}`}>
                    {t(`course.blocks.${type}`)}
                  </Button>
                ))}
              </Stack>

              <Divider textAlign="left">{t('course.editor.quiz')}</Divider>
              {questions.map((q, qi) => (
                <QuestionCard
                  key={questionKeys.keys[qi]}
                  index={qi}
                  question={q}
                  register={register}
                  error={error}
                  onChange={(changed) => setQuestions(questions.map((x, j) => (j === qi ? changed : x)))}
                  onRemove={() => {
                    questionKeys.removed(qi);
                    setQuestions(questions.filter((_, j) => j !== qi));
                  }}
                />
              ))}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Button startIcon={<AddIcon />} onClick={() => {
                    questionKeys.added();
                    setQuestions([...questions, emptyQuestion()]);
                  }} data-testid="add-question">
                  {t('course.editor.addQuestion')}
                </Button>
                {questions.length ? (
                  <TextField
                    type="number"
                    size="small"
                    sx={{ width: 200 }}
                    label={t('course.editor.passPercent')}
                    {...register('quiz.passPercent', { valueAsNumber: true })}
                    error={Boolean(error('quiz.passPercent'))}
                    helperText={error('quiz.passPercent')}
                    slotProps={{ htmlInput: { min: 1, max: 100 } }}
                  />
                ) : null}
              </Stack>

              <Divider textAlign="left">{t('course.editor.drip')}</Divider>
              <ToggleButtonGroup exclusive size="small" value={drip} onChange={(_, v: Drip | null) => v && setDrip(v)} aria-label={t('course.editor.drip')}>
                <ToggleButton value="now">{t('course.editor.dripNow')}</ToggleButton>
                <ToggleButton value="days" data-testid="drip-days">
                  {t('course.editor.dripDays')}
                </ToggleButton>
                <ToggleButton value="date">{t('course.editor.dripDate')}</ToggleButton>
              </ToggleButtonGroup>
              {drip === 'days' ? (
                <TextField
                  type="number"
                  label={t('course.editor.dripDaysLabel')}
                  sx={{ maxWidth: 280 }}
                  {...register('dripDays', { valueAsNumber: true })}
                  error={Boolean(error('dripDays'))}
                  helperText={error('dripDays')}
                  slotProps={{ htmlInput: { min: 1, max: 3650, 'data-testid': 'drip-days-input' } }}
                />
              ) : null}
              {drip === 'date' ? (
                <TextField type="date" label={t('course.editor.dripDateLabel')} sx={{ maxWidth: 280 }} {...register('dripDate')} slotProps={{ inputLabel: { shrink: true } }} />
              ) : null}
              <FormControlLabel control={<Switch checked={Boolean(watch('commentsEnabled'))} onChange={(e) => setValue('commentsEnabled', e.target.checked)} />} label={t('course.editor.comments')} />
            </>
          ) : null}
          <FormControlLabel
            control={<Switch checked={Boolean(watch('hidden'))} onChange={(e) => setValue('hidden', e.target.checked)} />}
            label={t('course.editor.hidden')}
          />
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" form="lesson-form" variant="contained" loading={formState.isSubmitting} data-testid="lesson-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One quiz question: its text, its answers (at least two, at most ten) and which of them are right. */
function QuestionCard({
  index: qi,
  question: q,
  register,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  question: Question;
  register: UseFormRegister<Values>;
  error: (path: string) => string | undefined;
  onChange: (q: Question) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const optionKeys = useRowKeys(q.options.length);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`question-${qi}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          label={t('course.editor.question', { n: qi + 1 })}
          {...register(`quiz.questions.${qi}.text`)}
          error={Boolean(error(`quiz.questions.${qi}.text`))}
          helperText={error(`quiz.questions.${qi}.text`)}
          slotProps={{ htmlInput: { 'data-testid': `question-${qi}-text` } }}
        />
        <IconButton aria-label={t('course.editor.removeQuestion')} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack spacing={1} sx={{ mt: 1, pl: { sm: 2 } }}>
        {q.options.map((_, oi) => (
          <Stack key={optionKeys.keys[oi]} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Checkbox
              checked={q.correct.includes(oi)}
              slotProps={{ input: { 'aria-label': t('course.editor.rightAnswer', { n: oi + 1 }), ...{ 'data-testid': `question-${qi}-correct-${oi}` } } }}
              onChange={(e) =>
                onChange({ ...q, correct: e.target.checked ? [...q.correct, oi].sort((a, b) => a - b) : q.correct.filter((c) => c !== oi) })
              }
            />
            <TextField
              size="small"
              fullWidth
              label={t('course.editor.option', { n: oi + 1 })}
              {...register(`quiz.questions.${qi}.options.${oi}`)}
              error={Boolean(error(`quiz.questions.${qi}.options.${oi}`))}
              helperText={error(`quiz.questions.${qi}.options.${oi}`)}
              slotProps={{ htmlInput: { 'data-testid': `question-${qi}-option-${oi}` } }}
            />
            <IconButton
              size="small"
              aria-label={t('course.editor.removeOption')}
              disabled={q.options.length <= 2}
              onClick={() => {
                optionKeys.removed(oi);
                onChange({
                  ...q,
                  options: q.options.filter((__, j) => j !== oi),
                  correct: q.correct.filter((c) => c !== oi).map((c) => (c > oi ? c - 1 : c)),
                });
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        {error(`quiz.questions.${qi}.correct`) ? (
          <Typography color="error" variant="caption">
            {t('course.editor.pickRight')}
          </Typography>
        ) : null}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={q.options.length >= 10}
            onClick={() => {
              optionKeys.added();
              onChange({ ...q, options: [...q.options, ''] });
            }}
            data-testid={`question-${qi}-add-option`}
          >
            {t('course.editor.addOption')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
