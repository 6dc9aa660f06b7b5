/* The hand history (/history) and the night summary (/summary): filled from /api/history and
   /api/summary, refreshed on each frame of the live stream. Needs app.js (C). */
"use strict";

(() => {
  const { el } = C;
  const page = document.body.dataset.page;
  const card = (c) => el("span", { class: "playing" + (c.red ? " red" : "") + (c.code ? "" : " down") + (c.up ? "" : " hole"),
    title: c.code ? (c.up ? "face up" : "face down") : "a card you may not see" }, c.code ? c.pretty : "🂠");

  const hand = (h) => el("article", { class: "hand", id: "hand-" + h.number },
    el("h3", {}, `Hand ${h.number}`, el("small", {}, ` dealer seat ${h.dealer} · pot ${h.pot_text}` + (h.over ? "" : " · in progress"))),
    h.community.length ? el("div", { class: "who" }, el("span", { class: "muted" }, "Centre:"), el("span", { class: "cards" }, h.community.map(card))) : null,
    h.seats.map((s) => el("div", { class: "who" + (s.folded ? " folded" : "") },
      el("strong", {}, s.name), s.folded ? el("span", { class: "muted" }, "folded") : null,
      el("span", { class: "cards" }, s.cards.map(card)),
      s.won !== null ? el("span", { class: "won" }, "won " + s.won_text) : null)),
    h.results.length ? el("ul", {}, h.results.map((r) => el("li", {}, r.text, r.why ? el("small", { class: "muted" }, ` (${r.why})`) : null))) : null);

  const loadHistory = async () => {
    const r = await C.get("/api/history");
    const box = document.getElementById("hands");
    C.clear(box, !r.ok ? el("p", {}, r.data.error || "Could not load the history.")
      : r.data.hands.length ? r.data.hands.map(hand) : el("p", { class: "muted" }, "No hand has been dealt yet."));
  };

  /* A paid tick: the host's checkbox posts it (a new key per change: ticking again records nothing
     new on the server anyway); everyone else sees the tick. */
  const tick = (m, host) => {
    if (!host) return el("span", { class: "muted" }, m.paid ? "✓ paid" : "not paid yet");
    const box = el("input", { type: "checkbox", "aria-label": `paid: ${m.text} from ${m.from_label} to ${m.to_label}` });
    box.checked = m.paid;
    box.addEventListener("change", async () => {
      box.disabled = true;
      const r = await C.post("/api/host/settle/paid", { from: m.from, to: m.to, amount: m.amount, paid: box.checked });
      if (!r.ok) box.checked = !box.checked;
      box.disabled = false;
      loadSummary();
    });
    return el("label", {}, box, "paid");
  };

  const loadSummary = async () => {
    const r = await C.get("/api/summary");
    if (!r.ok) return C.toast(r.data.error || "Could not load the summary", true);
    const S = r.data, host = document.getElementById("settle").dataset.host === "1";
    fillSeats(S.players);
    if (S.night) document.getElementById("title").textContent = `Night summary: ${S.night.name}` + (S.ended ? " (over)" : "");
    C.clear(document.getElementById("players"),
      el("tr", {}, ["Player", "Buy-ins", "Cash-out", "On account", "Net"].map((h) => el("th", { class: h === "Player" ? "" : "num" }, h))),
      S.players.map((p) => el("tr", {}, el("td", {}, p.name + (p.sitting_out ? " (out)" : "")),
        el("td", { class: "num" }, C.money(p.buy_ins) + (p.rebuys ? ` (${p.rebuys} rebuy${p.rebuys > 1 ? "s" : ""})` : "")),
        el("td", { class: "num" }, C.money(p.cash_outs)), el("td", { class: "num" }, C.money(p.balance)),
        el("td", { class: "num" + (Number(p.net) < 0 ? " neg" : "") }, C.money(p.net)))));
    C.clear(document.getElementById("settle"), S.settle.length ? S.settle.map((m) =>
      el("li", { class: m.paid ? "paid" : "" }, el("span", { class: "what" }, `${m.from_label} pays ${m.to_label} ${C.money(m.amount)}`), tick(m, host)))
      : el("li", {}, S.open_pots.length ? "Money is still in the pot: settle up when the hand is over." : "Nobody owes anybody."));
  };

  /* The host's money desk on /summary: buy-ins, rebuys and cash-outs for a seat, and a late player
     (answered with the seat's join link and QR). Each submit is one action with its own key. */
  const desk = () => {
    const form = document.getElementById("money-form");
    if (!form) return;
    let doing = "buy-in";
    form.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => (doing = b.dataset.do)));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const amount = document.getElementById("money-amount");
      const r = await C.post("/api/host/" + doing, { seat: Number(document.getElementById("money-seat").value), amount: amount.value.trim() });
      if (r.ok) { amount.value = ""; C.toast(r.data.announcements.map((a) => a.text).join(" · ")); loadSummary(); }
    });
    document.getElementById("late-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const name = document.getElementById("late-name");
      const r = await C.post("/api/host/seat/join", { name: name.value.trim() });
      if (!r.ok) return;
      name.value = "";
      C.clear(document.getElementById("late-join"), el("figure", { class: "player" },
        el("img", { class: "qr", src: r.data.qr, alt: `join QR for seat ${r.data.seat}` }),
        el("figcaption", {}, `${r.data.name}: seat ${r.data.seat} `, el("a", { href: r.data.join_url }, "join link"))));
      loadSummary();
    });
  };
  const fillSeats = (players) => {
    const select = document.getElementById("money-seat");
    if (!select || select.options.length === players.length) return;
    const was = select.value;
    C.clear(select, players.map((p) => el("option", { value: p.seat }, `${p.seat}: ${p.name}`)));
    if (was) select.value = was;
  };

  const load = page === "history" ? loadHistory : loadSummary;
  if (page === "summary") desk();
  if (page === "summary") document.getElementById("print").addEventListener("click", () => window.print());
  load();
  C.live.on((kind) => { if (kind !== "camera") load(); });
  C.live.start();
})();
