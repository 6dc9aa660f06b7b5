/* Boonaken on the pages: the deal (dealer, cutter, bids, contract, trump, the centre, the trick,
   tricks won, roem), the + / − sheet with "who buys the drinks", and a seat's moves as compact
   pickers. Everything comes from the view and options the server sent (webui/boonaken_views.py). */
"use strict";

const B = (window.B = {});

/* The deal as this viewer may see it (a seat's own cards are drawn on My seat, above its moves). */
B.deal = (bk) => {
  const { el } = C;
  if (!bk || bk.deal === null) return el("p", { class: "muted" }, "No deal yet: the host starts one.");
  const seatRow = (s) => el("tr", { "data-seat": s.seat, class: s.seat === bk.turn ? "to-act" : "" },
    el("td", {}, s.name), el("td", { class: "num" }, s.holding), el("td", { class: "num" }, s.tricks),
    el("td", {}, el("span", { class: "cards inline" }, s.played.map(P.card))));
  const drinks = bk.sheet && bk.sheet.drinks_words;      // the game is over: said first, big
  return el("div", { class: "bk-deal" },
    drinks ? el("p", { class: "bk-drinks", id: "bk-deal-drinks" }, drinks) : null,
    el("p", { class: "bk-headline" }, el("strong", {}, bk.headline), bk.phase === "over" ? " · over" : ""),
    el("p", { id: "bk-contract", class: "bk-contract" }, bk.contract_words || (bk.phase === "bidding" ? "Bidding" : "")),
    bk.turn_words ? el("p", { class: "bk-turn" }, "Now: " + bk.turn_words) : null,
    bk.bids_words.length ? el("p", { class: "muted bk-bids" }, "Bids: " + bk.bids_words.join(" · ")) : null,
    el("div", { class: "bk-centre" }, el("span", { class: "muted" }, bk.centre_words + (bk.centre_cards.length ? ": " : "")),
      el("span", { class: "cards inline" }, bk.centre_cards.map(P.card))),
    bk.trick_cards.length ? el("div", { class: "bk-trick", id: "bk-trick" }, el("strong", {}, `Trick ${bk.tricks.length + 1}: `),
      bk.trick_cards.map((t) => el("span", { class: "bk-play" }, t.name + " ", P.card(t)))) : null,
    B.roem(bk.roem),
    bk.results_words.length ? el("p", { class: "bk-results" }, bk.results_words.join(" · ")) : null,
    bk.revokes_words.length ? el("ul", { class: "bk-revokes" }, bk.revokes_words.map((w) => el("li", {}, w))) : null,
    el("table", { class: "grid small bk-seats" }, el("tr", {}, ["", "cards", "tricks", "played"].map((h) => el("th", {}, h))),
      bk.seats.map(seatRow)));
};

/* The first trick's roem: the declaration, challenges, the tie-break cards and the ruling. */
B.roem = (r) => {
  const { el } = C;
  if (!r.declared && !r.open) return null;
  if (!r.declared) return el("p", { class: "muted bk-roem", id: "bk-roem" }, "Roem may be declared during the first trick.");
  return el("div", { class: "bk-roem", id: "bk-roem" }, el("strong", {}, "Roem"),
    el("ul", {}, r.lines.map((l) => el("li", {}, l)), r.waiting.map((w) => el("li", { class: "muted" }, "Waiting: " + w))),
    r.ruling ? el("p", { class: "bk-ruling", id: "bk-ruling" }, r.ruling) : null);
};

/* The sheet: one column per seat with its marks (or points) and its standing in words; the
   loser, once found, big. */
B.sheet = (sheet) => {
  const { el } = C;
  if (!sheet) return el("p", { class: "muted" }, "No sheet yet: the host opens a Boonaken night.");
  const rows = sheet.rows;
  const marks = (r) => sheet.scoring === "marks"
    ? el("span", { class: "bk-marks" }, r.marks.length ? r.marks.map((m) => el("span", { class: m === "+" ? "plus" : "minus" }, m)) : "·")
    : el("span", { class: "bk-points" }, r.points);
  return el("div", { class: "bk-sheet", id: "bk-sheet" },
    el("p", { class: "muted" }, `Game ${sheet.game_no} · ${sheet.scoring === "marks" ? "plus and minus marks" : "points"}`),
    el("div", { class: "scroll" }, el("table", { class: "grid bk-sheet-table" },
      el("tr", {}, rows.map((r) => el("th", { "data-seat": r.seat }, r.name, el("small", {}, "seat " + r.seat)))),
      el("tr", {}, rows.map((r) => el("td", { class: "bk-col" }, marks(r)))),
      el("tr", {}, rows.map((r) => el("td", { class: "bk-status " + r.status, title: r.words }, r.status_words))))),
    el("ul", { class: "muted bk-sheet-words" }, rows.filter((r) => r.status !== "in").map((r) => el("li", {}, `${r.name}: ${r.words}`))),
    sheet.drinks_words ? el("p", { class: "bk-drinks", id: "bk-drinks" }, sheet.drinks_words) : null);
};

