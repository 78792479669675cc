// plakoto gui: what the page knows of Fevga (docs/rules.md, Fevga, F1–F16),
// served between tables.js and app.js. Both sides move the same way round
// from opposite corners (F2, F4), so a side's point p is the other side's
// S(p), not Plakoto's 25 − p: board.js draws with that map when the view
// says the game is Fevga. The engine answers `legal steps` in Fevga, so
// the steps of a play, and the reasons a click is refused (F5, F7–F10,
// R10), are the engine's; this file only reads Fevga's Position IDs (for
// the boards between steps and of the move list) and words the switches
// and the engine's refusals for the page.
'use strict';

// ---------------------------------------------------------------- the board
// A side's point p in the other side's numbering (F2): X24 = O12, X13 = O1.
function fevgaOther(p) { return ((p + 11) % 24) + 1; }

// The board (the shape of `show board`'s `board` object) of a Fevga
// Position ID, the side on roll being `onRoll`: as the engine sends it,
// both sides' checkers on the side on roll's points (F4), no bar (an empty
// one, so that no Plakoto mothers are added), each side's pips in its own
// numbering.
function fevgaBoardFromId(id, onRoll) {
  const { onRoll: own, notOnRoll: opp } = gnubgSidesOfId(id, 24);
  const me = onRoll, them = other(onRoll);
  const points = [];
  let pipsOwn = 0, pipsOpp = 0, onOwn = 0, onOpp = 0;
  for (let p = 1; p <= 24; p++) {
    const q = fevgaOther(p), mine = own[p], theirs = opp[q];
    pipsOwn += p * mine; pipsOpp += q * theirs; onOwn += mine; onOpp += theirs;
    if (mine) points.push({ point: p, side: me, count: mine, pinned: null });
    else if (theirs) points.push({ point: p, side: them, count: theirs, pinned: null });
    else points.push({ point: p, side: null, count: 0, pinned: null });
  }
  return {
    game: 'fevga', on_roll: me, points,
    bar: { [me]: 0, [them]: 0 },
    off: { [me]: 15 - onOwn, [them]: 15 - onOpp },
    pips: { [me]: pipsOwn, [them]: pipsOpp },
  };
}

// A play written in its mover's numbering (`24/18 13/7(2)`, as the engine
// writes it) in the other side's numbering (F2): the board's labels are
// the view's, so a play of the other side is shown in them. The engine is
// always sent the play as it wrote it.
function fevgaPlayInOther(play) {
  return play.split(/\s+/).map((word) => {
    const m = word.match(/^([^()]*)(\(\d+\))?$/);
    if (!m) return word;
    const path = m[1].split('/').map((t) => (/^\d+$/.test(t) ? String(fevgaOther(Number(t))) : t)).join('/');
    return path + (m[2] || '');
  }).join(' ');
}

// ---------------------------------------------------------------- switches
// The switches (F7–F9) as `show options` names them, each value with a few
// words for the score line; the first value is the default.
const FEVGA_SWITCHES = {
  'fevga.release': { past_start: 'runner past the opponent’s start (F7)', reach_quarter: 'runner reaching the opponent’s quarter (F7)' },
  'fevga.quarter_rule': { own: 'own starting quarter never closed (F8)', opponent: 'opponent’s starting quarter never closed (F8)', both: 'neither starting quarter closed (F8)', none: 'no quarter rule (F8)' },
  'fevga.quarter_check': { every_step: 'checked every step', end_of_play: 'checked at the end of a play' },
  'fevga.prime_rule': { unblock: 'a wall trapping all must open (F9)', unblock_if_frozen: 'a frozen opponent must be freed (F9)', ahead_required: 'six-primes only with a checker ahead (F9)', none: 'no prime rule (F9)' },
};

// The switches of `show options`' JSON `switches` field
// (`fevga.release=past_start …`) as {name: value}.
function fevgaSwitchesOf(words) {
  const out = {};
  for (const w of (words || '').split(/\s+/)) {
    const [name, value] = w.split('=');
    if (name && value) out[name] = value;
  }
  return out;
}

// The switches in words, for the score line: `, ` and the ones that
// differ from the defaults, or `, standard switches`; nothing when the
// engine did not tell them.
function fevgaSwitchesText(switches) {
  if (!Object.keys(switches).length) return '';
  const changed = Object.entries(FEVGA_SWITCHES)
    .filter(([name, values]) => switches[name] && switches[name] !== Object.keys(values)[0])
    .map(([name, values]) => values[switches[name]] || `${name} ${switches[name]}`);
  return `, ${changed.length ? changed.join(', ') : 'standard switches'}`;
}

// ---------------------------------------------------------------- refusals
// The engine's refusals of the steps tried from point `p` (one per number
// left, each `from/to: why`) as one message: a reason shared by all of them
// once, else each with its step.
function fevgaRefusalText(p, reasons) {
  const bare = reasons.map((r) => r.replace(/^\d+\/(\d+|off): /, ''));
  const where = p === 0 ? 'off' : `from ${p}`;
  if (new Set(bare).size === 1) return `No step ${where}: ${bare[0]}`;
  return `No step ${where}: ${reasons.join('; ')}`;
}
