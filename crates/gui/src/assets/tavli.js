// plakoto gui: the Tavli match (docs/rules.md T1–T10; protocol.md,
// "Hosting a Tavli match"), served between fevga.js and app.js. The engine
// runs the match: when a game ends it moves to the sequence's next game by
// itself, and each board it shows says where the match stands (`tavli`).
// The page keeps no copy of the match's rules: this file words what the
// engine said for the score line, keeps the games already played (each
// with its plays and final position, for review), holds the page on a
// game's end until the next game is asked for, and starts a match from the
// New game dialog. Its functions use app.js's state (`S`) and helpers,
// defined when they run.
'use strict';

const TAVLI_NAMES = { portes: 'Portes', plakoto: 'Plakoto', fevga: 'Fevga' };
function gameName(kind) { return TAVLI_NAMES[kind] || kind; }

// ---------------------------------------------------------------- the games
// The games of the match already played: {number, game, result, history,
// final: {posId, matchId}}; `S.shownGame` is the index of the one shown
// (null: the game in play), `S.between` whether the page holds on the end
// of the last one (the engine already plays the next).
function resetMatchGames() { S.games = []; S.shownGame = null; S.between = false; }

// The game shown: one already played, or null for the game in play.
function shownPast() { return S.shownGame === null ? null : S.games[S.shownGame] || null; }
// The kind of game drawn: the one shown, else the engine's.
function shownKind() { const past = shownPast(); return past ? past.game : S.game; }
// The plays listed (and reviewed): of the game shown.
function shownHistory() { const past = shownPast(); return past ? past.history : S.history; }

// A result in words: `X wins, double (2 points)` or `draw`.
function resultText(res) {
  if (!res) return 'not finished';
  if (!res.winner) return 'draw';
  return `${res.winner} wins, ${res.kind} (${res.points} point${res.points === 1 ? '' : 's'})`;
}

// A `move` or `play` reply that ended a game of the match and named the
// next (`next_game`): the ended game (of kind `kind`, its final position in
// the reply's IDs) joins the games played, the move list starts over for
// the next, and the page holds on the ended game's final position.
function tavliGameEnded(r, kind) {
  const number = r.next_game.number - 1;
  S.games.push({
    number, game: kind, result: r.result, history: S.history,
    final: { posId: r.position_id, matchId: r.match_id },
  });
  S.history = [];
  S.lastPlay = { X: null, O: null }; S.lastRoll = { X: null, O: null };
  const next = r.next_game;
  note(`Game ${next.number}: ${gameName(next.game)}`);
  if (next.opening && next.opening.length) note(openingText(next.opening));
  else if (next.starts) note(`${next.starts} starts (the last game's winner, T6)`);
  S.shownGame = S.games.length - 1;
  S.between = true;
  S.review = null;
}

// The page's hold on a game's end: says the result and the next game, and
// offers “Next game” (engine against engine, it goes on by itself after a
// while, as between the games of a plain match). True: go on now.
async function holdBetweenGames() {
  const past = S.games[S.games.length - 1], t = S.tavli;
  const next = t ? `game ${t.number}: ${gameName(t.game)}` : 'the next game';
  setStatus(`Game ${past.number} (${gameName(past.game)}) over: ${resultText(past.result)} — next: ${next}`, 'between');
  $('btn-roll').textContent = `Next game: ${t ? gameName(t.game) : '…'}`;
  $('btn-roll').classList.remove('hidden');
  if (isEngine('X') && isEngine('O') && !S.paused) {
    showMessage('Next game in a moment (Pause stays on this one).', true);
    await sleep(Math.max(speed() * 2, GAME_OVER_HOLD_MS));
    if (S.between && !S.paused && !S.edit) { nextTavliGame(); return true; }
  }
  showMessage(`Press “Next game” to play ${next}; the games of the match are listed beside the board.`, true);
  return false;
}

// Leaves the hold: the game in play is shown again.
function nextTavliGame() {
  S.between = false; S.shownGame = null; S.review = null;
  $('btn-roll').classList.add('hidden');
  showMessage('');
  renderMoves();
}

