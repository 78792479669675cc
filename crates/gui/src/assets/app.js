// plakoto gui: the page. It talks to the engine only through the protocol
// (protocol.md), relayed over a WebSocket by `plakoto gui`: command lines
// out, each reply back already read by the server ({ok, id, lines} and, for
// an error, {code, message}); the page never reads the protocol's framing.
// The board drawing (and the Position ID decoding) is board.js, served
// before this file and shared with the HTML analysis report.
// Everything is in the numbering of the side on roll (R2) as the engine
// writes it; the board is drawn from a fixed viewpoint (`view`).
// The game played (Plakoto, Portes or Fevga) is the one the engine's
// replies name (`"game":"portes"`; none: Plakoto); Portes' IDs, and its
// steps made by clicking, are games/portes.js; Fevga's IDs and switches are
// games/fevga.js (its steps, as Plakoto's, are the engine's `legal steps`).
// A Tavli match (the engine moving from game to game) is tavli.js: the
// board is drawn as the game shown, the one in play or one already played.
'use strict';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- state
const S = {
  ws: null, pending: [], alive: false, refused: false, generation: 0,
  game: 'plakoto',    // the game played, as `show board` names it
  portes: null,       // the Portes turn being made by clicking (PortesTurn)
  portesScoring: null, // Portes' scoring, from the New game dialog
  fevgaSwitches: null, // Fevga's switches ({name: value}), from `show options`
  board: null,        // {on_roll, points[1..24], off, pips, mothers} in on-roll numbering
  match: null,        // decoded Match ID
  posId: '', matchId: '',
  turn: null,         // the protocol's `turn` object
  players: { X: 'human', O: 'engine' },
  view: 'X', flip: false, paused: false,
  legalMode: null,    // 'steps' (legal JSON has steps) or 'list' (plays as strings)
  made: [], next: [], canEnd: false, numbersLeft: null, stepBoard: null, selected: null,
  hint: null, flowRunning: false, flowAgain: false, stopRollout: false,
  edit: null, drag: null, busy: false,
  // The game so far (the move list): {kind: 'play', side, dice, play,
  // before: {posId, matchId}} or {kind: 'note', text}; `review` is the
  // index of the play shown instead of the game (null: the game).
  history: [], review: null,
  // The Tavli match: where it stands (`show board`'s `tavli`; null outside
  // one), its games already played and the one shown (tavli.js).
  tavli: null, games: [], shownGame: null, between: false,
  lastPlay: { X: null, O: null },   // each side's last play, drawn on the board
  lastRoll: { X: null, O: null },   // each side's last roll, shown in its half
};

// ---------------------------------------------------------------- engine link
// The socket opens only with the launch's token, which `plakoto gui`
// prints in the page's address (`/?token=…`): other websites cannot know it.
function connect() {
  const token = new URLSearchParams(location.search).get('token');
  if (!token) {
    banner('This address has no token: open the one plakoto gui printed (http://127.0.0.1:PORT/?token=…).', false);
    setStatus('not connected', 'stopped');
    return;
  }
  const ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
  S.ws = ws;
  let opened = false;
  ws.onopen = () => { opened = true; };
  ws.onmessage = (ev) => onRelay(JSON.parse(ev.data));
  ws.onclose = () => {
    S.alive = false; failPending('connection to the server closed');
    if (S.refused) return;   // the server said why: its banner stays
    banner(opened ? 'Connection to the server lost. Reload the page.'
      : 'The server refused the connection: open the address plakoto gui printed (its token is new at each start).', false);
  };
}

function onRelay(m) {
  switch (m.type) {
    case 'started':
      S.alive = true; hideBanner(); log(`# engine started: ${m.engine}`); init(); break;
    case 'reply': {
      logReply(m);
      const p = S.pending.shift();
      if (p) p(m);
      break;
    }
    case 'stderr': log(`# stderr: ${m.line}`); break;
    case 'unframed': log(`# not a reply: ${m.message}`); break;
    case 'exited': {
      S.alive = false; failPending(`engine ended (${m.status})`); forgetTransfers();
      // An engine that never answered will not start again as it is: say
      // what was run and what it wrote, instead of offering a restart.
      const cmdLine = m.engine ? ` Command: ${m.engine}` : '';
      const text = m.answered === false
        ? `The engine could not start: ${m.status}.${cmdLine} — check the engine command (plakoto gui --engine "…").`
        : `The engine ended: ${m.status}.${cmdLine}`;
      banner(text, m.answered !== false, m.stderr || []);
      setStatus('engine stopped', 'stopped');
      break;
    }
    case 'error': failPending(m.message); showError(new EngineError('relay', m.message)); break;
    case 'record': offerDownload(m.name, m.text); break;
    case 'record_reply': {
      // Answers a save or a load: a kept copy's failure is only logged.
      const purpose = transferPurpose();
      if (purpose === 'restore') restoreReply(m);
      else if (purpose === 'keep') logReply(m);
      else recordReply(m);
      break;
    }
    // Too many sessions: the server closes this one.
    case 'refused':
      S.refused = true; log(`# refused: ${m.message}`);
      banner(`The server refused this session: ${m.message}`, false);
      setStatus('not connected', 'stopped');
      break;
  }
}

function failPending(why) {
  const ps = S.pending; S.pending = [];
  for (const p of ps) p(null, why);
}

class EngineError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

// A reply in the log, as the engine wrote it.
function logReply(m) { log(`${m.ok ? '=' : '?'}${m.id || ''} ${m.lines.join('\n')}`); }

// What a successful reply says: its JSON object (JSON mode) or, for a
// reply not in JSON, {text: lines}.
function payloadData(lines) {
  try { return JSON.parse(lines[0]); } catch (_) { return { text: lines }; }
}

// Sends one command; resolves with what its reply says (payloadData).
// Rejects with EngineError (the reply's code and message) on an error.
// `body[data-idle]` is 1 when no command is waiting and the game flow is
// not running: tests (and people) can tell when the page has settled.
let inFlight = 0;
function markIdle() { document.body.dataset.idle = inFlight === 0 && !S.flowRunning ? '1' : '0'; }

function cmd(line) {
  inFlight++; markIdle();
  return sendCmd(line).finally(() => { inFlight--; markIdle(); });
}

function sendCmd(line) {
  return new Promise((resolve, reject) => {
    if (!S.ws || S.ws.readyState !== WebSocket.OPEN || !S.alive) {
      reject(new EngineError('relay', 'the engine is not running')); return;
    }
    S.pending.push((reply, why) => {
      if (!reply) reject(new EngineError('relay', why));
      else if (reply.ok) resolve(payloadData(reply.lines));
      else reject(new EngineError(reply.code || 'error', reply.message));
    });
    log(`> ${line}`);
    S.ws.send(JSON.stringify({ type: 'command', line }));
  });
}

async function init() {
  try {
    await cmd('set output json');
    const name = await cmd('name');
    $('engine-name').textContent = `engine: ${name.name || '?'}`;
    await namePlayers();
    await applyLevel(false);
    // A reload: the game kept before it comes back first (restore.js).
    if (restoreKept()) return;
    await advance();
  } catch (e) { showError(e); }
}

// ---------------------------------------------------------------- game flow
function isEngine(side) { return S.players[side] === 'engine'; }
function onRoll() { return S.turn && (S.turn.on_roll || (S.match && S.match.onRoll)); }

async function refresh() {
  const b = await cmd('show board');
  S.game = b.game || 'plakoto';
  document.body.dataset.game = S.game;
  S.tavli = b.tavli || null;
  document.body.dataset.tavli = S.tavli ? '1' : '';
  S.posId = b.position_id; S.matchId = b.match_id;
  S.match = matchOf(S.matchId);
  S.board = b.board ? completeBoard(b.board) : boardOf(S.posId, S.match.onRoll);
  // Fevga's switches, shown in the score line: asked once a game (they
  // change only with `set fevga.…`, which the New game dialog sends). An
  // engine that does not tell them has its score line without them.
  if (isFevga() && !S.fevgaSwitches) {
    S.fevgaSwitches = fevgaSwitchesOf((await cmd('show options').catch(() => ({}))).switches);
  }
  // The engine's board reply carries the turn; an engine whose does not
  // is asked `show dice` as well.
  const d = b.turn ? b : await cmd('show dice');
  S.turn = d.turn || d;
  if (S.turn.state === 'over') S.turn.on_roll = S.match.onRoll;
  S.stepBoard = null; S.made = []; S.next = []; S.canEnd = false; S.selected = null; S.numbersLeft = null;
  if (S.posId + S.matchId !== S.listedFor) { $('legal-list').innerHTML = ''; $('legal-count').textContent = ''; }
  renderGameList();
  render();
  keepSession();
}

