/**
 * The reviewer's index of the machines: per machine of machines/registry.ts, its chart in
 * docs/machines/<name>.md (`npm run machines:docs`), what it guarantees and which tests prove it. The machines a
 * compliance reviewer reads first (`key`: session, pix, withdrawal, responsible gaming, self-exclusion, documents)
 * say what the platform does too; the others repeat the registry's one line. compliance.test.ts checks this list
 * names every chart of docs/machines/ (one per registered machine), and that each chart and test file exists.
 */
export interface MachineDoc {
  /** The registry name, also the chart's file name in docs/machines/. */
  name: string;
  file: string;
  /** A machine a compliance reviewer reads first (listed on top). */
  key: boolean;
  guarantees: string;
  /** The test files that prove it, the machine's own stories first. */
  tests: readonly string[];
}

export const MACHINE_DOCS: readonly MachineDoc[] = [
  {
    name: 'app',
    file: 'machines/app/app.machine.ts',
    key: false,
    guarantees:
      "One actor system: every flow runs in the root's tree under its systemId and talks to the others only through the root; a guest on an auth route is asked to sign in and stays there once signed in, a player who stops being signed in there goes home; pix and withdrawal run only for a signed-in player (an open pix code is dropped on sign-out or self-exclusion) and the session alone owns the balance; a self-excluded answer of any flow reaches the session",
    tests: ['machines/app/app.machine.test.ts'],
  },
  {
    name: 'toast',
    file: 'machines/toast/toast.machine.ts',
    key: false,
    guarantees:
      'A toast stays its duration (5 s by default), pauses while hovered, and is dismissed once, by the player or by time.',
    tests: ['machines/toast/toast.machine.test.ts'],
  },
  {
    name: 'toast-queue',
    file: 'machines/toast/toast-queue.machine.ts',
    key: false,
    guarantees:
      'At most the configured number of toasts show at once; the oldest is dismissed beyond it; a dismissed toast is removed.',
    tests: ['machines/toast/toast-queue.machine.test.ts'],
  },
  {
    name: 'site',
    file: 'machines/site/site.machine.ts',
    key: false,
    guarantees:
      "The brand's config is loaded per domain before anything brand-specific shows; maintenance, unknown domain and network failure each have their own screen; a failed load is retried with backoff.",
    tests: ['machines/site/site.machine.test.ts'],
  },
  {
    name: 'shell-ui',
    file: 'machines/site/shell-ui.machine.ts',
    key: false,
    guarantees: 'The side menu closes on every route change.',
    tests: ['machines/site/shell-ui.machine.test.ts'],
  },
  {
    name: 'content-page',
    file: 'machines/site/content-page.machine.ts',
    key: false,
    guarantees:
      'A content page is shown, missing (404) or failed with a retry; never an error for a page that answered.',
    tests: ['machines/site/content-page.machine.test.ts'],
  },
  {
    name: 'loading-bar',
    file: 'machines/loading-bar/loading-bar.machine.ts',
    key: false,
    guarantees:
      'The bar appears only for navigations slower than the throttle (200 ms), and a render error always shows in the error colour.',
    tests: ['machines/loading-bar/loading-bar.machine.test.ts'],
  },
  {
    name: 'connection',
    file: 'machines/realtime/connection.machine.ts',
    key: false,
    guarantees:
      'One live connection per credentials version; a token change re-creates it; drops reconnect with backoff and are shown as interrupted.',
    tests: ['machines/realtime/connection.machine.test.ts'],
  },
  {
    name: 'channel',
    file: 'machines/realtime/channel.machine.ts',
    key: false,
    guarantees:
      'A channel is subscribed at most once per actor, refusals are silent to the player (§8) and visible to QA, and leaving unsubscribes.',
    tests: ['machines/realtime/channel.machine.test.ts'],
  },
  {
    name: 'bets-feed',
    file: 'machines/bets-feed/bets-feed.machine.ts',
    key: false,
    guarantees:
      "A bet and its win (same transaction, either first) show once as one processed bet; the last 5 are kept per tab (all, high rollers ≥ R$ 500, the player's own from their user channel, forgotten when they leave); fictitious bets fill the feed only after 30 s without a real one; it listens only while started.",
    tests: ['machines/bets-feed/bets-feed.machine.test.ts'],
  },
  {
    name: 'fictitious-bets',
    file: 'machines/bets-feed/fictitious-bets.machine.ts',
    key: false,
    guarantees:
      'One drawn bet every 1500 ms (§9 amounts, masked names) from its seed, so the same seed gives the same bets; nothing once stopped.',
    tests: ['machines/bets-feed/fictitious-bets.machine.test.ts'],
  },
  {
    name: 'session',
    file: 'machines/session/session.machine.ts',
    key: true,
    guarantees:
      "A player is trusted only after the platform confirmed the token. A self-exclusion ends or refuses the session on every path: a refused sign-in (403), the start-up check, any signed-in read, another flow's call, or SelfExclusionStarted on the player's own channel. The token is forgotten before the live connection is re-created, so no channel stays joined as the player, and the screen shows the exclusion's dates. Sign-out forgets the token before the guest screen shows. The session alone holds the wallet balance; pix and withdrawal report to it.",
    tests: [
      'machines/session/session.machine.test.ts',
      'sandbox/api/sessions.test.ts',
      'sandbox/panel/self-exclusion.test.ts',
      'e2e/self-exclusion.spec.ts',
      'e2e/session.spec.ts',
    ],
  },
  {
    name: 'login-modal',
    file: 'machines/login-modal/login-modal.machine.ts',
    key: false,
    guarantees:
      "The modal opens only for a guest, on the tab asked for; the age gate's offer opens registration only when no token exists, no modal is in use and no self-exclusion refusal was seen; the register tab runs the registration machine; the recovery e-mail and code live only while the recovery tab is open, and a password never enters the context.",
    tests: ['machines/login-modal/login-modal.machine.test.ts'],
  },
  {
    name: 'age-gate',
    file: 'machines/login-modal/age-gate.machine.ts',
    key: false,
    guarantees:
      'A guest without the stored age flag is asked once; confirming stores the flag (a storage that refuses still lets the adult in) and, 2 s later, offers registration only when no token exists; under 18 stays refused until going back; a signed-in player is never asked.',
    tests: ['machines/login-modal/age-gate.machine.test.ts'],
  },
  {
    name: 'registration',
    file: 'machines/registration/registration.machine.ts',
    key: false,
    guarantees:
      "Runs only while the register tab is open; the phone's calling code is the geo lookup's or BR / 55 when it fails; each valid CPF typed is checked once with the server, a changed CPF cancels the check, a taken or refused CPF blocks the submit, and the CPF itself never enters the context.",
    tests: ['machines/registration/registration.machine.test.ts'],
  },
  {
    name: 'regulated-profile',
    file: 'machines/regulated-profile/regulated-profile.machine.ts',
    key: true,
    guarantees:
      'On a regulated brand, the gender and the deposit, loss and time limits of Portaria SPA/MF 2.579/2025: nothing is chosen for the player (the suggestions are buttons), nothing is sent until every field is chosen, and a refused save keeps the choices with why. Until it is saved the platform refuses every deposit and stake.',
    tests: ['machines/regulated-profile/regulated-profile.machine.test.ts', 'sandbox/api/regulated-auth.test.ts'],
  },
  {
    name: 'second-factor-enrolment',
    file: 'machines/second-factor/second-factor-enrolment.machine.ts',
    key: true,
    guarantees:
      'Enrols a TOTP second factor (Portaria SPA/MF 722/2024): the secret is shown to scan, the recovery codes are shown once after the first right code, and neither the secret, the codes nor what the player types ever enters an event the inspector or a recording sees.',
    tests: ['machines/second-factor/second-factor-enrolment.machine.test.ts', 'src/lib/redact.test.ts'],
  },
  {
    name: 'second-factor-challenge',
    file: 'machines/second-factor/second-factor-challenge.machine.ts',
    key: true,
    guarantees:
      'A sign-in on a regulated brand with a second factor ends only with a right code (the authenticator, or a recovery code then an e-mail code); wrong codes say why, too many wait as the platform says (429), an expired ticket goes back to the password, and no code is kept in the context or its events.',
    tests: ['machines/second-factor/second-factor-challenge.machine.test.ts', 'sandbox/api/regulated-auth.test.ts'],
  },
  {
    name: 'pix',
    file: 'machines/pix/pix.machine.ts',
    key: true,
    guarantees:
      'A pix deposit is credited only when a PaymentApproved event names its own id or txid, or a status check says approved; it is never matched by amount. A bank refusal shows as refused. The code is treated as expired only after the server is asked at the end of its 5 minutes, so a late payment is never lost. The machine reports balances to the session and keeps none. The platform side (sandbox/pix/bank.ts) credits a deposit once, however many times it is paid, and audits every state: created, paid, cancelled (refused or self-exclusion) and expired.',
    tests: [
      'machines/pix/pix.machine.test.ts',
      'sandbox/panel/bank.test.ts',
      'sandbox/panel/audit.test.ts',
      'e2e/wallet-deposits.spec.ts',
    ],
  },
  {
    name: 'withdrawal',
    file: 'machines/withdrawal/withdrawal.machine.ts',
    key: true,
    guarantees:
      "A withdrawal is sent only with a valid amount, within the balance and the limits, and a pix key of the player's own CPF, and only after the player confirmed it. Its status is then followed until it is paid, cancelled or refused. On the platform the amount is reserved in the same transaction as the request, so two requests at once can never take the same money. A cancellation or an invalid key gives the reserve back exactly once. Every decision is audited: requested, processing, under review, paid, cancelled, invalid key.",
    tests: [
      'machines/withdrawal/withdrawal.machine.test.ts',
      'sandbox/panel/bank.test.ts',
      'sandbox/panel/audit.test.ts',
      'e2e/wallet.spec.ts',
    ],
  },
  {
    name: 'transactions',
    file: 'machines/transactions/transactions.machine.ts',
    key: false,
    guarantees: "The money history pages through the server's list; a failure shows §8's text with a retry.",
    tests: ['machines/transactions/transactions.machine.test.ts'],
  },
  {
    name: 'game-catalogue',
    file: 'machines/games/game-catalogue.machine.ts',
    key: false,
    guarantees:
      'A filter change searches 300 ms after the last one, from page 1, cancelling the request in flight; a filter restored from the URL loads at once; more pages of 24 load one at a time, only while there are more, without repeats; empty and failed (retry, the games kept when a next page fails) are their own states.',
    tests: ['machines/games/game-catalogue.machine.test.ts'],
  },
  {
    name: 'home-rows',
    file: 'machines/games/home-rows.machine.ts',
    key: false,
    guarantees:
      "The home page's rows are asked once per language and player; rows without games are left out; a failure keeps its kind and a retry asks again.",
    tests: ['machines/games/home-rows.machine.test.ts'],
  },
  {
    name: 'reactions',
    file: 'machines/games/reactions.machine.ts',
    key: false,
    guarantees:
      "One like and one favorite flow per game, started by the player's first tap from the list's marks, so every tile of a game shows the same state and never races; a guest's tap only asks the root for the login modal; signing in or out drops the previous player's marks.",
    tests: ['machines/games/reactions.machine.test.ts'],
  },
  {
    name: 'like',
    file: 'machines/games/like.machine.ts',
    key: false,
    guarantees:
      "A like flips at once; at most one request is in flight, and taps meanwhile only change the wish sent after it; a failure reverts to the server's last state and an answer that disagrees is shown as the server has it; a guest's tap only asks for sign-in.",
    tests: ['machines/games/like.machine.test.ts'],
  },
  {
    name: 'favorite',
    file: 'machines/games/favorite.machine.ts',
    key: false,
    guarantees:
      "A favorite flips at once with the like's discipline (one request in flight, revert on failure, the server's answer wins); favorites lists hear only of states the server settled; a guest's tap only asks for sign-in.",
    tests: ['machines/games/favorite.machine.test.ts'],
  },
  {
    name: 'game-page',
    file: 'machines/games/game-page.machine.ts',
    key: false,
    guarantees:
      'A game is launched in real mode only for a signed-in, not self-excluded player on a game that is not demo-only, and relaunched when the session changes; no launch URL is maintenance with a retry; only a real-mode round reports a balance (integer centavos); related games never break the page.',
    tests: ['machines/games/game-page.machine.test.ts'],
  },
  {
    name: 'sports-launch',
    file: 'machines/games/sports-launch.machine.ts',
    key: false,
    guarantees:
      'Sports are hidden when the brand has none; a guest sees the sportsbook only where the brand allows the guest view, else is asked to sign in; a session change launches again; a failure can be retried.',
    tests: ['machines/games/sports-launch.machine.test.ts'],
  },
  {
    name: 'push-permission',
    file: 'machines/push/push-permission.machine.ts',
    key: false,
    guarantees:
      "The browser is read 1 s after start; notifications are offered only where the browser can, never on a phone that has not installed the app, and not for 5 days after a denial or 1 day after the offer was closed (both stored locally); a subscription gives up after 10 s; the player hears §8's outcome only of what they asked for, and a permission already granted re-subscribes silently.",
    tests: ['machines/push/push-permission.machine.test.ts'],
  },
  {
    name: 'notifications',
    file: 'machines/notifications/notifications.machine.ts',
    key: false,
    guarantees:
      "One centre per signed-in player, gone on sign-out: both lists load in pages of 10 with their unread counts; a live NotificationSent (the player's channel, or the brand's for global ones) is added once, sounds only for an unmuted player and goes to the pop-up queue; marks show at once and reach the server in the order asked, and a refused one reloads the lists; opening a global one opens the chat.",
    tests: ['machines/notifications/notifications.machine.test.ts'],
  },
  {
    name: 'popup-queue',
    file: 'machines/notifications/popup-queue.machine.ts',
    key: false,
    guarantees:
      'At most 3 pop-ups at a time, oldest first, from a queue re-checked every 1 s; each leaves 20 s after it was shown unless pinned (pinned ones stay until closed); the next opens 5 s after one is closed; nothing opens or ages while the page is hidden; a notification pops up once.',
    tests: ['machines/notifications/popup-queue.machine.test.ts'],
  },
  {
    name: 'chat',
    file: 'machines/chat/chat.machine.ts',
    key: false,
    guarantees:
      "The brand's global chat: loaded when opened, live while open (MessageSent merged by id, never twice); a failed send keeps the text for retry; messages missed while offline are fetched once when the connection is back; pinned messages stay on top until pinned_until; a guest reads and is asked to sign in to write.",
    tests: ['machines/chat/chat.machine.test.ts'],
  },
  {
    name: 'responsible-gaming',
    file: 'machines/responsible-gaming/responsible-gaming.machine.ts',
    key: true,
    guarantees:
      'Deposit, loss and play-time limits (Portaria SPA/MF 2.579/2025). A value that cannot be a limit is refused before any call: not a number, more than two decimals, under R$ 1,00 or 5 min, over R$ 1.000.000,00 or 1440 min, or play time other than per day. Only one save runs at a time. A new or lower limit applies at once. A raise or a removal waits for the cooling-off period, and the platform writes it when due (audited limit.pending, then limit.applied). A refusal keeps the settings shown. A saved reality-check interval reaches the running reality check.',
    tests: [
      'machines/responsible-gaming/responsible-gaming.machine.test.ts',
      'sandbox/api/responsible-gaming.test.ts',
      'sandbox/api/loss-limit.test.ts',
      'e2e/responsible-gaming.spec.ts',
    ],
  },
  {
    name: 'self-exclusion',
    file: 'machines/responsible-gaming/self-exclusion.machine.ts',
    key: true,
    guarantees:
      'Nothing is sent until the player has chosen a period and confirmed the consequences, shown with the end date. The date sent is the date shown, and it is read again after a refusal. Once recorded, the exclusion is final: the session ends at once and the dates are shown. On the platform, the start is audited (self_exclusion.started, with the period before and after), every session is revoked, open pix codes are cancelled, and every later sign-in is refused with 403. An indefinite exclusion can be ended only through a one-use token after the waiting period (self_exclusion.removed).',
    tests: [
      'machines/responsible-gaming/self-exclusion.machine.test.ts',
      'sandbox/api/responsible-gaming.test.ts',
      'sandbox/panel/self-exclusion.test.ts',
      'e2e/self-exclusion.spec.ts',
    ],
  },
  {
    name: 'reality-check',
    file: 'machines/responsible-gaming/reality-check.machine.ts',
    key: false,
    guarantees:
      "While a player is signed in, the game pauses every 15, 30 or 60 minutes for a modal with the session's time and net result, until the player chooses to continue. The default is 60 minutes when the player's choice cannot be read, and the modal shows even when the figures cannot be read. A new interval restarts the count.",
    tests: ['machines/responsible-gaming/reality-check.machine.test.ts', 'e2e/responsible-gaming.spec.ts'],
  },
  {
    name: 'play-time',
    file: 'machines/responsible-gaming/play-time.machine.ts',
    key: false,
    guarantees:
      'A player with a daily play-time limit is warned 10 minutes before it runs out, or at once when less is left, and can close the warning. When the time is up the limit is read again, so the platform ends the session with its reason, even for a player who is only watching. Reads are never less than a minute apart, and a newly saved limit is read at once.',
    tests: ['machines/responsible-gaming/play-time.machine.test.ts', 'sandbox/api/responsible-gaming.test.ts'],
  },
  {
    name: 'profile',
    file: 'machines/profile/profile.machine.ts',
    key: false,
    guarantees:
      "A name that breaks §5's full-name rule and an avatar that is not a JPEG, PNG or WebP of at most 2 MiB are never sent (the image itself never enters the flow); one save at a time; the platform's answer replaces the profile and a refusal keeps it; a stored new language is announced so the app switches to it, and the language already stored is not sent again.",
    tests: ['machines/profile/profile.machine.test.ts'],
  },
  {
    name: 'access-data',
    file: 'machines/access-data/access-data.machine.ts',
    key: false,
    guarantees:
      "/user/edit/access-data's flows run only once the account is read, each with the player's own e-mail, phone and verification states; a failed read shows why and can be tried again.",
    tests: ['machines/access-data/access-data.machine.test.ts'],
  },
  {
    name: 'contact-verification',
    file: 'machines/access-data/contact-verification.machine.ts',
    key: false,
    guarantees:
      'A code is asked for only by the player, and a new one only after the 20 s wait, counted down a second at a time; a code that is not 6 digits is never sent; a refused code says why (wrong, expired, too many tries); a verified address stays verified, and a phone channel without a number offers nothing.',
    tests: ['machines/access-data/contact-verification.machine.test.ts'],
  },
  {
    name: 'resend-countdown',
    file: 'machines/kernel/resend-countdown.machine.ts',
    key: false,
    guarantees:
      "§9's 20 s resend wait, one child for every flow that sends a code (contact verification and change, password change, the login modal's recovery): it counts down a second at a time, tells its parent the seconds left each second and ends at 0, so a new code can only be asked for then; a wait the platform gave (a 429) starts it from that figure, none or a nonsensical one ends it at once.",
    tests: ['machines/kernel/resend-countdown.machine.test.ts'],
  },
  {
    name: 'password-change',
    file: 'machines/access-data/password-change.machine.ts',
    key: false,
    guarantees:
      'The new password never enters an event or the context (it goes through the drop); the change is sent only after the e-mailed code was verified; a new code only after the 20 s wait; a code that stopped working at the change goes back to the code step; cancelling forgets the code.',
    tests: ['machines/access-data/password-change.machine.test.ts'],
  },
  {
    name: 'account-sessions',
    file: 'machines/access-data/account-sessions.machine.ts',
    key: false,
    guarantees:
      'Only another of the player\'s own listed sessions can be ended here (this one is ended by signing out); "sign out everywhere else" is sent only after a confirmation; after any ending the list is read again from the platform.',
    tests: ['machines/access-data/account-sessions.machine.test.ts'],
  },
  {
    name: 'contact-change',
    file: 'machines/access-data/contact-change.machine.ts',
    key: false,
    guarantees:
      'The current password never enters an event or the context (it goes through the drop); the code is asked for only with the new value and the password, and a new one only after the 20 s wait (the password asked again); a code that is not 6 digits is never sent; a refused code says why (wrong, expired, too many tries); only a code confirmed by the platform makes the new address the one shown, verified; cancelling forgets the new value.',
    tests: ['machines/access-data/contact-change.machine.test.ts'],
  },
  {
    name: 'personal-data',
    file: 'machines/personal-data/personal-data.machine.ts',
    key: false,
    guarantees:
      "The CPF is only ever held masked; a verified player's data is read-only and a save is never sent; a form with a problem (required parts, 18+, CEP of 8 digits, a real UF) is never sent and each problem shows on its field; a 409 turns the data read-only; a refusal keeps the form as sent.",
    tests: ['machines/personal-data/personal-data.machine.test.ts'],
  },
  {
    name: 'bets-history',
    file: 'machines/bets-history/bets-history.machine.ts',
    key: false,
    guarantees:
      'One page of rounds and sports bets at a time, only a page that exists; the rows shown stay while another loads or fails; no bets at all is the empty state; a failure shows §8 with a retry of the page wanted.',
    tests: ['machines/bets-history/bets-history.machine.test.ts'],
  },
  {
    name: 'verification',
    file: 'machines/documents/verification.machine.ts',
    key: false,
    guarantees:
      "There is one document flow for each type: ID front, ID back, selfie and proof of address. Each starts from the platform's status. When the status is read again it reaches every document, and a failed read leaves the page as it was.",
    tests: [
      'machines/documents/verification.machine.test.ts',
      'sandbox/api/documents.test.ts',
      'e2e/verification.spec.ts',
    ],
  },
  {
    name: 'document',
    file: 'machines/documents/document.machine.ts',
    key: true,
    guarantees:
      'A file is sent only after it passes the client-side check: type, and size up to the shared 5 MiB limit. One upload runs at a time, with progress. A refusal keeps the chosen file and shows the reason. Only a pending document can be cancelled; a rejected or cancelled one can be sent again. The file, its name and its preview URL never enter the machine, so they never reach the inspector or a recording. On the platform every upload, cancellation, approval and refusal is audited, and approving the last type marks the identity as verified.',
    tests: ['machines/documents/document.machine.test.ts', 'sandbox/api/documents.test.ts', 'e2e/verification.spec.ts'],
  },
  {
    name: 'gallery',
    file: 'machines/gallery/gallery.machine.ts',
    key: false,
    guarantees:
      "The design-system gallery's demo dialog opens and closes from its own buttons, and its demo notices are dismissed and shown again, independently of each other.",
    tests: ['machines/gallery/gallery.machine.test.ts'],
  },
  {
    name: 'install-prompt',
    file: 'machines/install/install-prompt.machine.ts',
    key: false,
    guarantees:
      "The install modal never shows while a deferred prompt is held, nor before the player asks; the browser's dialog opens only from the player's request on a held prompt; once installed (appinstalled or standalone display mode) nothing is offered.",
    tests: ['machines/install/install-prompt.machine.test.ts'],
  },
  {
    name: 'build-watch',
    file: 'machines/build-watch/build-watch.machine.ts',
    key: false,
    guarantees:
      'latest.json is read every 5 minutes and when the tab becomes visible; only another well-formed build id offers a reload (a missing, malformed or oversized file changes nothing); a new service worker replacing an active one, or a chunk that failed to load, reloads the page, but never twice within 10 s (§9) and never while a pix deposit is awaiting payment: the reload waits for it and the player is told why.',
    tests: ['machines/build-watch/build-watch.machine.test.ts'],
  },
  {
    name: 'coupon',
    file: 'machines/bonus/coupon.machine.ts',
    key: false,
    guarantees:
      'An empty code is never checked and a too long or control-character code never sent; a coupon found valid is cached by code and valid at once again; typing again cancels the check in flight and its late answer is never applied; clearCoupon leaves it invalid with no data.',
    tests: ['machines/bonus/coupon.machine.test.ts'],
  },
  {
    name: 'bonus-list',
    file: 'machines/bonus/bonus-list.machine.ts',
    key: false,
    guarantees:
      'The coupons, cashback or ranking list is read as the data body or the array itself; any failure (a body that is no list included) is kept as error state with a retry, and the last list read stays shown while another loads or fails.',
    tests: ['machines/bonus/bonus-list.machine.test.ts'],
  },
  {
    name: 'cashback',
    file: 'machines/bonus/cashback.machine.ts',
    key: false,
    guarantees:
      'The counts follow §9 at the time the app last sent; one claim at a time, only of an item with a slot available, followed by a reload of the list; a failed claim keeps the list and the failure.',
    tests: ['machines/bonus/cashback.machine.test.ts'],
  },
  {
    name: 'rank',
    file: 'machines/bonus/rank.machine.ts',
    key: false,
    guarantees:
      "The levels and a player's standing load together (a guest's levels only); a refresh reads the standing again with the last one shown, a newer refresh replacing an older one; a failed refresh keeps the last standing; the level-up moment shows only a rise seen on the page, until dismissed.",
    tests: ['machines/bonus/rank.machine.test.ts'],
  },
  {
    name: 'refers',
    file: 'machines/refers/refers.machine.ts',
    key: false,
    guarantees:
      'The link is built only from a plain referral code (letters and digits) of GET /profile/affiliates; a failure or a body without a code is error state with a retry, and the last body stays shown while a reload runs; one copy or share at a time, a refused clipboard says so and a closed share sheet is no failure.',
    tests: ['machines/refers/refers.machine.test.ts'],
  },
  {
    name: 'promotions',
    file: 'machines/promotions/promotions.machine.ts',
    key: false,
    guarantees:
      'The list or the promotion is asked in the page language; a slug that is not one is never asked and is not found like a 404; a failure, or a body of another shape, is error state with a retry; the HTML is kept raw for the page to sanitise, and on a regulated brand a deposit bonus or an advance is never offered (its rule named instead).',
    tests: ['machines/promotions/promotions.machine.test.ts'],
  },
  {
    name: 'missions',
    file: 'machines/missions/missions.machine.ts',
    key: false,
    guarantees:
      'A player’s missions are loaded and reloaded when a bet moves the balance while one is accepted; a mission assigned live is announced and shown (a malformed payload is dropped); one accept at a time; a reward is claimed from its widget only (the list’s claim goes there), once; a guest has only what arrived live and never loads or accepts.',
    tests: ['machines/missions/missions.machine.test.ts'],
  },
  {
    name: 'mission-widget',
    file: 'machines/missions/mission-widget.machine.ts',
    key: false,
    guarantees:
      "A widget stays within [74 px, viewport height − its height] whether dragged, moved by keys, toggled or resized, and its place is saved when the player moves or toggles it; the reward is claimed once (a claimed widget ignores every claim) and a failure shows the server's message or §8's fallback text.",
    tests: ['machines/missions/mission-widget.machine.test.ts'],
  },
  {
    name: 'box-purchase',
    file: 'machines/boxes/box-purchase.machine.ts',
    key: false,
    guarantees:
      'A box is bought only after the player confirmed its price, once (nothing is heard while buying); not enough balance ends asking the app to open the deposit; any other refusal shows its text and can be retried or dismissed.',
    tests: ['machines/boxes/box-purchase.machine.test.ts'],
  },
  {
    name: 'box-opening',
    file: 'machines/boxes/box-opening.machine.ts',
    key: false,
    guarantees:
      'The reel lands only once both the draw is in and the minimum spin time has passed (no spin and a short landing with reduced motion), always on the drawn prize; a refused draw moves nothing and can be retried; a revealed prize is collected or sold once.',
    tests: ['machines/boxes/box-opening.machine.test.ts'],
  },
  {
    name: 'box-sale',
    file: 'machines/boxes/box-sale.machine.ts',
    key: false,
    guarantees:
      'A prize or an unopened box is sold only after the player confirmed its value, once; a refusal shows its text and can be retried or given up.',
    tests: ['machines/boxes/box-sale.machine.test.ts'],
  },
  {
    name: 'box-page',
    file: 'machines/boxes/box-page.machine.ts',
    key: false,
    guarantees:
      "A box page shows the box and its odds before any purchase; a purchase's new balance reaches the session and its box opens on the reel; lack of money asks the app for the deposit; only the player's own unopened boxes can be opened; after an opening the next commitment is fetched again.",
    tests: ['machines/boxes/box-page.machine.test.ts'],
  },
  {
    name: 'crates',
    file: 'machines/boxes/crates.machine.ts',
    key: false,
    guarantees:
      "The brand's boxes are listed in the page's language and filtered by one colour or none; a failed load shows its text and can be retried.",
    tests: ['machines/boxes/crates.machine.test.ts'],
  },
  {
    name: 'inventory',
    file: 'machines/boxes/inventory.machine.ts',
    key: false,
    guarantees:
      "Only the player's owned boxes and prizes can be sold or opened, one sale or opening at a time, a sale after a confirmation; the balance after a sale reaches the session; a box whose prizes cannot be fetched stays unopened; a box granted on the player's channel appears without a reload, after the sale or opening when one is under way.",
    tests: ['machines/boxes/inventory.machine.test.ts'],
  },
];
