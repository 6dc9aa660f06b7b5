/* croupier host console: start a night, join codes, enter events by hand, undo, end the night. */
"use strict";

const H = (window.H = { view: null, games: [] });

H.load = async () => {
  const r = await C.get("/api/host/state");
  if (r.status === 401) { location.reload(); return; }
  if (r.ok) { H.view = r.data; H.render(); }
};

H.send = async (url, body, form) => {
  const button = form && form.querySelector("button");
  if (button) button.disabled = true;
  const key = (form && form.dataset.key) || C.newKey();
  if (form) form.dataset.key = key;          // a double submit reuses the key: recorded once
  const r = await C.post(url, body, key);
  if (form) delete form.dataset.key;
  if (button) button.disabled = false;
  if (r.ok) {
    const said = (r.data.announcements || []).map((a) => a.text).join(" · ");
    C.toast(said || "Done");
    H.load();
  }
  return r;
};

H.render = () => {
  const v = H.view;
  if (!v) return;
  const { el } = C;
  document.getElementById("table-url").textContent = v.url + "/";
  document.getElementById("table-url").href = v.url + "/";
  const n = v.night;
  C.clear(document.getElementById("host-night"), n ? [el("p", {}, el("strong", {}, n.name), ` · ${n.game}` +
    (n.ended ? " · over" : "") + (v.hand ? ` · hand ${v.hand.number}, street ${v.hand.street}, ${v.hand.phase}` : " · between hands") +
    ` · pot ${C.money(v.pot)}`), el("div", { class: "seats compact" }, v.seats.map((s) => el("div", { class: "seat" + (s.to_act ? " to-act" : "") },
    el("strong", {}, `${s.seat} ${s.name}`), " ", s.cards.map(P.card), s.folded ? " folded" : "")))]
    : el("p", {}, "No night yet: start one below."));
  C.clear(document.getElementById("players"), v.players.map((p) => el("figure", { class: "player" },
    el("img", { class: "qr", src: `/qr/seat/${p.seat}.svg?t=${p.token.slice(0, 6)}`, alt: `QR code to join seat ${p.seat}` }),
    el("figcaption", {}, `Seat ${p.seat}: ${p.name} `, el("a", { href: p.join_url, class: "join-link", "data-seat": p.seat }, "join link")))));
  const pend = document.getElementById("host-pending");
  C.clear(pend, v.pending.length ? v.pending.map((p) => el("div", { class: "decision" }, el("p", {}, el("strong", {}, p.who + ": "), p.prompt),
    el("div", { class: "buttons" }, p.choices.map((c) => C.actionButton(c, "/api/host/decision", { decision: p.id, choice: c },
      { name: c, done: H.load }))))) : el("p", { class: "muted" }, "Nothing."));
  for (const sel of document.querySelectorAll(".seat-select")) {
    const keep = sel.value;
    C.clear(sel, v.seats.map((s) => el("option", { value: s.seat }, `${s.seat} ${s.name}`)));
    if (keep) sel.value = keep;
  }
  if (v.hand) document.getElementById("hand-no").value = v.hand.phase === "over" ? v.hand.number + 1 : v.hand.number;
  document.getElementById("undo-what").textContent = v.undo ? `Last event: #${v.undo.target} ${v.undo.text}` : "Nothing to undo.";
  document.getElementById("undo-button").disabled = !v.undo;
  document.getElementById("camera").textContent = `${v.camera.status}. ${v.camera.note}`;
};

H.renderNightForm = () => {
  const { el } = C;
  const sel = document.getElementById("night-game");
  C.clear(sel, H.games.map((g) => el("option", { value: g.id, selected: g.id === "bonedoneskis" }, g.name)));
  const seats = document.getElementById("night-seats");
  C.clear(seats, [1, 2, 3, 4, 5, 6, 7, 8].map((i) => el("label", {}, `Seat ${i} `,
    el("input", { "data-seat": i, placeholder: i <= 4 ? `Player ${i}` : "empty", value: "", autocomplete: "off" }))));
  const showSettings = () => {
    const g = H.games.find((x) => x.id === sel.value);
    C.clear(document.getElementById("night-settings"), (g ? g.settings : []).map((s) => el("label", {}, s.name + " ",
      s.kind === "bool" ? el("input", { type: "checkbox", "data-setting": s.name, "data-kind": s.kind, checked: s.default })
        : el("input", { "data-setting": s.name, "data-kind": s.kind, value: s.default, size: 6 }))));
  };
  sel.addEventListener("change", showSettings);
  showSettings();
};

H.nightBody = () => {
  const names = {}, seats = [];
  document.querySelectorAll("#night-seats input").forEach((i) => {
    const seat = Number(i.dataset.seat);
    const name = i.value.trim() || (seat <= 4 ? i.placeholder : "");
    if (name) { seats.push(seat); names[seat] = name; }
  });
  const settings = {};
  const g = H.games.find((x) => x.id === document.getElementById("night-game").value);
  document.querySelectorAll("#night-settings input").forEach((i) => {
    const def = g.settings.find((s) => s.name === i.dataset.setting);
    let value = i.dataset.kind === "bool" ? i.checked : i.dataset.kind === "int" ? Number(i.value) : i.value.trim();
    if (String(value) !== String(def.default)) settings[i.dataset.setting] = value;
  });
  return { game: g.id, seats, names, settings, name: document.getElementById("night-name").value.trim() };
};

H.init = async () => {
  const g = await C.get("/api/games");
  H.games = g.ok ? g.data : [];
  H.renderNightForm();
  const on = (id, fn) => document.getElementById(id).addEventListener("submit", (ev) => { ev.preventDefault(); fn(ev.target); });
  on("night-form", (f) => {
    if (H.view && H.view.night && !H.view.night.ended && !confirm("Start a new night? Tonight's ledger stays in the store.")) return;
    H.send("/api/host/night", H.nightBody(), f);
  });
  on("hand-form", (f) => H.send("/api/host/event", { event: { type: "hand_started", hand: Number(document.getElementById("hand-no").value),
    dealer: Number(document.getElementById("hand-dealer").value) } }, f));
  on("card-form", (f) => H.send("/api/host/card", { seat: Number(document.getElementById("card-seat").value),
    card: document.getElementById("card-code").value.trim(), up: document.getElementById("card-up").checked }, f)
    .then((r) => { if (r.ok) { document.getElementById("card-code").value = ""; document.getElementById("card-code").focus(); } }));
  on("bet-form", (f) => H.send("/api/host/event", { event: { type: document.getElementById("bet-action").value,
    seat: Number(document.getElementById("bet-seat").value) } }, f));
  on("event-form", (f) => {
    let ev;
    try { ev = JSON.parse(document.getElementById("event-json").value); } catch (e) { C.toast("That is not JSON: " + e.message, true); return; }
    H.send("/api/host/event", { event: ev }, f);
  });
  on("undo-form", (f) => {
    const reason = document.getElementById("undo-reason").value.trim();
    if (!reason) { C.toast("Say why: the reason goes in the ledger", true); return; }
    H.send("/api/host/undo", { reason }, f).then((r) => { if (r.ok) document.getElementById("undo-reason").value = ""; });
  });
  document.getElementById("end-night").addEventListener("click", async () => {
    if (!confirm("End the night and show the settle-up?")) return;
    H.send("/api/host/end", {});
  });
  await H.load();
  C.live.on(() => H.load());
};

H.init();