// The IDs of the game played, read: Portes and Fevga have gnubg's Match
// ID, and each its own Position ID.
function isPortes() { return S.game === 'portes'; }
function isFevga() { return S.game === 'fevga'; }
// `kind`: of a game other than the one played (a Tavli match's earlier).
function matchOf(id, kind = S.game) { return kind === 'plakoto' ? decodeMatchId(id) : decodeGnubgMatchId(id, kind); }
function boardOf(id, onRoll, kind = S.game) {
  if (kind === 'portes') return portesBoardFromId(id, onRoll);
  return kind === 'fevga' ? fevgaBoardFromId(id, onRoll) : boardFromPositionId(id, onRoll);
}

// Runs the game on: rolls and engine plays, until a human must act.
async function advance() {
  if (S.flowRunning) { S.flowAgain = true; return; }
  S.flowRunning = true; markIdle();
  try {
    do {
      S.flowAgain = false;
      while (await flowStep()) { /* next action */ }
    } while (S.flowAgain);
  } catch (e) { showError(e); } finally { S.flowRunning = false; markIdle(); }
}

async function flowStep() {
  await refresh();
  if (S.edit) return false;
  // A Tavli game just ended: the engine plays the next, the page holds.
  if (S.between) return holdBetweenGames();
  const t = S.turn, side = onRoll();
  $('btn-roll').classList.add('hidden');
  switch (t.state) {
    case 'over': {
      const score = S.match;
      const winner = t.result && t.result.winner;
      const what = t.result ? (winner ? `${winner} wins (${t.result.kind}, ${t.result.points} point${t.result.points === 1 ? '' : 's'})` : 'draw') : 'game over';
      const matchOver = score.length && (score.x >= score.length || score.o >= score.length);
      const tavliWon = S.tavli && S.tavli.winner ? ` — ${S.tavli.winner} wins the Tavli match` : '';
      setStatus(`Game over: ${what}${tavliWon || (matchOver ? ' — match over' : '')}`, 'over');
      // Engine against engine, the game's end is held a while even at
      // speed 0 (else it flashes past); Pause meanwhile stays on it.
      if (!matchOver && isEngine('X') && isEngine('O') && !S.paused) {
        showMessage('Next game in a moment (Pause stays on this one).', true);
        await sleep(Math.max(speed() * 2, GAME_OVER_HOLD_MS));
        if (!S.paused && !S.edit && S.turn === t) {
          startGameHistory(await cmd('new game'));
          return true;
        }
      }
      showMessage(matchOver ? 'Match over. Start a new one with “New game…”.' : 'Press “Next game” to play on, or “New game…” to start a new match.', true);
      if (!matchOver) { $('btn-roll').textContent = 'Next game'; $('btn-roll').classList.remove('hidden'); }
      return false;
    }
    case 'opening': case 'to_roll':
      setStatus(t.state === 'opening' ? 'Opening roll' : `${side} to roll`, t.state);
      $('btn-roll').textContent = 'Roll';
      if (isEngine(side) && S.paused) return false;
      await sleep(isEngine(side) ? speed() / 2 : 150);
      if (S.edit) return false;
      noteRoll(await cmd('roll'));
      return true;
    case 'rolled': case 'passed':
      if (isEngine(side)) {
        setStatus(`${side} (engine) is thinking…`, 'thinking');
        if (S.paused) return false;
        await sleep(speed());
        if (S.edit || S.paused) return false;
        const before = snapshot();
        const r = await cmd('play');
        const entry = notePlay(r, before);
        showMessage(`${entry.side} rolled ${diceText(entry)} and played ${playText(r.play, entry.side, before.game)}`, true);
        clearAnalysis();
        return true;
      }
      await startHumanTurn();
      return false;
    default:
      setStatus(JSON.stringify(t), '');
      return false;
  }
}

function speed() { return Number($('speed').value); }
// The least time a finished game stays on the board between two games of
// engine against engine (ms).
const GAME_OVER_HOLD_MS = 2500;

function numbersText(t) { return (t.numbers || []).join(' '); }

async function startHumanTurn() {
  const t = S.turn, side = onRoll();
  const passed = t.state === 'passed' ? ` the passed numbers (R21)` : '';
  setStatus(`${side} to play ${numbersText(t)}${passed}`, t.state);
  const legal = await cmd('legal limit 500');
  S.listedFor = S.posId + S.matchId;
  fillLegalList(legal);
  const first = legal.plays && legal.plays[0];
  S.legalMode = first && typeof first === 'object' ? 'steps' : 'list';
  // Portes has no `legal steps`: the page makes the steps (portes.js);
  // Plakoto and Fevga have, and the engine makes them.
  S.portes = null;
  if (isPortes() && S.legalMode === 'steps' && legal.plays.length === legal.count) {
    S.portes = new PortesTurn(S.posId, t.numbers, legal.plays);
  } else if (isPortes()) S.legalMode = 'list';
  document.body.dataset.legalMode = S.legalMode;
  if (S.legalMode === 'steps') await loadSteps();
  else {
    // Compatibility: an engine whose `legal` gives no steps. Play from the list.
    $('legal-count').textContent += ' — this engine gives no steps: pick a play';
    $('legal-box').open = true;
  }
  render();
}

// A play as the page shows it: in Fevga a play of the side the board is
// not seen by is written in the view's numbering (the board's labels), not
// its mover's (fevga.js); other games keep each side's own (R2, P2).
function playText(play, side, kind = S.game) {
  if (kind !== 'fevga' || side === S.view || !play || play === 'pass') return play;
  return fevgaPlayInOther(play);
}

function fmtStep(s) { return `${s.from === 25 ? 'bar' : s.from}/${s.to === 0 ? 'off' : s.to}${s.pins || s.hit ? '*' : ''}`; }
function playOfSteps(steps) { return steps.length ? steps.map(fmtStep).join(' ') : 'pass'; }
// The play the steps made so far send: in Portes, the listed play they
// reach, as `legal` wrote it.
function madePlay() { return S.portes ? S.portes.after(S.made).play : playOfSteps(S.made); }

// `legal steps <made>`: the next steps, whether the turn may end, the board.
async function loadSteps() {
  if (S.portes) return portesSteps();
  const r = await cmd(`legal steps ${S.made.map(fmtStep).join(' ')}`.trim());
  S.next = r.next || []; S.canEnd = !!r.can_end; S.numbersLeft = r.numbers_left || null;
  S.stepBoard = r.position_id ? boardOf(r.position_id, onRoll()) : null;
  S.selected = null;
  if (S.next.length === 0 && S.canEnd) {
    await submit(playOfSteps(S.made));
    return;
  }
  render();
}

// The same for Portes, from the page's own steps (portes.js).
async function portesSteps() {
  const r = S.portes.after(S.made);
  S.next = r.next; S.canEnd = !!r.play; S.numbersLeft = r.left;
  S.stepBoard = portesBoard(r.own, r.opp, onRoll());
  S.selected = null;
  if (S.next.length === 0 && r.play) {
    await submit(r.play);
    return;
  }
  render();
}

async function makeStep(step) {
  S.made.push(step);
  try { await loadSteps(); } catch (e) { S.made.pop(); showError(e); render(); }
}

// Asks the engine why a step the page does not list is not allowed. A
// movement of more than one number (24/13 with 6-5) that the engine
// accepts is made, each of its steps.
async function explainStep(from, to) {
  const tried = `${from === 25 ? 'bar' : from}/${to === 0 ? 'off' : to}`;
  if (S.portes) { showMessage(`${tried} is not a step of a legal play now`); return; }
  try {
    const r = await cmd(`legal steps ${[...S.made.map(fmtStep), tried].join(' ')}`);
    S.made = (r.made || []).slice();
    await loadSteps();
  } catch (e) { showRefusal(e); }
}

// Asks the engine why no step starts on point `p` (Fevga: the runner rule,
// held points, bearing off…): one step tried per number left.
async function explainSource(p) {
  const reasons = [];
  for (const n of new Set(S.numbersLeft || [])) {
    const tried = `${p}/${p - n >= 1 ? p - n : 'off'}`;
    try {
      await cmd(`legal steps ${[...S.made.map(fmtStep), tried].join(' ')}`);
    } catch (e) {
      if (e.code !== 'illegal_move') { showError(e); return; }
      reasons.push(e.message);
    }
  }
  showMessage(reasons.length ? fevgaRefusalText(p, reasons) : `No legal step starts on ${p} now.`);
  document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
}

// A step the engine refused: its reason, as the rules word it. The count
// in `body[data-refused]` tells tests (and people) a refusal came.
function showRefusal(e) {
  if (e && e.code === 'illegal_move') showMessage(`Not allowed: ${e.message}`);
  else showError(e);
  document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
}

