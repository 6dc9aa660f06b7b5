/* Bonnu on the pages: the round (the top card, every seat's card count, the shouts and penalty
   cards owed, the scores, each timing ruling with both its times, each phone's latency) and a
   seat's moves: Lay, Draw and Reach! as the referee offers them, and its Cut! and Bonnu! claims
   whenever it holds cards (the host console: the referee's Cut! and Bonnu! options). Everything
   comes from the view and options the server sent (webui/bonnu_views.py). The phone measures its
   latency with pings on join and every half minute (webui/bonnu_timing.py). */
"use strict";

const N = (window.N = { pinging: null });

/* A Bonnu card: its number large, its colour as the card's colour, "red 7" for screen readers. */
N.card = (c) => C.el("span", { class: `playing bn-card bn-${c.colour}`, title: c.pretty, "aria-label": c.pretty },
  String(c.value));

/* The round as this viewer may see it (a seat's own hand is drawn on My seat, above its moves);
   `console`: the host's, which lists every phone's latency and when it was measured. */
N.round = (bn, console) => {
  const { el } = C;
  const phones = console ? el("ul", { class: "muted bn-phones", id: "bn-phones" },
    bn.phones.map((p) => el("li", { "data-seat": p.seat }, "Latency " + p.words))) : null;
  if (bn.round === null) return el("div", { class: "bn-round" }, el("p", { class: "muted" }, "No round yet: the host starts one."), phones);
  const seatRow = (s) => el("tr", { "data-seat": s.seat, class: s.seat === bn.turn ? "to-act" : "" },
    el("td", {}, s.name), el("td", { class: "num bn-count" }, s.cards), el("td", { class: "num" }, s.score),
    el("td", { class: "bn-owes" }, [s.owes_words, s.penalty_words].filter(Boolean).join(" · ")),
    el("td", { class: "num muted" }, s.latency_ms === null ? "–" : s.latency_ms + " ms"));
  const shown = bn.seats.filter((s) => s.shown_cards);
  return el("div", { class: "bn-round" },
    bn.master_words ? el("p", { class: "bk-drinks", id: "bn-master" }, bn.master_words) : null,
    bn.winner_words ? el("p", { class: "bk-contract", id: "bn-winner" }, bn.winner_words) : null,
    el("p", { class: "bk-headline" }, el("strong", {}, bn.headline)),
    bn.phase_words ? el("p", { class: "muted" }, bn.phase_words) : null,
    el("div", { class: "bn-top", id: "bn-top" }, el("span", { class: "muted" }, "Top card "),
      bn.top_card ? N.card(bn.top_card) : el("span", { class: "muted" }, "none yet: any card leads"),
      el("span", { class: "muted" }, " · " + bn.pile_words)),
    bn.earlier_cards.length ? el("p", { class: "bn-pile", id: "bn-pile" }, el("span", { class: "muted" }, "Under it, newest first "),
      bn.earlier_cards.map(N.card)) : null,
    bn.turn_words ? el("p", { class: "bk-turn" }, "Now: " + bn.turn_words) : null,
    bn.window_words ? el("p", { class: "bn-window", id: "bn-window" }, bn.window_words) : null,
    el("p", { class: "bn-scores", id: "bn-scores" }, el("strong", {}, bn.score_words)),
    bn.rulings_words.length ? el("ol", { class: "bn-rulings", id: "bn-rulings" }, bn.rulings_words.map((r) => el("li", {}, r))) : null,
    bn.penalties_words.length ? el("ul", { class: "bk-revokes" }, bn.penalties_words.map((w) => el("li", {}, "Penalty: " + w))) : null,
    shown.length ? el("div", { class: "bn-shown" }, shown.map((s) => el("p", {}, el("strong", {}, s.name + ": "), s.shown_cards.map(N.card)))) : null,
    el("table", { class: "grid small bk-seats bn-seats" },
      el("tr", {}, ["", "cards", bn.scoring === "simple" ? "won" : "total", "owes", "latency"].map((h) => el("th", {}, h))),
      bn.seats.map(seatRow)),
    phones);
};

/* A button that takes one claim or move and stays disabled once it was taken (the page is drawn
   again with the referee's new options), so a second tap cannot send it twice; it keeps its
   Idempotency-Key until the answer came, so a retry after a lost answer records once. */
