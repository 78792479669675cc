// plakoto board drawing: one drawing for the GUI page (app.js, served
// after this file) and the HTML analysis report (`plakoto analyse --html`,
// which embeds this file). Pure functions: a board (the shape of `show
// board`'s `board` object, in the numbering of the side on roll) in, SVG
// markup out. `ctx` is the viewpoint: `{view: 'X'|'O', flip: bool}` — the
// side whose numbering the point labels use, and R23's flip; the GUI adds
// `game: 'fevga'` for Fevga's numbering (F2).
'use strict';

const SIDES = ['X', 'O'];
const other = (s) => (s === 'X' ? 'O' : 'X');
function escapeHtml(s) { return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c])); }

// ---------------------------------------------------------------- IDs (protocol.md section 2)
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function idBits(id) {
  const bits = [];
  for (const ch of id) {
    const v = ALPHABET.indexOf(ch);
    for (let b = 0; b < 6; b++) bits.push((v >> b) & 1);
  }
  return bits;
}
function field(bits, from, width) {
  let v = 0;
  for (let i = 0; i < width; i++) v |= bits[from + i] << i;
  return v;
}

function decodeMatchId(id) {
  const b = idBits(id);
  const kind = field(b, 32, 2);
  const m = {
    phase: field(b, 0, 2), onRoll: field(b, 2, 1) ? 'O' : 'X',
    dice: [field(b, 3, 3), field(b, 6, 3)], express: !!field(b, 9, 1), tzannes: !!field(b, 10, 1),
    length: field(b, 11, 7), x: field(b, 18, 7), o: field(b, 25, 7), passed: null,
  };
  const a = field(b, 34, 3), c = field(b, 37, 3);
  if (kind === 1) m.passed = [a, c];
  else if (kind === 2) m.passed = { double: a, left: c };
  else if (kind === 3) m.passed = [a];
  return m;
}

// The board of a Position ID, seen from the side on roll `onRoll`, in the
// shape of `show board`'s `board` object. Used for the boards between the
// steps of a play (legal steps gives their Position ID) and as the
// compatibility path for engines whose `show board` has no `board` data.
function boardFromPositionId(id, onRoll) {
  const bits = idBits(id);
  let i = 0;
  const counts = [[], []];
  for (const s of [0, 1]) {
    for (let p = 1; p <= 24; p++) {
      let n = 0;
      while (bits[i] === 1) { n++; i++; }
      i++;
      counts[s][p] = n;
    }
  }
  const me = onRoll, opp = other(onRoll);
  const points = [];
  for (let p = 1; p <= 24; p++) {
    const r = counts[0][p], o = counts[1][25 - p];
    let entry = { point: p, side: null, count: 0, pinned: null };
    if (r && o) {
      let rollerPinned;
      if (r === 1 && o === 1) rollerPinned = bits[i++] === 1;
      else rollerPinned = r === 1;
      entry = rollerPinned ? { point: p, side: opp, count: o, pinned: me }
        : { point: p, side: me, count: r, pinned: opp };
    } else if (r) entry = { point: p, side: me, count: r, pinned: null };
    else if (o) entry = { point: p, side: opp, count: o, pinned: null };
    points.push(entry);
  }
  return completeBoard({ on_roll: onRoll, points });
}

// Adds off, pips and mothers when the engine did not send them.
function completeBoard(board) {
  const me = board.on_roll, opp = other(me);
  const on = { X: 0, O: 0 }, pips = { X: 0, O: 0 };
  for (const e of board.points) {
    const own = (s) => (s === me ? e.point : 25 - e.point);
    if (e.side) { on[e.side] += e.count; pips[e.side] += e.count * own(e.side); }
    if (e.pinned) { on[e.pinned] += 1; pips[e.pinned] += own(e.pinned); }
  }
  board.off = board.off || { X: 15 - on.X, O: 15 - on.O };
  board.pips = board.pips || pips;
  // Mothers are Plakoto's (R15): a board with a bar (Portes) has none.
  if (!board.mothers && !board.bar) {
    const mother = (s, p) => {
      const e = board.points[p - 1];
      if (e.pinned === s) return 'pinned';
      return e.side === s ? 'home' : 'gone';
    };
    board.mothers = { [me]: mother(me, 24), [opp]: mother(opp, 1) };
  }
  return board;
}

