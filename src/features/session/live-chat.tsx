import { useEffect } from 'react';
import type { ChatContact } from '../../../machines/session/session.connect';
import { loadScript } from './third-party';

interface JivoApi {
  setContactInfo(info: { name?: string; email?: string; phone?: string }): void;
}

/**
 * The third-party live-chat widget (§2.3): loaded only for brands with a chat id, after the session check; it
 * then receives the player's contact details (name, e-mail, phone from username). Offline, the script simply
 * fails to load. The session token is never handed to the widget.
 */
export function LiveChat({
  chatId,
  checkDone,
  contact,
}: {
  chatId: string | null;
  checkDone: boolean;
  contact: ChatContact | null;
}) {
  useEffect(() => {
    if (!chatId || !checkDone) return;
    loadScript(`https://code.jivosite.com/widget/${encodeURIComponent(chatId)}`).catch(() => {});
  }, [chatId, checkDone]);
  useEffect(() => {
    if (!chatId || !checkDone || !contact) return;
    const send = () => (window as unknown as { jivo_api?: JivoApi }).jivo_api?.setContactInfo(contact);
    send();
    // The widget calls this global once it is ready.
    const w = window as unknown as { jivo_onLoadCallback?: () => void };
    w.jivo_onLoadCallback = send;
  }, [chatId, checkDone, contact]);
  return null;
}
