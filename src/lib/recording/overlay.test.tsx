import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import ptBR from '../../i18n/pt-BR.json';
import en from '../../i18n/en.json';
import { RecorderOverlay } from './overlay';
import { isRecorderShortcut } from './qa-recorder';
import { createRecorder } from './recorder';

const toggle = setup({ types: { events: {} as { type: 'toggle' } } }).createMachine({
  initial: 'off',
  states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } },
});

describe('the recorder overlay', () => {
  it('shows the live count (and the dropped), downloads under the name typed, closes on Escape', async () => {
    const recorder = createRecorder({ maxEvents: 4 });
    const onDownload = vi.fn((name: string) => `${name}.json`);
    const onClose = vi.fn();
    render(
      <IntlProvider locale="pt-BR" messages={ptBR}>
        <RecorderOverlay recorder={recorder} onDownload={onDownload} onClose={onClose} />
      </IntlProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Gravação de QA' })).toBeTruthy();
    expect(screen.getByTestId('qa-recorder-count').textContent).toBe('nenhum evento gravado');
    const actor = createActor(toggle, { inspect: (e) => recorder.record(e) });
    act(() => {
      actor.start();
      actor.send({ type: 'toggle' });
    });
    expect(screen.getByTestId('qa-recorder-count').textContent).toBe('4 eventos gravados (1 mais antigo descartado)');
    const name = screen.getByLabelText('Nome da gravação');
    expect(document.activeElement).toBe(name);
    await userEvent.type(name, 'saque');
    await userEvent.click(screen.getByRole('button', { name: 'Baixar gravação' }));
    expect(onDownload).toHaveBeenCalledWith('saque');
    expect(screen.getByRole('status').textContent).toBe('Salva como saque.json');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks English too', () => {
    render(
      <IntlProvider locale="en" messages={en}>
        <RecorderOverlay recorder={createRecorder()} onDownload={() => 'x.json'} onClose={() => undefined} />
      </IntlProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'QA recording' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download recording' })).toBeTruthy();
  });
});

describe('the shortcut', () => {
  it('is Alt+Shift+R by key position, without Ctrl or Meta', () => {
    const key = { code: 'KeyR', altKey: true, shiftKey: true, ctrlKey: false, metaKey: false };
    expect(isRecorderShortcut(key)).toBe(true);
    expect(isRecorderShortcut({ ...key, ctrlKey: true })).toBe(false); // Ctrl+Shift+R: the browser's hard reload
    expect(isRecorderShortcut({ ...key, metaKey: true })).toBe(false);
    expect(isRecorderShortcut({ ...key, altKey: false })).toBe(false);
    expect(isRecorderShortcut({ ...key, code: 'KeyT' })).toBe(false);
  });
});