// Shows game `i` of the match (null: the game in play): its final
// position and its plays.
function showGame(i) {
  S.shownGame = i === null || !S.games[i] ? null : i;
  S.review = null;
  const past = shownPast();
  if (past) showMessage(`Game ${past.number} (${gameName(past.game)}): ${resultText(past.result)}. Its final position; click a play to see the position before it.`, true);
  else showMessage('');
  renderMoves();
  render();
}

// The board of a game played, at its end.
function pastFinalBoard(past) {
  return boardOf(past.final.posId, matchOf(past.final.matchId, past.game).onRoll, past.game);
}
// Its label on the board, in place of the dice.
function pastLabel(past) {
  return `<text class="turnlabel" x="415" y="${MID + 6}" text-anchor="middle">game ${past.number} over: ${escapeHtml(resultText(past.result))}</text>`;
}
// Its last play, drawn as the arrows of the final position.
function lastPlayOf(past) {
  return [...past.history].reverse().find((h) => h.kind === 'play') || null;
}

// The list of the games of the match, beside the move list: each played
// one with its result, then the one in play (or the last, once won).
function renderGameList() {
  const inMatch = !!S.tavli;
  $('tavli-games').classList.toggle('hidden', !inMatch);
  $('games-hint').classList.toggle('hidden', !inMatch);
  if (!inMatch) return;
  const list = $('game-list');
  list.innerHTML = '';
  const item = (i, number, kind, what) => {
    const li = document.createElement('li');
    li.className = `game${S.shownGame === i ? ' current' : ''}`;
    li.dataset.game = kind;
    li.dataset.index = i === null ? '' : String(i);
    li.title = i === null ? 'the game in play' : 'show this game: its final position and its plays';
    li.innerHTML = `<span class="mv-n">${number}.</span> <b>${escapeHtml(gameName(kind))}</b> <span class="muted">${escapeHtml(what)}</span>`;
    li.onclick = () => showGame(i);
    list.appendChild(li);
  };
  S.games.forEach((g, i) => item(i, g.number, g.game, resultText(g.result)));
  const t = S.tavli, over = S.turn && S.turn.state === 'over';
  item(null, t.number, t.game, over ? resultText(S.turn.result) : 'in play');
}

// ---------------------------------------------------------------- score line
// `Tavli to 3 — X 1, O 0 — game 2: Plakoto, next: Fevga` from the engine's
// `tavli` (`show board`).
function tavliScoreText(t) {
  const game = `game ${t.number}: ${gameName(t.game)}`;
  const where = t.winner ? `${game} — ${t.winner} wins the match` : `${game}${t.next ? `, next: ${gameName(t.next)}` : ''}`;
  return `Tavli to ${t.target} — X ${t.x}, O ${t.o} — ${where}`;
}

// ---------------------------------------------------------------- starting
// `new match 1` leaves a Tavli match (protocol.md: in a match `set game`,
// `new game` and a sequence without the game in play are refused), so that
// the New game dialog can set each game's switches before what it starts.
async function leaveTavliMatch() {
  if (S.tavli) await cmd('new match 1');
}

// A Tavli match from the New game dialog: each game's own switches set
// with that game chosen (`set scoring` is the game played's; Fevga's
// switches are known only in Fevga), the match's switches where the engine
// has others, then `new match N tavli`. Returns its reply.
async function startTavliMatch() {
  await cmd('set game plakoto');
  await cmd(`set rules ${$('new-rules').value}`);
  await cmd(`set scoring ${$('new-scoring').value}`);
  await cmd('set game portes');
  await cmd(`set scoring ${$('new-pscoring').value}`);
  await cmd('set game fevga');
  for (const name of Object.keys(FEVGA_SWITCHES)) await cmd(`set ${name} ${$(name.replace('fevga.', 'fv-')).value}`);
  const now = await cmd('show tavli');
  const sequence = $('tv-sequence').value.replace(/\s+/g, ''), afterDraw = $('tv-after_draw').value;
  if (now.sequence !== sequence) await cmd(`set tavli.sequence ${sequence}`);
  if (now.after_draw !== afterDraw) await cmd(`set tavli.after_draw ${afterDraw}`);
  return cmd(`new match ${Number($('tv-target').value)} tavli`);
}
