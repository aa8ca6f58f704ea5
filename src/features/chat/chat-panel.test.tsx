import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { chatMachine } from '../../../machines/chat/chat.machine';
import type {
  ChatAttachment,
  ChatMessage,
  ChatPage,
  PostMessageInput,
  UploadAttachmentInput,
} from '../../../machines/chat/chat.types';
import { XSS_PAYLOADS } from '../../../tests/xss-payloads';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { ChatPanel } from './chat-panel';

const DAY = 86_400_000;
let nextId = 1;
function message(extra: Partial<ChatMessage> & { userId?: number | null; name?: string; at?: number } = {}) {
  const { userId = 2, name = 'Bruno', at = Date.now() - 60_000, ...rest } = extra;
  return {
    id: nextId++,
    time: new Date(at).toISOString(),
    type: 'global',
    user: { id: userId, name, avatar: null, level: 3, amount_bet: 250_000, house: userId === null },
    text: 'Boa sorte!',
    mission: null,
    colorClass: 'chat-color-2',
    emoji: null,
    pinned_until: null,
    attachments: [],
    ...rest,
  } satisfies ChatMessage;
}

function setup(options: {
  page: ChatPage;
  playerId?: number | null;
  locale?: 'pt-BR' | 'en';
  post?: () => Promise<ChatMessage>;
  upload?: (input: UploadAttachmentInput) => Promise<ChatAttachment>;
}) {
  const posted: PostMessageInput[] = [];
  const uploaded: UploadAttachmentInput[] = [];
  const actor = createActor(
    chatMachine.provide({
      actors: {
        fetchMessages: fromPromise<ChatPage, { limit: number }>(async () => options.page),
        postMessage: fromPromise<ChatMessage, PostMessageInput>(async ({ input }) => {
          posted.push(input);
          return options.post ? options.post() : message({ userId: 1, name: 'Ana', text: input.text });
        }),
        uploadAttachment: fromPromise<ChatAttachment, UploadAttachmentInput>(async ({ input }) => {
          uploaded.push(input);
          return options.upload
            ? options.upload(input)
            : { attachment_type: input.file.type, attachment_url: `/api/uploads/chat/${uploaded.length}.png` };
        }),
        publicChannel: fromCallback(() => () => undefined) as never,
      },
    }),
    { input: { casinoId: 1, playerId: options.playerId === undefined ? 1 : options.playerId } },
  ).start();
  const locale = options.locale ?? 'pt-BR';
  render(
    <IntlProvider locale={locale} messages={locale === 'en' ? en : ptBR}>
      <ChatPanel actorRef={actor} />
    </IntlProvider>,
  );
  return { actor, posted, uploaded };
}

const open = async (actor: { send(e: { type: 'chat.open' }): void }) => {
  await act(async () => {
    actor.send({ type: 'chat.open' });
    await new Promise((r) => setTimeout(r, 0));
  });
};

afterEach(() => vi.restoreAllMocks());

