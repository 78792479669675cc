// plakoto gui: what the games of the table other than Plakoto (Portes,
// portes.js; Fevga, fevga.js) share, served between board.js and them:
// GNU Backgammon's base64 bit fields, which both games' Position IDs use
// (each with its own points), and its Match ID, which both use as is
// (no cube: protocol.md, "The game played").
'use strict';

// The bits of a gnubg ID: standard base64, each byte least significant bit
// first.
function gnubgBits(id) {
  const padded = id + '='.repeat((4 - (id.length % 4)) % 4);
  const bytes = atob(padded);
  const bits = [];
  for (let i = 0; i < bytes.length; i++) {
    const v = bytes.charCodeAt(i);
    for (let b = 0; b < 8; b++) bits.push((v >> b) & 1);
  }
  return bits;
}
function gnubgField(bits, from, width) {
  let v = 0;
  for (let i = width - 1; i >= 0; i--) v = v * 2 + (bits[from + i] || 0);
  return v;
}

// The checker counts of a gnubg-layout Position ID: for each side, the side
// not on roll first, `points` fields of unary counts (1 bits ended by a 0),
// each side in its own numbering; index 1…points.
function gnubgSidesOfId(id, points) {
  const bits = gnubgBits(id);
  let i = 0;
  const sides = [Array(points + 1).fill(0), Array(points + 1).fill(0)];
  for (const side of sides) {
    for (let p = 1; p <= points; p++) {
      while (bits[i] === 1) { side[p]++; i++; }
      i++;
    }
  }
  return { notOnRoll: sides[0], onRoll: sides[1] };
}

// A gnubg Match ID of `game`, in the shape of board.js's decodeMatchId
// (the fields the page reads): gnubg's player 0 is O, player 1 is X.
function decodeGnubgMatchId(id, game) {
  const b = gnubgBits(id);
  const side = (bit) => (bit ? 'X' : 'O');
  const state = gnubgField(b, 8, 3);
  return {
    game, phase: state, onRoll: side(gnubgField(b, 11, 1)),
    dice: [gnubgField(b, 15, 3), gnubgField(b, 18, 3)],
    length: gnubgField(b, 21, 15), o: gnubgField(b, 36, 15), x: gnubgField(b, 51, 15),
    express: false, tzannes: false, passed: null,
  };
}
