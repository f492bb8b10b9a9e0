import { CATALOGUE_MSG } from '@scentry/shared-schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../ui/toast', () => ({ useToast: () => vi.fn() }));

const { OptionModal } = await import('./option-modal');

const CHOICES = [
  { id: 1, title: 'Lemon', storedPath: '/uploads/a.png' },
  { id: 2, title: 'Pine', storedPath: '/uploads/b.png' },
];

afterEach(cleanup);

const messages = () => Array.from(document.querySelectorAll('.field-error'), (e) => e.textContent);

describe('Add Option modal: messages clear as soon as the field is fixed', () => {
  it('shows none before Submit; after an empty Submit each goes once its field is chosen', () => {
    const onSubmit = vi.fn();
    render(<OptionModal choices={CHOICES} options={[]} editing={null} onClose={() => {}} onSubmit={onSubmit} />);
    expect(messages()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit', hidden: true }));
    expect(messages()).toEqual([CATALOGUE_MSG.optionRequired, CATALOGUE_MSG.cardSortOrder]);
    fireEvent.change(screen.getByLabelText('Option Name'), { target: { value: '2' } });
    expect(messages()).toEqual([CATALOGUE_MSG.cardSortOrder]);
    fireEvent.change(screen.getByLabelText('Sort Order'), { target: { value: '1' } });
    expect(messages()).toEqual([]);
    // Unchosen again: said again.
    fireEvent.change(screen.getByLabelText('Option Name'), { target: { value: '' } });
    expect(messages()).toEqual([CATALOGUE_MSG.optionRequired]);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Option Name'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit', hidden: true }));
    expect(onSubmit).toHaveBeenCalledWith([expect.objectContaining({ scentCardOptionDetailId: 1, sortOrder: 1 })]);
  });
});
