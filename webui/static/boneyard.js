/* Boneyard euchre on the pages: the round (dealer, the bone turned up, Take It / Leave It, the
   Maker and the taken card, trump, the active modifiers with their rule text, the effective ranking
   of trump and the led suit, the trick and each finished trick's ruling, the team scores to 10),
   the score sheet across rounds, and a seat's moves as buttons. Everything comes from the view and
   options the server sent (webui/boneyard_views.py, webui/boneyard_sheet.py). */
"use strict";

const Y = (window.Y = {});

/* The team score to 10, said first on every page. */
Y.scores = (by) => C.el("p", { class: "by-scores", id: "by-scores" }, C.el("strong", {}, by.score_words),
  C.el("span", { class: "muted" }, " · first to " + by.sheet.target));

/* The round as this viewer may see it (a seat's own cards are drawn on My seat, above its moves). */
Y.round = (by) => {
  const { el } = C;
  if (by.round === null) return el("div", { class: "by-round" }, Y.scores(by), el("p", { class: "muted" }, "No round yet: the host starts one."));
  const seatRow = (s) => el("tr", { "data-seat": s.seat, class: s.seat === by.turn ? "to-act" : "" },
    el("td", {}, s.name), el("td", { class: "num" }, s.team), el("td", { class: "num" }, s.holding),
    el("td", { class: "num" }, s.tricks), el("td", {}, el("span", { class: "cards inline" }, s.face_up.map(P.card))),
    el("td", {}, el("span", { class: "cards inline" }, s.played.map(P.card))));
  const line = (text, attrs) => text ? el("p", attrs || { class: "muted" }, text) : null;
  return el("div", { class: "by-round" }, Y.scores(by),
    line(by.result_words, { class: "bk-drinks", id: "by-result" }),
    el("p", { class: "bk-headline" }, el("strong", {}, by.headline), by.phase === "over" ? " · over" : ""),
    by.up_card ? el("div", { class: "by-up" }, el("span", { class: "muted" }, "The bone: "), el("span", { class: "cards inline" }, P.card(by.up_card))) : null,
    line(by.maker_words, { id: "by-maker", class: "bk-contract" }),
    line(by.turn_words && "Now: " + by.turn_words, { class: "bk-turn" }),
    by.waiting_words.length ? el("ul", { class: "by-waiting", id: "by-waiting" }, by.waiting_words.map((w) => el("li", {}, "Before the lead: " + w))) : null,
    line(by.bids_words.join(" · "), { class: "muted bk-bids" }),
    Y.modifiers(by),
    Y.ranking(by.ranking_words),
    by.trick_cards.length ? el("div", { class: "bk-trick", id: "by-trick" }, el("strong", {}, `Trick ${by.tricks.length + 1}: `),
      by.trick_cards.map((t) => el("span", { class: "bk-play" }, t.name + " ", P.card(t)))) : null,
    Y.tricks(by.tricks_explained),
    el("p", { class: "muted", id: "by-tricks" }, by.tricks_words),
    by.revokes_words.length ? el("ul", { class: "bk-revokes" }, by.revokes_words.map((w) => el("li", {}, w))) : null,
    el("table", { class: "grid small bk-seats" }, el("tr", {}, ["", "team", "cards", "tricks", "face up", "played"].map((h) => el("th", {}, h))),
      by.seats.map(seatRow)));
};

/* The round's active modifiers, each with its rule text; how the bones drew them; the Lucky Penny. */
Y.modifiers = (by) => {
  const { el } = C;
  if (!by.modifiers.length && !by.flips_words.length) return null;
  return el("div", { class: "by-modifiers", id: "by-modifiers" }, el("strong", {}, "This round's modifiers"),
    el("ul", {}, by.modifiers.map((m) => el("li", { "data-modifier": m.id }, el("strong", {}, m.name + ": "), m.text))),
    by.carried_words ? el("p", { class: "muted" }, "Carried in by Scheme: " + by.carried_words) : null,
    by.flips_words.length ? el("p", { class: "muted", id: "by-flips" }, by.flips_words.join(" · ")) : null,
    by.penny_words ? el("p", { id: "by-penny" }, by.penny_words) : null);
};

/* The effective ranking of trump and of the led suit, highest first (the referee's one ranking). */
Y.ranking = (r) => {
  const { el } = C;
  const rows = ["trump", "led"].filter((k) => r[k]).map((k) => el("li", { "data-ranking": k }, r[k].words));
  return rows.length ? el("ul", { class: "by-ranking", id: "by-ranking" }, rows) : null;
};

/* Each finished trick: its cards and the referee's ruling, which names the modifiers that decided it. */
Y.tricks = (tricks) => {
  const { el } = C;
  if (!tricks.length) return null;
  return el("ol", { class: "by-explained", id: "by-explained" }, tricks.map((t) => el("li", { "data-trick": t.number },
    el("span", { class: "cards inline" }, t.plays.map(P.card)), " ", t.words)));
};

