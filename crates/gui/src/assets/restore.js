// plakoto gui: a reload keeps the game or the match (issue 62). Each page
// has an engine of its own, which a reload ends; so whenever the position
// changes the page asks for the session's record (`save match`, the same
// transfer as Save match: records.md, "plakoto gui") and keeps it in the
// tab's sessionStorage, with what only the page knows (the move list, the
// games of a Tavli match already played, who plays each side, the view).
// On load, a kept record is sent back (`load match`, which restores the
// match: its switches, score, games, the game in play, the dice) before
// the game flow starts. Served between tavli.js and app.js; its functions
// use app.js's state (`S`) and helpers, defined when they run.
'use strict';

// The tab's copy: {record, page}; one per tab (sessionStorage), gone when
// the tab is closed.
const KEEP_KEY = 'plakoto-gui-kept';

// What each transfer of the server (save or load, answered in the order
// sent) was asked for: {purpose: 'keep', 'download', 'load' or 'restore'},
// a kept copy with the page's state when it was asked for (`page`), so
// that the two match.
const transferPurposes = [];

// Whether the page may keep copies: not before a kept record is restored
// (else the new engine's empty session would replace it).
let keeping = false;
// The position last kept (its IDs and turn), so that a copy is asked for
// once a change.
let keptFor = null;

// Asks for a copy of the session's record when the position or the turn
// changed since the last one.
function keepSession() {
  if (!keeping || !S.alive || !S.ws) return;
  const key = `${S.posId}:${S.matchId}:${S.turn ? S.turn.state : ''}:${S.history.length}`;
  if (key === keptFor) return;
  keptFor = key;
  const page = JSON.parse(JSON.stringify({
    history: S.history, games: S.games, players: S.players, view: S.view, flip: S.flip,
    lastPlay: S.lastPlay, lastRoll: S.lastRoll, portesScoring: S.portesScoring,
  }));
  transferPurposes.push({ purpose: 'keep', page });
  S.ws.send(JSON.stringify({ type: 'save', scope: 'match', format: 'text' }));
}

// A `record` from the server: true when it is a kept copy (stored here,
// with the page's own state), false when it is a download.
function takeKeptSave(text) {
  const asked = transferPurposes.shift();
  if (!asked || asked.purpose !== 'keep') return false;
  const page = asked.page;
  try {
    sessionStorage.setItem(KEEP_KEY, JSON.stringify({ record: text, page }));
    document.body.dataset.kept = String(Number(document.body.dataset.kept || 0) + 1);
  } catch (e) {
    log(`# the session could not be kept for a reload: ${e}`);
  }
  return true;
}

// The purpose of the transfer a `record_reply` answers.
function transferPurpose() { const asked = transferPurposes.shift(); return asked ? asked.purpose : 'load'; }

// The engine ended or restarted: its transfers are forgotten.
function forgetTransfers() { transferPurposes.length = 0; keptFor = null; }

// At the page's start: the kept record, if any, loaded into the new
// engine (its reply comes to restoreReply); true when one was sent.
function restoreKept() {
  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(KEEP_KEY) || 'null'); } catch (_) { kept = null; }
  if (!kept || !kept.record) { keeping = true; return false; }
  S.restoring = kept;
  transferPurposes.push({ purpose: 'restore' });
  log('> (load the kept session)');
  S.ws.send(JSON.stringify({ type: 'load', text: kept.record }));
  return true;
}

// The engine's answer to the kept record: the page's own state back, then
// the game flow goes on where it was.
async function restoreReply(m) {
  logReply(m);
  const kept = S.restoring;
  S.restoring = null;
  keeping = true;
  if (!m.ok) {
    showMessage(`the game before the reload could not be restored: ${m.message}`);
    sessionStorage.removeItem(KEEP_KEY);
    await advance();
    return;
  }
  const p = kept.page || {};
  resetMatchGames();
  S.history = p.history || [];
  S.games = p.games || [];
  S.lastPlay = p.lastPlay || { X: null, O: null };
  S.lastRoll = p.lastRoll || { X: null, O: null };
  S.portesScoring = p.portesScoring || null;
  S.fevgaSwitches = null;
  if (p.players) {
    S.players = p.players;
    for (const side of SIDES) $(`player-${side}`).value = S.players[side];
  }
  S.view = p.view || S.view; S.flip = !!p.flip;
  document.body.dataset.restored = '1';
  showMessage('the game before the reload is restored', true);
  renderMoves();
  await advance();
}