N.button = (label, o, body, cls, done) => {
  const b = C.el("button", { type: "button", class: cls, "data-action": N.name(o) }, label);
  let key = C.newKey();
  b.addEventListener("click", async () => {
    const payload = body();
    if (payload === null || b.disabled) return;
    b.disabled = true;
    const r = await C.post(o.post.url, payload, key);
    if (r.status !== 0) key = C.newKey();
    if (!r.ok) { b.disabled = false; return; }
    const said = (r.data.announcements || []).map((a) => a.text).join(" · ");
    if (said) C.toast(said);
    if (done) done(r.data);
  });
  return b;
};

N.name = (o) => o.action === "lay" && o.card ? "lay-" + o.card.code : o.action === "shout" ? "shout-" + o.word : o.action;

N.label = (o) => {
  const cards = (o.cards || []).map((c) => c.pretty).join(" ");
  if (o.action === "lay" && o.card) return "Lay " + o.card.pretty;
  if (o.action === "cut" && cards) return "Cut! " + cards;
  if (o.action === "bonnu" && cards) return "Bonnu! " + cards;
  return o.text || o.label;
};

N.pretty = (code) => code.replace(":", " ").replace("#1", "");

/* Where the referee does not know the hand the phone names its cards: one select of the 60 cards
   for a Lay; a box per card of the number just played for a Cut (two or more); as many selects as
   the hand holds for a Bonnu. Two copies of a card look alike: the second named is the copy. */
N.picked = {};      // what was chosen in a picker, by option key: kept when the page is drawn again
N.picker = (o, done) => {
  const { el } = C;
  const label = N.label(o);
  const keep = (field, name) => N.kept(`${o.post.body.option}:${name}`, field);
  const choose = (i) => keep(el("select", { class: "bn-pick", "aria-label": `${label}: card ${i + 1}` },
    el("option", { value: "" }, "card…"), o.pack.map((c) => el("option", { value: c }, N.pretty(c)))), i);
  let fields, read;
  if (o.action === "cut") {
    fields = o.pack.flatMap((c) => (/:(-1|21)$/.test(c) ? [c] : [c, c + "#1"])).map((c) => el("label", { class: "bn-box" },
      keep(el("input", { type: "checkbox", value: c }), c), N.pretty(c) + (c.endsWith("#1") ? " (2nd)" : "")));
    read = () => fields.map((f) => f.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
  } else {
    fields = [...Array(o.needs.includes("cards") ? o.count || 1 : 1).keys()].map(choose);
    read = () => {
      const picked = fields.map((f) => f.value);
      return picked.map((c, i) => picked.slice(0, i).includes(c) && !c.endsWith("#1") ? c + "#1" : c);
    };
  }
  const body = () => {
    const picked = read();
    if (picked.some((c) => !c) || !picked.length || (o.action === "cut" && picked.length < 2)) {
      C.toast(o.action === "cut" ? "Tick the two or more cards you Cut with" : "Choose every card first", true);
      return null;
    }
    return { ...o.post.body, ...(o.needs.includes("cards") ? { cards: picked } : { card: picked[0] }) };
  };
  return el("span", { class: "option bn-picker" }, fields, N.button(label, o, body, "primary", done));
};

/* The seat's moves: Cut!, Bonnu! and Reach! first (they race the next card), then its lays and
   the draw. */
N.moves = (options, done) => {
  const claims = ["cut", "bonnu", "shout"];
  const order = (o) => (claims.includes(o.action) ? 0 : o.action === "lay" ? 1 : 2);
  return options.slice().sort((a, b) => order(a) - order(b)).map((o) => o.needs.length ? N.picker(o, done)
    : N.button(N.label(o), o, () => ({ ...o.post.body }), claims.includes(o.action) ? "primary bn-claim" : o.action === "draw" ? "" : "primary", done));
};

/* ------------------------------------------------------------------ claims */
/* The seat's Cut! and out-of-turn Bonnu!, there whenever it holds cards in play, not only once the
   referee offers them: a player who sees a card land claims at once, before the camera confirmed
   it. They post the cards to /api/seat/claim, stamped on receipt; a claim the camera's card is not
   in for yet waits on the server (202) and its ruling comes through the feed. They replace the
   option-key Cut and Bonnu buttons on the phone (the host console keeps those). Cut: tick two or
   more cards of one number from the hand (those with a partner of their number); Bonnu!: the whole
   hand (shown when its total is some card's number, or a multiple of 10 for a 0: a mistap of a
   Bonnu no card could make is a penalty). A hand the referee does not know: a number and its cards
   to tick for the Cut, a select per card held for the Bonnu. */
N.claim = { words: "", top: null, rulings: 0, round: null };   // the claim's last answer, kept until the round moves on
N.CUT_NUMBERS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 21];
N.COLOURS = ["red", "blue", "yellow", "white", "black"];