describe('ChatPanel', () => {
  it('renders nothing while closed', () => {
    setup({ page: { messages: [], amountBet: null } });
    expect(screen.queryByTestId('chat-panel')).toBeNull();
  });

  it('shows day separators Hoje, Ontem, DD/MM/YYYY, names, the wagered badge and the pinned message on top', async () => {
    const older = Date.now() - 3 * DAY;
    const page = {
      messages: [
        message({ at: older, text: 'antiga' }),
        message({ at: Date.now() - DAY, text: 'de ontem' }),
        message({ text: 'de hoje' }),
        message({
          userId: null,
          name: 'Sorte Verde',
          text: 'Regras: respeito sempre',
          pinned_until: new Date(Date.now() + DAY).toISOString(),
          colorClass: 'chat-color-house',
        }),
      ],
      amountBet: 12_345,
    };
    const { actor } = setup({ page });
    await open(actor);
    const days = screen.getAllByTestId('chat-day').map((d) => d.textContent);
    const d = new Date(older);
    const date = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    expect(days).toEqual([date, 'Ontem', 'Hoje']);
    expect(within(screen.getByTestId('chat-pinned')).getByText('Regras: respeito sempre')).toBeTruthy();
    expect(screen.getAllByTestId('chat-wagered')[0]?.textContent).toMatch(/Apostou R\$\s?2,5\s?mil/);
    expect(screen.getByTestId('chat-your-wagered').textContent).toMatch(/123,45/);
  });

  it('labels days Today and Yesterday in English', async () => {
    const { actor } = setup({
      page: { messages: [message({ at: Date.now() - DAY }), message()], amountBet: null },
      locale: 'en',
    });
    await open(actor);
    expect(screen.getAllByTestId('chat-day').map((d) => d.textContent)).toEqual(['Yesterday', 'Today']);
  });

  it('renders every XSS payload of the corpus as text: no element, no handler runs', async () => {
    const ran = vi.fn();
    (window as unknown as { __xss: unknown }).__xss = ran;
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const page = {
      messages: XSS_PAYLOADS.map((text, i) => message({ text, name: XSS_PAYLOADS[(i + 1) % XSS_PAYLOADS.length] })),
      amountBet: null,
    };
    const { actor } = setup({ page });
    await open(actor);
    const texts = screen.getAllByTestId('chat-text').map((p) => p.textContent);
    expect(texts).toEqual([...XSS_PAYLOADS]);
    const panel = screen.getByTestId('chat-messages');
    expect(
      panel.querySelectorAll('script, iframe, object, embed, svg, img, video, audio, form, a, style, details, input'),
    ).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('marks a player’s own messages and sends with Enter; the sent text empties the composer', async () => {
    const { actor, posted } = setup({ page: { messages: [message({ userId: 1, name: 'Ana' })], amountBet: 0 } });
    await open(actor);
    expect(screen.getByTestId('chat-message').getAttribute('data-own')).toBe('true');
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'Olá, mesa!' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(posted).toEqual([{ text: 'Olá, mesa!', attachments: [] }]);
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getAllByTestId('chat-text').map((p) => p.textContent)).toContain('Olá, mesa!');
  });

  it('a failed send shows §8’s text and keeps the text; Reenviar sends it again', async () => {
    let fail = true;
    const { actor, posted } = setup({
      page: { messages: [], amountBet: 0 },
      post: async () => {
        if (fail) throw { status: 429, messages: [] };
        return message({ userId: 1, text: 'de novo' });
      },
    });
    await open(actor);
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'de novo' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('chat-send'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByTestId('chat-send-failed').textContent).toContain(ptBR['error_messages.429']);
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('de novo');
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByTestId('chat-retry'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(posted).toEqual([
      { text: 'de novo', attachments: [] },
      { text: 'de novo', attachments: [] },
    ]);
    expect(screen.queryByTestId('chat-send-failed')).toBeNull();
  });

  it('asks a guest to sign in instead of a composer; Escape closes the panel', async () => {
    const { actor } = setup({ page: { messages: [message()], amountBet: null }, playerId: null });
    await open(actor);
    expect(screen.queryByTestId('chat-composer')).toBeNull();
    expect(screen.getByTestId('chat-guest').textContent).toContain(ptBR['chat.guest_prompt']);
    fireEvent.keyDown(screen.getByTestId('chat-panel'), { key: 'Escape' });
    expect(screen.queryByTestId('chat-panel')).toBeNull();
  });
});

describe('ChatPanel: images', () => {
  const pick = async (file: File) => {
    await act(async () => {
      fireEvent.change(screen.getByTestId('chat-file'), { target: { files: [file] } });
      await new Promise((r) => setTimeout(r, 0));
    });
  };

  it('the attach button picks an image; it shows as a preview, can be removed, and is sent with the message', async () => {
    const { actor, posted, uploaded } = setup({ page: { messages: [], amountBet: 0 } });
    await open(actor);
    const input = screen.getByTestId('chat-file') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Anexar imagem' }));
    expect(click).toHaveBeenCalledTimes(1);

    await pick(new File([new Uint8Array(20)], 'foto.png', { type: 'image/png' }));
    expect(uploaded).toHaveLength(1);
    const preview = screen.getByTestId('chat-attachment');
    expect(within(preview).getByRole('img', { name: 'Imagem anexada' }).getAttribute('src')).toBe(
      '/api/uploads/chat/1.png',
    );
    // An image alone can be sent.
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(preview).getByRole('button', { name: 'Remover a imagem' }));
    expect(screen.queryByTestId('chat-attachment')).toBeNull();
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);

    await pick(new File([new Uint8Array(20)], 'foto.webp', { type: 'image/webp' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('chat-send'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(posted).toEqual([
      { text: '', attachments: [{ attachment_type: 'image/webp', attachment_url: '/api/uploads/chat/2.png' }] },
    ]);
    expect(screen.queryByTestId('chat-attachment')).toBeNull();
  });

  it('a file of another type is refused with §8’s text before any upload, in English too', async () => {
    const { actor, uploaded } = setup({ page: { messages: [], amountBet: 0 }, locale: 'en' });
    await open(actor);
    await pick(new File(['<svg onload=alert(1)>'], 'x.svg', { type: 'image/svg+xml' }));
    const alert = screen.getByTestId('chat-attach-failed');
    expect(alert.textContent).toContain('The image was not attached.');
    expect(alert.textContent).toContain(en['error_messages.415']);
    expect(uploaded).toEqual([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('chat-attach-failed')).toBeNull();
  });

  it('while an image uploads the send waits and the upload can be stopped', async () => {
    let finish: (a: ChatAttachment) => void = () => undefined;
    const { actor } = setup({
      page: { messages: [], amountBet: 0 },
      upload: () => new Promise((resolve) => (finish = resolve)),
    });
    await open(actor);
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'olha isso' } });
    await pick(new File([new Uint8Array(20)], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('chat-uploading').textContent).toContain('Enviando imagem…');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('chat-attach') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar o envio da imagem' }));
    expect(screen.queryByTestId('chat-uploading')).toBeNull();
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(false);
    finish({ attachment_type: 'image/gif', attachment_url: '/api/uploads/chat/9.gif' });
  });
});
