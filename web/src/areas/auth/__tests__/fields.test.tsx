// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../i18n';
import { validateUsername } from '../../../lib/validation';
import { useFields } from '../fields';

describe('useFields', () => {
  it('checks a live field while typing, others only after blur', () => {
    const { result } = renderHook(() =>
      useFields({ username: '', firstName: '' }, { username: validateUsername, firstName: validateUsername }, ['username']),
    );
    act(() => {
      result.current.field('username').onChange({ target: { value: 'Nora Shop!' } });
      result.current.field('firstName').onChange({ target: { value: 'Nora Shop!' } });
    });
    expect(result.current.error('username')).not.toBeNull();
    expect(result.current.error('firstName')).toBeNull();
    act(() => result.current.field('username').onChange({ target: { value: '' } }));
    expect(result.current.error('username')).toBeNull(); // an empty field is not scolded before submit
  });
});