N.claimed = (bn, words) => Object.assign(N.claim, { words, top: bn.top, rulings: bn.rulings_words.length });

/* One claim's button: disabled from the tap until its answer came (a double tap sends one claim),
   its Idempotency-Key kept until then (a retry after a lost answer records once). */
N.claimButton = (bn, label, kind, read, done) => {
  const b = C.el("button", { type: "button", class: "primary bn-claim", "data-action": "claim-" + kind }, label);
  let key = C.newKey();
  b.addEventListener("click", async () => {
    const cards = read();
    if (cards === null || b.disabled) return;
    b.disabled = true;
    const r = await C.post("/api/seat/claim", { claim: kind, cards }, key);
    if (r.status !== 0) key = C.newKey();
    b.disabled = false;
    if (r.ok) for (const id of Object.keys(N.picked)) if (id.startsWith("claim:")) delete N.picked[id];
    if (r.status === 202) {
      N.claimed(bn, r.data.same_claim ? "That claim is made already: still waiting for the camera's card…"
        : `${kind === "cut" ? "Cut" : "Bonnu"}: waiting for the camera's card…`);
    } else if (r.ok) {
      N.claimed(bn, "");
      const said = (r.data.announcements || []).map((a) => a.text).join(" · ");
      if (said) C.toast(said);
    } else if (r.status !== 0) {
      N.claimed(bn, "Not taken: " + (r.data.error || "error " + r.status));
    }
    if (done) done(r.data);
  });
  return b;
};

/* A box kept ticked (or a select kept) across the page's redraws, by `id`. */
N.kept = (id, field) => {
  if (field.type === "checkbox") field.checked = !!N.picked[id];
  else if (N.picked[id] !== undefined) field.value = N.picked[id];
  field.addEventListener("change", () => { N.picked[id] = field.type === "checkbox" ? field.checked : field.value; });
  return field;
};

N.box = (id, code, face) => C.el("label", { class: "bn-box" },
  N.kept(id, C.el("input", { type: "checkbox", value: code, "aria-label": N.pretty(code) })), face);

N.ticked = (root) => [...root.querySelectorAll("input[type=checkbox]:checked")].map((i) => i.value);

