import { describe, expect, it } from 'vitest';
import { missingOptIns, type OptIn } from './OptInFields';

const q = (id: string, type: OptIn['type'], required: boolean): OptIn => ({ id, type, label: id, required, options: type === 'select_box' ? ['S', 'M'] : [] });

describe('opt-in questions at checkout', () => {
  it('says which required answers are missing before paying', () => {
    const questions = [q('rules', 'checkbox', true), q('diet', 'open_question', false), q('size', 'select_box', true)];
    expect(missingOptIns(questions, {})).toEqual(['rules', 'size']);
    expect(missingOptIns(questions, { rules: false, size: '' })).toEqual(['rules', 'size']);
    expect(missingOptIns(questions, { rules: true, size: 'M' })).toEqual([]);
  });
});
