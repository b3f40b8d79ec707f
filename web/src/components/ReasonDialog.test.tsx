// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import i18n from '../i18n';
import { ReviewInSchema } from '../api/zod.gen';
import { renderRoutes } from '../test/render';
import { ReasonDialog } from './ReasonDialog';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.restoreAllMocks());

describe('a reason asked before a refusal', () => {
  it('is required, bounded by the contract, and given trimmed', async () => {
    const confirmed = vi.fn();
    renderRoutes('/r', [
      {
        path: '/r',
        element: (
          <ReasonDialog
            title="Reject"
            label="Note"
            field={ReviewInSchema.shape.note.unwrap().unwrap()}
            confirm="Reject"
            busy={false}
            onConfirm={confirmed}
            onClose={() => undefined}
            testIds={{ text: 'reason', confirm: 'confirm' }}
          />
        ),
      },
    ]);
    fireEvent.change(await screen.findByTestId('reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('confirm'));
    expect(await screen.findByText(i18n.t('validation.required'))).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('reason'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(screen.getByTestId('confirm'));
    expect(await screen.findByText(i18n.t('validation.tooLong', { max: 1000 }))).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('reason'), { target: { value: ' The cover shows another brand. ' } });
    fireEvent.click(screen.getByTestId('confirm'));
    await waitFor(() => expect(confirmed).toHaveBeenCalledWith('The cover shows another brand.'));
    expect(confirmed).toHaveBeenCalledTimes(1);
  });
});