async function submit(play) {
  try {
    const before = snapshot();
    const r = await cmd(`move ${play}`);
    const entry = notePlay(r, before);
    showMessage(`${entry.side} played ${playText(r.play, entry.side, before.game)}`, true);
    $('typed-play').value = '';
    clearAnalysis();
    await advance();
  } catch (e) {
    showError(e);
    S.made = [];
    if (S.legalMode === 'steps') await loadSteps().catch(showError);
  }
}

function fillLegalList(legal) {
  const list = $('legal-list');
  list.innerHTML = '';
  const count = legal.count_exact === false ? `at least ${legal.count}` : legal.count;
  $('legal-count').textContent = `(${count})`;
  for (const p of legal.plays || []) {
    const text = typeof p === 'string' ? p : p.play;
    const li = document.createElement('li');
    li.textContent = playText(text, onRoll());
    li.onclick = () => humanTurn() && submit(text);
    list.appendChild(li);
  }
}

function humanTurn() {
  return S.turn && (S.turn.state === 'rolled' || S.turn.state === 'passed') && !isEngine(onRoll()) && !S.edit && S.review === null && S.shownGame === null && !S.between;
}

// ---------------------------------------------------------------- the game so far
// The page keeps the move list itself, from the replies to `roll`, `play`,
// `move` and `new game`: each play with the dice it was played with and
// the position before it (to review it).
function snapshot() {
  const t = S.turn || {};
  return {
    side: onRoll(), posId: S.posId, matchId: S.matchId, game: S.game,
    dice: t.state === 'rolled' ? t.dice : null,
    passed: t.state === 'passed' ? t.numbers : null,
  };
}
function diceText(h) {
  if (h.dice) return `${h.dice[0]}-${h.dice[1]}`;
  return h.passed ? `passed ${compactNumbers(h.passed)}` : '';
}
function openingText(opening) {
  const [x, o] = opening[opening.length - 1];
  const tries = opening.map(([a, b]) => `X ${a} O ${b}`).join(', ');
  return `Opening roll: ${tries} — ${x > o ? 'X' : 'O'} starts`;
}
function note(text) { S.history.push({ kind: 'note', text }); }
function notePlay(r, before) {
  const entry = {
    kind: 'play', side: r.side || before.side, play: r.play, dice: before.dice, passed: before.passed,
    before: { posId: before.posId, matchId: before.matchId },
  };
  S.history.push(entry);
  S.lastPlay[entry.side] = entry;
  if (before.dice) S.lastRoll[entry.side] = before.dice;
  if (r.result) {
    const res = r.result;
    note(res.winner ? `${res.winner} wins: ${res.kind}, ${res.points} point${res.points === 1 ? '' : 's'}` : 'Draw');
  }
  S.review = null;
  // A Tavli game ended and the engine began the next (tavli.js).
  if (r.next_game) tavliGameEnded(r, before.game);
  renderMoves();
  return entry;
}
function noteRoll(r) {
  if (r && r.opening && r.opening.length) { note(openingText(r.opening)); showMessage(openingText(r.opening), true); }
  const t = r && r.turn;
  if (t && t.state === 'rolled') S.lastRoll[t.on_roll] = t.dice;
  renderMoves();
}
// A new game (the reply to `new game` or `new match`): the list starts over.
function startGameHistory(r, why) {
  S.history = []; S.review = null;
  S.lastPlay = { X: null, O: null }; S.lastRoll = { X: null, O: null };
  if (why) note(why);
  if (r && r.opening && r.opening.length) note(openingText(r.opening));
  else if (r && r.starts) note(`${r.starts} starts (the last game's winner, R19)`);
  renderMoves();
}

function renderMoves() {
  renderGameList();
  const list = $('move-list'), history = shownHistory();
  list.innerHTML = '';
  let n = 0;
  history.forEach((h, i) => {
    const li = document.createElement('li');
    if (h.kind === 'note') {
      li.className = 'note';
      li.textContent = h.text;
    } else {
      n++;
      li.className = `play side-${h.side}${S.review === i ? ' current' : ''}`;
      li.dataset.i = String(i);
      li.title = 'show the position before this play';
      li.innerHTML = `<span class="mv-n">${n}.</span><span class="mv-side">${h.side}</span><span class="mv-dice">${escapeHtml(diceText(h))}</span><span class="mv-play">${escapeHtml(playText(h.play, h.side, shownKind()))}</span>`;
      li.onclick = () => reviewAt(i);
    }
    list.appendChild(li);
  });
  if (!history.length) list.innerHTML = '<li class="note">no plays yet</li>';
  $('btn-review-back').classList.toggle('hidden', S.review === null && (S.shownGame === null || S.between));
  document.body.dataset.review = S.review === null ? '' : String(S.review);
  if (S.review === null) list.scrollTop = list.scrollHeight;
  renderLastPlays();
}

// Shows the position before play `i` (or, again on the same one, the game).
function reviewAt(i) {
  const history = shownHistory();
  S.review = S.review === i || !history[i] ? null : i;
  const h = S.review === null ? null : history[S.review];
  if (h) showMessage(`Reviewing: ${h.side} to play ${diceText(h)}, played ${playText(h.play, h.side, shownKind())} (arrows). Back to the game: Esc or “Back to the game”.`, true);
  else showMessage('');
  renderMoves();
  render();
}
function stepReview(delta) {
  const plays = shownHistory().map((h, i) => (h.kind === 'play' ? i : -1)).filter((i) => i >= 0);
  if (!plays.length) return;
  let k = S.review === null ? plays.length : plays.indexOf(S.review);
  k += delta;
  if (k >= plays.length) { if (S.review !== null) reviewAt(S.review); return; }
  reviewAt(plays[Math.max(0, k)]);
}

// Each side's last roll and play, in words, under the board.
function renderLastPlays() {
  const parts = [];
  // They belong to the game in play, not to a Tavli game shown.
  for (const side of S.shownGame === null ? SIDES : []) {
    const lp = S.lastPlay[side];
    if (!lp) continue;
    parts.push(`<span class="lp" data-side="${side}"><i class="swatch swatch-${side}"></i>${side} rolled ${escapeHtml(diceText(lp))} and played <b>${escapeHtml(playText(lp.play, side))}</b></span>`);
  }
  $('last-plays').innerHTML = parts.length ? `last plays: ${parts.join(' · ')}` : '';
}

// ---------------------------------------------------------------- board input
function onPoint(p, ev) {
  if (S.edit) { editPoint(p, ev); return; }
  if (!humanTurn() || S.legalMode !== 'steps') return;
  const fromHere = S.next.filter((s) => s.from === p);
  if (S.selected !== null) {
    if (p === S.selected) return;
    const step = S.next.find((s) => s.from === S.selected && s.to === p);
    if (step) { makeStep(step); return; }
    if (!fromHere.length) { explainStep(S.selected, p); S.selected = null; render(); return; }
  }
  if (fromHere.length) { S.selected = p; showMessage(''); render(); return; }
  // Fevga's refusals say why (the runner, a held point…): ask the engine.
  if (isFevga() && p >= 1 && p <= 24) explainSource(p);
  else if (p !== 0) showMessage(`No legal step starts on ${p === 25 ? 'the bar' : p} now.`);
}

