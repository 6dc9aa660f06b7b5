/* croupier host console: start a night, join codes, the camera and its readings to check, enter
   events by hand, undo, end the night. */
"use strict";

const H = (window.H = { view: null, games: [], deals: [], startFor: null });

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
  C.clear(document.getElementById("host-night"), n ? [el("p", {}, el("strong", {}, n.name), ` · ${(H.games.find((g) => g.id === n.game) || {}).name || n.game}` +
    (n.ended ? " · over" : "") + (v.boonaken ? (v.hand ? ` · deal ${v.hand.number}, ${v.hand.phase}` : " · between deals")
      : v.boneyard ? (v.hand ? ` · round ${v.hand.number}, ${v.hand.phase}` : " · between rounds")
      : (v.hand ? ` · hand ${v.hand.number}, street ${v.hand.street}, ${v.hand.phase}` : " · between hands") + ` · pot ${C.money(v.pot)}`)), el("div", { class: "seats compact" }, v.seats.map((s) => el("div", { class: "seat" + (s.to_act ? " to-act" : "") },
    el("strong", {}, `${s.seat} ${s.name}`), " ", s.cards.map((c) => H.fixable(s.seat, c)), s.folded ? " folded" : "")))]
    : el("p", {}, "No night yet: start one below."));
  H.renderBoonaken(v);
  H.renderBoneyard(v);
  H.renderBonnu(v);
  Seats.render(v, H.load);               // seats.js: who holds each seat, one QR code at a time
  H.renderOptions(v);
  H.showCamera(v.camera);
  if (window.Enrol) Enrol.offer(v);     // enrol.js: "Teach it your deck", open before the first deal
};

/* A Boonaken night: the deal as the host sees it (every card the referee knows) and the sheet. */
H.renderBoonaken = (v) => {
  const bk = v.boonaken;
  document.getElementById("bk-host").hidden = !bk;
  if (!bk) return;
  const held = (bk.seats || []).filter((s) => (s.cards || []).length || (s.discards || []).length);
  C.clear(document.getElementById("bk-host-deal"), B.deal(bk), held.length ? C.el("div", { class: "bk-hands" },
    held.map((s) => C.el("p", { "data-seat": s.seat }, C.el("strong", {}, s.name + ": "), (s.cards || []).map(P.card),
      (s.discards || []).length ? [" discarded ", ...s.discards.map(P.card)] : null))) : null);
  C.clear(document.getElementById("bk-host-sheet"), B.sheet(bk.sheet));
};

/* A Boneyard euchre night: the round as the host sees it (every card the referee knows, the discard,
   the bones face down, the Lucky Penny) and the score sheet. */
H.renderBoneyard = (v) => {
  const by = v.boneyard;
  document.getElementById("by-host").hidden = !by;
  if (!by) return;
  C.clear(document.getElementById("by-host-round"), Y.round(by), Y.hostExtras(by));
  C.clear(document.getElementById("by-host-sheet"), Y.sheet(by));
};

/* A Bonnu night: the round as the host sees it, with each phone's measured latency. */
H.renderBonnu = (v) => {
  document.getElementById("bn-host").hidden = !v.bonnu;
  if (v.bonnu) C.clear(document.getElementById("bn-host-round"), N.round(v.bonnu, true));
};

/* Everything the console offers comes from the referee's options: the host's own, and each seat's,
   which the host takes for a seat whose player has no phone. Each decision waiting is shown with
   the options that answer it; starting a hand and dealing have their forms, filled from options. */
/* A card on the host board: tap it to correct it (console.js fills the form). */
H.fixable = (seat, c) => C.el("button", { type: "button", class: "fix-card", "data-seat": seat, "data-card": c.code || "",
  title: "correct this card" }, P.card(c));

/* An option as a button, in words with names ("Ann sits out", not "Seat 1 sits out"). */
H.option = (o) => C.option({ ...o, label: o.text || o.label }, H.load);

/* A seat's name for the console: "Ann", or "seat 4" for a seat nobody named. */
H.name = (v, seat) => ((v.seats || []).find((s) => s.seat === seat) || {}).name || `seat ${seat}`;

