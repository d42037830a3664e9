import '../testing/dialog-polyfill';

import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '../lib/i18n/i18n';
import { ConfirmDialog } from './confirm-dialog';

// A button that asks, as the screens use the dialog: open on tap, closed by either answer.
function Asking({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Throw it away
      </button>
      <ConfirmDialog
        open={open}
        title="Throw the draft away?"
        confirmLabel="Throw away"
        destructive
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        onCancel={() => setOpen(false)}
      >
        <p>The draft cannot be brought back.</p>
      </ConfirmDialog>
    </>
  );
}

async function opened() {
  const onConfirm = vi.fn();
  const user = userEvent.setup();
  render(
    <I18nProvider i18n={i18n}>
      <Asking onConfirm={onConfirm} />
    </I18nProvider>,
  );
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Throw it away' }));
  return { user, onConfirm, dialog: screen.getByRole('dialog', { name: 'Throw the draft away?' }) };
}

describe('ConfirmDialog', () => {
  it('opens as a modal named by its question, described by the consequence, with focus on the safe choice', async () => {
    const { dialog } = await opened();
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('The draft cannot be brought back.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Both answers are at least 44 px tall and wide (Tailwind's min-h-11 / min-w-11).
    for (const name of ['Cancel', 'Throw away']) {
      expect(screen.getByRole('button', { name })).toHaveClass('min-h-11', 'min-w-11');
    }
    expect(screen.getByRole('button', { name: 'Throw away' })).toHaveClass('btn-error');
  });

  it('Cancel closes it and does nothing else', async () => {
    const { user, onConfirm } = await opened();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Esc cancels', async () => {
    const { user, onConfirm } = await opened();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    // And it opens again the next time.
    await user.click(screen.getByRole('button', { name: 'Throw it away' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a tap on the dimmed area outside the box cancels; a tap inside the box does not', async () => {
    const { user, onConfirm, dialog } = await opened();
    await user.click(screen.getByText('The draft cannot be brought back.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('the confirm button answers yes once and closes', async () => {
    const { user, onConfirm } = await opened();
    await user.click(screen.getByRole('button', { name: 'Throw away' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
