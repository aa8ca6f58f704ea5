/* global window, document, location */
/* Sandbox Games: what both game pages share. Plain script (no framework), served from the provider's origin.
 * The page's session id (`sid`) is in its URL; every call goes to the provider's own backend, which alone
 * talks to the casino's wallet. After each round the page tells the casino window (its parent) the new balance,
 * with postMessage to the casino's origin only (never '*'): see sandbox/provider/README.md. */
(function () {
  'use strict';

  var TEXT = {
    pt: {
      balance: 'Saldo',
      bet: 'Aposta',
      win: 'Ganho',
      spin: 'Girar',
      play: 'Apostar',
      target: 'Sacar em',
      demo: 'Demo',
      real: 'Dinheiro real',
      fair: 'Jogo comprovadamente justo',
      seedHash: 'Hash da semente (antes da rodada)',
      clientSeed: 'Sua semente',
      nonce: 'Nonce',
      lastRound: 'Última rodada',
      serverSeed: 'Semente revelada',
      verify: 'Verificar',
      verified: 'Conferido: a semente bate com o hash e o resultado é o mesmo.',
      notVerified: 'Não confere!',
      forced: 'Resultado forçado pelo painel de QA (não vem da semente).',
      youWin: 'Você ganhou {amount}!',
      bigWin: 'GRANDE GANHO! {amount}',
      noWin: 'Não foi desta vez',
      lines: '{n} linha(s) premiada(s)',
      loading: 'Carregando…',
      cashedOut: 'Sacou em {x} · +{amount}',
      crashedAt: 'Crash em {x}',
      flying: 'Subindo…',
      ready: 'Escolha a aposta e o saque automático',
      paytableOpen: 'Tabela de pagamentos',
      paytableTitle: 'Tabela de pagamentos',
      paytableClose: 'Entendi',
      paytableNote: 'Nenhuma aposta é feita até você tocar em Girar ou Apostar: você pode sair do jogo sem apostar.',
      rtp: 'Retorno ao jogador (RTP): {rtp}',
      symbol: 'Símbolo',
      ofAKind: '{n} iguais',
      slotRule:
        '10 linhas de pagamento. Ganha a linha com 3, 4 ou 5 símbolos iguais a partir da esquerda; o WILD substitui qualquer símbolo. O prêmio é o multiplicador × a aposta por linha (a aposta ÷ 10). Valores para a aposta atual.',
      slotMultiplier: 'Aposta {bet} ({line} por linha): cada linha premiada paga de {min} a {max} a aposta por linha, até {amount}.',
      crashRule:
        'Antes da rodada você escolhe o saque automático, de {min} a {max}. Se o multiplicador chegar a ele, você recebe a aposta × o saque automático; se o jogo cair antes, perde a aposta.',
      crashMultiplier: 'Aposta {bet} × {x}: você recebe {amount} se o multiplicador chegar a {x}.',
      errors: {
        INSUFFICIENT_FUNDS: 'Saldo insuficiente para esta aposta.',
        LOSS_LIMIT_REACHED: 'Esta aposta passaria do seu limite de perda (jogo responsável).',
        SESSION_EXPIRED: 'Sua sessão de jogo expirou. Recarregue o jogo.',
        PLAYER_BLOCKED: 'Sua conta não pode apostar agora.',
        WALLET_UNAVAILABLE: 'A carteira do cassino não respondeu: a aposta foi cancelada.',
        CREDIT_PENDING: 'O ganho ainda não foi confirmado pela carteira do cassino.',
        MAINTENANCE: 'O jogo está em manutenção.',
        ROUND_IN_PROGRESS: 'Aguarde o fim da rodada.',
        NETWORK: 'Sem conexão com o jogo. Tente novamente.',
        DEFAULT: 'Algo deu errado. Tente novamente.',
      },
    },
    en: {
      balance: 'Balance',
      bet: 'Bet',
      win: 'Win',
      spin: 'Spin',
      play: 'Bet',
      target: 'Cash out at',
      demo: 'Demo',
      real: 'Real money',
      fair: 'Provably fair',
      seedHash: 'Seed hash (before the round)',
      clientSeed: 'Your seed',
      nonce: 'Nonce',
      lastRound: 'Last round',
      serverSeed: 'Revealed seed',
      verify: 'Verify',
      verified: 'Verified: the seed matches its hash and gives the same result.',
      notVerified: 'Does not match!',
      forced: 'Outcome forced from the QA panel (not from the seed).',
      youWin: 'You won {amount}!',
      bigWin: 'BIG WIN! {amount}',
      noWin: 'No win this time',
      lines: '{n} winning line(s)',
      loading: 'Loading…',
      cashedOut: 'Cashed out at {x} · +{amount}',
      crashedAt: 'Crashed at {x}',
      flying: 'Flying…',
      ready: 'Pick your bet and automatic cash-out',
      paytableOpen: 'Paytable',
      paytableTitle: 'Paytable',
      paytableClose: 'Got it',
      paytableNote: 'No bet is placed until you tap Spin or Bet: you can leave the game without betting.',
      rtp: 'Return to player (RTP): {rtp}',
      symbol: 'Symbol',
      ofAKind: '{n} of a kind',
      slotRule:
        '10 paylines. A line with 3, 4 or 5 matching symbols from the left wins; WILD stands in for any symbol. The prize is the multiplier × the line bet (the bet ÷ 10). Amounts for the current bet.',
      slotMultiplier: 'Bet {bet} ({line} a line): each winning line pays {min} to {max} the line bet, up to {amount}.',
      crashRule:
        'Before the round you pick the automatic cash-out, from {min} to {max}. If the multiplier reaches it, you get the bet × the cash-out; if the game crashes first, you lose the bet.',
      crashMultiplier: 'Bet {bet} × {x}: you get {amount} if the multiplier reaches {x}.',
      errors: {
        INSUFFICIENT_FUNDS: 'Not enough balance for this bet.',
        LOSS_LIMIT_REACHED: 'This bet would go past your loss limit (responsible gaming).',
        SESSION_EXPIRED: 'Your game session has expired. Reload the game.',
        PLAYER_BLOCKED: 'Your account cannot bet right now.',
        WALLET_UNAVAILABLE: "The casino's wallet did not answer: the bet was cancelled.",
        CREDIT_PENDING: "The win is not confirmed by the casino's wallet yet.",
        MAINTENANCE: 'The game is under maintenance.',
        ROUND_IN_PROGRESS: 'Wait for the round to end.',
        NETWORK: 'No connection to the game. Please try again.',
        DEFAULT: 'Something went wrong. Please try again.',
      },
    },
  };

  var sid = new URLSearchParams(location.search).get('sid') || '';
  var state = null;
  var lang = 'pt';

  function t(key, vars) {
    var dict = TEXT[lang] || TEXT.pt;
    var text = key.indexOf('errors.') === 0 ? dict.errors[key.slice(7)] || dict.errors.DEFAULT : dict[key] || key;
    Object.keys(vars || {}).forEach(function (name) {
      text = text.split('{' + name + '}').join(vars[name]);
    });
    return text;
  }

  function money(centavos) {
    return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' }).format(
      centavos / 100,
    );
  }

  function multiplier(hundredths) {
    return (hundredths / 100).toFixed(2) + '×';
  }

  /** An RTP in basis points as a percentage in the player's language (9259 → 92,59%). */
  function percent(bp) {
    return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'pt-BR', {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(bp / 10000);
  }

  // ---- paytable (Portaria SPA/MF 1.207/2024: before the first bet and at any time during the session) ----
  var paytableShown = true;
  function showPaytable(open) {
    paytableShown = open;
    $('paytable').hidden = !open;
    $('paytable-open').setAttribute('aria-expanded', open ? 'true' : 'false');
    if (open) $('paytable-close').focus();
    else $('paytable-open').focus();
  }
  function paytableOpen() {
    return paytableShown;
  }
  function setupPaytable(onChange) {
    $('rtp').textContent = t('rtp', { rtp: percent(state.rtp_bp) });
    $('paytable-open').addEventListener('click', function () {
      showPaytable(true);
      onChange();
    });
    $('paytable-close').addEventListener('click', function () {
      showPaytable(false);
      onChange();
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && paytableShown) {
        showPaytable(false);
        onChange();
      }
    });
    showPaytable(true);
  }

  function api(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.assign({ sid: sid }, body || {})),
      credentials: 'omit',
    }).then(
      function (response) {
        return response.json().then(
          function (json) {
            return { ok: response.ok, status: response.status, body: json };
          },
          function () {
            return { ok: false, status: response.status, body: { code: 'DEFAULT' } };
          },
        );
      },
      function () {
        return { ok: false, status: 0, body: { code: 'NETWORK' } };
      },
    );
  }

  /** The casino window, at the origin the casino launched us from (confirmed by the casino); else nobody. */
  function tell(message) {
    if (!state || !state.origin || window.parent === window) return;
    window.parent.postMessage(message, state.origin);
  }

  function $(id) {
    return document.getElementById(id);
  }

  function translate() {
    document.documentElement.lang = lang === 'en' ? 'en' : 'pt-BR';
    document.querySelectorAll('[data-i18n]').forEach(function (node) {
      node.textContent = t(node.getAttribute('data-i18n'));
    });
  }

  /** Loads the session; calls ready(state) or shows the error. */
  function start(ready) {
    api('/api/state').then(function (res) {
      if (!res.ok) {
        lang = document.documentElement.lang === 'en' ? 'en' : 'pt';
        translate();
        showFatal(t('errors.' + (res.body.code || 'DEFAULT')));
        tell({ type: 'casino:error', code: res.body.code || 'DEFAULT' });
        return;
      }
      state = res.body;
      lang = state.lang === 'en' ? 'en' : 'pt';
      translate();
      document.title = state.game.title + ' · Sandbox Games';
      $('title').textContent = state.game.title;
      var mode = $('mode');
      mode.textContent = t(state.mode);
      mode.className = 'mode ' + state.mode;
      setBalance(state.balance);
      renderCommit();
      $('app').setAttribute('aria-busy', 'false');
      ready(state);
      tell({ type: 'casino:ready', mode: state.mode, balance: state.balance, game: state.game.code });
    });
  }

  function showFatal(text) {
    var app = $('app');
    app.setAttribute('aria-busy', 'false');
    app.textContent = '';
    var box = document.createElement('main');
    box.className = 'notice';
    box.setAttribute('role', 'alert');
    box.setAttribute('data-testid', 'provider-error');
    box.textContent = text;
    document.body.className = 'notice-page';
    app.appendChild(box);
  }

  function setBalance(centavos) {
    if (typeof centavos !== 'number') return;
    state.balance = centavos;
    $('balance').textContent = money(centavos);
  }

  // ---- provably fair panel ----
  function renderCommit() {
    $('seed-hash').textContent = state.fair.server_seed_hash;
    $('nonce').textContent = String(state.fair.nonce);
    if (!$('client-seed').value) $('client-seed').value = state.fair.client_seed;
  }

  function clientSeed() {
    var input = $('client-seed');
    var value = input.value.trim();
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
      value = state.fair.client_seed;
      input.value = value;
    }
    return value;
  }

  var lastRound = null;

  /** After a round: reveal the seed, commit the next, tell the casino. */
  function settled(round, extra) {
    lastRound = { round: round, extra: extra || {} };
    state.fair = {
      server_seed_hash: round.fair.next_server_seed_hash,
      nonce: round.fair.nonce + 1,
      client_seed: round.fair.client_seed,
    };
    renderCommit();
    $('last-round').hidden = false;
    $('last-seed').textContent = round.fair.server_seed;
    $('last-hash').textContent = round.fair.server_seed_hash;
    $('last-client').textContent = round.fair.client_seed + ' : ' + round.fair.nonce;
    $('verdict').textContent = round.forced ? t('forced') : '';
    $('verdict').className = 'verdict';
    $('verify').hidden = !!round.forced;
    setBalance(round.balance);
    tell({
      type: 'casino:round',
      round_id: round.round_id,
      balance: round.balance,
      bet: round.bet,
      win: round.win,
      mode: state.mode,
    });
  }

  function verify() {
    if (!lastRound) return;
    var round = lastRound.round;
    var body = {
      engine: state.game.engine,
      server_seed: round.fair.server_seed,
      client_seed: round.fair.client_seed,
      nonce: round.fair.nonce,
      bet: round.bet,
    };
    if (round.outcome.engine === 'crash') body.target = round.outcome.target;
    else if (state.paytable_name) body.paytable = state.paytable_name;
    api('/api/verify', body).then(function (res) {
      var same =
        res.ok &&
        res.body.server_seed_hash === round.fair.server_seed_hash &&
        JSON.stringify(res.body.outcome) === JSON.stringify(round.outcome);
      $('verdict').textContent = same ? t('verified') : t('notVerified');
      $('verdict').className = 'verdict ' + (same ? 'ok' : 'bad');
    });
  }

  function failed(res) {
    var code = (res.body && res.body.code) || 'DEFAULT';
    if (res.body && typeof res.body.balance === 'number') setBalance(res.body.balance);
    tell({ type: 'casino:error', code: code, balance: state ? state.balance : null });
    return t('errors.' + code);
  }

  function stepBet(current, direction) {
    var bets = state.bets;
    var i = bets.indexOf(current);
    return bets[Math.min(bets.length - 1, Math.max(0, i + direction))];
  }

  document.addEventListener('DOMContentLoaded', function () {
    var button = $('verify');
    if (button) button.addEventListener('click', verify);
  });

  window.SandboxGames = {
    t: t,
    money: money,
    multiplier: multiplier,
    percent: percent,
    setupPaytable: setupPaytable,
    paytableOpen: paytableOpen,
    api: api,
    start: start,
    setBalance: setBalance,
    clientSeed: clientSeed,
    settled: settled,
    failed: failed,
    stepBet: stepBet,
    state: function () {
      return state;
    },
    $: $,
  };
})();