function onPointerDown(ev) {
  const hit = ev.target.closest('[data-p]');
  if (!hit || ev.button === 2) return; // right click: the editor's contextmenu
  const p = Number(hit.dataset.p);
  const wasSelected = S.selected;
  onPoint(p, ev);
  if (S.selected === p && wasSelected !== p) S.drag = { from: p, moved: false, x: ev.clientX, y: ev.clientY };
}
function onPointerMove(ev) {
  if (!S.drag) return;
  const g = $('ghost');
  if (Math.abs(ev.clientX - S.drag.x) + Math.abs(ev.clientY - S.drag.y) > 6) S.drag.moved = true;
  if (!g || !S.drag.moved) return;
  const pt = svgPoint(ev);
  g.setAttribute('cx', pt.x); g.setAttribute('cy', pt.y); g.classList.remove('hidden');
}
function onPointerUp(ev) {
  const drag = S.drag; S.drag = null;
  const g = $('ghost'); if (g) g.classList.add('hidden');
  if (!drag || !drag.moved) return;
  const el = document.elementFromPoint(ev.clientX, ev.clientY);
  const hit = el && el.closest && el.closest('[data-p]');
  if (hit && Number(hit.dataset.p) !== drag.from) onPoint(Number(hit.dataset.p), ev);
}
function svgPoint(ev) {
  const svg = $('board');
  const pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

// ---------------------------------------------------------------- drawing
// The view: the board seen by S.view, flipped or not (board.js draws it).
// Fevga's numbering maps the other side's points 12 on (board.js).
function ctx() { return { view: S.view, flip: S.flip, game: shownKind() }; }
function place(v) { return placeIn(v, S.flip); }
// A point in the numbering of the side on roll, in the view's numbering.
function toView(p, roller) { return toViewOf(p, roller, ctx()); }

function render() {
  const svg = $('board');
  const editing = !!S.edit;
  const reviewed = !editing && S.review !== null ? shownHistory()[S.review] : null;
  // A Tavli game already played, shown at its end (tavli.js).
  const past = !editing && !reviewed ? shownPast() : null;
  const board = editing ? S.edit.board : reviewed ? reviewBoard(reviewed) : past ? pastFinalBoard(past) : (S.stepBoard || S.board);
  if (!board) return;
  document.body.dataset.boardGame = shownKind();
  const roller = board.on_roll;
  const dests = new Set(), sources = new Set();
  if (!editing && humanTurn() && S.legalMode === 'steps') {
    for (const s of S.next) { sources.add(s.from); if (S.selected !== null && s.from === S.selected) dests.add(s.to); }
  }
  // The checkers a step can start from ringed, the selected one brighter.
  const rings = new Map([...sources].map((p) => [p, S.selected === p ? 'hl-sel' : 'hl-src']));
  const out = [drawBoard(board, ctx(), rings)];
  // Destinations (the point lit, and a ring where the checker would land)
  // and hit areas.
  for (let v = 1; v <= 24; v++) {
    const { x, top } = place(v);
    const p = toView(v, roller);   // the view's v in the roller's numbering (an involution)
    const isDest = dests.has(p);
    if (isDest) {
      const base = top ? TOP : BOT, apex = top ? TOP + 250 : BOT - 250;
      out.push(`<polygon class="hl-dest" points="${x - 29},${base} ${x + 29},${base} ${x},${apex}"/>`);
      const e = board.points[p - 1];
      // A hit in Portes sends the blot to the bar: the checker lands at the
      // edge; a Plakoto pin lands on top of it.
      const k = e.side === roller ? (e.pinned ? 0.8 : 0) + Math.min(e.count, 5) : (e.count === 1 && !e.pinned && !isPortes() ? 0.8 : 0);
      out.push(`<circle class="hl-dest-ring" data-dest="${p}" cx="${x}" cy="${slotY(top, Math.min(k, 5))}" r="${R - 2}"/>`);
    }
    const cls = ['hit', 'point', sources.has(p) ? 'source' : '', isDest ? 'dest' : ''].join(' ').trim();
    out.push(`<rect class="${cls}" data-p="${p}" data-view="${v}" x="${x - 30}" y="${top ? TOP : MID}" width="60" height="${MID - TOP}"/>`);
  }
  // Editing Portes: the bar takes checkers of the side chosen.
  if (editing && S.edit.game === 'portes') out.push(`<rect class="hit point bar-hit edit-bar" data-p="25" x="390" y="${TOP}" width="60" height="${BOT - TOP}"/>`);
  // The bar of the side on roll (Portes): entering is a step from 25.
  if (board.bar && isPortes() && !editing) {
    const bottom = (roller === S.view) !== S.flip, n = board.bar[roller] || 0;
    const cls = ['hit', 'point', 'bar-hit', sources.has(25) ? 'source' : ''].join(' ').trim();
    if (sources.has(25) && n) out.push(`<circle class="${S.selected === 25 ? 'hl-sel' : 'hl-src'}" cx="420" cy="${barY(bottom, Math.min(n, 4) - 1)}" r="${R + 1}"/>`);
    out.push(`<rect class="${cls}" data-p="25" x="390" y="${bottom ? MID : TOP}" width="60" height="${MID - TOP}"/>`);
  }
  // The tray of the side on roll: bearing off is a step to point 0.
  for (const side of SIDES) {
    const bottom = (side === S.view) !== S.flip;
    const y0 = bottom ? 340 : 20, h = 300;
    const isOffDest = side === roller && dests.has(0);
    if (side === roller && !editing) {
      out.push(`<rect class="hit tray-hit ${isOffDest ? 'dest' : ''}" data-p="0" x="845" y="${y0}" width="80" height="${h}"/>`);
      if (isOffDest) out.push(`<rect class="hl-dest" x="845" y="${y0}" width="80" height="${h}" rx="6"/>`);
    }
  }
  // Dice and whose turn, in the half of the side on roll; the other side's
  // last roll in its half, where no arrow passes.
  const plays = editing ? [] : arrowPlays(reviewed || (past && lastPlayOf(past)));
  const curves = arrowCurves(plays, ctx());
  if (reviewed) out.push(reviewDice(reviewed));
  else if (past) out.push(pastLabel(past));
  else if (!editing) out.push(diceAndTurn(roller, curves));
  if (!editing) out.push(drawArrows(plays, ctx(), curves));
  out.push(`<circle id="ghost" class="ghost hidden chk-${roller}" r="${R}" cx="0" cy="0"/>`);
  svg.innerHTML = out.join('');
  renderPanel();
}

// The board before a play of the move list, from its Position ID.
function reviewBoard(h) {
  const kind = shownKind();
  return boardOf(h.before.posId, matchOf(h.before.matchId, kind).onRoll, kind);
}
function halfOf(side) { return side === S.view ? 630 : 210; }
function reviewDice(h) {
  const cx = halfOf(h.side);
  let s = '';
  if (h.dice) h.dice.forEach((n, i) => { s += die(cx - 32 + 64 * i, MID, n, ''); });
  const n = shownHistory().slice(0, S.review + 1).filter((e) => e.kind === 'play').length;
  s += `<text class="turnlabel" x="${cx}" y="${MID + 48}">move ${n}: ${h.side} ${escapeHtml(diceText(h))}</text>`;
  s += `<text class="turnlabel small" x="${cx}" y="${MID + 70}">played ${escapeHtml(playText(h.play, h.side, shownKind()))}</text>`;
  s += `<text class="reviewlabel" x="415" y="${MID + 6}" text-anchor="middle">review</text>`;
  return s;
}
// Where in its half a side's small dice go: the middle of the half, else
// the first place along it that no arrow (`curves`) crosses, so that the
// last plays' arrows never run over them (issue 62).
function smallDiceX(side, curves) {
  const centre = halfOf(side), half = centre < 420 ? [30, 390] : [450, 810];
  const box = (cx) => ({ x0: cx - 40, x1: cx + 40, y0: MID - 44, y1: MID + 18 });
  const places = [centre];
  for (let d = 30; centre - d - 40 >= half[0] || centre + d + 40 <= half[1]; d += 30) {
    if (centre - d - 40 >= half[0]) places.push(centre - d);
    if (centre + d + 40 <= half[1]) places.push(centre + d);
  }
  const crossing = (cx) => curves.filter((c) => curveCrosses(c, box(cx), 6)).length;
  let best = places[0], fewest = Infinity;
  for (const cx of places) {
    const n = crossing(cx);
    if (n === 0) return cx;
    if (n < fewest) { best = cx; fewest = n; }
  }
  return best;
}

// Small dice: a side's last roll, shown while the other side is on roll.
function smallDice(side, curves) {
  const d = S.lastRoll[side];
  if (!d) return '';
  const cx = smallDiceX(side, curves || []);
  let s = `<g class="lastroll" data-lastroll="${side}">`;
  d.forEach((n, i) => {
    const x = cx - 22 + 44 * i, y = MID;
    s += `<rect class="die small" x="${x - 17}" y="${y - 17}" width="34" height="34" rx="6"/>`;
    for (const [a, b] of PIPS[n] || []) s += `<circle class="pip" cx="${x + a * 8.5}" cy="${y + b * 8.5}" r="3.6"/>`;
  });
  return `${s}<text class="turnlabel small" x="${cx}" y="${MID - 26}">${side} rolled ${d[0]}-${d[1]}</text></g>`;
}

function diceAndTurn(roller, curves) {
  const t = S.turn || {};
  const cx = halfOf(roller);
  let s = t.state === 'rolled' || t.state === 'passed' || t.state === 'to_roll' ? smallDice(other(roller), curves) : '';
  let label = '';
  if (t.state === 'rolled' || t.state === 'passed') {
    const dice = t.state === 'rolled' ? t.dice : t.numbers.slice(0, 2);
    const left = S.numbersLeft || t.numbers;
    const used = usedDice(dice, t.numbers, left);
    dice.forEach((n, i) => { s += die(cx - 32 + 64 * i, MID, n, (used[i] ? 'used ' : '') + (t.state === 'passed' ? 'passed' : '')); });
    label = t.state === 'passed' ? `${roller} plays passed numbers (R21)` : `${roller} to play`;
    s += `<text class="turnlabel small" x="${cx}" y="${MID + 70}">${compactNumbers(left) || 'all numbers used'}</text>`;
  } else if (t.state === 'to_roll') label = `${roller} to roll`;
  else if (t.state === 'opening') label = 'opening roll';
  else if (t.state === 'over') label = 'game over';
  s += `<text class="turnlabel" x="${cx}" y="${MID + (t.state === 'rolled' || t.state === 'passed' ? 48 : 6)}">${label}</text>`;
  return s;
}

// `2 2 2 2 3 3 3 3 4` → `2×4 3×4 4`: Express doubles have up to 24 numbers.
function compactNumbers(list) {
  const out = [];
  for (let i = 0; i < list.length;) {
    let j = i;
    while (j < list.length && list[j] === list[i]) j++;
    out.push(j - i > 1 ? `${list[i]}×${j - i}` : `${list[i]}`);
    i = j;
  }
  return out.join(' ');
}

// Which of the two dice are spent, given the numbers still to play.
function usedDice(dice, numbers, left) {
  if (!left) return [false, false];
  if (dice[0] !== dice[1]) return dice.map((d) => !left.includes(d));
  const spent = numbers.length - left.length;
  return [spent >= numbers.length / 2 && left.length < numbers.length, left.length === 0];
}

// The plays drawn as arrows on the board (board.js draws them): each side's last play
// (dashed, in its colour), one hint play (solid, in its row's colour: the
// row under the pointer, else the best), or, when reviewing, the play
// reviewed. One hint play at a time, and the last plays faded while a hint
// is shown, so that arrows sweeping the same half can be told apart.
function arrowPlays(reviewed) {
  const plays = [];
  const hinted = S.hint && S.hint.candidates && S.hint.candidates.length ? S.hint : null;
  const last = (h) => ({ play: h.play, side: h.side, cls: `arrow last last-${h.side}${hinted && !reviewed ? ' faded' : ''}`, marker: `head${h.side}` });
  if (reviewed) plays.push(last(reviewed));
  else {
    for (const side of SIDES) if (S.lastPlay[side]) plays.push(last(S.lastPlay[side]));
    if (hinted) {
      const idx = Math.min(hinted.shown || 0, hinted.candidates.length - 1), c = hinted.candidates[idx];
      const colour = Math.min(idx + 1, 3);
      plays.push({
        play: c.play, steps: c.steps ? c.steps.map((st) => [st.from, st.to]) : null,
        side: hinted.roller, cls: `arrow r${colour}`, marker: `head${colour}`, rank: idx + 1,
      });
    }
  }
  return plays;
}

function renderPanel() {
  const m = S.match;
  if (m) {
    let rules = `${m.express ? 'Express' : 'standard'} rules, ${m.tzannes ? 'Tzannes' : 'standard'} scoring`;
    if (isPortes()) rules = `Portes${S.portesScoring ? `, ${S.portesScoring} scoring` : ''}`;
    if (isFevga()) rules = `Fevga${fevgaSwitchesText(S.fevgaSwitches || {})}`;
    const len = m.length ? `match to ${m.length}` : 'unlimited session';
    let passed = '';
    if (m.passed) passed = Array.isArray(m.passed) ? ` · numbers passed to ${m.onRoll}: ${m.passed.join(' ')} (R21)` : ` · passed double ${m.passed.double} (${m.passed.left} left) to ${m.onRoll} (R21)`;
    // A Tavli match: the match (the engine's `tavli`), then the game's rules.
    const score = S.tavli ? `<b>${escapeHtml(tavliScoreText(S.tavli))}</b>` : `<b>X ${m.x}</b> – <b>O ${m.o}</b> · ${len}`;
    $('scoreline').innerHTML = `${score} · ${rules}${passed}`;
    // Every Fevga switch, as `show options` names it, under the pointer.
    $('scoreline').title = isFevga() && S.fevgaSwitches ? Object.entries(S.fevgaSwitches).map(([k, v]) => `${k} ${v}`).join('\n') : '';
  }
  const ids = shownIds();
  $('pos-id').value = ids.posId; $('match-id').value = ids.matchId;
  const human = humanTurn();
  $('btn-undo').disabled = !(human && S.made.length);
  $('btn-done').disabled = !(human && S.canEnd && S.made.length);
  $('pips-left').textContent = human && S.numbersLeft ? `numbers left: ${S.numbersLeft.join(' ') || 'none'}` : '';
  $('btn-pause').textContent = S.paused ? 'Resume' : 'Pause';
}

// The IDs of the position on the board: the play reviewed (before it), a
// Tavli game already played (its end), else the game in play.
function shownIds() {
  const reviewed = !S.edit && S.review !== null ? shownHistory()[S.review] : null;
  if (reviewed) return reviewed.before;
  const past = !S.edit ? shownPast() : null;
  return past ? past.final : { posId: S.posId, matchId: S.matchId };
}

function setStatus(text, state) { const el = $('status'); el.textContent = text; el.dataset.state = state; }
function showMessage(text, info) { const el = $('message'); el.textContent = text; el.classList.toggle('info', !!info); }
function showError(e) {
  // With the engine down, the banner says why: not a second, vaguer reason.
  if (!S.alive && e && e.code === 'relay') { showMessage('the engine is not running (see the message at the top)'); return; }
  showMessage(e && e.code ? `${e.code}: ${e.message}` : String(e && e.message ? e.message : e)); }
function log(text) { const el = $('log'); el.textContent = (el.textContent + text + '\n').slice(-20000); el.scrollTop = el.scrollHeight; }
function banner(text, restart, stderr) {
  $('banner-text').textContent = text;
  const pre = $('banner-stderr');
  pre.textContent = stderr && stderr.length ? `its last lines on stderr:\n${stderr.join('\n')}` : (stderr ? 'it wrote nothing on stderr' : '');
  pre.classList.toggle('hidden', !stderr);
  $('btn-restart').classList.toggle('hidden', !restart);
  $('banner').classList.remove('hidden');
}
function hideBanner() { $('banner').classList.add('hidden'); }

// ---------------------------------------------------------------- analysis
// Analysis belongs to one position: hidden when the position changes.
function clearAnalysis() {
  S.hint = null;
  for (const id of ['hint-table', 'hint-note', 'evalbar', 'rollout-progress']) $(id).classList.add('hidden');
  $('eval-text').textContent = '';
}

// A command that runs past half a second (a deep hint) shows its time
// under a bar (filled by the time budget, if one is set) and the Stop
// button, which ends its search early: the engine answers with its
// deepest complete level (protocol.md, `stop`).
async function watched(line) {
  const started = Date.now(), budget = Number($('lvl-time').value);
  const tick = setInterval(() => {
    const seconds = (Date.now() - started) / 1000;
    $('btn-stop').classList.remove('hidden');
    $('rollout-progress').classList.remove('hidden');
    $('rollout-bar').style.width = budget > 0 ? `${Math.min(100, (100 * seconds * 1000) / budget)}%` : '0%';
    $('rollout-text').textContent = `${line}: ${seconds.toFixed(1)} s`;
  }, 500);
  try { return await cmd(line); } finally {
    clearInterval(tick);
    $('btn-stop').classList.add('hidden');
    $('rollout-progress').classList.add('hidden');
  }
}

async function hint() {
  try {
    const h = await watched('hint 5');
    h.roller = onRoll();
    S.hint = h;
    showHintTable(h.candidates, (c) => c.evaluation);
    render();
  } catch (e) { showError(e); }
}

function showHintTable(cands, evalText) {
  const body = $('hint-table').querySelector('tbody');
  body.innerHTML = '';
  const roller = onRoll();
  // In a match each candidate has its match-winning chances (protocol.md,
  // `hint`): a column of its own, the table's widths set for it.
  const mwc = cands.some((c) => c.mwc !== undefined && c.mwc !== null);
  $('hint-table').classList.toggle('with-mwc', mwc);
  cands.forEach((c, i) => {
    // Two rows a play: the figures, then its outcome breakdown and how it
    // was evaluated, on lines of their own (the side on roll's at least,
    // without hovering).
    const tr = document.createElement('tr');
    tr.className = `rank${i + 1}${i === 0 ? ' shown' : ''}`;
    const ch = c.chances || {};
    tr.innerHTML = `<td>${i + 1}</td><td class="play">${escapeHtml(playText(c.play, roller))}</td><td>${sign(c.equity)}</td><td>${sign(c.difference)}</td>` +
      `<td>${pct(ch.win)}</td><td>${pct(ch.lose)}</td>` + (mwc ? `<td class="mwc">${pct2(c.mwc)}</td>` : '');
    const detail = document.createElement('tr');
    detail.className = `detail rank${i + 1}${i === 0 ? ' shown' : ''}`;
    // Its first line only, but for the row shown (see showHintArrows), so
    // that the table fits the panel.
    // The evaluation (`2-ply`, `rollout 432 ±0.012`) never broken at its
    // hyphen or spaces.
    detail.innerHTML = `<td></td><td colspan="${mwc ? 6 : 5}"><div class="bd-wrap">${breakdown(ch, roller)} <span class="muted ev">${escapeHtml(evalText(c))}</span></div></td>`;
    for (const row of [tr, detail]) {
      row.onclick = () => humanTurn() && submit(c.play);
      // The board's hint arrows show the play under the pointer.
      row.onmouseenter = () => showHintArrows(i);
      body.appendChild(row);
    }
  });
  body.onmouseleave = () => showHintArrows(0);
  $('hint-table').classList.remove('hidden');
  $('hint-note').classList.remove('hidden');
}

// Draws the hint arrows of row `i` (0: the best) and marks that row.
function showHintArrows(i) {
  if (!S.hint || (S.hint.shown || 0) === i) return;
  S.hint.shown = i;
  $('hint-table').querySelectorAll('tbody tr').forEach((tr) => tr.classList.toggle('shown', tr.classList.contains(`rank${i + 1}`)));
  render();
}

// How each side wins: single, double, (Tzannes) triple, mother, in % —
// the breakdown that decides Plakoto games. `ch` is for `side`.
function breakdown(ch, side) {
  if (!ch || ch.win_single === undefined) return '';
  const tz = S.match && S.match.tzannes;
  const one = (who, k) => {
    const parts = [['single', ch[`${k}_single`]], ['double', ch[`${k}_double`]]];
    if (tz || ch[`${k}_triple`] > 0) parts.push(['triple', ch[`${k}_triple`]]);
    if (S.game === 'plakoto') parts.push(['mother', ch[`${k}_mother`]]);
    return `<span class="bd" data-side="${who}"><b>${who}</b> ${parts.map(([n, v]) => `${n} ${pct1(v)}`).join(' · ')}</span>`;
  };
  const draw = ch.draw > 0 ? ` <span class="bd">draw ${pct1(ch.draw)}</span>` : '';
  return `${one(side, 'win')} ${one(other(side), 'lose')}${draw}`;
}
const pct1 = (x) => (x === undefined || x === null ? '–' : `${(100 * x).toFixed(1)}`);
const sign = (x) => (x === undefined || x === null ? '–' : (x >= 0 ? '+' : '') + Number(x).toFixed(4));
const pct = (x) => (x === undefined || x === null ? '–' : `${(100 * x).toFixed(1)}%`);
const pct2 = (x) => (x === undefined || x === null ? '–' : `${(100 * x).toFixed(2)}%`);

async function evaluate() {
  try {
    const r = await cmd('eval');
    const c = r.chances, side = r.side || onRoll();
    const win = { [side]: c.win, [other(side)]: c.lose };
    $('evalbar').classList.remove('hidden');
    $('evalbar-x').style.width = `${100 * win.X}%`;
    $('evalbar-o').style.width = `${100 * win.O}%`;
    $('evalbar-d').style.width = `${100 * (c.draw || 0)}%`;
    $('evalbar').dataset.x = win.X.toFixed(4);
    // In a match: the side on roll's match-winning chances, where the
    // engine gives them.
    const mwc = r.mwc !== undefined && r.mwc !== null ? ` · <span class="mwc">${side} MWC ${pct2(r.mwc)}</span>` : '';
    $('eval-text').innerHTML = `<div>X ${pct(win.X)} · O ${pct(win.O)}${c.draw ? ` · draw ${pct(c.draw)}` : ''} · ${side} equity ${sign(c.equity)}${mwc} (<span class="ev">${escapeHtml(r.evaluation)}</span>)</div>` +
      `<div class="breakdown">${breakdown(c, side)}</div>`;
  } catch (e) { showError(e); }
}

const CHANCE_KEYS = ['win', 'lose', 'draw', ...['win', 'lose'].flatMap((k) => ['single', 'double', 'triple', 'mother'].map((w) => `${k}_${w}`))];

// A rollout in chunks of 144 trials (a multiple of 36, R: stratified first
// roll), each with its own seed, merged here so the page can show progress.
async function rollout() {
  const total = Number($('rollout-trials').value), chunk = 144;
  const merged = new Map();
  S.stopRollout = false;
  $('btn-stop').classList.remove('hidden');
  $('rollout-progress').classList.remove('hidden');
  try {
    for (let done = 0, k = 1; done < total && !S.stopRollout; done += chunk, k++) {
      $('rollout-bar').style.width = `${(100 * done) / total}%`;
      $('rollout-text').textContent = `rollout: ${done} of ${total} trials`;
      await cmd(`set rollout seed ${k}`);
      const r = await cmd(`rollout ${Math.min(chunk, total - done)}`);
      // A block stopped before its first trial has no rollout figures.
      for (const c of r.candidates.filter((c) => c.evaluated_at.kind === 'rollout')) {
        const n = c.evaluated_at.trials, se = c.evaluated_at.std_error;
        const m = merged.get(c.play) || { play: c.play, n: 0, sum: 0, var: 0, ch: {} };
        m.n += n; m.sum += n * c.equity; m.var += n * n * se * se;
        for (const k of CHANCE_KEYS) m.ch[k] = (m.ch[k] || 0) + n * (c.chances[k] || 0);
        merged.set(c.play, m);
      }
      const rows = [...merged.values()].map((m) => ({
        play: m.play, equity: m.sum / m.n, se: Math.sqrt(m.var) / m.n, n: m.n,
        chances: Object.fromEntries(CHANCE_KEYS.map((k) => [k, m.ch[k] / m.n])),
      }));
      rows.sort((a, b) => b.equity - a.equity);
      rows.forEach((row) => { row.difference = row.equity - rows[0].equity; });
      showHintTable(rows, (row) => `rollout ${row.n} ±${row.se.toFixed(3)}`);
      S.hint = { roller: onRoll(), candidates: rows };
      render();
      const rolled = Math.max(0, ...rows.map((row) => row.n));
      $('rollout-bar').style.width = `${(100 * rolled) / total}%`;
      $('rollout-text').textContent = `rollout: ${rolled} of ${total} trials`;
    }
    if (S.stopRollout) $('rollout-text').textContent += ' (stopped)';
  } catch (e) { showError(e); } finally { $('btn-stop').classList.add('hidden'); }
}

async function applyLevel(fromDialog) {
  const plies = $('lvl-plies').value, filter = $('lvl-filter').value, time = Number($('lvl-time').value);
  await cmd(`set evaluation plies ${plies}`);
  await cmd(`set evaluation movefilter ${filter}`);
  await cmd(`set search time ${time > 0 ? time : 'off'}`);
  if (fromDialog) showMessage(`engine level: ${plies}-ply, filter ${filter}, time ${time > 0 ? `${time} ms` : 'none'}`, true);
}

// ---------------------------------------------------------------- positions
// Plakoto's IDs (16:8 characters) or gnubg's for Portes (14:12).
const PAIR = /^\s*([A-Za-z0-9+/]{16}|[A-Za-z0-9+/]{14}):([A-Za-z0-9+/]{8}|[A-Za-z0-9+/]{12})\s*$/;
async function setPosition(text) {
  clearAnalysis();
  try {
    const m = text.match(PAIR);
    if (m) {
      try { await cmd(`set position ${m[1]}:${m[2]}`); } catch (e) {
        if (e.code === 'invalid_position' || e.code === 'relay') throw e;
        // Compatibility: engines without `set position` (board first).
        await cmd(`set board ${m[1]}`);
        await cmd(`set matchid ${m[2]}`);
      }
    } else {
      await cmd(`set board ${text.trim()}`);
    }
    startGameHistory(null, 'position set');
    $('typed-play').value = '';
    showMessage('position set', true);
  } catch (e) { showError(e); }
  await advance();
}

// The position editor, for every game (issue 62): counts in the numbering
// of X (`px`), from the board shown; the bar in Portes; pins in Plakoto.
// A side's own point is the other side's 25 − p, but in Fevga 12 points on
// (F2): `editOther` maps one to the other (its own inverse).
function editOther(p) { return S.edit && S.edit.game === 'fevga' ? fevgaOther(p) : 25 - p; }
// Point p of the side on roll `roller` in X's numbering (and back).
function editPx(p, roller) { return roller === 'X' ? p : editOther(p); }
// Each game's starting position, in a side's own numbering (P3, F3, R3).
const EDIT_START = { plakoto: { 24: 15 }, portes: { 24: 2, 13: 5, 8: 3, 6: 5 }, fevga: { 24: 15 } };

function startEdit() {
  if (!S.board) return;
  const b = S.board, roller = b.on_roll, game = S.game;
  const ed = { game, x: Array(25).fill(0), o: Array(25).fill(0), pin: Array(25).fill(null), bar: { X: 0, O: 0 } };
  S.edit = ed;
  for (const e of b.points) {
    const px = editPx(e.point, roller);
    const add = (side, n) => { if (side === 'X') ed.x[px] += n; else ed.o[px] += n; };
    if (e.side) add(e.side, e.count);
    if (e.pinned) { add(e.pinned, 1); ed.pin[px] = e.pinned; }
  }
  if (game === 'portes' && b.bar) ed.bar = { X: b.bar.X || 0, O: b.bar.O || 0 };
  // Pins are Plakoto's only; the bar is Portes' (click it).
  for (const input of document.querySelectorAll('#editor input[value^=pin]')) {
    input.closest('label').classList.toggle('hidden', game !== 'plakoto');
    if (game !== 'plakoto' && input.checked) document.querySelector('#editor input[value=X]').checked = true;
  }
  $('edit-bar-note').classList.toggle('hidden', game !== 'portes');
  $('edit-turn').value = roller;
  const t = S.turn || {};
  $('edit-d1').value = t.dice ? t.dice[0] : 0; $('edit-d2').value = t.dice ? t.dice[1] : 0;
  $('editor').classList.remove('hidden');
  clearAnalysis();
  editRender();
}
function editRender() {
  const ed = S.edit, roller = $('edit-turn').value;
  const points = [];
  for (let p = 1; p <= 24; p++) {
    const px = editPx(p, roller);
    const x = ed.x[px], o = ed.o[px], pin = ed.pin[px];
    let e = { point: p, side: null, count: 0, pinned: null };
    if (pin === 'X') e = { point: p, side: 'O', count: o, pinned: 'X' };
    else if (pin === 'O') e = { point: p, side: 'X', count: x, pinned: 'O' };
    else if (x) e = { point: p, side: 'X', count: x, pinned: null };
    else if (o) e = { point: p, side: 'O', count: o, pinned: null };
    points.push(e);
  }
  if (ed.game === 'plakoto') ed.board = completeBoard({ on_roll: roller, points });
  else {
    // A table game: checkers on the bar count, and no mothers (an empty
    // bar in Fevga, as fevga.js's boards have).
    const pips = { X: 25 * ed.bar.X, O: 25 * ed.bar.O };
    for (let px = 1; px <= 24; px++) { pips.X += px * ed.x[px]; pips.O += editOther(px) * ed.o[px]; }
    ed.board = { game: ed.game, on_roll: roller, points, bar: { ...ed.bar }, off: { X: offTotal('X'), O: offTotal('O') }, pips };
  }
  const off = ed.board.off;
  $('edit-info').textContent = `X off ${off.X}, O off ${off.O}${ed.game === 'portes' ? `, on the bar X ${ed.bar.X}, O ${ed.bar.O}` : ''}`;
  render();
}
function editPoint(p, ev) {
  const ed = S.edit, roller = $('edit-turn').value;
  if (p === 0) return;
  const tool = document.querySelector('input[name=tool]:checked').value;
  const remove = ev && (ev.button === 2 || ev.shiftKey);
  // Portes' bar: a checker of the side chosen on it (or taken off).
  if (p === 25) {
    if (ed.game !== 'portes' || (tool !== 'X' && tool !== 'O' && tool !== 'clear')) return;
    if (tool === 'clear') ed.bar = { X: 0, O: 0 };
    else if (remove) ed.bar[tool] = Math.max(0, ed.bar[tool] - 1);
    else if (makeRoom(tool, 0)) ed.bar[tool] += 1;
    editRender();
    return;
  }
  const px = editPx(p, roller);
  if (tool === 'clear') { ed.x[px] = 0; ed.o[px] = 0; ed.pin[px] = null; }
  else if (tool === 'X' || tool === 'O') {
    const mine = tool === 'X' ? ed.x : ed.o, theirs = tool === 'X' ? ed.o : ed.x;
    if (remove) mine[px] = Math.max(0, mine[px] - 1);
    else {
      if (theirs[px] && !ed.pin[px]) theirs[px] = 0; // a plain add replaces the other side
      if (makeRoom(tool, px)) mine[px] += 1;
    }
    if (!ed.x[px] || !ed.o[px]) ed.pin[px] = null;
  } else {
    const pinned = tool === 'pinX' ? 'X' : 'O', pinner = other(pinned);
    const under = pinned === 'X' ? ed.x : ed.o, over = pinned === 'X' ? ed.o : ed.x;
    if (under[px] !== 1) { under[px] = 0; if (!makeRoom(pinned, px)) { editRender(); return; } under[px] = 1; }
    if (!over[px]) { if (!makeRoom(pinner, px)) { editRender(); return; } over[px] = 1; }
    ed.pin[px] = pinned;
  }
  editRender();
}
// Frees a checker of `side` to place on px (0: the bar): one from the
// borne-off ones, or else from its biggest stack elsewhere. False when
// there is none to take.
function makeRoom(side, px) {
  if (offTotal(side) > 0) return true;
  const a = side === 'X' ? S.edit.x : S.edit.o;
  let best = -1;
  for (let q = 1; q <= 24; q++) if (q !== px && S.edit.pin[q] !== side && a[q] > (best < 0 ? 0 : a[best])) best = q;
  if (best < 0) return false;
  a[best] -= 1;
  if (!a[best]) S.edit.pin[best] = null;
  return true;
}
function offTotal(side) { const a = side === 'X' ? S.edit.x : S.edit.o; return 15 - a.reduce((s, n) => s + n, 0) - (S.edit.bar[side] || 0); }
// The game's starting position in the editor.
function editStart() {
  const ed = S.edit;
  ed.x.fill(0); ed.o.fill(0); ed.pin.fill(null); ed.bar = { X: 0, O: 0 };
  for (const [q, n] of Object.entries(EDIT_START[ed.game] || EDIT_START.plakoto)) {
    ed.x[Number(q)] = n; ed.o[editOther(Number(q))] = n;
  }
  editRender();
}

// Board text (protocol.md section 2) of the edited position: each side in
// its own numbering, the side on roll first; Portes' bar first (`bar:1`).
function editBoardText() {
  const ed = S.edit, roller = $('edit-turn').value;
  const list = (side) => {
    const own = side === 'X' ? ed.x : ed.o;
    const items = ed.bar[side] ? [`bar:${ed.bar[side]}`] : [];
    for (let q = 24; q >= 1; q--) {            // q in `side`'s own numbering
      const px = side === 'X' ? q : editOther(q);
      if (own[px]) items.push(ed.pin[px] === side ? `${q}:1*` : `${q}:${own[px]}`);
    }
    return items.length ? items.join(' ') : '-';
  };
  return `${list(roller)} / ${list(other(roller))}`;
}
async function applyEdit() {
  const roller = $('edit-turn').value, d1 = Number($('edit-d1').value), d2 = Number($('edit-d2').value);
  try {
    await cmd(`set turn ${roller}`);
    await cmd(`set board ${editBoardText()}`);
    if (d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6) await cmd(`set dice ${d1} ${d2}`);
    S.edit = null; $('editor').classList.add('hidden');
    startGameHistory(null, 'position set in the editor');
    showMessage('position set', true);
    await advance();
  } catch (e) { showError(e); }
}

// ---------------------------------------------------------------- records
// The server asks the engine to save or load (`save game|match`, `load
// match`) with a file of its own and answers with `record` (the text) or
// `record_reply` (the engine's reply); `body[data-saved]` counts saves.
function saveRecord(scope) {
  if (!S.alive) { showMessage('the engine is not running'); return; }
  const format = $('save-json').checked ? 'json' : 'text';
  log(`> (save ${scope}, ${format})`);
  transferPurposes.push({ purpose: 'download' });
  S.ws.send(JSON.stringify({ type: 'save', scope, format }));
}

// The server names a record after the program (`plakoto-match-DATE.txt`);
// the file is named after what it holds: `tavli-match-…` for a Tavli
// match, `portes-game-…`, `fevga-…` or `plakoto-…` for a game of one.
function recordName(name) {
  return name.replace(/^plakoto-/, `${S.tavli ? 'tavli' : S.game}-`);
}

function offerDownload(serverName, text) {
  // A copy kept for a reload (restore.js), not a download.
  if (takeKeptSave(text)) return;
  const name = recordName(serverName);
  S.lastRecord = { name, text };
  const type = name.endsWith('.json') ? 'application/json' : 'text/plain';
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url; a.download = name; document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  document.body.dataset.saved = String(Number(document.body.dataset.saved || 0) + 1);
  showMessage(`saved ${name}`, true);
}

async function loadRecord(file) {
  if (!S.alive) { showMessage('the engine is not running'); return; }
  const text = await file.text();
  log(`> (load ${file.name})`);
  transferPurposes.push({ purpose: 'load' });
  S.ws.send(JSON.stringify({ type: 'load', text }));
}

async function recordReply(m) {
  logReply(m);
  if (!m.ok) { showMessage(m.code ? `${m.code}: ${m.message}` : m.message); return; }
  const data = payloadData(m.lines);
  S.fevgaSwitches = null;   // a Fevga record brings its switches
  resetMatchGames();         // a Tavli record's games are the engine's
  clearAnalysis();
  startGameHistory(null, 'record loaded: its earlier turns are not listed here');
  showMessage(data.games !== undefined ? `loaded ${data.games} game(s), ${data.turns} turn(s)` : (m.lines[0] || 'loaded'), true);
  await advance();
}

// Names in saved records: who plays each side here.
async function namePlayers() {
  for (const side of SIDES) {
    const who = isEngine(side) ? ($('engine-name').textContent.replace(/^engine: /, '') || 'engine') : 'human';
    // Engines without `set player` answer an error: the record keeps X and O.
    await cmd(`set player ${side} name ${who}`).catch(() => {});
  }
}

// ---------------------------------------------------------------- controls
function bind() {
  const svg = $('board');
  svg.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  svg.addEventListener('contextmenu', (ev) => { if (S.edit) { ev.preventDefault(); const h = ev.target.closest('[data-p]'); if (h) editPoint(Number(h.dataset.p), { button: 2 }); } });
  // The editor handles pointerdown with button 0 only (right click above).
  for (const side of SIDES) $(`player-${side}`).onchange = async (e) => { S.players[side] = e.target.value; chooseView(); await namePlayers(); advance(); };
  $('btn-restart').onclick = () => { S.ws.send(JSON.stringify({ type: 'restart' })); };
  $('btn-roll').onclick = async () => {
    try {
      if (S.between) nextTavliGame();
      else if (S.turn && S.turn.state === 'over') startGameHistory(await cmd('new game'));
      await advance();
    } catch (e) { showError(e); }
  };
  $('btn-undo').onclick = async () => { S.made.pop(); await loadSteps().catch(showError); };
  $('btn-done').onclick = () => submit(madePlay());
  $('btn-move').onclick = () => { const t = $('typed-play').value.trim(); if (t) submit(t); };
  $('typed-play').onkeydown = (e) => { if (e.key === 'Enter') $('btn-move').click(); };
  $('btn-hint').onclick = hint;
  $('btn-eval').onclick = evaluate;
  $('btn-rollout').onclick = rollout;
  // Stop: no further blocks, and the engine ends the running one at once
  // (protocol.md, `stop`); an engine without `stop` finishes its block.
  $('btn-stop').onclick = () => { S.stopRollout = true; cmd('stop').catch(() => {}); };
  $('btn-flip').onclick = () => { S.flip = !S.flip; render(); };
  $('btn-pause').onclick = () => { S.paused = !S.paused; renderPanel(); if (!S.paused) advance(); };
  $('btn-copy').onclick = () => {
    const ids = shownIds(), text = `${ids.posId}:${ids.matchId}`;
    (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject()).then(() => showMessage(`copied ${text}`, true), () => { $('paste').value = text; showMessage('copy from the field below', true); });
  };
  $('btn-set').onclick = () => { const t = $('paste').value; if (t.trim()) setPosition(t); };
  $('paste').onkeydown = (e) => { if (e.key === 'Enter') $('btn-set').click(); };
  $('btn-edit').onclick = startEdit;
  $('edit-turn').onchange = editRender;
  $('edit-clear').onclick = () => { S.edit.x.fill(0); S.edit.o.fill(0); S.edit.pin.fill(null); S.edit.bar = { X: 0, O: 0 }; editRender(); };
  $('edit-start').onclick = editStart;
  $('edit-apply').onclick = applyEdit;
  $('edit-cancel').onclick = () => { S.edit = null; $('editor').classList.add('hidden'); advance(); };
  $('btn-save-game').onclick = () => saveRecord('game');
  $('btn-save-match').onclick = () => saveRecord('match');
  $('btn-load').onclick = () => $('load-file').click();
  $('load-file').onchange = (e) => { const f = e.target.files[0]; e.target.value = ''; if (f) loadRecord(f).catch(showError); };
  $('btn-review-back').onclick = backToGame;
  window.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea, dialog')) return;
    if (e.key === 'Escape') backToGame();
    else if (e.key === 'ArrowLeft') stepReview(-1);
    else if (e.key === 'ArrowRight') stepReview(1);
  });
  $('btn-new').onclick = () => { $('new-game').value = S.tavli ? 'tavli' : S.game; newGameChoices(); $('dlg-new').showModal(); };
  $('new-game').onchange = newGameChoices;
  $('new-ok').onclick = async (ev) => { ev.preventDefault(); $('dlg-new').close(); await newGame(); };
  $('btn-level').onclick = () => $('dlg-level').showModal();
  $('lvl-ok').onclick = async (ev) => { ev.preventDefault(); $('dlg-level').close(); try { await applyLevel(true); } catch (e) { showError(e); } };
}