// ---------------------------------------------------------------- geometry
const W = 940, H = 660, TOP = 30, BOT = 630, MID = 330, R = 27;
function colX(c) { return c < 6 ? 60 + 60 * c : 480 + 60 * (c - 6); }
// Where point v (in the numbering of the view) is drawn: column and row.
function placeIn(v, flip) {
  let top, c;
  if (v >= 13) { top = !flip; c = v - 13; } else { top = flip; c = 12 - v; }
  return { x: colX(c), top };
}
function slotY(top, k) { return top ? TOP + R + k * 2 * R : BOT - R - k * 2 * R; }
// The bar (Portes): a side's checkers wait in the half of its own home
// (the view's in the bottom half unless flipped), from the middle out.
function barY(bottom, k) { return bottom ? MID + 40 + k * 2 * R : MID - 40 - k * 2 * R; }
// Point p in the numbering of `side`, in the numbering of the view: the
// other side counts the other way round (R2: 25 − p), but in Fevga
// (`ctx.game`), where both sides move the same way round from opposite
// corners, 12 points on (F2: X24 = O12). Both maps are their own inverse.
function toViewOf(p, side, ctx) {
  if (side === ctx.view) return p;
  return ctx.game === 'fevga' ? ((p + 11) % 24) + 1 : 25 - p;
}
// The slot (0 at the edge) of a point's top checker.
function topSlot(e) { return (e.pinned ? 0.8 : 0) + Math.min(e.count, 5) - 1; }
// Where an arrow to or from point p (in `side`'s numbering; 0: off) ends.
function anchorIn(p, side, ctx) {
  if (p === 0) {
    const bottom = (side === ctx.view) !== ctx.flip;
    return { x: 885, y: bottom ? 490 : 170 };
  }
  if (p === 25) return { x: 420, y: barY((side === ctx.view) !== ctx.flip, 0) };
  const { x, top } = placeIn(toViewOf(p, side, ctx), ctx.flip);
  return { x, y: top ? TOP + 120 : BOT - 120 };
}