/* ------------------------------------------------------------------ a seat's moves */
/* One button per option, or for the bids one picker: a select of the number bids and a button
   per named bid (pass, misère, zwabber, boonaak...). An option that needs a card gets a select of
   the Boonaken pack (7 to ace). The host console draws a seat's moves with it too. */
B.moves = (options, done) => {
  const { el } = C;
  const out = [];
  const take = (o, label, extra) => C.actionButton(label, o.post.url, () => ({ ...o.post.body, ...(extra ? extra() : {}) }),
    { name: B.name(o), cls: o.bid === "pass" ? "" : "primary", done });
  const bids = options.filter((o) => o.action === "bid");
  const groups = [...new Set(bids.map((o) => o.bid_group).filter(Boolean))];
  for (const group of groups) out.push(B.bidPicker(bids.filter((o) => o.bid_group === group), group, done));
  bids.filter((o) => !o.bid_group).forEach((o) => out.push(take(o, o.text || o.label)));
  for (const o of options.filter((x) => x.action !== "bid")) {
    const label = o.text || o.label;
    if (!o.needs.includes("card")) { out.push(take(o, label)); continue; }
    // A face-down discard may stay unnamed (the referee counts it): the host entering it need not look.
    const unseen = o.action === "discard" ? el("option", { value: "unseen" }, "face down, unseen") : null;
    const sel = el("select", { class: "bk-pack", "aria-label": label + ": which card" }, el("option", { value: "" }, "card…"), unseen,
      ["S", "H", "D", "C"].map((suit) => el("optgroup", { label: P.SUITS[suit] },
        o.pack.filter((c) => c[1] === suit).map((c) => el("option", { value: c }, (c[0] === "T" ? "10" : c[0]) + P.SUITS[suit])))));
    const button = C.actionButton(label, o.post.url, () => {
      if (!sel.value) { C.toast("Choose the card first", true); return null; }
      return sel.value === "unseen" ? { ...o.post.body } : { ...o.post.body, card: sel.value };
    }, { name: B.name(o), cls: "primary", done });
    out.push(el("span", { class: "option bk-card-pick" }, sel, button));
  }
  return out;
};

/* The bids of one group in a select and one button: the numbers ("Bid [30] Bid"), or a named bid
   with a roem amount ("Bid boonaak with roem [20] Bid"). */
B.bidPicker = (bids, group, done) => {
  const { el } = C;
  const number = group === "number";
  const sel = el("select", { class: number ? "bk-number" : "bk-with-roem", "data-group": group,
    "aria-label": number ? "a number to bid" : `${group} with how much roem` },
    bids.map((o) => el("option", { value: o.bid }, number ? o.bid : String(o.bid_amount))));
  const button = el("button", { type: "button", class: "primary", "data-action": "bid-" + (number ? "number" : group) }, "Bid");
  let key = C.newKey();
  button.addEventListener("click", async () => {
    const o = bids.find((x) => x.bid === sel.value);
    button.disabled = true;
    const r = await C.post(o.post.url, o.post.body, key);
    if (r.status !== 0) key = C.newKey();      // a lost answer keeps its key: the retry records once
    button.disabled = false;
    if (r.ok && done) done(r.data);
  });
  return el("span", { class: "option bk-bid" }, el("span", {}, number ? "Bid " : `Bid ${group} with roem `), sel, button);
};

/* A stable name for a move's button (the tests and screen readers find it by this). */
B.name = (o) => o.action === "bid" ? "bid-" + o.bid : o.card ? `${o.action}-${o.card.code}` : o.suit ? "trump-" + o.suit
  : o.amount ? `${o.action}-${o.amount}` : o.action;

/* The viewer's own cards, from the deal's seats (the view names them for their owner only). */
B.mine = (bk, seat) => {
  const s = bk && bk.seats ? bk.seats.find((x) => x.seat === seat) : null;
  return s && s.cards ? s.cards : [];
};
