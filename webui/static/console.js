/* croupier host console: entering the table by hand from the referee's options, never raw JSON.
   Deals (the next seat in deal order after each card; the face the referee says), a whole round
   in one form, "correct this card", and undo of any of the last events. host.js draws the rest. */
"use strict";

const E = (window.E = { lastDealt: null });

/* The deal options in deal order, starting after the seat dealt last (the dealer's left at first).
   Bonnu's referee lists them in order already: each pass round the table from the round's first player. */
E.dealsInOrder = (v, deals) => {
  if (v.bonnu) return deals;
  const order = v.deal_order || [];
  const after = E.lastDealt !== null ? E.lastDealt : v.hand ? v.hand.dealer : null;
  const start = order.indexOf(after) + 1;
  const rank = (seat) => (order.indexOf(seat) - start + order.length) % Math.max(order.length, 1);
  return deals.slice().sort((a, b) => rank(a.deal.seat) - rank(b.deal.seat));
};

E.render = (v, own) => {
  const { el } = C;
  const deals = E.dealsInOrder(v, own.filter((o) => o.action === "deal"));
  H.deals = deals;
  document.getElementById("card-form").hidden = !deals.length;
  const pick = document.getElementById("card-option");
  C.clear(pick, deals.map((o) => el("option", { value: o.key }, o.text || o.label)));   // names, not seat numbers
  if (deals.length) pick.value = deals[0].key;     // the next seat in deal order, with the face it gets
  // A whole round: one field per seat still due a card of the main deck, in deal order.
  const round = deals.filter((o) => o.deal.deck === "main" && o.deal.seat !== null);
  const form = document.getElementById("street-form");
  form.hidden = round.length < 2;
  const box = document.getElementById("street-cards");
  const typed = {};
  box.querySelectorAll("input").forEach((i) => { typed[i.dataset.seat] = i.value; });
  C.clear(box, round.map((o) => el("label", {}, `${H.name(v, o.deal.seat)} ` + (o.deal.up ? "up" : "down"),
    el("input", { "data-seat": o.deal.seat, "data-up": o.deal.up ? "1" : "", size: 4, autocomplete: "off",
      placeholder: o.deal.up ? "9D" : "9D or blank", value: typed[o.deal.seat] || "" }))));
  E.renderCorrect(v);
  E.renderUndo(v);
};

E.dealt = (seat) => { E.lastDealt = seat; };

E.sendDeal = (form) => {
  const o = H.deals.find((d) => d.key === document.getElementById("card-option").value);
  if (!o) return;
  const card = document.getElementById("card-code").value.trim() || null;   // a face-down card may stay unnamed
  H.send(o.post.url, { ...o.post.body, card }, form).then((r) => {
    if (!r.ok) return;
    E.dealt(o.deal.seat);
    document.getElementById("card-code").value = "";
    document.getElementById("card-code").focus();
  });
};

/* The round's cards go one event each, in order; the server stops at the first refusal and says
   why, and the cards before it stay dealt (their fields are emptied, the refused one kept). */
E.sendStreet = (form) => {
  const cards = [];
  for (const i of form.querySelectorAll("#street-cards input")) {
    const card = i.value.trim();
    if (!card && i.dataset.up) break;           // a face-up card must be named: the round stops here
    cards.push({ seat: Number(i.dataset.seat), card: card || null });
  }
  if (!cards.length) { C.toast("Type the first seat's card", true); return; }
  H.send("/api/host/street", { cards }, form).then((r) => {
    const dealt = (r.data && r.data.dealt) || [];
    dealt.forEach((d) => {
      const input = form.querySelector(`#street-cards input[data-seat="${d.seat}"]`);
      if (input) input.value = "";
    });
    if (dealt.length) E.dealt(dealt[dealt.length - 1].seat);
    if (!r.ok) H.load();
  });
};

/* ------------------------------------------------------------------ correct this card */
E.cardValue = (seat, code) => `${seat}:${code || ""}`;

E.renderCorrect = (v) => {
  const { el } = C;
  const sel = document.getElementById("correct-card");
  const keep = sel.value;
  const cards = v.seats.flatMap((s) => s.cards.map((c) => [s, c]));
  C.clear(sel, cards.length ? cards.map(([s, c]) => el("option", { value: E.cardValue(s.seat, c.code) },
    `${s.name} (seat ${s.seat}): ${c.code ? c.pretty : "an unnamed card"}${c.up ? "" : " (face down)"}`))
    : el("option", { value: "" }, "no card on the table"));
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  const seats = document.getElementById("correct-seat");
  const seat = seats.value;
  C.clear(seats, v.seats.map((s) => el("option", { value: s.seat }, `${s.seat} ${s.name}`)));
  if (seat) seats.value = seat;
  document.getElementById("correct-panel").hidden = !v.hand;
};

E.showCorrectFields = () => {
  const what = document.getElementById("correct-what").value;
  document.getElementById("correct-to-label").hidden = what !== "identity";
  document.getElementById("correct-seat-label").hidden = what !== "move" && what !== "swap";
  document.getElementById("correct-with-label").hidden = what !== "swap";
};

/* A card on the host board was tapped: fill the form with it. */
E.fix = (seat, code) => {
  document.getElementById("correct-card").value = E.cardValue(seat, code);
  document.getElementById("correct-panel").scrollIntoView({ behavior: "smooth" });
  document.getElementById("correct-reason").focus();
};

E.sendCorrect = (form) => {
  const [seat, code] = document.getElementById("correct-card").value.split(":");
  const reason = document.getElementById("correct-reason").value.trim();
  if (!seat) return;
  if (!reason) { C.toast("Say why: everyone hears the correction", true); return; }
  const what = document.getElementById("correct-what").value;
  const body = { seat: Number(seat), card: code || null, what, reason };
  if (what === "identity") body.to = document.getElementById("correct-to").value.trim();
  if (what === "move" || what === "swap") body.to_seat = Number(document.getElementById("correct-seat").value);
  if (what === "swap") body.with_card = document.getElementById("correct-with").value.trim() || null;
  H.send("/api/host/correct", body, form).then((r) => {
    if (r.ok) ["correct-reason", "correct-to", "correct-with"].forEach((id) => { document.getElementById(id).value = ""; });
  });
};

/* ------------------------------------------------------------------ undo */
E.renderUndo = (v) => {
  const { el } = C;
  const list = document.getElementById("undo-list");
  const reason = () => {
    const r = document.getElementById("undo-reason").value.trim();
    if (!r) { C.toast("Say why: the reason goes in the ledger", true); return null; }
    return r;
  };
  C.clear(list, (v.undoable || []).length ? v.undoable.map((u) => el("li", { "data-target": u.target },
    el("span", {}, `#${u.target} ${u.text} `),
    C.actionButton("Undo", "/api/host/undo", () => { const r = reason(); return r && { target: u.target, reason: r }; },
      { name: "undo-" + u.target, cls: "danger", done: H.load })))
    : el("li", { class: "muted" }, "Nothing to undo."));
};

E.init = () => {
  const on = (id, fn) => document.getElementById(id).addEventListener("submit", (ev) => { ev.preventDefault(); fn(ev.target); });
  on("card-form", E.sendDeal);
  on("street-form", E.sendStreet);
  on("correct-form", E.sendCorrect);
  document.getElementById("correct-what").addEventListener("change", E.showCorrectFields);
  E.showCorrectFields();
  document.getElementById("host-night").addEventListener("click", (ev) => {
    const b = ev.target.closest("button.fix-card");
    if (b) E.fix(b.dataset.seat, b.dataset.card);
  });
};
