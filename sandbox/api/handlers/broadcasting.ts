import { createHmac } from 'node:crypto';
import type { RequestBody } from '../../../shared/api/types';
import { signChannelAuth } from '../../realtime/signature';
import { ok, type Handler } from '../context';
import { fail, MESSAGES } from '../errors';
import { assertNotSelfExcluded, settingsOf } from '../players';
import { playerChannel, presenceChannel, publicChannel } from '../../../shared/channels';

export const GUEST_DISPLAY_NAME = 'Convidado';
const HIDDEN_DISPLAY_NAME = 'Anônimo';

/**
 * A guest's member id on presence channels: opaque, per connection (derived from the socket id with the app
 * secret), so the member list never carries a Guest-ID and so never leads to a guest's private channel.
 */
export function guestPresenceId(secret: string, socketId: string): string {
  return `guest:${createHmac('sha256', secret).update(`presence-member:${socketId}`).digest('base64url').slice(0, 16)}`;
}

/**
 * Channel policy (spec §6, §7 Live channels): a player may join only private-universal.{their id}; a guest
 * only private-universal.{their Guest-ID}; anyone universal-public.{casino_id} of the brand; a player or a
 * guest presence-universal-public.{casino_id}. Anything else is refused with 403.
 */
export const authorizeChannel: Handler = async ({ body, brand, identity, bearerRejected, config, now }) => {
  const { socket_id: socketId, channel_name: channel } = body as RequestBody<'authorizeChannel'>;
  if (bearerRejected) fail(401, MESSAGES.unauthenticated);
  const refuse = (): never => fail(403, 'Você não tem permissão para acessar este canal.');

  if (channel === publicChannel(brand.id)) {
    return ok({ auth: signChannelAuth(config.pusher, socketId, channel) });
  }
  // Every other channel identifies who joins it: a self-excluded player joins none of them.
  if (identity.kind === 'player') assertNotSelfExcluded(identity.player, now);

  if (channel === presenceChannel(brand.id)) {
    const member =
      identity.kind === 'player'
        ? {
            user_id: String(identity.player.id),
            user_info: {
              name: settingsOf(identity.player).hide_username
                ? HIDDEN_DISPLAY_NAME
                : `${identity.player.first_name} ${identity.player.last_name}`.trim(),
            },
          }
        : identity.kind === 'guest'
          ? { user_id: guestPresenceId(config.pusher.secret, socketId), user_info: { name: GUEST_DISPLAY_NAME } }
          : refuse();
    const channelData = JSON.stringify(member);
    return ok({ auth: signChannelAuth(config.pusher, socketId, channel, channelData), channel_data: channelData });
  }

  const own =
    identity.kind === 'player' ? String(identity.player.id) : identity.kind === 'guest' ? identity.guestId : null;
  if (own !== null && channel === playerChannel(own)) {
    return ok({ auth: signChannelAuth(config.pusher, socketId, channel) });
  }
  return refuse();
};