H.renderOptions = (v) => {
  const { el } = C;
  const all = [...v.options, ...Object.values(v.seat_options).flat()];
  const asked = v.pending.map((p) => p.id);
  // a decision's answers, and for one the host settles at the table (the war) the moves its rule offers
  const answers = (p) => {
    const direct = all.filter((o) => o.decision === p.id);
    return direct.length || p.seat !== null ? direct : v.options.filter((o) => o.decision === null && o.rule === p.rule);
  };
  C.clear(document.getElementById("host-pending"), v.pending.length ? v.pending.map((p) => el("div", { class: "decision" },
    el("p", {}, p.text || p.prompt),          // who is asked, said once, with names (views._asked_words)
    el("div", { class: "buttons" }, answers(p).map((o) => H.take(o, p, v)))))
    : el("p", { class: "muted" }, "Nothing."));
  const own = v.options.filter((o) => !asked.includes(o.decision));
  C.clear(document.getElementById("host-options"), own.filter((o) => o.action !== "deal" && o.action !== "start")
    .map((o) => H.option(o.action === "time" ? { ...o, needs: [] } : o)));   // Bonnu's clock: the server stamps it
  const seats = v.seats.map((s) => [s, (v.seat_options[s.seat] || []).filter((o) => !asked.includes(o.decision))])
    .filter(([, opts]) => opts.length);
  C.clear(document.getElementById("seat-options"), seats.length ? seats.map(([s, opts]) => el("div", { class: "row" },
    el("strong", {}, `${s.seat} ${s.name}:`), v.boonaken ? B.moves(opts, H.load) : v.boneyard ? Y.moves(opts, H.load) : v.bonnu ? N.moves(opts, H.load) : opts.map(H.option)))
    : el("p", { class: "muted" }, "Nothing."));
  const start = own.find((o) => o.action === "start");
  H.start = start;
  document.getElementById("hand-form").hidden = !start;
  const dealer = document.getElementById("hand-dealer");
  let keep = dealer.value;               // the host may deal from another seat than the option's
  if (start && H.startFor !== start.start.hand) {
    H.startFor = start.start.hand;
    document.getElementById("hand-no").value = H.startFor;
    keep = start.start.dealer;
    E.lastDealt = null;                   // a new hand is dealt from the dealer's left
  }
  C.clear(dealer, v.seats.map((s) => el("option", { value: s.seat }, `${s.seat} ${s.name}`)));
  if (keep) dealer.value = keep;
  E.render(v, own);
};

/* A deal offered as the answer to a decision (the war) goes through the deal form's card field. */
H.take = (o, p, v) => {
  const label = o.text || o.label;
  if (o.action !== "deal") return H.option(o.seat !== null && o.seat !== p.seat ? { ...o, text: `${H.name(v, o.seat)}: ${label}` } : o);
  const input = C.el("input", { size: 4, autocomplete: "off", placeholder: "card", "aria-label": label });
  const button = C.actionButton(label, o.post.url, () => {
    const card = input.value.trim();
    if (!card) { C.toast("Type the card, e.g. 9D", true); return null; }
    return { ...o.post.body, card };
  }, { name: "deal-" + o.deal.seat, cls: "primary", done: () => { E.dealt(o.deal.seat); H.load(); } });
  return C.el("span", { class: "option" }, input, button);
};

/* ------------------------------------------------------------------ camera */
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
H.pretty = (code) => code ? (code[0] === "T" ? "10" : code[0]) + (SUITS[code[1]] || code.slice(1)) : "?";

H.cam = { frames: -1, shot: 0, present: false };

H.showCamera = (s) => {
  if (!s) return;
  H.cam.present = s.camera;
  const line = document.getElementById("camera");
  line.textContent = s.message;
  line.className = !s.camera ? "muted" : ["lost", "connecting", "stalled", "failed"].includes(s.state) ? "cam-trouble" : "cam-ok";
  H.showHeld(s.held || []);
  const view = document.getElementById("camera-view");
  if (!s.camera || !s.resolution) { view.hidden = true; return; }
  view.hidden = false;
  if (s.frames !== H.cam.frames || s.unconfirmed !== H.cam.unconfirmed || (s.held || []).length !== H.cam.held) {   // a new picture to show
    H.cam.held = (s.held || []).length;
    H.cam.frames = s.frames;
    H.cam.unconfirmed = s.unconfirmed;
    document.getElementById("camera-snapshot").src = `/api/host/camera/snapshot.jpg?n=${++H.cam.shot}`;
  }
};

/* What the camera saw and the referee has not taken yet (held, in the camera's order, offered again
   after each event): every one, with its refusal, "Apply now" and "Discard". */
