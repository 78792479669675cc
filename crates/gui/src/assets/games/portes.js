// plakoto gui: what the page knows of Portes (backgammon without the cube,
// docs/rules.md P1–P16), served between tables.js and app.js. The engine
// has no `legal steps` in Portes, so the page makes the steps of a play
// itself: it moves checkers one number at a time on its own copy of the
// board and offers only the steps that still end on the board after one of
// the plays `legal` listed (the engine stays the judge of what is legal:
// the page sends that play's notation, exactly as `legal` wrote it).
// Also reads Portes' Position IDs (gnubg's, protocol.md "The game
// played"), for the boards of the move list; the Match ID is tables.js's.
'use strict';

// ---------------------------------------------------------------- Position IDs
// The two sides of a Portes Position ID, each in its own numbering:
// index 1–24 its points, 25 its bar.
function portesSidesOfId(id) { return gnubgSidesOfId(id, 25); }

// The board (the shape of `show board`'s `board` object, with `bar`) of
// `own` (the side on roll's counts) and `opp` (its opponent's, in the
// opponent's numbering), the side on roll being `onRoll`.
function portesBoard(own, opp, onRoll) {
  const me = onRoll, them = other(onRoll);
  const points = [];
  let pipsOwn = 25 * own[25], pipsOpp = 25 * opp[25], onOwn = own[25], onOpp = opp[25];
  for (let p = 1; p <= 24; p++) {
    const mine = own[p], theirs = opp[25 - p];
    pipsOwn += p * mine; pipsOpp += (25 - p) * theirs; onOwn += mine; onOpp += theirs;
    if (mine) points.push({ point: p, side: me, count: mine, pinned: null });
    else if (theirs) points.push({ point: p, side: them, count: theirs, pinned: null });
    else points.push({ point: p, side: null, count: 0, pinned: null });
  }
  return {
    game: 'portes', on_roll: me, points,
    bar: { [me]: own[25], [them]: opp[25] },
    off: { [me]: 15 - onOwn, [them]: 15 - onOpp },
    pips: { [me]: pipsOwn, [them]: pipsOpp },
  };
}

// The board of a Portes Position ID, the side on roll being `onRoll`.
function portesBoardFromId(id, onRoll) {
  const s = portesSidesOfId(id);
  return portesBoard(s.onRoll, s.notOnRoll, onRoll);
}

// ---------------------------------------------------------------- steps
// A state of the page's copy of the board: the side on roll's counts and
// its opponent's, each in its own numbering (25: the bar), as the
// Position ID has them. Its key is the same for the board a `legal` play
// leads to (that ID has the mover as the side not on roll, or on roll
// after a play that ends the game).
function portesKey(own, opp) { return `${own.join(',')}|${opp.join(',')}`; }

// The single steps the side on roll can make with number `n` (P4–P6):
// from the bar first; onto a point the opponent does not hold with two or
// more, hitting a lone checker (P5); bearing off once all its checkers are
// home, exactly, or with a higher number from its highest point (P6).
function portesStepsWith(own, opp, n) {
  const out = [];
  const froms = own[25] ? [25] : [];
  if (!own[25]) for (let p = 24; p >= 1; p--) if (own[p]) froms.push(p);
  let home = !own[25];
  for (let p = 7; p <= 24 && home; p++) if (own[p]) home = false;
  let highest = 0;
  for (let p = 6; p >= 1; p--) if (own[p]) { highest = p; break; }
  for (const from of froms) {
    const to = from - n;
    if (to >= 1) {
      const theirs = opp[25 - to];
      if (theirs >= 2) continue;
      out.push({ from, to, die: n, hit: theirs === 1 });
    } else if (home && (to === 0 || from === highest)) {
      out.push({ from, to: 0, die: n, hit: false });
    }
  }
  return out;
}

// The state after `step`.
function portesApply(own, opp, step) {
  const o = own.slice(), t = opp.slice();
  o[step.from]--;
  if (step.to) o[step.to]++;
  if (step.hit) { t[25 - step.to]--; t[25]++; }
  return [o, t];
}

// Removes one `n` from the numbers left.
function withoutNumber(numbers, n) {
  const i = numbers.indexOf(n);
  return numbers.slice(0, i).concat(numbers.slice(i + 1));
}

// Whether some sequence of steps with `numbers` reaches a key of `targets`.
function portesReaches(own, opp, numbers, targets) {
  if (targets.has(portesKey(own, opp))) return true;
  for (const n of new Set(numbers)) {
    for (const step of portesStepsWith(own, opp, n)) {
      const [o, t] = portesApply(own, opp, step);
      if (portesReaches(o, t, withoutNumber(numbers, n), targets)) return true;
    }
  }
  return false;
}

// The steps of a play of Portes made by clicking, checked against the
// plays `legal` listed (`plays`: [{play, position_id}]): `posId` the
// position, `numbers` the numbers rolled (four for a double).
class PortesTurn {
  constructor(posId, numbers, plays) {
    const s = portesSidesOfId(posId);
    this.start = [s.onRoll, s.notOnRoll];
    this.numbers = numbers.slice();
    // The board after each listed play: its mover is not on roll there,
    // unless the play ends the game (the mover's checkers all off), which
    // leaves the mover on roll (protocol.md, `legal`).
    this.playOf = new Map();
    for (const p of plays) {
      const after = portesSidesOfId(p.position_id);
      const ended = after.onRoll.every((n) => n === 0);
      const key = ended ? portesKey(after.onRoll, after.notOnRoll) : portesKey(after.notOnRoll, after.onRoll);
      this.playOf.set(key, p.play);
    }
    this.targets = new Set(this.playOf.keys());
  }

  // After the steps `made`: the state, the numbers left, the next steps
  // that still lead to a listed play (the lower number first where two
  // bear the same checker off), and the listed play reached, if any.
  after(made) {
    let [own, opp] = this.start;
    let left = this.numbers;
    for (const step of made) {
      [own, opp] = portesApply(own, opp, step);
      left = withoutNumber(left, step.die);
    }
    const next = [];
    const seen = new Set();
    for (const n of [...new Set(left)].sort((a, b) => a - b)) {
      for (const step of portesStepsWith(own, opp, n)) {
        const where = `${step.from}/${step.to}`;
        if (seen.has(where)) continue;
        const [o, t] = portesApply(own, opp, step);
        if (portesReaches(o, t, withoutNumber(left, n), this.targets)) { seen.add(where); next.push(step); }
      }
    }
    return { own, opp, left, next, play: this.playOf.get(portesKey(own, opp)) || null };
  }
}
