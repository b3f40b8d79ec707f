import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import type { WorkflowInfo } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { StatusChip } from '../../../components/StatusChip';
import { activeStepIndex, isWorkflowFinished } from './workflow';

/** The checkout workflow's progress as a Stepper, with a link into the Temporal UI. */
export function WorkflowProgress({ workflow }: { workflow: WorkflowInfo | null }) {
  const { t } = useTranslation();
  if (!workflow) return <Alert severity="info">{t('orders.workflowNone')}</Alert>;
  const steps = workflow.progress?.steps ?? [];
  const finished = isWorkflowFinished(workflow);
  return (
    <Stack spacing={2} data-testid="workflow-progress">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {workflow.workflowId}
        </Typography>
        <StatusChip state={workflow.status?.toLowerCase() === 'running' ? 'running' : workflow.status?.toLowerCase()} />
        {!finished ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={14} />
            <Typography variant="caption">{t('orders.polling')}</Typography>
          </Stack>
        ) : null}
        <span style={{ flex: 1 }} />
        {workflow.temporalUiUrl ? (
          <Button href={workflow.temporalUiUrl} target="_blank" rel="noopener" size="small" endIcon={<OpenInNewIcon />} data-testid="temporal-link">
            {t('orders.openTemporal')}
          </Button>
        ) : null}
      </Stack>
      {steps.length ? (
        <Stepper activeStep={activeStepIndex(steps)} alternativeLabel sx={{ overflowX: 'auto', py: 1 }}>
          {steps.map((step) => (
            <Step key={step.key} completed={step.state === 'done'}>
              <StepLabel
                error={step.state === 'failed'}
                optional={
                  step.state === 'skipped' ? (
                    <Typography variant="caption">{t('status.skipped')}</Typography>
                  ) : step.at ? (
                    <Typography variant="caption">{formatDateTime(step.at)}</Typography>
                  ) : undefined
                }
              >
                {t(`orders.steps.${step.key}`, { defaultValue: step.key.replace(/_/g, ' ') })}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
      ) : null}
    </Stack>
  );
}