H.showHeld = (held) => {
  const list = document.getElementById("camera-refused");
  list.hidden = !held.length;
  const done = () => { H.loadCamera(); H.load(); };
  C.clear(list, held.map((x) => C.el("li", { class: "held", "data-held": x.id },
    C.el("strong", {}, `#${x.id} held: `), `${x.text}: `,          // in words, with names (webui/console_words.py)
    C.el("span", { class: "why" }, x.why), " ",
    C.actionButton("Apply now", `/api/host/camera/refused/${x.id}/apply`, {}, { name: "apply", done }),
    C.actionButton("Discard", `/api/host/camera/refused/${x.id}/discard`, {}, { name: "discard", cls: "danger", done }))));
};

H.loadCamera = async () => {
  const r = await C.get("/api/host/camera");
  if (r.status === 401) { location.reload(); return; }
  if (r.ok) H.showCamera(r.data);
};

H.loadReadings = async () => {
  const r = await C.get("/api/host/camera/readings");
  if (!r.ok) return;
  const { el } = C;
  const box = document.getElementById("camera-readings");
  const rows = r.data.readings;
  if (!rows.length) {
    C.clear(box, el("p", { class: "muted" }, r.data.camera ? "None: the camera is sure of what it saw." : "No camera: nothing to check."));
    return;
  }
  const seats = (H.view ? H.view.seats : []).map((s) => el("option", { value: s.seat }, `${s.name} (seat ${s.seat})`));
  const done = () => { H.loadReadings(); H.loadCamera(); H.load(); };
  C.clear(box, rows.map((x) => {
    const others = x.candidates.filter((c) => c !== x.card);
    const form = el("form", { class: "row correct-form" },
      el("input", { name: "card", placeholder: "e.g. 9D", size: 7, autocomplete: "off", "aria-label": "the right card" }),
      el("select", { name: "seat" }, el("option", { value: "" }, "where the camera saw it"), seats),
      el("button", { type: "submit" }, "Correct"));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const card = form.elements.card.value.trim();
      if (!card) { C.toast("Type the right card, e.g. 9D", true); return; }
      const body = { reading: x.id, card };
      if (form.elements.seat.value) body.seat = Number(form.elements.seat.value);
      H.send("/api/host/camera/correct", body, form).then((res) => { if (res.ok) done(); });
    });
    return el("div", { class: "reading", "data-reading": x.id },
      el("p", {}, el("strong", {}, `#${x.id} ${x.where}: `), x.text,
        x.candidates.length ? ` (${Math.round(x.confidence * 100)}% sure)` : "", el("br"), el("span", { class: "why" }, x.why)),
      el("div", { class: "buttons" },
        x.card ? C.actionButton(`Confirm ${H.pretty(x.card)}`, "/api/host/camera/confirm", { reading: x.id }, { name: "confirm", cls: "primary", done }) : null,
        others.map((c) => C.actionButton(`It is ${H.pretty(c)}`, "/api/host/camera/correct", { reading: x.id, card: c }, { name: "correct-" + c, done })),
        C.actionButton("Reject", "/api/host/camera/reject", { reading: x.id }, { name: "reject", cls: "danger", done })),
      form);
  }));
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
    C.clear(document.getElementById("night-settings"), (g ? g.settings : []).map(H.settingField));
    // "amounts in dollars and cents" only for a game with stakes (Boonaken plays for the drinks)
    document.getElementById("money-hint").hidden = !(g ? g.settings : []).some((x) => x.kind === "money");
    document.getElementById("night-about").textContent = g ? g.about : "";
    const most = (g && g.seats.max) || 8;           // Boneyard euchre: exactly four seats
    seats.querySelectorAll("label").forEach((l, i) => { l.hidden = i >= most; });
    H.showTeams();
  };
  sel.addEventListener("change", showSettings);
  seats.addEventListener("input", H.showTeams);
  showSettings();
};

/* Boneyard euchre's teams as the seats are filled: partners sit opposite, so seats 1 and 3 play
   seats 2 and 4 (the names typed decide who sits where); and who deals the first round. */
