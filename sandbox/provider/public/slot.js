/* global window, document */
/* Sandbox Games: the 5×3 slot with 10 paylines. The outcome comes from the provider's backend (seeded RNG);
 * this page only animates it. */
(function () {
  'use strict';
  var G = window.SandboxGames;
  var $ = G.$;
  var NS = 'http://www.w3.org/2000/svg';

  /** Each symbol: SVG markup in a 100×100 box (constant strings: no data from the network goes in here). */
  var ART = {
    cherry:
      '<path d="M50 14 C44 34 34 46 30 58 M50 14 C56 34 64 44 70 58" stroke="#2f8f3a" stroke-width="5" fill="none" stroke-linecap="round"/>' +
      '<path d="M50 14 C60 8 74 10 80 18 C70 22 58 22 50 14Z" fill="#3fbf55"/>' +
      '<circle cx="30" cy="68" r="17" fill="#e0143c"/><circle cx="70" cy="68" r="17" fill="#c20d33"/>' +
      '<circle cx="24" cy="62" r="5" fill="#ff8fa6"/><circle cx="64" cy="62" r="5" fill="#ff8fa6"/>',
    lemon:
      '<ellipse cx="50" cy="54" rx="36" ry="27" fill="#ffd62e" stroke="#e0a800" stroke-width="4"/>' +
      '<path d="M14 54 L6 50 M86 54 L94 50" stroke="#e0a800" stroke-width="6" stroke-linecap="round"/>' +
      '<ellipse cx="38" cy="44" rx="10" ry="5" fill="#fff5b8"/>',
    plum:
      '<circle cx="50" cy="58" r="30" fill="#7b2cbf"/><path d="M50 30 C50 46 46 70 50 86" stroke="#5a189a" stroke-width="4" fill="none"/>' +
      '<path d="M50 30 C58 16 72 14 80 20 C72 30 60 32 50 30Z" fill="#3fbf55"/><circle cx="38" cy="46" r="7" fill="#c77dff"/>',
    bell:
      '<path d="M50 12 C30 12 24 32 24 50 C24 62 18 70 12 76 L88 76 C82 70 76 62 76 50 C76 32 70 12 50 12Z" fill="#ffc400" stroke="#d18b00" stroke-width="4"/>' +
      '<circle cx="50" cy="84" r="8" fill="#d18b00"/><path d="M36 30 C32 38 32 46 32 54" stroke="#fff1a8" stroke-width="5" fill="none" stroke-linecap="round"/>',
    bar:
      '<rect x="8" y="28" width="84" height="44" rx="10" fill="#1d1d2b" stroke="#ffc83d" stroke-width="4"/>' +
      '<text x="50" y="62" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="30" fill="#fff">BAR</text>',
    star:
      '<polygon points="50,6 62,38 96,38 68,58 79,92 50,72 21,92 32,58 4,38 38,38" fill="#ffb703" stroke="#fb8500" stroke-width="4" stroke-linejoin="round"/>' +
      '<polygon points="50,22 56,40 40,40" fill="#ffe8a3"/>',
    seven:
      '<text x="50" y="86" text-anchor="middle" font-family="Arial Black, Impact, sans-serif" font-weight="900" font-size="92" fill="#e5383b" stroke="#7a0019" stroke-width="4">7</text>',
    wild:
      '<rect x="4" y="18" width="92" height="64" rx="14" fill="#2a1459" stroke="#ffc83d" stroke-width="5"/>' +
      '<text x="50" y="61" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="26" fill="#ffc83d">WILD</text>',
  };
  var NAMES = Object.keys(ART);
  var LINE_COLORS = ['#ff4d6d', '#3ddc84', '#4cc9f0', '#ffc83d', '#c77dff', '#ff9f1c', '#80ed99', '#f72585', '#4361ee', '#ffd6a5'];

  var cells = []; // cells[reel][row]
  var bet = 100;
  var busy = false;
  var grid = [
    ['seven', 'bell', 'cherry'],
    ['star', 'wild', 'lemon'],
    ['bar', 'seven', 'plum'],
    ['cherry', 'star', 'bell'],
    ['lemon', 'plum', 'seven'],
  ];

  function symbolSvg(name) {
    return '<svg viewBox="0 0 100 100" aria-hidden="true">' + (ART[name] || '') + '</svg>';
  }

  function setCell(reel, row, name) {
    var cell = cells[reel][row];
    if (cell.getAttribute('data-symbol') === name) return;
    cell.setAttribute('data-symbol', name);
    cell.innerHTML = symbolSvg(name);
  }

  function build() {
    var reels = $('reels');
    for (var r = 0; r < 5; r++) {
      var reel = document.createElement('div');
      reel.className = 'reel';
      cells.push([]);
      for (var row = 0; row < 3; row++) {
        var cell = document.createElement('div');
        cell.className = 'cell';
        reel.appendChild(cell);
        cells[r].push(cell);
      }
      reels.appendChild(reel);
    }
    showGrid(grid);
  }

  function showGrid(g) {
    for (var r = 0; r < 5; r++) for (var row = 0; row < 3; row++) setCell(r, row, g[r][row]);
  }

  function clearWins() {
    $('lines').textContent = '';
    cells.forEach(function (reel) {
      reel.forEach(function (cell) {
        cell.classList.remove('hit');
      });
    });
  }

  function drawWins(lines) {
    var paylines = G.state().paylines;
    lines.forEach(function (win, i) {
      var rows = paylines[win.line - 1];
      var line = document.createElementNS(NS, 'polyline');
      line.setAttribute(
        'points',
        rows
          .map(function (row, reel) {
            return reel * 100 + 50 + ',' + (row * 100 + 50);
          })
          .join(' '),
      );
      line.setAttribute('stroke', LINE_COLORS[(win.line - 1) % LINE_COLORS.length]);
      line.style.animationDelay = i * 0.1 + 's';
      $('lines').appendChild(line);
      for (var reel = 0; reel < win.count; reel++) cells[reel][rows[reel]].classList.add('hit');
    });
  }

  function say(text, error) {
    var message = $('message');
    message.textContent = text;
    message.className = 'message' + (error ? ' error' : '');
  }

  function renderBet() {
    $('bet').textContent = G.money(bet);
    var bets = G.state().bets;
    $('bet-down').disabled = busy || bet === bets[0];
    $('bet-up').disabled = busy || bet === bets[bets.length - 1];
    // The paytable is read before a bet: the spin waits until it is closed (it opens again at any time).
    $('spin').disabled = busy || G.paytableOpen();
    renderPaytable();
  }

  /** The paytable for the current bet (multiplier × line bet) and the stake's possible multipliers. */
  function renderPaytable() {
    var state = G.state();
    var lineBet = Math.floor(bet / state.paylines.length);
    var table = document.createElement('table');
    table.className = 'pays';
    var head = document.createElement('tr');
    [G.t('symbol'), G.t('ofAKind', { n: 3 }), G.t('ofAKind', { n: 4 }), G.t('ofAKind', { n: 5 })].forEach(function (text) {
      var th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      head.appendChild(th);
    });
    var thead = document.createElement('thead');
    thead.appendChild(head);
    table.appendChild(thead);
    var body = document.createElement('tbody');
    var min = Infinity;
    var max = 0;
    NAMES.slice()
      .reverse()
      .forEach(function (name) {
        var pays = state.paytable[name];
        if (!pays) return;
        var row = document.createElement('tr');
        row.setAttribute('data-symbol', name);
        var cell = document.createElement('th');
        cell.scope = 'row';
        cell.className = 'sym';
        cell.innerHTML = symbolSvg(name); // constant markup (ART), never network data
        var label = document.createElement('span');
        label.className = 'visually-hidden';
        label.textContent = name.toUpperCase();
        cell.appendChild(label);
        row.appendChild(cell);
        pays.forEach(function (x) {
          min = Math.min(min, x);
          max = Math.max(max, x);
          var td = document.createElement('td');
          var strong = document.createElement('strong');
          strong.textContent = x + '×';
          var small = document.createElement('small');
          small.textContent = G.money(lineBet * x);
          td.appendChild(strong);
          td.appendChild(small);
          row.appendChild(td);
        });
        body.appendChild(row);
      });
    table.appendChild(body);
    $('paytable-body').textContent = '';
    $('paytable-body').appendChild(table);
    $('paytable-rule').textContent = G.t('slotRule');
    $('bet-multiplier').textContent = G.t('slotMultiplier', {
      bet: G.money(bet),
      line: G.money(lineBet),
      min: min + '×',
      max: max + '×',
      amount: G.money(lineBet * max),
    });
  }

  /** Reels blur and shuffle until stopped, then stop one by one from the left. */
  function spinReels() {
    var timers = [];
    for (var r = 0; r < 5; r++) {
      cells[r][0].parentNode.classList.add('spinning');
      timers.push(
        setInterval(
          (function (reel) {
            return function () {
              for (var row = 0; row < 3; row++) setCell(reel, row, NAMES[Math.floor(Math.random() * NAMES.length)]);
            };
          })(r),
          70,
        ),
      );
    }
    return function stop(finalGrid, done) {
      var reel = 0;
      (function next() {
        clearInterval(timers[reel]);
        cells[reel][0].parentNode.classList.remove('spinning');
        for (var row = 0; row < 3; row++) setCell(reel, row, finalGrid[reel][row]);
        reel++;
        if (reel < 5) setTimeout(next, 140);
        else done();
      })();
    };
  }

  function spin() {
    if (busy || G.paytableOpen()) return;
    busy = true;
    renderBet();
    clearWins();
    say('');
    $('win').textContent = '—';
    var stop = spinReels();
    var started = Date.now();
    G.api('/api/round', { bet: bet, client_seed: G.clientSeed() }).then(function (res) {
      setTimeout(function () {
        if (!res.ok) {
          stop(grid, function () {
            busy = false;
            renderBet();
            say(G.failed(res), true);
          });
          return;
        }
        var round = res.body;
        grid = round.outcome.grid;
        stop(grid, function () {
          busy = false;
          renderBet();
          drawWins(round.outcome.lines);
          $('win').textContent = round.win > 0 ? G.money(round.win) : '—';
          if (round.warning) say(G.t('errors.' + round.warning), true);
          else if (round.win >= bet * 10) say(G.t('bigWin', { amount: G.money(round.win) }));
          else if (round.win > 0)
            say(G.t('youWin', { amount: G.money(round.win) }) + ' · ' + G.t('lines', { n: round.outcome.lines.length }));
          else say(G.t('noWin'));
          G.settled(round);
        });
      }, Math.max(0, 650 - (Date.now() - started)));
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    build();
    G.start(function (state) {
      bet = state.bets[0];
      G.setupPaytable(renderBet);
      renderBet();
      $('bet-down').addEventListener('click', function () {
        bet = G.stepBet(bet, -1);
        renderBet();
      });
      $('bet-up').addEventListener('click', function () {
        bet = G.stepBet(bet, 1);
        renderBet();
      });
      $('spin').addEventListener('click', spin);
      document.addEventListener('keydown', function (event) {
        if (event.code === 'Space' && event.target === document.body) {
          event.preventDefault();
          spin();
        }
      });
    });
  });
})();
