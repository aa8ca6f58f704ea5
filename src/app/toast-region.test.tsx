import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toastQueueMachine } from '../../machines/toast/toast-queue.machine';
import ptBR from '../i18n/pt-BR.json';
import { ToastProvider, ToastRegion, useToasts } from './toast-region';

const messages = { ...ptBR, 'test.hello': 'Olá, {name}!' } as Record<string, string>;

function ShowButton() {
  const toasts = useToasts();
  return (
    <button
      type="button"
      onClick={() => toasts.show({ id: 'hello', kind: 'info', messageId: 'test.hello', values: { name: 'Ana' } })}
    >
      show
    </button>
  );
}

function renderRegion() {
  const queue = createActor(toastQueueMachine, { input: {} }).start();
  return render(
    <IntlProvider locale="pt-BR" messages={messages}>
      <ToastProvider queue={queue} show={(toast, at) => queue.send({ type: 'toast.show', toast, at })}>
        <ShowButton />
        <ToastRegion />
      </ToastProvider>
    </IntlProvider>,
  );
}

describe('<ToastRegion>', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the message from the catalog and hides it after 5 s', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegion();
    await user.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('status')).toHaveTextContent('Olá, Ana!');
    act(() => vi.advanceTimersByTime(5100));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays while hovered, and is dismissed with the keyboard', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegion();
    await user.click(screen.getByRole('button', { name: 'show' }));
    const toast = screen.getByTestId('toast');
    await user.hover(toast);
    act(() => vi.advanceTimersByTime(8000));
    expect(toast).toHaveAttribute('data-state', 'paused');
    toast.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('is dismissed by a click', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegion();
    await user.click(screen.getByRole('button', { name: 'show' }));
    await user.click(screen.getByTestId('toast'));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