H.showTeams = () => {
  const box = document.getElementById("night-teams");
  box.hidden = document.getElementById("night-game").value !== "boneyard-euchre";
  if (box.hidden) return;
  const name = (seat) => { const i = document.querySelector(`#night-seats input[data-seat='${seat}']`); return i.value.trim() || i.placeholder; };
  document.getElementById("night-teams-words").textContent =
    `Team 1: ${name(1)} (seat 1) & ${name(3)} (seat 3) · Team 2: ${name(2)} (seat 2) & ${name(4)} (seat 4). ` +
    "Partners sit opposite: type the names in the seats where the players sit, clockwise.";
  const dealer = document.getElementById("night-dealer");
  const keep = dealer.value;
  C.clear(dealer, C.el("option", { value: "" }, "later (Start hand below)"),
    [1, 2, 3, 4].map((s) => C.el("option", { value: s }, `${name(s)} (seat ${s})`)));
  dealer.value = keep;
};

/* One setting of the new-night form in words: what it means, and a field for its value (a select of
   its allowed values where it has choices, each said as people say it), what it allows beneath. */
H.settingField = (s) => {
  const { el } = C;
  const attrs = { "data-setting": s.name, "data-kind": s.kind, "aria-label": s.help || s.name };
  let input;
  if (s.kind === "bool") input = el("input", { ...attrs, type: "checkbox", checked: s.default });
  else if ((s.choices || []).length) {
    const words = s.choice_words || s.choices.map((c) => ({ value: c, text: String(c) }));
    input = el("select", attrs, words.map((w) => el("option", { value: w.value, selected: w.value === s.default }, w.text)));
  } else input = el("input", { ...attrs, value: s.default, size: 6, title: s.allowed, inputmode: s.kind === "text" ? null : "decimal" });
  // a money field's rule is the same for each ("dollars and cents"): said once, above the list
  const hint = ["bool", "money"].includes(s.kind) || (s.choices || []).length || !s.allowed ? null
    : el("small", { class: "muted" }, s.allowed);
  // the rule objects the setting changes (Boneyard euchre: "Lucky Penny"), said beneath it
  const rules = (s.rules || []).length ? el("small", { class: "muted setting-rules" }, "Rules: " + s.rules.join(", ")) : null;
  return el("label", { class: "setting", "data-name": s.name }, el("span", {}, s.help || s.name), input, hint, rules);
};

H.nightBody = () => {
  const names = {}, seats = [];
  document.querySelectorAll("#night-seats input").forEach((i) => {
    if (i.closest("label").hidden) return;         // a seat the game does not have (Boneyard euchre: 5 to 8)
    const seat = Number(i.dataset.seat);
    const name = i.value.trim() || (seat <= 4 ? i.placeholder : "");
    if (name) { seats.push(seat); names[seat] = name; }
  });
  const settings = {};
  const g = H.games.find((x) => x.id === document.getElementById("night-game").value);
  document.querySelectorAll("#night-settings [data-setting]").forEach((i) => {
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
  on("night-form", async (f) => {
    if (H.view && H.view.night && !H.view.night.ended && !confirm("Start a new night? Tonight's ledger stays in the store.")) return;
    const teams = !document.getElementById("night-teams").hidden;
    const dealer = teams ? Number(document.getElementById("night-dealer").value) : 0;
    const r = await H.send("/api/host/night", H.nightBody(), f);
    // the first round's dealer, chosen with the teams: its start option, as the Start hand form sends it
    if (r.ok && dealer) {
      await H.load();
      if (H.start) H.send(H.start.post.url, { ...H.start.post.body, dealer });
    }
  });
  on("hand-form", (f) => H.start && H.send(H.start.post.url, { ...H.start.post.body,
    dealer: Number(document.getElementById("hand-dealer").value) }, f));
  E.init();
  on("event-form", (f) => {
    let ev;
    try { ev = JSON.parse(document.getElementById("event-json").value); } catch (e) { C.toast("That is not JSON: " + e.message, true); return; }
    H.send("/api/host/event", { event: ev }, f);
  });
  document.getElementById("end-night").addEventListener("click", async () => {
    if (!confirm("End the night and show the settle-up?")) return;
    H.send("/api/host/end", {});
  });
  await H.load();
  H.loadReadings();
  C.live.on((kind) => {
    if (kind === "camera") { H.loadCamera(); H.loadReadings(); } else H.load();
  });
  document.getElementById("camera-snapshot").addEventListener("error", () => { document.getElementById("camera-view").hidden = true; });
  // the picture and the status line every few seconds while the page is seen (a camera only)
  setInterval(() => { if (H.cam.present && document.visibilityState === "visible") H.loadCamera(); }, 3000);
};

H.init();
