import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { connectionMachine } from '../../../machines/realtime/connection.machine';
import type { PusherReport } from '../../../machines/realtime/connection.types';
import { createTestActor } from '../../../tests/toolkit/test-actor';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { ConnectionIndicator } from './connection-indicator';

type Locale = 'pt-BR' | 'en';
const messages: Record<Locale, Record<string, string>> = { 'pt-BR': ptBR, en };
const realtimeKeys = (locale: Locale) =>
  Object.keys(messages[locale])
    .filter((k) => k.startsWith('realtime.'))
    .sort();

function setup(locale: Locale = 'pt-BR') {
  let report: ((e: PusherReport) => void) | undefined;
  const machine = connectionMachine.provide({
    actors: {
      pusherConnection: fromCallback(({ sendBack }) => {
        report = sendBack;
      }),
    },
  });
  const { actor } = createTestActor(machine, {
    input: { key: 'k', host: { pageHostname: 'localhost', pageProtocol: 'http:', apiBaseUrl: '/api' } },
  });
  render(
    <IntlProvider locale={locale} messages={messages[locale]}>
      <ConnectionIndicator actorRef={actor} />
    </IntlProvider>,
  );
  return {
    actor,
    region: () => screen.getByRole('status'),
    report: (e: PusherReport) => act(() => report?.(e)),
  };
}

describe('ConnectionIndicator', () => {
  it('is a polite status region, empty while the first connection is made and while connected', () => {
    const { region, report } = setup();
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();
    report({ type: 'pusher.connecting' });
    expect(region()).toBeEmptyDOMElement();
    report({ type: 'pusher.connected', socketId: '1.1' });
    expect(region()).toBeEmptyDOMElement();
    expect(region()).toHaveAttribute('data-state', 'connected');
    expect(region()).toHaveAttribute('data-visible', 'false');
  });

  it('says so in Portuguese when live updates stop, and clears once they are back', () => {
    const { region, report } = setup('pt-BR');
    report({ type: 'pusher.connected', socketId: '1.1' });
    report({ type: 'pusher.connecting' });
    expect(region()).toHaveTextContent('Reconectando às atualizações ao vivo…');
    report({ type: 'pusher.unavailable' });
    expect(region()).toHaveTextContent(messages['pt-BR']['realtime.unavailable']!);
    expect(region()).toHaveAttribute('data-state', 'unavailable');
    report({ type: 'pusher.disconnected' });
    expect(region()).toHaveTextContent(messages['pt-BR']['realtime.disconnected']!);
    report({ type: 'pusher.connected', socketId: '1.2' });
    expect(region()).toBeEmptyDOMElement();
  });

  it('speaks English too, including failed', () => {
    const { region, report } = setup('en');
    report({ type: 'pusher.failed' });
    expect(region()).toHaveTextContent("Live updates couldn't be started in this browser.");
    expect(region()).toHaveAttribute('data-state', 'failed');
  });

  it('goes quiet when the connection is stopped', () => {
    const { actor, region, report } = setup();
    report({ type: 'pusher.disconnected' });
    expect(region()).not.toBeEmptyDOMElement();
    act(() => actor.send({ type: 'connection.stop' }));
    expect(region()).toBeEmptyDOMElement();
  });
});

describe('realtime messages', () => {
  it('has the same non-empty keys in pt-BR and en, covering every indicator message', () => {
    const pt = realtimeKeys('pt-BR');
    expect(realtimeKeys('en')).toEqual(pt);
    expect(pt).toEqual(['realtime.disconnected', 'realtime.failed', 'realtime.reconnecting', 'realtime.unavailable']);
    for (const key of pt) {
      expect(messages['pt-BR'][key]?.trim()).toBeTruthy();
      expect(messages.en[key]?.trim()).toBeTruthy();
    }
  });
});
