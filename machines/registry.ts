import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app/app.machine';
import { transactionsMachine } from './transactions/transactions.machine';
import { betsFeedMachine } from './bets-feed/bets-feed.machine';
import { fictitiousBetsMachine } from './bets-feed/fictitious-bets.machine';
import { loadingBarMachine } from './loading-bar/loading-bar.machine';
import { installPromptMachine } from './install/install-prompt.machine';
import { ageGateMachine } from './login-modal/age-gate.machine';
import { loginModalMachine } from './login-modal/login-modal.machine';
import { registrationMachine } from './registration/registration.machine';
import { regulatedProfileMachine } from './regulated-profile/regulated-profile.machine';
import { secondFactorChallengeMachine } from './second-factor/second-factor-challenge.machine';
import { secondFactorEnrolmentMachine } from './second-factor/second-factor-enrolment.machine';
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
import { favoriteMachine } from './games/favorite.machine';
import { gameCatalogueMachine } from './games/game-catalogue.machine';
import { gamePageMachine } from './games/game-page.machine';
import { likeMachine } from './games/like.machine';
import { sportsLaunchMachine } from './games/sports-launch.machine';
import { reactionsMachine } from './games/reactions.machine';
import { homeRowsMachine } from './games/home-rows.machine';
import { pushPermissionMachine } from './push/push-permission.machine';
import { notificationsMachine } from './notifications/notifications.machine';
import { popupQueueMachine } from './notifications/popup-queue.machine';
import { chatMachine } from './chat/chat.machine';
import { responsibleGamingMachine } from './responsible-gaming/responsible-gaming.machine';
import { selfExclusionMachine } from './responsible-gaming/self-exclusion.machine';
import { realityCheckMachine } from './responsible-gaming/reality-check.machine';
import { playTimeMachine } from './responsible-gaming/play-time.machine';
import { profileMachine } from './profile/profile.machine';
import { accessDataMachine } from './access-data/access-data.machine';
import { contactVerificationMachine } from './access-data/contact-verification.machine';
import { resendCountdownMachine } from './kernel/resend-countdown.machine';
import { passwordChangeMachine } from './access-data/password-change.machine';
import { accountSessionsMachine } from './access-data/account-sessions.machine';
import { contactChangeMachine } from './access-data/contact-change.machine';
import { personalDataMachine } from './personal-data/personal-data.machine';
import { betsHistoryMachine } from './bets-history/bets-history.machine';
import { documentMachine } from './documents/document.machine';
import { verificationMachine } from './documents/verification.machine';
import { galleryMachine } from './gallery/gallery.machine';
import { buildWatchMachine } from './build-watch/build-watch.machine';
import { couponMachine } from './bonus/coupon.machine';
import { bonusListMachine } from './bonus/bonus-list.machine';
import { cashbackMachine } from './bonus/cashback.machine';
import { rankMachine } from './bonus/rank.machine';
import { refersMachine } from './refers/refers.machine';
import { promotionsMachine } from './promotions/promotions.machine';
import { missionWidgetMachine } from './missions/mission-widget.machine';
import { missionsMachine } from './missions/missions.machine';
import { boxPurchaseMachine } from './boxes/box-purchase.machine';
import { boxOpeningMachine } from './boxes/box-opening.machine';
import { boxSaleMachine } from './boxes/box-sale.machine';
import { boxPageMachine } from './boxes/box-page.machine';
import { cratesMachine } from './boxes/crates.machine';
import { inventoryMachine } from './boxes/inventory.machine';

/**
 * Every machine of the app, by the name of its file (`<name>.machine.ts`).
 * The coverage check and the chart generator read this list; a test fails when a
 * `*.machine.ts` file is missing from it.
 */
