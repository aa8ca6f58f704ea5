import type { AnyStateMachine } from 'xstate';
import { transactionsMachine } from './transactions/transactions.machine';
import { betsFeedMachine } from './bets-feed/bets-feed.machine';
import { loadingBarMachine } from './loading-bar/loading-bar.machine';
import { loginModalMachine } from './login-modal/login-modal.machine';
import { channelMachine } from './realtime/channel.machine';
import { connectionMachine } from './realtime/connection.machine';
import { sessionMachine } from './session/session.machine';
import { contentPageMachine } from './site/content-page.machine';
import { shellUiMachine } from './site/shell-ui.machine';
import { siteMachine } from './site/site.machine';
import { toastQueueMachine } from './toast/toast-queue.machine';
import { toastMachine } from './toast/toast.machine';
import { pixMachine } from './pix/pix.machine';
import { withdrawalMachine } from './withdrawal/withdrawal.machine';

/**
 * Every machine of the app, by the name of its file (`<name>.machine.ts`).
 * The coverage check and the chart generator read this list; a test fails when a
 * `*.machine.ts` file is missing from it.
 */
export const machineRegistry: ReadonlyArray<{ name: string; file: string; machine: AnyStateMachine }> = [
  { name: 'toast', file: 'machines/toast/toast.machine.ts', machine: toastMachine },
  { name: 'toast-queue', file: 'machines/toast/toast-queue.machine.ts', machine: toastQueueMachine },
  { name: 'site', file: 'machines/site/site.machine.ts', machine: siteMachine },
  { name: 'shell-ui', file: 'machines/site/shell-ui.machine.ts', machine: shellUiMachine },
  { name: 'content-page', file: 'machines/site/content-page.machine.ts', machine: contentPageMachine },
  { name: 'loading-bar', file: 'machines/loading-bar/loading-bar.machine.ts', machine: loadingBarMachine },
  { name: 'connection', file: 'machines/realtime/connection.machine.ts', machine: connectionMachine },
  { name: 'channel', file: 'machines/realtime/channel.machine.ts', machine: channelMachine },
  { name: 'bets-feed', file: 'machines/bets-feed/bets-feed.machine.ts', machine: betsFeedMachine },
  { name: 'session', file: 'machines/session/session.machine.ts', machine: sessionMachine },
  { name: 'login-modal', file: 'machines/login-modal/login-modal.machine.ts', machine: loginModalMachine },
  { name: 'pix', file: 'machines/pix/pix.machine.ts', machine: pixMachine },
  { name: 'withdrawal', file: 'machines/withdrawal/withdrawal.machine.ts', machine: withdrawalMachine },
  { name: 'transactions', file: 'machines/transactions/transactions.machine.ts', machine: transactionsMachine },
];
