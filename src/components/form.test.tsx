import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { renderWithProviders } from '../testing/render';
import { Form, SubmitButton, TextField } from './form';

const schema = z.object({ area: z.string().min(3, 'Area must be at least 3 characters') });
type Values = z.infer<typeof schema>;

function AreaForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  return (
    <Form<Values> schema={schema} defaultValues={{ area: '' }} onSubmit={onSubmit}>
      {() => (
        <>
          <TextField<Values> name="area" label="Area" />
          <SubmitButton pending={false} idleText="Save" pendingText="Saving…" />
        </>
      )}
    </Form>
  );
}

describe('SubmitButton', () => {
  it('keeps the focus in the field being edited when pressed, so its error does not move the button first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<AreaForm onSubmit={onSubmit} />);
    const area = screen.getByLabelText('Area');

    await user.type(area, 'ab');
    await user.tab();
    expect(await screen.findByText('Area must be at least 3 characters')).toBeInTheDocument();

    // The member fixes the field and presses Save while still in it: the press does not blur it
    // (the blur would check the field and take the error away from under the finger).
    await user.type(area, 'c');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(fireEvent.mouseDown(save)).toBe(false);
    expect(area).toHaveFocus();

    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ area: 'abc' });
  });

  it('still checks every field when pressed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<AreaForm onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Area'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Area must be at least 3 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
