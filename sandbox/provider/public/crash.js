/* global window, document, requestAnimationFrame */
/* Sandbox Games: the crash game. The player sets an automatic cash-out before the round; the provider's backend
 * draws the crash point from the seeded RNG and settles the bet; this page animates the flight. */
(function () {
  'use strict';
  var G = window.SandboxGames;
  var $ = G.$;

  var bet = 100;
  var busy = false;
  var history = [];

  function renderBet() {
    $('bet').textContent = G.money(bet);
    var bets = G.state().bets;
    $('bet-down').disabled = busy || bet === bets[0];
    $('bet-up').disabled = busy || bet === bets[bets.length - 1];
    // The payout rule is read before a bet: the bet waits until it is closed (it opens again at any time).
    $('play').disabled = busy || G.paytableOpen();
    $('target').disabled = busy;
    renderRule();
  }

  /** The payout rule, and what the stake would pay at the chosen cash-out (the multiplier at bet time). */
  function renderRule() {
    var state = G.state();
    var target = currentTarget();
    $('paytable-rule').textContent = G.t('crashRule', {
      min: G.multiplier(state.crash.min_target),
      max: G.multiplier(state.crash.max_target),
    });
    $('paytable-body').textContent = '';
    $('bet-multiplier').textContent = G.t('crashMultiplier', {
      bet: G.money(bet),
      x: G.multiplier(target),
      amount: G.money(Math.floor((bet * target) / 100)),
    });
  }

  /** The cash-out typed so far, within the limits (not written back while the player types). */
  function currentTarget() {
    var state = G.state();
    var value = Math.round(Number($('target').value) * 100);
    if (!isFinite(value)) value = 200;
    return Math.min(state.crash.max_target, Math.max(state.crash.min_target, value));
  }

  function say(text, error) {
    $('status').textContent = text;
    $('status').className = 'status' + (error ? ' error' : '');
  }

  function targetHundredths() {
    var state = G.state();
    var value = Math.round(Number($('target').value) * 100);
    if (!isFinite(value)) value = 200;
    value = Math.min(state.crash.max_target, Math.max(state.crash.min_target, value));
    $('target').value = (value / 100).toFixed(2);
    return value;
  }

  function draw(points, yMax) {
    var d = '';
    points.forEach(function (p, i) {
      var x = p[0] * 400;
      var y = 240 - ((p[1] - 1) / (yMax - 1)) * 210 - 10;
      d += (i ? ' L' : 'M') + x.toFixed(1) + ' ' + y.toFixed(1);
    });
    $('curve').setAttribute('d', d);
    var last = points[points.length - 1];
    var lx = last[0] * 400;
    var ly = 240 - ((last[1] - 1) / (yMax - 1)) * 210 - 10;
    $('area').setAttribute('d', d + ' L' + lx.toFixed(1) + ' 240 L0 240 Z');
    $('rocket').setAttribute('cx', lx.toFixed(1));
    $('rocket').setAttribute('cy', ly.toFixed(1));
  }

  /** Flies from 1.00× to the crash point (hundredths); marks the cash-out on the way. */
  function fly(crash, target, won, done) {
    var stage = $('stage');
    stage.className = 'stage';
    var end = crash / 100;
    // 2× in 1.5 s, at most 7 s for the whole flight.
    var k = Math.max(Math.LN2 / 1500, Math.log(end) / 7000);
    var duration = Math.log(end) / k;
    var started = performance.now();
    var points = [[0, 1]];
    var cashed = false;
    function frame(now) {
      var elapsed = Math.min(duration, now - started);
      var m = Math.exp(k * elapsed);
      var shown = Math.min(end, Math.floor(m * 100) / 100);
      points.push([duration > 0 ? elapsed / Math.max(duration, 1) : 1, shown]);
      draw(points, Math.max(2, shown * 1.15));
      $('mult').textContent = shown.toFixed(2) + '×';
      if (won && !cashed && shown * 100 >= target) {
        cashed = true;
        stage.classList.add('cashed');
        $('mult-note').textContent = G.t('cashedOut', { x: G.multiplier(target), amount: '' }).replace(' · +', '');
      }
      if (elapsed < duration) requestAnimationFrame(frame);
      else {
        stage.classList.remove('cashed');
        stage.classList.add('crashed');
        $('mult').textContent = G.multiplier(crash);
        done();
      }
    }
    if (duration <= 0) {
      draw([[0, 1], [1, 1]], 2);
      stage.classList.add('crashed');
      $('mult').textContent = G.multiplier(crash);
      done();
      return;
    }
    requestAnimationFrame(frame);
  }

  function pushHistory(crash) {
    history.unshift(crash);
    history = history.slice(0, 12);
    var box = $('history');
    box.textContent = '';
    history.forEach(function (c) {
      var chip = document.createElement('span');
      chip.className = c >= 200 ? 'high' : 'low';
      chip.textContent = G.multiplier(c);
      box.appendChild(chip);
    });
  }

  function play() {
    if (busy || G.paytableOpen()) return;
    var target = targetHundredths();
    busy = true;
    renderBet();
    say(G.t('flying'));
    $('mult-note').textContent = '';
    $('stage').className = 'stage';
    $('mult').textContent = '1.00×';
    draw([[0, 1]], 2);
    G.api('/api/round', { bet: bet, client_seed: G.clientSeed(), target: target }).then(function (res) {
      if (!res.ok) {
        busy = false;
        renderBet();
        say(G.failed(res), true);
        return;
      }
      var round = res.body;
      fly(round.outcome.crash, target, round.win > 0, function () {
        busy = false;
        renderBet();
        pushHistory(round.outcome.crash);
        $('mult-note').textContent = G.t('crashedAt', { x: G.multiplier(round.outcome.crash) });
        if (round.warning) say(G.t('errors.' + round.warning), true);
        else if (round.win > 0) say(G.t('cashedOut', { x: G.multiplier(target), amount: G.money(round.win) }));
        else say(G.t('noWin'));
        G.settled(round);
      });
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    G.start(function (state) {
      bet = state.bets[0];
      G.setupPaytable(renderBet);
      renderBet();
      say(G.t('ready'));
      draw([[0, 1]], 2);
      $('bet-down').addEventListener('click', function () {
        bet = G.stepBet(bet, -1);
        renderBet();
      });
      $('bet-up').addEventListener('click', function () {
        bet = G.stepBet(bet, 1);
        renderBet();
      });
      $('target').addEventListener('change', function () {
        targetHundredths();
        renderRule();
      });
      $('target').addEventListener('input', renderRule);
      $('play').addEventListener('click', play);
    });
  });
})();
