/* Boneyard euchre on the pages: the round (dealer, the bone turned up, Take It / Leave It, the
   Maker and the taken card, trump, the modifiers with their rule text, the trick, tricks won and
   the team scores 1&3 vs 2&4), and a seat's moves as buttons. Everything comes from the view and
   options the server sent (webui/boneyard_views.py). */
"use strict";

const Y = (window.Y = {});

/* The round as this viewer may see it (a seat's own cards are drawn on My seat, above its moves). */
Y.round = (by) => {
  const { el } = C;
  const scores = el("p", { class: "by-scores", id: "by-scores" }, el("strong", {}, by.score_words));
  if (by.round === null) return el("div", { class: "by-round" }, scores, el("p", { class: "muted" }, "No round yet: the host starts one."));
  const seatRow = (s) => el("tr", { "data-seat": s.seat, class: s.seat === by.turn ? "to-act" : "" },
    el("td", {}, s.name), el("td", { class: "num" }, s.team), el("td", { class: "num" }, s.holding),
    el("td", { class: "num" }, s.tricks), el("td", {}, el("span", { class: "cards inline" }, s.face_up.map(P.card))),
    el("td", {}, el("span", { class: "cards inline" }, s.played.map(P.card))));
  return el("div", { class: "by-round" }, scores,
    by.result_words ? el("p", { class: "bk-drinks", id: "by-result" }, by.result_words) : null,
    el("p", { class: "bk-headline" }, el("strong", {}, by.headline), by.phase === "over" ? " · over" : ""),
    by.up_card ? el("div", { class: "by-up" }, el("span", { class: "muted" }, "The bone: "), el("span", { class: "cards inline" }, P.card(by.up_card))) : null,
    by.maker_words ? el("p", { id: "by-maker", class: "bk-contract" }, by.maker_words) : null,
    by.turn_words ? el("p", { class: "bk-turn" }, "Now: " + by.turn_words) : null,
    by.bids_words.length ? el("p", { class: "muted bk-bids" }, by.bids_words.join(" · ")) : null,
    by.modifiers.length ? el("ul", { class: "by-modifiers", id: "by-modifiers" },
      by.modifiers.map((m) => el("li", { "data-modifier": m.id }, el("strong", {}, m.name + ": "), m.text))) : null,
    by.trick_cards.length ? el("div", { class: "bk-trick", id: "by-trick" }, el("strong", {}, `Trick ${by.tricks.length + 1}: `),
      by.trick_cards.map((t) => el("span", { class: "bk-play" }, t.name + " ", P.card(t)))) : null,
    by.last_trick_words ? el("p", { class: "muted" }, "Last trick: " + by.last_trick_words) : null,
    el("p", { class: "muted", id: "by-tricks" }, by.tricks_words),
    by.revokes_words.length ? el("ul", { class: "bk-revokes" }, by.revokes_words.map((w) => el("li", {}, w))) : null,
    el("table", { class: "grid small bk-seats" }, el("tr", {}, ["", "team", "cards", "tricks", "face up", "played"].map((h) => el("th", {}, h))),
      by.seats.map(seatRow)));
};

/* One button per option (Take It, Leave It, each card, each trump suit, a modifier's move); an
   option that needs a card gets a select of the Boneyard pack (9 to ace and the joker). */
Y.moves = (options, done) => {
  const { el } = C;
  const label = (o) => o.text || o.label;
  return options.map((o) => {
    if (!o.needs.includes("card")) {
      return C.actionButton(label(o), o.post.url, () => ({ ...o.post.body }),
        { name: B.name(o), cls: o.bid === "leave" ? "" : "primary", done });
    }
    const pretty = (c) => c === "JK" ? "Joker" : (c[0] === "T" ? "10" : c[0]) + P.SUITS[c[1]];
    const sel = el("select", { class: "bk-pack", "aria-label": label(o) + ": which card" }, el("option", { value: "" }, "card…"),
      (o.pack || []).map((c) => el("option", { value: c }, pretty(c))));
    const button = C.actionButton(label(o), o.post.url, () => {
      if (!sel.value) { C.toast("Choose the card first", true); return null; }
      return { ...o.post.body, card: sel.value };
    }, { name: B.name(o), cls: "primary", done });
    return el("span", { class: "option bk-card-pick" }, sel, button);
  });
};

/* The viewer's own cards, from the round's seats (the view names them for their owner only). */
Y.mine = (by, seat) => {
  const s = by && by.seats ? by.seats.find((x) => x.seat === seat) : null;
  return s && s.cards ? s.cards : [];
};