// Out of a review: to the end of the game shown, then to the game in play
// (not while the page holds on a Tavli game's end: “Next game” does).
function backToGame() {
  if (S.review !== null) reviewAt(S.review);
  else if (S.shownGame !== null && !S.between) showGame(null);
}

async function newGame() {
  const game = $('new-game').value, len = Number($('new-length').value), you = $('new-you').value;
  const portes = game === 'portes', fevga = game === 'fevga', tavli = game === 'tavli';
  const rules = $('new-rules').value, scoring = portes ? $('new-pscoring').value : $('new-scoring').value;
  S.players.X = you === 'X' || you === 'both' ? 'human' : 'engine';
  S.players.O = you === 'O' || you === 'both' ? 'human' : 'engine';
  $('player-X').value = S.players.X; $('player-O').value = S.players.O;
  chooseView();
  clearAnalysis();
  S.paused = false;
  try {
    await leaveTavliMatch();
    resetMatchGames();
    if (tavli) {
      S.portesScoring = $('new-pscoring').value;
      S.fevgaSwitches = null;
      await namePlayers();
      const r = await startTavliMatch();
      startGameHistory(r);
      const t = r.score && r.score.tavli;
      showMessage(`new Tavli match to ${t ? t.target : $('tv-target').value}${r.starts ? `; ${r.starts} starts` : ''}`, true);
      await advance();
      return;
    }
    // `set game` only when the game changes: Plakoto's dialog sends
    // what it always sent, to engines that may not know `set game`.
    if (game !== 'plakoto' || S.game !== 'plakoto') await cmd(`set game ${game}`);
    S.game = game;
    if (game === 'plakoto') await cmd(`set rules ${rules}`);
    // Fevga is scored one way (F13); its switches (F7–F9) are its rules.
    // (The dialog's select of `fevga.release` is `fv-release`.)
    if (fevga) { for (const name of Object.keys(FEVGA_SWITCHES)) await cmd(`set ${name} ${$(name.replace('fevga.', 'fv-')).value}`); }
    else await cmd(`set scoring ${scoring}`);
    S.portesScoring = portes ? scoring : null;
    S.fevgaSwitches = null;
    await namePlayers();
    const r = await cmd(len > 0 ? `new match ${len}` : 'new game');
    startGameHistory(r);
    let what = `${rules}, ${scoring} scoring`;
    if (portes) what = `Portes, ${scoring} scoring`;
    if (fevga) what = 'Fevga';
    showMessage(`new ${len > 0 ? `match to ${len}` : 'game'}: ${what}${r.starts ? `; ${r.starts} starts` : ''}`, true);
  } catch (e) { showError(e); }
  await advance();
}

// The New game dialog shows the choices of the game chosen: Plakoto's
// rules and scoring, Portes' scoring, or Fevga's switches.
function newGameChoices() {
  const game = $('new-game').value, tavli = game === 'tavli';
  // A Tavli match plays every game: each one's choices are shown.
  for (const g of ['plakoto', 'portes', 'fevga', 'tavli']) {
    for (const el of document.querySelectorAll(`#dlg-new .${g}-only`)) el.classList.toggle('hidden', game !== g && !(tavli && g !== 'tavli'));
  }
  for (const el of document.querySelectorAll('#dlg-new .not-tavli')) el.classList.toggle('hidden', tavli);
}

// The board is seen from the human's side (X when both or neither play).
function chooseView() {
  const humans = SIDES.filter((s) => S.players[s] === 'human');
  S.view = humans.length === 1 ? humans[0] : 'X';
}

bind();
chooseView();
connect();