N.cutRead = (root) => () => {
  const cards = N.ticked(root);
  const number = (c) => c.split(":")[1].replace(/#1$/, "");
  if (cards.length < 2 || cards.some((c) => number(c) !== number(cards[0]))) {
    C.toast("Tick two or more cards of one number to Cut", true);
    return null;
  }
  return cards;
};

/* An unnamed hand's Cut: the number, then a box per card of it (the second copy named "(2nd)"). */
N.cutOfNumber = () => {
  const boxes = C.el("span", { class: "bn-cut-boxes" });
  const codes = (n) => N.COLOURS.flatMap((c) => [-1, 21].includes(+n) ? [`${c}:${n}`] : [`${c}:${n}`, `${c}:${n}#1`]);
  const fill = (n) => C.clear(boxes, n === undefined || n === "" ? [] : codes(n).map((code) =>
    N.box("claim:" + code, code, N.pretty(code) + (code.endsWith("#1") ? " (2nd)" : ""))));
  const number = N.kept("claim:number", C.el("select", { class: "bn-pick", "aria-label": "Cut: the number" },
    C.el("option", { value: "" }, "number…"), N.CUT_NUMBERS.map((n) => C.el("option", { value: String(n) }, String(n)))));
  number.addEventListener("change", () => fill(number.value));
  fill(N.picked["claim:number"]);
  return C.el("span", { class: "bn-picker" }, number, boxes);
};

/* An unnamed hand's Bonnu: a select of the 60 cards per card held. */
N.wholeHand = (count) => {
  const pack = N.COLOURS.flatMap((c) => N.CUT_NUMBERS.map((n) => `${c}:${n}`));
  const select = (i) => C.el("select", { class: "bn-pick", "aria-label": `Bonnu: card ${i + 1}` },
    C.el("option", { value: "" }, "card…"), pack.map((c) => C.el("option", { value: c }, N.pretty(c))));
  const fields = [...Array(count).keys()].map((i) => N.kept("claim:bonnu:" + i, select(i)));
  const read = () => {
    const picked = fields.map((f) => f.value);
    if (picked.some((c) => !c)) { C.toast("Choose every card of the hand first", true); return null; }
    return picked.map((c, i) => picked.slice(0, i).includes(c) && !/:(-1|21)$/.test(c) ? c + "#1" : c);
  };
  return { fields: C.el("span", { class: "bn-picker" }, fields), read };
};

N.claims = (bn, seat, done) => {
  const mine = bn.round === null ? null : bn.seats.find((s) => s.seat === seat);
  if (!mine || bn.phase !== "play" || !mine.cards) return null;
  if (N.claim.top !== bn.top || N.claim.rulings !== bn.rulings_words.length) N.claim.words = "";
  if (N.claim.round !== bn.round) {
    // a new round's hand: the ticks were the last hand's (one with the same codes came up ticked).
    // Not on a new card or ruling: another seat's Cut ruled as this one ticks is a Cut it may race
    for (const id of Object.keys(N.picked)) if (id.startsWith("claim:")) delete N.picked[id];
    N.claim.round = bn.round;
  }
  const hand = mine.hand_cards || [];
  const known = hand.length === mine.cards;
  // a known hand offers what could stand on whatever card lands: its cards that have a partner of
  // their number for the Cut, the Bonnu only when some card's number (or a 0's ten) is its total
  const paired = [...hand.keys()].filter((i) => hand.filter((d) => d.value === hand[i].value).length >= 2);
  const total = hand.reduce((sum, c) => sum + c.value, 0);
  const canCut = !known || paired.length > 0;
  const canBonnu = !known || N.CUT_NUMBERS.includes(total) || total % 10 === 0;
  if (!canCut && !canBonnu) return null;
  const cut = known ? C.el("span", { class: "bn-picker bn-hand-boxes" },
    // each box kept as the code's first, second... in the hand: two red 7s share a code, not a tick
    paired.map((i) => N.box(`claim:${hand[i].code}:${hand.slice(0, i).filter((d) => d.code === hand[i].code).length}`,
      hand[i].code, N.card(hand[i])))) : N.cutOfNumber();
  const bonnu = known ? { fields: null, read: () => hand.map((c) => c.code) } : N.wholeHand(mine.cards);
  const how = known ? "Cut: tick two or more cards of one number, then Cut!" : "Cut: the number, then the cards you lay";
  const whole = known ? `Bonnu! (the whole hand, ${total})` : "Bonnu! (these cards)";
  return C.el("div", { class: "bn-claims", id: "bn-claims" },
    canCut ? [C.el("p", { class: "muted" }, how), cut, N.claimButton(bn, "Cut!", "cut", N.cutRead(cut), done)] : null,
    canBonnu ? [bonnu.fields, N.claimButton(bn, whole, "bonnu", bonnu.read, done)] : null,
    C.el("p", { class: "bn-claim-status", id: "bn-claim-status", role: "status" }, N.claim.words));
};

/* The viewer's own hand, from the round's seats (the view names it for its owner only). */
N.mine = (bn, seat) => {
  const s = bn && bn.seats ? bn.seats.find((x) => x.seat === seat) : null;
  return s && s.hand_cards ? s.hand_cards : [];
};

/* ------------------------------------------------------------------ latency */
/* Five pings in a row, their round trips sent to the server (half their median is this phone's
   latency, taken off each tap); again every 30 s while the page is open. */
N.measure = async () => {
  const trips = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = await C.get("/api/seat/ping");
    if (!r.ok) return;
    trips.push(Math.round(performance.now() - t0));
  }
  const r = await C.post("/api/seat/latency", { rtt_ms: trips });
  if (r.ok) N.latency = r.data.latency_ms;
};

N.startPings = () => {
  if (N.pinging) return;
  N.measure();
  N.pinging = setInterval(N.measure, 30000);
};
