/**
 * Where the global chat panel renders: once the root has started the chat flow (systemId `chat`,
 * on the first `chat.open`), its panel, fetched with its texts as a chunk of its own (not in the first load).
 */
import { lazy, Suspense } from 'react';
import { withMessages } from '../i18n/i18n-provider';
import { useApp, useAppChild } from './app-context';

const chatPanel = withMessages('chat', () => import('../features/chat/chat-panel'));
const ChatPanel = lazy(() => chatPanel().then((m) => ({ default: m.ChatPanel })));

export function ChatRegion() {
  const chat = useAppChild('chat');
  if (!chat) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel actorRef={chat} />
    </Suspense>
  );
}

/** The header's chat button: the root opens the chat (fetching its flow the first time); the panel's chunk is fetched alongside. */
export function useOpenChat(): () => void {
  const { app } = useApp();
  return () => {
    void chatPanel();
    app.send({ type: 'chat.open' });
  };
}
