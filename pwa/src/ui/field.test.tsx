import { SCENT_OPTION_NAME_MAX, scentOptionModel } from '@scentry/shared-schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';

afterEach(cleanup);

function Controlled({ max }: { max: number }) {
  const [value, setValue] = useState('');
  return <Field label="Name" value={value} maxLength={max} onChange={(e) => setValue(e.target.value)} />;
}

describe('Field maxLength counts characters as the server does', () => {
  it('takes as many 🍋 as the schema accepts, and no more', () => {
    render(<Controlled max={SCENT_OPTION_NAME_MAX} />);
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    const most = '🍋'.repeat(SCENT_OPTION_NAME_MAX);
    // The server's rule (shared schema) takes this many.
    expect(scentOptionModel.safeParse({ id: 0, title: most }).success).toBe(true);
    expect(scentOptionModel.safeParse({ id: 0, title: `${most}🍋` }).success).toBe(false);
    fireEvent.change(input, { target: { value: most } });
    expect(input.value).toBe(most);
    fireEvent.change(input, { target: { value: `${most}🍋x` } });
    expect(input.value).toBe(most);
    // No attribute that would count UTF-16 units.
    expect(input.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(input, { target: { value: 'a'.repeat(SCENT_OPTION_NAME_MAX + 3) } });
    expect(input.value).toBe('a'.repeat(SCENT_OPTION_NAME_MAX));
  });
});