// ---------------------------------------------------------------- pieces
function checker(x, y, side) {
  return `<circle class="chk-${side}" cx="${x}" cy="${y}" r="${R - 1}"/><circle cx="${x}" cy="${y}" r="${R - 9}" fill="none" stroke="${side === 'X' ? '#cfc4a6' : '#5b3a28'}" stroke-width="2"/>`;
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
function die(x, y, n, cls) {
  let s = `<g class="die-g" data-die="${n}"><rect class="die ${cls}" x="${x - 24}" y="${y - 24}" width="48" height="48" rx="8"/>`;
  for (const [a, b] of PIPS[n] || []) s += `<circle class="pip ${cls}" cx="${x + a * 12}" cy="${y + b * 12}" r="5"/>`;
  return s + '</g>';
}

// The board itself: frame, points and their labels, checkers (at most five
// drawn, then the count), pinned checkers (dashed red ring), mothers (M),
// and the trays with the checkers borne off and the pip counts. `rings`
// (optional, point in the numbering of the side on roll → class) rings a
// point's top checker, under the mother marks.
function drawBoard(board, ctx, rings) {
  const roller = board.on_roll;
  const out = [];
  out.push(`<rect class="frame" x="0" y="0" width="830" height="${H}" rx="10"/>`);
  out.push(`<rect class="felt" x="30" y="${TOP}" width="360" height="${BOT - TOP}"/>`);
  out.push(`<rect class="felt" x="450" y="${TOP}" width="360" height="${BOT - TOP}"/>`);
  out.push(`<rect class="barzone" x="390" y="${TOP}" width="60" height="${BOT - TOP}"/>`);
  for (let v = 1; v <= 24; v++) {
    const { x, top } = placeIn(v, ctx.flip);
    const base = top ? TOP : BOT, apex = top ? TOP + 250 : BOT - 250;
    out.push(`<polygon class="${v % 2 ? 'tri-a' : 'tri-b'}" points="${x - 29},${base} ${x + 29},${base} ${x},${apex}"/>`);
    out.push(`<text class="ptlabel" x="${x}" y="${top ? 20 : H - 9}">${v}</text>`);
  }
  for (const e of board.points) {
    const { x, top } = placeIn(toViewOf(e.point, roller, ctx), ctx.flip);
    let k0 = 0;
    if (e.pinned) {
      out.push(checker(x, slotY(top, 0), e.pinned));
      out.push(`<circle class="pinmark" cx="${x}" cy="${slotY(top, 0)}" r="${R - 3}"><title>${e.pinned} pinned under ${e.side}</title></circle>`);
      k0 = 0.8;
    }
    const shown = Math.min(e.count, 5);
    for (let k = 0; k < shown; k++) out.push(checker(x, slotY(top, k0 + k), e.side));
    if (e.count > 5) out.push(`<text class="cnt-${e.side}" x="${x}" y="${slotY(top, k0 + 4) + 8}" text-anchor="middle">${e.count}</text>`);
    const ring = rings && e.count ? rings.get(e.point) : null;
    if (ring) out.push(`<circle class="${ring}" cx="${x}" cy="${slotY(top, topSlot(e))}" r="${R + 1}"/>`);
  }
  // Mothers (R15): the checker(s) on a side's own 24-point.
  for (const side of SIDES) {
    const state = board.mothers && board.mothers[side];
    if (!state || state === 'gone') continue;
    const p24 = side === roller ? 24 : 1;
    const { x, top } = placeIn(toViewOf(p24, roller, ctx), ctx.flip);
    const e = board.points[p24 - 1];
    const y = state === 'pinned' ? slotY(top, 0) : slotY(top, topSlot(e));
    out.push(`<g class="mother" data-mother="${side}-${state}"><circle class="mother-ring" cx="${x + 20}" cy="${y + (top ? 18 : -18)}" r="10"/>` +
      `<text x="${x + 20}" y="${y + (top ? 23 : -13)}" text-anchor="middle" fill="#000">M</text><title>${side}'s mother ${state === 'pinned' ? 'is pinned (R15)' : 'is home'}</title></g>`);
  }
  // The bar (Portes): up to four checkers a side, then their count.
  if (board.bar) {
    for (const side of SIDES) {
      const n = board.bar[side] || 0, bottom = (side === ctx.view) !== ctx.flip;
      for (let k = 0; k < Math.min(n, 4); k++) out.push(checker(420, barY(bottom, k), side));
      if (n > 4) out.push(`<text class="cnt-${side}" x="420" y="${barY(bottom, 3) + 8}" text-anchor="middle">${n}</text>`);
      if (n) out.push(`<g data-bar="${side}" data-count="${n}"><title>${side}: ${n} on the bar</title></g>`);
    }
  }
  // Trays: the view side's home is bottom right unless flipped. Borne-off
  // checkers stack from the board's edge; the labels sit by the middle.
  for (const side of SIDES) {
    const bottom = (side === ctx.view) !== ctx.flip;
    const y0 = bottom ? 340 : 20, h = 300;
    out.push(`<rect class="tray" x="845" y="${y0}" width="80" height="${h}" rx="6"/>`);
    const off = board.off[side] || 0;
    for (let k = 0; k < off; k++) {
      const y = bottom ? y0 + h - 6 - (k + 1) * 14 : y0 + 6 + k * 14;
      out.push(`<rect class="offchk-${side}" x="852" y="${y}" width="66" height="12" rx="3"/>`);
    }
    const ly = bottom ? y0 + 20 : y0 + h - 26;
    out.push(`<text class="label" x="885" y="${ly}" text-anchor="middle" data-off="${side}">${side} off ${off}</text>`);
    out.push(`<text class="label" x="885" y="${ly + 17}" text-anchor="middle" data-pips="${side}">pips ${board.pips[side]}</text>`);
  }
  return out.join('');
}

// ---------------------------------------------------------------- arrows
// `24/18*/13 6/off(2)` → [[24,13],[6,0],[6,0]]: one arrow per checker move;
// Portes' `bar/22` starts on the bar, 25.
function movesOfPlay(play) {
  const out = [];
  if (!play || play === 'pass') return out;
  for (const word of play.trim().split(/\s+/)) {
    const m = word.match(/^([^()]*)(?:\((\d+)\))?$/);
    if (!m) continue;
    const pts = m[1].replace(/\*/g, '').split('/').map((t) => ({ off: 0, bar: 25 }[t.toLowerCase()] ?? Number(t)));
    if (pts.length < 2 || pts.some(Number.isNaN)) continue;
    for (let i = 0; i < Number(m[2] || 1); i++) out.push([pts[0], pts[pts.length - 1]]);
  }
  return out;
}


// The curves of the arrows of `plays` (see drawArrows): each a quadratic
// Bézier from (x1, y1) through the control (cx, cy) to (x2, y2), with the
// move it draws. The page keeps its small dice off them.
function arrowCurves(plays, ctx) {
  const items = [];
  for (const pl of plays) {
    const counted = new Map();
    for (const [a, b] of pl.steps || movesOfPlay(pl.play)) {
      const key = `${a}/${b}`;
      counted.set(key, { a, b, n: (counted.get(key) || { n: 0 }).n + 1 });
    }
    for (const m of counted.values()) items.push({ ...m, side: pl.side, cls: pl.cls, marker: pl.marker, rank: pl.rank });
  }
  // Lanes: arrows joining the same two places, either way.
  for (const it of items) {
    it.p1 = anchorIn(it.a, it.side, ctx); it.p2 = anchorIn(it.b, it.side, ctx);
    const k1 = `${it.p1.x},${it.p1.y}`, k2 = `${it.p2.x},${it.p2.y}`;
    it.key = k1 < k2 ? `${k1}|${k2}` : `${k2}|${k1}`;
  }
  const groups = new Map();
  for (const it of items) { const g = groups.get(it.key) || []; g.push(it); groups.set(it.key, g); }
  for (const it of items) {
    const g = groups.get(it.key), lane = g.indexOf(it);
    const off = (lane - (g.length - 1) / 2) * 14;
    const { p1, p2 } = it;
    // The lane's side, the same for both directions of travel.
    const [q1, q2] = `${p1.x},${p1.y}` < `${p2.x},${p2.y}` ? [p1, p2] : [p2, p1];
    let nx = -(q2.y - q1.y), ny = q2.x - q1.x;
    const len = Math.hypot(nx, ny) || 1; nx /= len; ny /= len;
    const mx = (p1.x + p2.x) / 2, my = (p1.y + p2.y) / 2;
    // Along one row the arrow bows towards the middle, less for short hops.
    const bow = Math.min(110, 30 + Math.abs(p2.x - p1.x) * 0.25);
    const bend = p1.y === p2.y ? (p1.y < MID ? bow : -bow) : 0;
    const cx = mx + (p1.y !== p2.y ? 60 : 0) + nx * off * 2.5, cy = my + bend + ny * off * 2.5;
    Object.assign(it, { x1: p1.x + nx * off, y1: p1.y + ny * off, x2: p2.x + nx * off, y2: p2.y + ny * off, cx, cy });
  }
  return items;
}

// Whether the curve `c` (arrowCurves) passes within `margin` of the box
// {x0, y0, x1, y1}: sampled along its length.
function curveCrosses(c, box, margin) {
  for (let k = 0; k <= 40; k++) {
    const t = k / 40, u = 1 - t;
    const x = u * u * c.x1 + 2 * u * t * c.cx + t * t * c.x2, y = u * u * c.y1 + 2 * u * t * c.cy + t * t * c.y2;
    if (x > box.x0 - margin && x < box.x1 + margin && y > box.y0 - margin && y < box.y1 + margin) return true;
  }
  return false;
}

// Arrows for plays: `plays` is a list of {play, side (whose numbering),
// cls, marker, rank?}; `steps` ([[from, to], …]) may replace `play`.
// Moves of one play repeated (`6/off(2)`) are one arrow marked ×2; arrows
// of different plays along the same points are spread side by side
// (lanes), so that none hides another. The arrowhead markers are included.
// `curves`: arrowCurves(plays, ctx), when the caller has them already.
function drawArrows(plays, ctx, curves) {
  let s = '';
  for (const it of curves || arrowCurves(plays, ctx)) {
    const { x1, y1, x2, y2, cx, cy } = it;
    const d = `M${x1.toFixed(1)},${y1.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`;
    const data = it.rank ? `data-rank="${it.rank}"` : `data-last="${it.side}"`;
    if (!it.rank) s += `<path class="arrow-casing${it.cls.includes(' faded') ? ' faded' : ''}" d="${d}"/>`;
    s += `<path class="${it.cls}" ${data} d="${d}" marker-end="url(#${it.marker})"/>`;
    if (it.n > 1) s += `<text class="arrowlabel" x="${(x2 + (cx - x2) * 0.25).toFixed(1)}" y="${(y2 + (cy - y2) * 0.25).toFixed(1)}">×${it.n}</text>`;
  }
  const colours = [['head1', '#3ccf63'], ['head2', '#3d8ee6'], ['head3', '#b57ae8'], ['headX', '#fff3cf'], ['headO', '#ff9b3d'], ['headPlayed', '#ff5b4a']];
  const heads = colours.map(([id, col]) => `<marker id="${id}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${col}"/></marker>`).join('');
  return `<defs>${heads}</defs><g class="arrows">${s}</g>`;
}
