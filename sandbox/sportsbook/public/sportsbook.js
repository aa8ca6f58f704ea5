// The sandbox sportsbook page (served by sandbox/sportsbook/plugin.ts on the game provider's origin).
// Plain script, no framework: every text goes in with textContent, never as HTML. Money is integer centavos;
// odds are integer hundredths. Talks only to its own origin; posts `{ type: 'casino:round', balance }` to the
// app that framed it, at the app's origin the operator signed into the launch URL, and to no other.
/* global document, window, history */
(function () {
  'use strict';

  var root = document.getElementById('app');
  if (!root) return;
  var data = document.body.dataset;
  var lang = data.lang === 'en' ? 'en' : 'pt';
  var mode = data.mode === 'real' ? 'real' : 'view';
  var sessionId = data.session || '';
  var parentOrigin = data.origin || '';

  // The launch token is single-use: drop it from the address so nothing copies or reloads it.
  try {
    history.replaceState(null, '', '/sportsbook/');
  } catch {
    /* framed pages may refuse; nothing to do */
  }

  var TEXT = {
    pt: {
      brand: 'Sandbox Sports',
      viewMode: 'Modo visualização',
      balance: 'Saldo',
      filters: { live: 'Ao vivo', soon: 'Em breve', today: 'Hoje', tomorrow: 'Amanhã', all: 'Todos' },
      allLeagues: 'Todas as ligas',
      live: 'AO VIVO',
      halfTime: 'Intervalo',
      today: 'Hoje',
      tomorrow: 'Amanhã',
      closed: 'Apostas encerradas',
      picks: { 1: 'Casa', X: 'Empate', 2: 'Fora' },
      slip: 'Boletim',
      emptySlip: 'Toque numa odd para montar sua aposta.',
      single: 'Simples',
      multiple: 'Múltipla',
      stake: 'Valor (R$)',
      stakeEach: 'Valor por aposta (R$)',
      totalStake: 'Total apostado',
      totalOdds: 'Odd total',
      potential: 'Ganho possível',
      place: 'Apostar',
      placing: 'Registrando…',
      clear: 'Limpar',
      remove: 'Remover',
      signIn: 'Entre na sua conta para apostar.',
      signInButton: 'Entrar para apostar',
      minStake: 'O valor mínimo é R$ 1,00.',
      maxStake: 'O valor máximo é R$ 10.000,00.',
      badStake: 'Informe um valor válido (ex.: 10,50).',
      sameMatch: 'A múltipla não combina dois palpites do mesmo jogo.',
      needTwo: 'Escolha pelo menos duas seleções para a múltipla.',
      placed: 'Aposta registrada!',
      placedMany: 'apostas registradas!',
      oddsChanged: 'As odds mudaram. Confira o boletim e aposte de novo.',
      oddsOffered: 'A odd mudou. A aposta só é feita na odd que você aceitar.',
      acceptOdds: 'Aceitar novas odds',
      oddsWas: 'antes',
      failed: 'Não foi possível registrar a aposta. Tente de novo.',
      offline: 'Sem conexão com as apostas. Tentando de novo…',
      sessionOver: 'Sua sessão de apostas terminou. Abra as apostas de novo pelo site.',
      myBets: 'Minhas apostas',
      noBets: 'Nenhuma aposta ainda.',
      status: { open: 'Em aberto', settling: 'Liquidando', won: 'Ganhou', lost: 'Perdeu', void: 'Anulada', refused: 'Recusada' },
      empty: 'Nenhum jogo neste filtro agora.',
      open: 'Abrir boletim',
      close: 'Fechar boletim',
    },
    en: {
      brand: 'Sandbox Sports',
      viewMode: 'View mode',
      balance: 'Balance',
      filters: { live: 'Live', soon: 'Starting soon', today: 'Today', tomorrow: 'Tomorrow', all: 'All' },
      allLeagues: 'All leagues',
      live: 'LIVE',
      halfTime: 'Half time',
      today: 'Today',
      tomorrow: 'Tomorrow',
      closed: 'Betting closed',
      picks: { 1: 'Home', X: 'Draw', 2: 'Away' },
      slip: 'Bet slip',
      emptySlip: 'Tap any odds to build your bet.',
      single: 'Singles',
      multiple: 'Multiple',
      stake: 'Stake (R$)',
      stakeEach: 'Stake per bet (R$)',
      totalStake: 'Total stake',
      totalOdds: 'Total odds',
      potential: 'Potential win',
      place: 'Place bet',
      placing: 'Placing…',
      clear: 'Clear',
      remove: 'Remove',
      signIn: 'Sign in to place bets.',
      signInButton: 'Sign in to bet',
      minStake: 'The minimum stake is R$ 1.00.',
      maxStake: 'The maximum stake is R$ 10,000.00.',
      badStake: 'Enter a valid amount (e.g. 10.50).',
      sameMatch: 'A multiple cannot combine two picks of the same match.',
      needTwo: 'Pick at least two selections for a multiple.',
      placed: 'Bet placed!',
      placedMany: 'bets placed!',
      oddsChanged: 'The odds changed. Check your slip and bet again.',
      oddsOffered: 'The price changed. The bet is only placed at a price you accept.',
      acceptOdds: 'Accept the new odds',
      oddsWas: 'was',
      failed: 'The bet could not be placed. Try again.',
      offline: 'The sportsbook is unreachable. Retrying…',
      sessionOver: 'Your betting session has ended. Open sports betting again from the site.',
      myBets: 'My bets',
      noBets: 'No bets yet.',
      status: { open: 'Open', settling: 'Settling', won: 'Won', lost: 'Lost', void: 'Void', refused: 'Refused' },
      empty: 'No matches in this filter right now.',
      open: 'Open bet slip',
      close: 'Close bet slip',
    },
  }[lang];

  var locale = lang === 'en' ? 'en' : 'pt-BR';
  var money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
  var timeFormat = new Intl.DateTimeFormat(locale, { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
  var dayFormat = new Intl.DateTimeFormat(locale, { timeZone: 'America/Sao_Paulo', weekday: 'short', day: '2-digit', month: '2-digit' });
  var MIN_STAKE = 100;
  var MAX_STAKE = 1000000;
  var QUICK = [500, 1000, 2000, 5000];

  var state = {
    fixtures: [],
    filter: 'all',
    league: 'all',
    slip: [], // { fixture_id, pick, odds, home, away, league, changed }
    kind: 'single',
    stakeText: '10',
    balance: null,
    bets: [],
    placing: false,
    pendingIds: null, // bet ids of the slip being placed, kept for a retry of the same slip
    notice: null, // { text, tone }
    slipOpen: false,
    offline: false,
    sessionOver: false,
  };

  // --- helpers -------------------------------------------------------------------------------------------
  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) return;
        if (key === 'class') el.className = value;
        else if (key === 'text') el.textContent = value;
        else if (key.slice(0, 2) === 'on') el.addEventListener(key.slice(2), value);
        else el.setAttribute(key, value === true ? '' : String(value));
      });
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined || child === false) continue;
      if (Array.isArray(child)) child.forEach(function (c) { if (c) el.appendChild(c); });
      else el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return el;
  }
  function odds(hundredths) {
    return (hundredths / 100).toFixed(2);
  }
  /** "10", "10,50", "10.50", "1.234,56" → centavos, or null. */
  function parseStake(text) {
    var t = String(text).trim().replace(/^R\$\s*/, '');
    if (!t) return null;
    var m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(t) || /^(\d+)(?:\.(\d{1,2}))?$/.exec(t);
    if (lang === 'en') m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(t) || m;
    if (!m) return null;
    var whole = Number(m[1].replace(/[.,]/g, ''));
    var cents = m[2] ? Number((m[2] + '0').slice(0, 2)) : 0;
    var value = whole * 100 + cents;
    return Number.isSafeInteger(value) ? value : null;
  }
  function centsToInput(c) {
    var reais = Math.floor(c / 100);
    var rest = c % 100;
    return rest ? reais + (lang === 'en' ? '.' : ',') + String(rest).padStart(2, '0') : String(reais);
  }
  /** Integer centavos won at these odds: the same exact product as the server. */
  function payout(stake, list) {
    var n = BigInt(stake);
    var d = BigInt(1);
    list.forEach(function (o) {
      n *= BigInt(o);
      d *= BigInt(100);
    });
    return Number(n / d);
  }
  function newBetId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }
  function kickoffLabel(f) {
    var d = new Date(f.kickoff);
    if (f.status === 'today' || f.status === 'soon') return TEXT.today + ', ' + timeFormat.format(d);
    if (f.status === 'tomorrow') return TEXT.tomorrow + ', ' + timeFormat.format(d);
    return dayFormat.format(d) + ', ' + timeFormat.format(d);
  }
  function api(path, options) {
    var headers = { accept: 'application/json' };
    if (sessionId) headers['x-sportsbook-session'] = sessionId;
    if (options && options.body) headers['content-type'] = 'application/json';
    return fetch('/sportsbook/api/' + path, {
      method: (options && options.method) || 'GET',
      headers: headers,
      body: options && options.body ? JSON.stringify(options.body) : undefined,
      cache: 'no-store',
      credentials: 'omit',
    }).then(function (res) {
      return res.json().then(
        function (json) { return { status: res.status, body: json }; },
        function () { return { status: res.status, body: {} }; },
      );
    });
  }
  /** Tells the app that framed us the new balance, at its own origin only. */
  function tellParent(balance) {
    if (!parentOrigin || window.parent === window || typeof balance !== 'number') return;
    try {
      window.parent.postMessage({ type: 'casino:round', balance: balance }, parentOrigin);
    } catch {
      /* a wrong origin throws nothing: the message is simply not delivered */
    }
  }

  // --- data ----------------------------------------------------------------------------------------------
  function applyFixtures(list) {
    state.fixtures = list;
    var byId = {};
    list.forEach(function (f) { byId[f.id] = f; });
    state.slip = state.slip
      .map(function (s) {
        var f = byId[s.fixture_id];
        if (!f || !f.odds) return null;
        // The slip keeps the price the player accepted; a new price is only offered (Portaria SPA/MF 1.231/2024
        // arts. 26–27: the price on the slip is the price of the bet, or the player accepts the new one).
        var now = f.odds[s.pick];
        return Object.assign({}, s, { offered: now !== s.odds ? now : null, changed: s.changed || now !== s.odds });
      })
      .filter(Boolean);
  }
  function loadFixtures() {
    return api('fixtures').then(
      function (res) {
        state.offline = false;
        if (res.status === 200 && Array.isArray(res.body.fixtures)) applyFixtures(res.body.fixtures);
        render();
      },
      function () {
        state.offline = true;
        render();
      },
    );
  }
  function loadMe() {
    if (mode !== 'real') return Promise.resolve();
    return api('me').then(
      function (res) {
        if (res.status === 401) state.sessionOver = true;
        if (res.status === 200) {
          if (typeof res.body.balance === 'number') state.balance = res.body.balance;
          state.bets = res.body.bets || [];
        }
        render();
      },
      function () {},
    );
  }

  // --- slip ----------------------------------------------------------------------------------------------
  function toggle(f, pick) {
    if (!f.odds) return;
    var i = state.slip.findIndex(function (s) { return s.fixture_id === f.id; });
    var same = i >= 0 && state.slip[i].pick === pick;
    if (i >= 0) state.slip.splice(i, 1);
    if (!same) {
      state.slip.push({ fixture_id: f.id, pick: pick, odds: f.odds[pick], home: f.home, away: f.away, league: f.leagueName, changed: false });
      if (state.slip.length === 2 && state.kind === 'single') state.kind = 'multiple';
    }
    if (state.slip.length < 2) state.kind = 'single';
    state.pendingIds = null;
    state.notice = null;
    render();
  }
  function stakeProblem(stake) {
    if (stake === null) return TEXT.badStake;
    if (stake < MIN_STAKE) return TEXT.minStake;
    if (stake > MAX_STAKE) return TEXT.maxStake;
    return null;
  }
  function slipRequests(stake) {
    if (state.kind === 'multiple') {
      return [{ kind: 'multiple', stake: stake, selections: state.slip.map(function (s) { return { fixture_id: s.fixture_id, pick: s.pick, odds: s.odds }; }) }];
    }
    return state.slip.map(function (s) {
      return { kind: 'single', stake: stake, selections: [{ fixture_id: s.fixture_id, pick: s.pick, odds: s.odds }] };
    });
  }
  function offersPending() {
    return state.slip.some(function (s) { return typeof s.offered === 'number'; });
  }
  function acceptOffered() {
    state.slip = state.slip.map(function (s) {
      return typeof s.offered === 'number' ? Object.assign({}, s, { odds: s.offered, offered: null }) : s;
    });
    state.pendingIds = null;
    state.notice = null;
    render();
  }
  function place() {
    if (state.placing || mode !== 'real' || state.slip.length === 0 || offersPending()) return;
    var stake = parseStake(state.stakeText);
    var problem = stakeProblem(stake);
    if (problem) {
      state.notice = { text: problem, tone: 'error' };
      return render();
    }
    var requests = slipRequests(stake);
    // The same slip retried keeps its ids: the sportsbook and the wallet place it once.
    if (!state.pendingIds || state.pendingIds.length !== requests.length) state.pendingIds = requests.map(newBetId);
    var ids = state.pendingIds;
    state.placing = true;
    state.notice = null;
    render();
    var results = [];
    var chain = Promise.resolve();
    requests.forEach(function (req, i) {
      chain = chain.then(function () {
        return api('bets', { method: 'POST', body: Object.assign({ bet_id: ids[i] }, req) }).then(
          function (res) { results.push(res); },
          function () { results.push({ status: 0, body: {} }); },
        );
      });
    });
    chain.then(function () {
      state.placing = false;
      var placed = results.filter(function (r) { return r.status === 200 || r.status === 201; });
      var last = results[results.length - 1];
      var balances = results.map(function (r) { return r.body && r.body.balance; }).filter(function (b) { return typeof b === 'number'; });
      if (balances.length) {
        state.balance = balances[balances.length - 1];
        tellParent(state.balance);
      }
      if (placed.length === results.length) {
        state.notice = { text: placed.length > 1 ? placed.length + ' ' + TEXT.placedMany : TEXT.placed, tone: 'ok' };
        state.slip = [];
        state.kind = 'single';
        state.pendingIds = null;
        state.slipOpen = false;
      } else {
        var failed = results.find(function (r) { return !(r.status === 200 || r.status === 201); }) || last;
        if (failed.status === 401) state.sessionOver = true;
        if (failed.body && failed.body.code === 'ODDS_CHANGED') {
          if (Array.isArray(failed.body.fixtures)) {
            var fresh = {};
            failed.body.fixtures.forEach(function (f) { fresh[f.id] = f; });
            applyFixtures(state.fixtures.map(function (f) { return fresh[f.id] || f; }));
          }
          state.pendingIds = null;
          state.notice = { text: offersPending() ? TEXT.oddsOffered : TEXT.oddsChanged, tone: 'warn' };
        } else {
          // Drop the singles that went through; a retry sends the rest with their same ids.
          var keep = [];
          var keepIds = [];
          if (state.kind === 'single') {
            results.forEach(function (r, i) {
              if (!(r.status === 200 || r.status === 201)) {
                keep.push(state.slip[i]);
                keepIds.push(ids[i]);
              }
            });
            state.slip = keep;
            state.pendingIds = keepIds;
          }
          if (failed.body && failed.body.code && failed.body.code !== 'NETWORK_ERROR' && failed.status !== 0 && failed.status < 500) state.pendingIds = null;
          state.notice = { text: (failed.body && failed.body.message) || TEXT.failed, tone: 'error' };
        }
      }
      render();
      loadMe();
    });
  }

  // --- view ----------------------------------------------------------------------------------------------
  function chip(label, active, onclick, extra) {
    return h('button', { type: 'button', class: 'sb-chip' + (active ? ' is-active' : ''), 'aria-pressed': active ? 'true' : 'false', onclick: onclick }, label, extra || null);
  }
  function filtered() {
    return state.fixtures.filter(function (f) {
      if (state.league !== 'all' && f.league !== state.league) return false;
      if (state.filter === 'all') return true;
      if (state.filter === 'today') return f.status === 'today' || f.status === 'soon';
      return f.status === state.filter;
    });
  }
  function header() {
    var right =
      mode === 'real'
        ? h('div', { class: 'sb-balance', 'aria-live': 'polite' }, h('span', { class: 'sb-balance-label', text: TEXT.balance }), h('strong', { text: state.balance === null ? '—' : money.format(state.balance / 100) }))
        : h('span', { class: 'sb-badge', text: TEXT.viewMode });
    return h('header', { class: 'sb-top' }, h('div', { class: 'sb-logo' }, h('span', { class: 'sb-logo-mark', 'aria-hidden': 'true' }), h('span', { text: TEXT.brand })), right);
  }
  function filters() {
    var liveCount = state.fixtures.filter(function (f) { return f.status === 'live'; }).length;
    var statuses = ['all', 'live', 'soon', 'today', 'tomorrow'];
    var leagues = [];
    state.fixtures.forEach(function (f) {
      if (!leagues.some(function (l) { return l.id === f.league; })) leagues.push({ id: f.league, name: f.leagueName });
    });
    return h(
      'div',
      { class: 'sb-filters' },
      h('nav', { class: 'sb-chips', 'aria-label': TEXT.filters.all }, statuses.map(function (s) {
        return chip(TEXT.filters[s], state.filter === s, function () { state.filter = s; render(); }, s === 'live' && liveCount ? h('span', { class: 'sb-count', text: String(liveCount) }) : null);
      })),
      h('nav', { class: 'sb-chips sb-leagues', 'aria-label': TEXT.allLeagues }, [chip(TEXT.allLeagues, state.league === 'all', function () { state.league = 'all'; render(); })].concat(
        leagues.map(function (l) {
          return chip(l.name, state.league === l.id, function () { state.league = l.id; render(); });
        }),
      )),
    );
  }
  function card(f) {
    var chosen = state.slip.find(function (s) { return s.fixture_id === f.id; });
    var meta =
      f.status === 'live'
        ? h('div', { class: 'sb-meta is-live' }, h('span', { class: 'sb-live', text: TEXT.live }), h('span', { text: f.minute === 45 ? "45' · " + TEXT.halfTime : f.minute + "'" }))
        : h('div', { class: 'sb-meta' }, h('span', { text: kickoffLabel(f) }));
    function team(name, goals) {
      return h('div', { class: 'sb-team' }, h('span', { class: 'sb-team-name', text: name }), f.score ? h('span', { class: 'sb-score', text: String(goals) }) : null);
    }
    var odds3 = f.odds
      ? h('div', { class: 'sb-odds', role: 'group', 'aria-label': f.home + ' x ' + f.away }, ['1', 'X', '2'].map(function (pick) {
          var active = chosen && chosen.pick === pick;
          return h(
            'button',
            {
              type: 'button',
              class: 'sb-odd' + (active ? ' is-active' : ''),
              'aria-pressed': active ? 'true' : 'false',
              'aria-label': TEXT.picks[pick] + ' ' + odds(f.odds[pick]),
              onclick: function () { toggle(f, pick); },
            },
            h('span', { class: 'sb-odd-pick', text: pick }),
            h('span', { class: 'sb-odd-value', text: odds(f.odds[pick]) }),
          );
        }))
      : h('div', { class: 'sb-closed', text: TEXT.closed });
    return h('article', { class: 'sb-card' }, meta, h('div', { class: 'sb-teams' }, team(f.home, f.score ? f.score.home : 0), team(f.away, f.score ? f.score.away : 0)), odds3);
  }
  function list() {
    var items = filtered();
    if (items.length === 0) return h('p', { class: 'sb-empty', text: TEXT.empty });
    var groups = [];
    items.forEach(function (f) {
      var g = groups.find(function (x) { return x.id === f.league; });
      if (!g) groups.push((g = { id: f.league, name: f.leagueName, items: [] }));
      g.items.push(f);
    });
    return h('div', { class: 'sb-groups' }, groups.map(function (g) {
      return h('section', { class: 'sb-group', 'aria-label': g.name }, h('h2', { class: 'sb-league' }, h('span', { class: 'sb-flag sb-flag-' + g.id, 'aria-hidden': 'true' }), g.name), g.items.map(card));
    }));
  }
  function slip() {
    var count = state.slip.length;
    var stake = parseStake(state.stakeText);
    var oddsList = state.slip.map(function (s) { return s.odds; });
    var totalStake = stake === null ? 0 : state.kind === 'multiple' ? stake : stake * count;
    var potential =
      stake === null ? 0 : state.kind === 'multiple' ? payout(stake, oddsList) : oddsList.reduce(function (sum, o) { return sum + payout(stake, [o]); }, 0);
    var totalOdds = count ? payout(100, oddsList) : 0;

    var bar = h(
      'button',
      { type: 'button', class: 'sb-slip-bar', 'aria-expanded': state.slipOpen ? 'true' : 'false', 'aria-label': state.slipOpen ? TEXT.close : TEXT.open, onclick: function () { state.slipOpen = !state.slipOpen; render(); } },
      h('span', { class: 'sb-slip-count', text: String(count) }),
      h('span', { class: 'sb-slip-title', text: TEXT.slip }),
      count ? h('span', { class: 'sb-slip-odds', text: state.kind === 'multiple' ? '@ ' + odds(totalOdds) : money.format(totalStake / 100) }) : null,
    );
    var content;
    if (count === 0) {
      content = [h('p', { class: 'sb-muted', text: TEXT.emptySlip })];
    } else {
      content = [
        count > 1
          ? h('div', { class: 'sb-seg', role: 'tablist' },
              h('button', { type: 'button', role: 'tab', class: 'sb-seg-btn' + (state.kind === 'single' ? ' is-active' : ''), 'aria-selected': state.kind === 'single' ? 'true' : 'false', onclick: function () { state.kind = 'single'; state.pendingIds = null; render(); } }, TEXT.single),
              h('button', { type: 'button', role: 'tab', class: 'sb-seg-btn' + (state.kind === 'multiple' ? ' is-active' : ''), 'aria-selected': state.kind === 'multiple' ? 'true' : 'false', onclick: function () { state.kind = 'multiple'; state.pendingIds = null; render(); } }, TEXT.multiple))
          : null,
        h('ul', { class: 'sb-picks' }, state.slip.map(function (s) {
          var offered = typeof s.offered === 'number';
          return h('li', { class: 'sb-pick' + (s.changed ? ' is-changed' : ''), 'data-sb': 'slip-pick', 'data-offered': offered ? 'true' : 'false' },
            h('div', { class: 'sb-pick-main' },
              h('strong', { text: TEXT.picks[s.pick] + ' (' + s.pick + ')' }),
              h('span', { class: 'sb-muted', text: s.home + ' x ' + s.away })),
            offered
              ? h('span', { class: 'sb-pick-odds is-offered', 'data-sb': 'pick-odds' },
                  h('s', { 'aria-label': TEXT.oddsWas + ' ' + odds(s.odds), text: odds(s.odds) }),
                  ' → ',
                  h('strong', { 'data-sb': 'pick-offered', text: odds(s.offered) }))
              : h('span', { class: 'sb-pick-odds', 'data-sb': 'pick-odds', text: odds(s.odds) }),
            h('button', { type: 'button', class: 'sb-remove', 'aria-label': TEXT.remove, onclick: function () { state.slip = state.slip.filter(function (x) { return x !== s; }); if (state.slip.length < 2) state.kind = 'single'; state.pendingIds = null; render(); } }, '×'));
        })),
        offersPending()
          ? h('div', { class: 'sb-offer', role: 'alert' },
              h('p', { text: TEXT.oddsOffered }),
              h('button', { type: 'button', class: 'sb-primary', 'data-sb': 'accept-odds', onclick: acceptOffered }, TEXT.acceptOdds))
          : null,
        h('label', { class: 'sb-stake' },
          h('span', { text: state.kind === 'single' && count > 1 ? TEXT.stakeEach : TEXT.stake }),
          h('input', { id: 'sb-stake', type: 'text', inputmode: 'decimal', autocomplete: 'off', value: state.stakeText, oninput: function (e) { state.stakeText = e.target.value; state.pendingIds = null; renderSummaryOnly(); } })),
        h('div', { class: 'sb-quick' }, QUICK.map(function (q) {
          return h('button', { type: 'button', class: 'sb-chip', onclick: function () { state.stakeText = centsToInput(q); state.pendingIds = null; render(); } }, money.format(q / 100).replace(/[,.]00$/, ''));
        })),
        h('dl', { class: 'sb-summary', id: 'sb-summary' },
          h('div', null, h('dt', { text: TEXT.totalStake }), h('dd', { text: money.format(totalStake / 100) })),
          state.kind === 'multiple' ? h('div', null, h('dt', { text: TEXT.totalOdds }), h('dd', { text: odds(totalOdds) })) : null,
          h('div', { class: 'sb-win' }, h('dt', { text: TEXT.potential }), h('dd', { text: money.format(potential / 100) }))),
        h('div', { class: 'sb-actions' },
          h('button', { type: 'button', class: 'sb-secondary', onclick: function () { state.slip = []; state.kind = 'single'; state.pendingIds = null; state.notice = null; render(); } }, TEXT.clear),
          mode === 'real'
            ? h('button', { type: 'button', class: 'sb-primary', 'data-sb': 'place', disabled: state.placing || state.sessionOver || offersPending(), onclick: place }, state.placing ? TEXT.placing : TEXT.place + ' ' + money.format(totalStake / 100))
            : h('button', { type: 'button', class: 'sb-primary', disabled: true }, TEXT.signInButton)),
        mode === 'view' ? h('p', { class: 'sb-muted sb-center', text: TEXT.signIn }) : null,
      ];
    }
    return h('aside', { class: 'sb-slip' + (state.slipOpen ? ' is-open' : '') + (count ? ' has-picks' : ''), 'aria-label': TEXT.slip },
      bar,
      h('div', { class: 'sb-slip-body' }, content));
  }
  function renderSummaryOnly() {
    // Typing in the stake re-renders the numbers only, so the input keeps its focus and caret.
    var old = document.getElementById('sb-summary');
    if (!old) return;
    var input = document.getElementById('sb-stake');
    var caret = input ? input.selectionStart : null;
    render();
    var again = document.getElementById('sb-stake');
    if (again) {
      again.focus();
      if (caret !== null) again.setSelectionRange(caret, caret);
    }
  }
  function myBets() {
    if (mode !== 'real') return null;
    return h('section', { class: 'sb-mybets', 'aria-label': TEXT.myBets }, h('h2', { class: 'sb-league', text: TEXT.myBets }),
      state.bets.length === 0
        ? h('p', { class: 'sb-muted', text: TEXT.noBets })
        : h('ul', { class: 'sb-betlist' }, state.bets.map(function (b) {
            return h('li', { class: 'sb-bet is-' + b.status },
              h('div', { class: 'sb-bet-head' },
                h('strong', { text: (b.kind === 'multiple' ? TEXT.multiple : TEXT.single) + ' @ ' + odds(b.odds) }),
                h('span', { class: 'sb-tag is-' + b.status, text: TEXT.status[b.status] || b.status })),
              h('ul', { class: 'sb-bet-picks' }, b.selections.map(function (s) {
                return h('li', null, s.home + ' x ' + s.away + ' · ' + TEXT.picks[s.pick] + ' ' + odds(s.odds));
              })),
              h('div', { class: 'sb-bet-foot' },
                h('span', { text: money.format(b.stake / 100) }),
                h('span', { text: '→ ' + money.format(b.potential_win / 100) })));
          })));
  }
  function notice() {
    if (state.sessionOver) return h('div', { class: 'sb-notice is-error', role: 'alert', text: TEXT.sessionOver });
    if (state.offline) return h('div', { class: 'sb-notice is-warn', role: 'status', text: TEXT.offline });
    if (!state.notice) return null;
    return h('div', { class: 'sb-notice is-' + state.notice.tone, role: state.notice.tone === 'error' ? 'alert' : 'status', text: state.notice.text });
  }
  function render() {
    var scrollY = window.scrollY;
    root.replaceChildren.apply(
      root,
      [header(), filters(), notice(), h('main', { class: 'sb-main' }, list(), myBets()), slip()].filter(Boolean),
    );
    root.removeAttribute('aria-busy');
    document.body.classList.toggle('sb-locked', state.slipOpen);
    window.scrollTo(0, scrollY);
  }

  loadFixtures().then(loadMe);
  setInterval(loadFixtures, 20000);
  if (mode === 'real') setInterval(loadMe, 30000);
})();
