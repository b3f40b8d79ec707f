import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DragIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/EditOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LessonIcon from '@mui/icons-material/ArticleOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../../api/errors';
import * as sdk from '../../../../../api/sdk.gen';
import type { Product } from '../../../../../api/types';
import { ItemInSchema } from '../../../../../api/zod.gen';
import { toast } from '../../../../../app/notify';
import { EmptyState } from '../../../../../components/EmptyState';
import { ErrorState } from '../../../../../components/ErrorState';
import { useSchemaForm } from '../../../../../lib/zodForm';
import { productKeys } from '../../queries';
import { type TreeOrder, displayed, dropped, moved } from './courseTree';
import { LessonDialog } from './LessonDialog';

export type CourseItem = Awaited<ReturnType<typeof sdk.getCourse>>['items'][number];

export const courseKey = (id: number | string) => [...productKeys.detail(id), 'course'] as const;

/** A course's content (editor §2 content step): chapters and lessons as a tree, reordered by drag and drop or by
 * the arrows, each lesson with its blocks, quiz and drip in a dialog. */
export function ContentStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const course = useQuery({
    queryKey: courseKey(product.id),
    queryFn: ({ signal }) => sdk.getCourse(product.id, { signal }),
  });
  const [editing, setEditing] = useState<CourseItem | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: courseKey(product.id) });
    void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
    void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  };

  const addForm = useSchemaForm(ItemInSchema, { kind: 'lesson', title: '' });
  const add = (kind: 'lesson' | 'chapter', parentId?: number) =>
    addForm.handleSubmit(async ({ title }) => {
      try {
        await sdk.addItem(product.id, { kind, title: title.trim(), parentId: parentId ?? null }, { suppressErrors: true });
        addForm.reset({ kind: 'lesson', title: '' });
        await refresh();
      } catch (e) {
        addForm.setError('title', { message: e instanceof ApiError ? e.message : t('toast.error') });
      }
    })();

  const reorder = async (order: TreeOrder | null) => {
    if (!order) return;
    setSaving(true);
    try {
      // the new order shows at once; the answer confirms it
      queryClient.setQueryData(courseKey(product.id), (old: typeof course.data) =>
        old
          ? {
              ...old,
              items: order.map((o, i) => ({ ...old.items.find((x) => x.id === o.id)!, parentId: o.parentId, position: i })),
            }
          : old,
      );
      await sdk.reorderCourse(product.id, { items: order });
    } finally {
      setSaving(false);
      await refresh();
    }
  };

  const remove = async (item: CourseItem) => {
    if (!window.confirm(t(item.kind === 'chapter' ? 'course.editor.removeChapterConfirm' : 'course.editor.removeLessonConfirm', { title: item.title }))) return;
    await sdk.removeItem(product.id, item.id);
    toast(t('course.editor.removed'), 'success');
    await refresh();
  };

  if (course.isError) return <ErrorState error={course.error} onRetry={() => void course.refetch()} />;
  if (course.isPending) return <Skeleton variant="rounded" height={240} />;

  const items = displayed(course.data.items);
  const chapters = items.filter((x) => x.kind === 'chapter');

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" sx={{ mr: 1 }}>
          {t('course.editor.title')}
        </Typography>
        <Chip label={t('course.editor.lessonsCount', { count: course.data.lessonsCount })} data-testid="lessons-count" />
        <Chip variant="outlined" label={t('course.editor.itemsLimit', { count: items.length, max: course.data.itemsMax })} />
      </Stack>
      {course.data.lessonsCount === 0 ? <Alert severity="info">{t('course.editor.needsLesson')}</Alert> : null}

      <Paper variant="outlined">
        {items.length === 0 ? (
          <EmptyState title={t('course.editor.empty')} icon={<LessonIcon />} />
        ) : (
          <List dense disablePadding data-testid="course-tree" aria-busy={saving}>
            {items.map((item) => {
              const siblings = items.filter((x) => (x.parentId ?? null) === (item.parentId ?? null));
              const at = siblings.findIndex((x) => x.id === item.id);
              return (
                <ListItem
                  key={item.id}
                  divider
                  draggable
                  data-testid={`course-item-${item.title}`}
                  onDragStart={(e) => {
                    setDragId(item.id);
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(item.id));
                  }}
                  onDragOver={(e) => {
                    e.preventDefault();
                    setOverId(item.id);
                  }}
                  onDragLeave={() => setOverId((o) => (o === item.id ? null : o))}
                  onDrop={(e) => {
                    e.preventDefault();
                    const from = dragId ?? Number(e.dataTransfer.getData('text/plain'));
                    setDragId(null);
                    setOverId(null);
                    void reorder(dropped(items, from, item.id));
                  }}
                  onDragEnd={() => {
                    setDragId(null);
                    setOverId(null);
                  }}
                  sx={{
                    pl: item.parentId ? { xs: 4, sm: 6 } : 1,
                    bgcolor: item.kind === 'chapter' ? 'action.hover' : undefined,
                    borderTop: overId === item.id && dragId !== item.id ? 2 : undefined,
                    borderTopColor: 'primary.main',
                    opacity: dragId === item.id ? 0.5 : 1,
                    flexWrap: { xs: 'wrap', sm: 'nowrap' },
                  }}
                  secondaryAction={null}
                >
                  <DragIcon fontSize="small" sx={{ color: 'text.disabled', mr: 1, cursor: 'grab' }} />
                  {item.kind === 'chapter' ? (
                    <FolderIcon fontSize="small" sx={{ mr: 1, color: 'primary.main' }} />
                  ) : (
                    <LessonIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
                  )}
                  <ListItemText
                    primary={item.title}
                    slotProps={{ primary: { sx: { fontWeight: item.kind === 'chapter' ? 600 : 400 } } }}
                    secondary={
                      <Stack component="span" direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                        {item.kind === 'lesson' ? (
                          <Chip component="span" size="small" variant="outlined" label={t('course.editor.blocksCount', { count: item.blocks.length })} />
                        ) : null}
                        {item.quiz ? <Chip component="span" size="small" color="secondary" label={t('course.editor.quizChip', { count: item.quiz.questions.length })} /> : null}
                        {item.dripDays ? <Chip component="span" size="small" label={t('course.editor.dripDaysChip', { count: item.dripDays })} /> : null}
                        {item.dripDate ? <Chip component="span" size="small" label={t('course.editor.dripDateChip', { date: item.dripDate })} /> : null}
                        {item.hidden ? <Chip component="span" size="small" color="warning" label={t('course.editor.hiddenChip')} /> : null}
                      </Stack>
                    }
                  />
                  <Stack direction="row" sx={{ ml: 'auto', flexShrink: 0 }}>
                    {item.kind === 'chapter' ? (
                      <Tooltip disableInteractive title={t('course.editor.addLessonTo', { title: item.title })}>
                        <IconButton
                          size="small"
                          aria-label={t('course.editor.addLessonTo', { title: item.title })}
                          onClick={() => void add('lesson', item.id)}
                        >
                          <AddIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    <IconButton size="small" aria-label={t('course.editor.moveUp', { title: item.title })} disabled={at <= 0 || saving} onClick={() => void reorder(moved(items, item.id, -1))}>
                      <ArrowUpIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('course.editor.moveDown', { title: item.title })}
                      disabled={at >= siblings.length - 1 || saving}
                      onClick={() => void reorder(moved(items, item.id, 1))}
                    >
                      <ArrowDownIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t('course.editor.edit', { title: item.title })} onClick={() => setEditing(item)} data-testid={`edit-${item.title}`}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t('course.editor.remove', { title: item.title })} onClick={() => void remove(item)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </Paper>
      <Typography variant="caption" color="text.secondary">
        {t('course.editor.dragHelp')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add('lesson');
          }}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label={t('course.editor.newTitle')}
            fullWidth
            {...addForm.register('title')}
            error={Boolean(addForm.formState.errors.title)}
            helperText={addForm.formState.errors.title?.message ?? t('course.editor.newHelp', { chapters: chapters.length })}
            slotProps={{ htmlInput: { 'data-testid': 'course-new-title' } }}
          />
          <Button type="submit" variant="contained" startIcon={<LessonIcon />} sx={{ flexShrink: 0, mt: { sm: 1 } }} data-testid="course-add-lesson">
            {t('course.editor.addLesson')}
          </Button>
          <Button variant="outlined" startIcon={<FolderIcon />} sx={{ flexShrink: 0, mt: { sm: 1 } }} onClick={() => void add('chapter')} data-testid="course-add-chapter">
            {t('course.editor.addChapter')}
          </Button>
        </Stack>
      </Paper>
      {editing ? (
        <LessonDialog
          key={editing.id}
          productId={product.id}
          item={editing}
          chapters={chapters}
          items={items}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      ) : (
        <Box />
      )}
    </Stack>
  );
}