export const machineRegistry: ReadonlyArray<{
  name: string;
  file: string;
  machine: AnyStateMachine;
  guarantees: string;
}> = [
  {
    name: 'app',
    file: 'machines/app/app.machine.ts',
    machine: appMachine,
    guarantees:
      "One actor system: every flow runs in the root's tree under its systemId and talks to the others only through the root; a guest on an auth route is asked to sign in and stays there once signed in, a player who stops being signed in there goes home; pix and withdrawal run only for a signed-in player (an open pix code is dropped on sign-out or self-exclusion) and the session alone owns the balance; a self-excluded answer of any flow reaches the session",
  },
  {
    name: 'toast',
    file: 'machines/toast/toast.machine.ts',
    machine: toastMachine,
    guarantees:
      'A toast stays its duration (5 s by default), pauses while hovered, and is dismissed once, by the player or by time.',
  },
  {
    name: 'toast-queue',
    file: 'machines/toast/toast-queue.machine.ts',
    machine: toastQueueMachine,
    guarantees:
      'At most the configured number of toasts show at once; the oldest is dismissed beyond it; a dismissed toast is removed.',
  },
  {
    name: 'site',
    file: 'machines/site/site.machine.ts',
    machine: siteMachine,
    guarantees:
      "The brand's config is loaded per domain before anything brand-specific shows; maintenance, unknown domain and network failure each have their own screen; a failed load is retried with backoff.",
  },
  {
    name: 'shell-ui',
    file: 'machines/site/shell-ui.machine.ts',
    machine: shellUiMachine,
    guarantees: 'The side menu closes on every route change.',
  },
  {
    name: 'content-page',
    file: 'machines/site/content-page.machine.ts',
    machine: contentPageMachine,
    guarantees:
      'A content page is shown, missing (404) or failed with a retry; never an error for a page that answered.',
  },
  {
    name: 'loading-bar',
    file: 'machines/loading-bar/loading-bar.machine.ts',
    machine: loadingBarMachine,
    guarantees:
      'The bar appears only for navigations slower than the throttle (200 ms), and a render error always shows in the error colour.',
  },
  {
    name: 'connection',
    file: 'machines/realtime/connection.machine.ts',
    machine: connectionMachine,
    guarantees:
      'One live connection per credentials version; a token change re-creates it; drops reconnect with backoff and are shown as interrupted.',
  },
  {
    name: 'channel',
    file: 'machines/realtime/channel.machine.ts',
    machine: channelMachine,
    guarantees:
      'A channel is subscribed at most once per actor, refusals are silent to the player (§8) and visible to QA, and leaving unsubscribes.',
  },
  {
    name: 'bets-feed',
    file: 'machines/bets-feed/bets-feed.machine.ts',
    machine: betsFeedMachine,
    guarantees:
      "A bet and its win (same transaction, either first) show once as one processed bet; the last 5 are kept per tab (all, high rollers ≥ R$ 500, the player's own from their user channel, forgotten when they leave); fictitious bets fill the feed only after 30 s without a real one; it listens only while started.",
  },
  {
    name: 'fictitious-bets',
    file: 'machines/bets-feed/fictitious-bets.machine.ts',
    machine: fictitiousBetsMachine,
    guarantees:
      'One drawn bet every 1500 ms (§9 amounts, masked names) from its seed, so the same seed gives the same bets; nothing once stopped.',
  },
  {
    name: 'session',
    file: 'machines/session/session.machine.ts',
    machine: sessionMachine,
    guarantees:
      "A token is checked before the player is trusted; a self-exclusion — refused sign-in, start-up check, any signed-in read, another flow's call, or the user channel's SelfExclusionStarted — ends or refuses the session, forgets the token before the connection is re-created (channels left) and shows the dates; sign-out forgets the token before the guest state shows; the session owns the wallet balance.",
  },
  {
    name: 'login-modal',
    file: 'machines/login-modal/login-modal.machine.ts',
    machine: loginModalMachine,
    guarantees:
      "The modal opens only for a guest, on the tab asked for; the age gate's offer opens registration only when no token exists, no modal is in use and no self-exclusion refusal was seen; the register tab runs the registration machine; the recovery e-mail and code live only while the recovery tab is open, and a password never enters the context.",
  },
  {
    name: 'age-gate',
    file: 'machines/login-modal/age-gate.machine.ts',
    machine: ageGateMachine,
    guarantees:
      'A guest without the stored age flag is asked once; confirming stores the flag (a storage that refuses still lets the adult in) and, 2 s later, offers registration only when no token exists; under 18 stays refused until going back; a signed-in player is never asked.',
  },
  {
    name: 'registration',
    file: 'machines/registration/registration.machine.ts',
    machine: registrationMachine,
    guarantees:
      "Runs only while the register tab is open; the phone's calling code is the geo lookup's or BR / 55 when it fails; each valid CPF typed is checked once with the server, a changed CPF cancels the check, a taken or refused CPF blocks the submit, and the CPF itself never enters the context.",
  },
  {
    name: 'pix',
    file: 'machines/pix/pix.machine.ts',
    machine: pixMachine,
    guarantees:
      'A deposit is paid only by a PaymentApproved naming its id or txid, never by amount (or by a status check that says approved); refused by the bank shows refused; expired only after the server was asked at the end of 5 minutes; it reports balances to the session and keeps none.',
  },
  {
    name: 'withdrawal',
    file: 'machines/withdrawal/withdrawal.machine.ts',
    machine: withdrawalMachine,
    guarantees:
      'A withdrawal needs a valid amount within balance and limits and a pix key; it is confirmed before it is sent, and its status is followed until settled or cancelled.',
  },
  {
    name: 'transactions',
    file: 'machines/transactions/transactions.machine.ts',
    machine: transactionsMachine,
    guarantees: "The money history pages through the server's list; a failure shows §8's text with a retry.",
  },
  {
    name: 'game-catalogue',
    file: 'machines/games/game-catalogue.machine.ts',
    machine: gameCatalogueMachine,
    guarantees:
      'A filter change searches 300 ms after the last one, from page 1, cancelling the request in flight; a filter restored from the URL loads at once; more pages of 24 load one at a time, only while there are more, without repeats; empty and failed (retry, the games kept when a next page fails) are their own states.',
  },
  {
    name: 'home-rows',
    file: 'machines/games/home-rows.machine.ts',
    machine: homeRowsMachine,
    guarantees:
      "The home page's rows are asked once per language and player; rows without games are left out; a failure keeps its kind and a retry asks again.",
  },
  {
    name: 'reactions',
    file: 'machines/games/reactions.machine.ts',
    machine: reactionsMachine,
    guarantees:
      "One like and one favorite flow per game, started by the player's first tap from the list's marks, so every tile of a game shows the same state and never races; a guest's tap only asks the root for the login modal; signing in or out drops the previous player's marks.",
  },
  {
    name: 'like',
    file: 'machines/games/like.machine.ts',
    machine: likeMachine,
    guarantees:
      "A like flips at once; at most one request is in flight, and taps meanwhile only change the wish sent after it; a failure reverts to the server's last state and an answer that disagrees is shown as the server has it; a guest's tap only asks for sign-in.",
  },
  {
    name: 'favorite',
    file: 'machines/games/favorite.machine.ts',
    machine: favoriteMachine,
    guarantees:
      "A favorite flips at once with the like's discipline (one request in flight, revert on failure, the server's answer wins); favorites lists hear only of states the server settled; a guest's tap only asks for sign-in.",
  },
  {
    name: 'game-page',
    file: 'machines/games/game-page.machine.ts',
    machine: gamePageMachine,
    guarantees:
      'A game is launched in real mode only for a signed-in, not self-excluded player on a game that is not demo-only, and relaunched when the session changes; no launch URL is maintenance with a retry; the refusal, on a regulated brand, of a game under the 85% minimum RTP (Portaria SPA/MF 1.207/2024) is refused, not retried; only a real-mode round reports a balance (integer centavos); related games never break the page.',
  },
  {
    name: 'sports-launch',
    file: 'machines/games/sports-launch.machine.ts',
    machine: sportsLaunchMachine,
    guarantees:
      'Sports are hidden when the brand has none; a guest sees the sportsbook only where the brand allows the guest view, else is asked to sign in; a session change launches again; a failure can be retried.',
  },
  {
    name: 'push-permission',
    file: 'machines/push/push-permission.machine.ts',
    machine: pushPermissionMachine,
    guarantees:
      "The browser is read 1 s after start; notifications are offered only where the browser can, never on a phone that has not installed the app, and not for 5 days after a denial or 1 day after the offer was closed (both stored locally); a subscription gives up after 10 s; the player hears §8's outcome only of what they asked for, and a permission already granted re-subscribes silently.",
  },
  {
    name: 'notifications',
    file: 'machines/notifications/notifications.machine.ts',
    machine: notificationsMachine,
    guarantees:
      "One centre per signed-in player, gone on sign-out: both lists load in pages of 10 with their unread counts; a live NotificationSent (the player's channel, or the brand's for global ones) is added once, sounds only for an unmuted player and goes to the pop-up queue; marks show at once and reach the server in the order asked, and a refused one reloads the lists; opening a global one opens the chat.",
  },
  {
    name: 'popup-queue',
    file: 'machines/notifications/popup-queue.machine.ts',
    machine: popupQueueMachine,
    guarantees:
      'At most 3 pop-ups at a time, oldest first, from a queue re-checked every 1 s; each leaves 20 s after it was shown unless pinned (pinned ones stay until closed); the next opens 5 s after one is closed; nothing opens or ages while the page is hidden; a notification pops up once.',
  },
  {
    name: 'chat',
    file: 'machines/chat/chat.machine.ts',
    machine: chatMachine,
    guarantees:
      "The brand's global chat: loaded when opened, live while open (MessageSent merged by id, never twice); a failed send keeps the text for retry; messages missed while offline are fetched once when the connection is back; pinned messages stay on top until pinned_until; a guest reads and is asked to sign in to write.",
  },
  {
    name: 'responsible-gaming',
    file: 'machines/responsible-gaming/responsible-gaming.machine.ts',
    machine: responsibleGamingMachine,
    guarantees:
      "A limit that cannot be one (not a number, more than two decimals, under R$ 1,00 or 5 min, over R$ 1.000.000,00 or 1440 min, play time other than per day) is refused before any call; one save at a time; the platform's answer (at once for a new or lower limit, pending for the cooling-off for a raise or removal) replaces the settings, a refusal keeps them; a saved reality-check interval reaches the running reality check.",
  },
  {
    name: 'self-exclusion',
    file: 'machines/responsible-gaming/self-exclusion.machine.ts',
    machine: selfExclusionMachine,
    guarantees:
      'Nothing is sent before the player chose a period and confirmed the consequences with its end date; the date sent is the date shown (read again after a refusal); once recorded it is final and the session ends at once with the dates.',
  },
  {
    name: 'reality-check',
    file: 'machines/responsible-gaming/reality-check.machine.ts',
    machine: realityCheckMachine,
    guarantees:
      "While a player is signed in, every 15, 30 or 60 minutes (60 when their choice cannot be read) the game pauses for a modal with the session's time and net result (shown even when the figures cannot be read) until the player continues; a new interval restarts the count.",
  },
  {
    name: 'play-time',
    file: 'machines/responsible-gaming/play-time.machine.ts',
    machine: playTimeMachine,
    guarantees:
      'While a player with a daily play-time limit is signed in, they are warned 10 minutes before it is used up (at once when less is left) and can close the warning; at the end the limit is read again, so the platform ends the session with its reason even for a player who only watches; never sooner than a minute apart, and a saved limit is read again at once.',
  },
  {
    name: 'profile',
    file: 'machines/profile/profile.machine.ts',
    machine: profileMachine,
    guarantees:
      "A name that breaks §5's full-name rule and an avatar that is not a JPEG, PNG or WebP of at most 2 MiB are never sent (the image itself never enters the flow); one save at a time; the platform's answer replaces the profile and a refusal keeps it; a stored new language is announced so the app switches to it, and the language already stored is not sent again.",
  },
  {
    name: 'access-data',
    file: 'machines/access-data/access-data.machine.ts',
    machine: accessDataMachine,
    guarantees:
      "/user/edit/access-data's flows run only once the account is read, each with the player's own e-mail, phone and verification states; a failed read shows why and can be tried again.",
  },
  {
    name: 'contact-verification',
    file: 'machines/access-data/contact-verification.machine.ts',
    machine: contactVerificationMachine,
    guarantees:
      'A code is asked for only by the player, and a new one only after the 20 s wait, counted down a second at a time; a code that is not 6 digits is never sent; a refused code says why (wrong, expired, too many tries); a verified address stays verified, and a phone channel without a number offers nothing.',
  },
  {
    name: 'resend-countdown',
    file: 'machines/kernel/resend-countdown.machine.ts',
    machine: resendCountdownMachine,
    guarantees:
      "§9's 20 s resend wait, one child for every flow that sends a code (contact verification and change, password change, the login modal's recovery): it counts down a second at a time, tells its parent the seconds left each second and ends at 0, so a new code can only be asked for then; a wait the platform gave (a 429) starts it from that figure, none or a nonsensical one ends it at once.",
  },
  {
    name: 'password-change',
    file: 'machines/access-data/password-change.machine.ts',
    machine: passwordChangeMachine,
    guarantees:
      'The new password never enters an event or the context (it goes through the drop); the change is sent only after the e-mailed code was verified; a new code only after the 20 s wait; a code that stopped working at the change goes back to the code step; cancelling forgets the code.',
  },
  {
    name: 'account-sessions',
    file: 'machines/access-data/account-sessions.machine.ts',
    machine: accountSessionsMachine,
    guarantees:
      'Only another of the player\'s own listed sessions can be ended here (this one is ended by signing out); "sign out everywhere else" is sent only after a confirmation; after any ending the list is read again from the platform.',
  },
  {
    name: 'contact-change',
    file: 'machines/access-data/contact-change.machine.ts',
    machine: contactChangeMachine,
    guarantees:
      'The current password never enters an event or the context (it goes through the drop); the code is asked for only with the new value and the password, and a new one only after the 20 s wait (the password asked again); a code that is not 6 digits is never sent; a refused code says why (wrong, expired, too many tries); only a code confirmed by the platform makes the new address the one shown, verified; cancelling forgets the new value.',
  },
  {
    name: 'personal-data',
    file: 'machines/personal-data/personal-data.machine.ts',
    machine: personalDataMachine,
    guarantees:
      "The CPF is only ever held masked; a verified player's data is read-only and a save is never sent; a form with a problem (required parts, 18+, CEP of 8 digits, a real UF) is never sent and each problem shows on its field; a 409 turns the data read-only; a refusal keeps the form as sent.",
  },
  {
    name: 'bets-history',
    file: 'machines/bets-history/bets-history.machine.ts',
    machine: betsHistoryMachine,
    guarantees:
      'One page of rounds and sports bets at a time, only a page that exists; the rows shown stay while another loads or fails; no bets at all is the empty state; a failure shows §8 with a retry of the page wanted.',
  },
  {
    name: 'verification',
    file: 'machines/documents/verification.machine.ts',
    machine: verificationMachine,
    guarantees:
      "One document flow per type (ID front, ID back, selfie, proof of address) starts from the platform's status; a status read again reaches every document, and a failed read keeps the page as it was.",
  },
  {
    name: 'document',
    file: 'machines/documents/document.machine.ts',
    machine: documentMachine,
    guarantees:
      'A file is sent only after it passed the client-side check (type, and size up to the shared 5 MiB limit); only one upload at a time, with progress; a refusal keeps the chosen file with the reason; only a pending document can be cancelled; a rejected or cancelled one can be sent again; the file, its name and its preview URL never enter the machine.',
  },
  {
    name: 'gallery',
    file: 'machines/gallery/gallery.machine.ts',
    machine: galleryMachine,
    guarantees:
      "The design-system gallery's demo dialog opens and closes from its own buttons, and its demo notices are dismissed and shown again, independently of each other.",
  },
  {
    name: 'install-prompt',
    file: 'machines/install/install-prompt.machine.ts',
    machine: installPromptMachine,
    guarantees:
      "The install modal never shows while a deferred prompt is held, nor before the player asks; the browser's dialog opens only from the player's request on a held prompt; once installed (appinstalled or standalone display mode) nothing is offered.",
  },
  {
    name: 'build-watch',
    file: 'machines/build-watch/build-watch.machine.ts',
    machine: buildWatchMachine,
    guarantees:
      'latest.json is read every 5 minutes and when the tab becomes visible; only another well-formed build id offers a reload (a missing, malformed or oversized file changes nothing); a new service worker replacing an active one, or a chunk that failed to load, reloads the page, but never twice within 10 s (§9) and never while a pix deposit is awaiting payment: the reload waits for it and the player is told why.',
  },
  {
    name: 'coupon',
    file: 'machines/bonus/coupon.machine.ts',
    machine: couponMachine,
    guarantees:
      'An empty code is never checked and a too long or control-character code never sent; a coupon found valid is cached by code and valid at once again; typing again cancels the check in flight and its late answer is never applied; clearCoupon leaves it invalid with no data.',
  },
  {
    name: 'bonus-list',
    file: 'machines/bonus/bonus-list.machine.ts',
    machine: bonusListMachine,
    guarantees:
      'The coupons, cashback or ranking list is read as the data body or the array itself; any failure (a body that is no list included) is kept as error state with a retry, and the last list read stays shown while another loads or fails.',
  },
  {
    name: 'cashback',
    file: 'machines/bonus/cashback.machine.ts',
    machine: cashbackMachine,
    guarantees:
      'The counts follow §9 at the time the app last sent; one claim at a time, only of an item with a slot available, followed by a reload of the list; a failed claim keeps the list and the failure.',
  },
  {
    name: 'rank',
    file: 'machines/bonus/rank.machine.ts',
    machine: rankMachine,
    guarantees:
      "The levels and a player's standing load together (a guest's levels only); a refresh reads the standing again with the last one shown, a newer refresh replacing an older one; a failed refresh keeps the last standing; the level-up moment shows only a rise seen on the page, until dismissed.",
  },
  {
    name: 'refers',
    file: 'machines/refers/refers.machine.ts',
    machine: refersMachine,
    guarantees:
      'The link is built only from a plain referral code (letters and digits) of GET /profile/affiliates; a failure or a body without a code is error state with a retry, and the last body stays shown while a reload runs; one copy or share at a time, a refused clipboard says so and a closed share sheet is no failure.',
  },
  {
    name: 'promotions',
    file: 'machines/promotions/promotions.machine.ts',
    machine: promotionsMachine,
    guarantees:
      'The list or the promotion is asked in the page language; a slug that is not one is never asked and is not found like a 404; a failure, or a body of another shape, is error state with a retry; the HTML is kept raw for the page to sanitise, and on a regulated brand a deposit bonus or an advance is never offered (its rule named instead).',
  },
  {
    name: 'mission-widget',
    file: 'machines/missions/mission-widget.machine.ts',
    machine: missionWidgetMachine,
    guarantees:
      "A widget stays within [74 px, viewport height − its height] whether dragged, moved by keys, toggled or resized, and its place is saved when the player moves or toggles it; the reward is claimed once (a claimed widget ignores every claim) and a failure shows the server's message or §8's fallback text.",
  },
  {
    name: 'missions',
    file: 'machines/missions/missions.machine.ts',
    machine: missionsMachine,
    guarantees:
      'A player’s missions are loaded and reloaded when a bet moves the balance while one is accepted; a mission assigned live is announced and shown (a malformed payload is dropped); one accept at a time; a reward is claimed from its widget only (the list’s claim goes there), once; a guest has only what arrived live and never loads or accepts',
  },
  // Boxes and prizes.
  {
    name: 'box-purchase',
    file: 'machines/boxes/box-purchase.machine.ts',
    machine: boxPurchaseMachine,
    guarantees:
      'A box is bought only after the player confirmed its price, once (nothing is heard while buying); not enough balance ends asking the app to open the deposit; any other refusal shows its text and can be retried or dismissed.',
  },
  {
    name: 'box-opening',
    file: 'machines/boxes/box-opening.machine.ts',
    machine: boxOpeningMachine,
    guarantees:
      'The reel lands only once both the draw is in and the minimum spin time has passed (no spin and a short landing with reduced motion), always on the drawn prize; a refused draw moves nothing and can be retried; a revealed prize is collected or sold once.',
  },
  {
    name: 'box-sale',
    file: 'machines/boxes/box-sale.machine.ts',
    machine: boxSaleMachine,
    guarantees:
      'A prize or an unopened box is sold only after the player confirmed its value, once; a refusal shows its text and can be retried or given up.',
  },
  {
    name: 'box-page',
    file: 'machines/boxes/box-page.machine.ts',
    machine: boxPageMachine,
    guarantees:
      "A box page shows the box and its odds before any purchase; a purchase's new balance reaches the session and its box opens on the reel; lack of money asks the app for the deposit; only the player's own unopened boxes can be opened; after an opening the next commitment is fetched again.",
  },
  {
    name: 'crates',
    file: 'machines/boxes/crates.machine.ts',
    machine: cratesMachine,
    guarantees:
      "The brand's boxes are listed in the page's language and filtered by one colour or none; a failed load shows its text and can be retried.",
  },
  {
    name: 'inventory',
    file: 'machines/boxes/inventory.machine.ts',
    machine: inventoryMachine,
    guarantees:
      "Only the player's owned boxes and prizes can be sold or opened, one sale or opening at a time, a sale after a confirmation; the balance after a sale reaches the session; a box whose prizes cannot be fetched stays unopened; a box granted on the player's channel appears without a reload, after the sale or opening when one is under way.",
  },
  {
    name: 'regulated-profile',
    file: 'machines/regulated-profile/regulated-profile.machine.ts',
    machine: regulatedProfileMachine,
    guarantees:
      'Portaria SPA/MF 2.579/2025: the gender and the deposit, loss and time limits start empty (the suggested limits are offered, never chosen for the player); nothing is saved until all four are chosen; a refused save keeps the choices and says why.',
  },
  {
    name: 'second-factor-enrolment',
    file: 'machines/second-factor/second-factor-enrolment.machine.ts',
    machine: secondFactorEnrolmentMachine,
    guarantees:
      'Portaria SPA/MF 722/2024: a second factor is enrolled only after a code from the authenticator is accepted; the code goes through the drop, never an event; the recovery codes are shown once and forgotten when the player says they are saved; 5 wrong codes lock the step for the wait the platform gives; cancelling forgets the secret.',
  },
  {
    name: 'second-factor-challenge',
    file: 'machines/second-factor/second-factor-challenge.machine.ts',
    machine: secondFactorChallengeMachine,
    guarantees:
      'Portaria SPA/MF 722/2024: a sign-in with a second factor ends only with the player the platform answered for a right code (the authenticator, or a recovery code then the e-mailed code); a wrong code says why and stays on its step; 5 wrong codes lock it for the wait the platform gives; an expired ticket asks to sign in again.',
  },
];