/* The score sheet: one row per finished round, the running score to 10. */
Y.sheet = (by) => {
  const { el } = C;
  const sheet = by.sheet;
  if (!sheet.rows.length) return el("p", { class: "muted" }, sheet.target_words + ". No round finished yet.");
  return el("div", { class: "by-sheet", id: "by-sheet" }, el("p", { class: "muted" }, sheet.target_words),
    el("div", { class: "scroll" }, el("table", { class: "grid small by-sheet-table" },
      el("tr", {}, ["", "", by.team_names[0], by.team_names[1]].map((h) => el("th", {}, h))),
      sheet.rows.map((r, i) => [
        // a new game starts from 0: its rows under their own line
        i && r.game_no !== sheet.rows[i - 1].game_no ? el("tr", { class: "by-new-game" }, el("th", { colspan: 4 }, "Game " + r.game_no)) : null,
        el("tr", { "data-round": r.round, title: r.words },
          el("td", { class: "num" }, r.round), el("td", {}, r.what),
          el("td", { class: "num" }, `+${r.points[0]} → ${r.scores[0]}`), el("td", { class: "num" }, `+${r.points[1]} → ${r.scores[1]}`))]).flat())));
};

/* A stable name for a move's button (the tests and screen readers find it by this). */
Y.name = (o) => o.action === "pass" && o.card ? `pass-${o.to_seat}-${o.card.code}` : B.name(o);

/* The seat's moves: a button per option without a card (Take It, Leave It, Fusion's decline, the
   Lucky Penny...); the options with a card in rows, one per kind of move ("Play", "Collect Call:
   give a card to Cleo"), a button per card; an option that needs a card named gets a select of the
   Boneyard pack (9 to ace and the joker). The host console draws a seat's moves with it too. */
Y.moves = (options, done) => {
  const { el } = C;
  const label = (o) => o.text || o.label;
  // the words before the card: "Play: A♠" -> "Play", "Grave Robber: take Q♣" -> "Grave Robber: take"
  const words = (o) => label(o).endsWith(o.card.pretty) ? label(o).slice(0, -o.card.pretty.length).replace(/[:\s]+$/, "") : label(o);
  const out = [];
  const rows = new Map();
  for (const o of options) {
    if (o.card) {
      const key = words(o);
      if (!rows.has(key)) { rows.set(key, el("div", { class: "by-move-row" }, el("span", { class: "by-move-words" }, key + ":"))); out.push(rows.get(key)); }
      rows.get(key).append(C.actionButton(o.card.pretty, o.post.url, () => ({ ...o.post.body }), { name: Y.name(o), cls: "primary", done }));
    } else if (o.needs.includes("card")) {
      out.push(Y.pick(o, done));
      // a face-down discard the referee cannot see may stay unnamed: the Maker only says it is done
      if (o.action === "discard") out.push(C.actionButton("Discard done (face down, not named)", o.post.url,
        () => ({ ...o.post.body }), { name: "discard-done", done }));
    }
    else out.push(C.actionButton(label(o), o.post.url, () => ({ ...o.post.body }), { name: Y.name(o), cls: o.bid === "leave" ? "" : "primary", done }));
  }
  return out;
};

/* A move whose card the referee does not know yet (a card turned up as it lands, a bone flipped). */
Y.pick = (o, done) => {
  const { el } = C;
  const label = o.text || o.label;
  const pretty = (c) => c === "JK" ? "Joker" : (c[0] === "T" ? "10" : c[0]) + P.SUITS[c[1]];
  const sel = el("select", { class: "bk-pack", "aria-label": label + ": which card" }, el("option", { value: "" }, "card…"),
    (o.pack || []).map((c) => el("option", { value: c }, pretty(c))));
  const button = C.actionButton(label, o.post.url, () => {
    if (!sel.value) { C.toast("Choose the card first", true); return null; }
    return { ...o.post.body, card: sel.value };
  }, { name: Y.name(o), cls: "primary", done });
  return el("span", { class: "option bk-card-pick" }, sel, button);
};

/* The viewer's own cards, from the round's seats (the view names them for their owner only). */
Y.mine = (by, seat) => {
  const s = by && by.seats ? by.seats.find((x) => x.seat === seat) : null;
  return s && s.cards ? s.cards : [];
};

/* What only the host sees: every hand the referee knows, the Maker's discard, the bones face
   down and the Lucky Penny's card (the server sends them in the host's view only). */
Y.hostExtras = (by) => {
  const { el } = C;
  if (by.round === null) return null;
  const h = by.hidden_cards;
  return el("div", { class: "bk-hands", id: "by-host-hidden" },
    by.seats.filter((s) => (s.cards || []).length).map((s) => el("p", { "data-seat": s.seat }, el("strong", {}, s.name + ": "), s.cards.map(P.card))),
    h.discard ? el("p", {}, el("strong", {}, "Discard: "), P.card(h.discard)) : null,
    h.bones.length ? el("p", {}, el("strong", {}, "Bones face down: "), h.bones.map(P.card)) : null,
    h.penny ? el("p", {}, el("strong", {}, "Lucky Penny: "), P.card(h.penny)) : null);
};
