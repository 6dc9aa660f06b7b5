/* croupier host console: the seats (which phone holds each, handing one over to another phone,
   one seat's QR code at a time, so nobody across the table scans another's seat) and
   playing-host mode (the console hides the hole cards the host would not see as a player). */
"use strict";

const Seats = (window.Seats = { shown: null });

Seats.when = (iso) => iso ? new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";

/* `v`: /api/host/state; `reload`: fetch it again after a change. */
Seats.render = (v, reload) => {
  const { el } = C;
  if (!v.players.some((p) => p.seat === Seats.shown)) Seats.shown = null;
  const rows = v.players.map((p) => {
    const c = p.claim || {};
    const open = Seats.shown === p.seat;
    const toggle = el("button", { type: "button", "data-action": `show-qr-${p.seat}`, "aria-pressed": String(open) },
      open ? "Hide QR" : "Show QR");
    toggle.addEventListener("click", () => { Seats.shown = open ? null : p.seat; Seats.render(v, reload); });
    const handOver = c.claimed ? C.actionButton("Hand over", "/api/host/seat/reset", { seat: p.seat }, {
      name: `reset-${p.seat}`, cls: "danger", done: reload,
      confirm: `Free seat ${p.seat} (${p.name}) for another phone? The phone on it now loses the seat.` }) : null;
    return el("div", { class: "player-row" + (c.claimed ? " claimed" : ""), "data-seat": p.seat },
      el("p", {}, el("strong", {}, `Seat ${p.seat}: ${p.name}`),
        el("span", { class: "claim muted" }, c.claimed ? ` · on a phone since ${Seats.when(c.since)}` : " · free: no phone yet"),
        c.turned_away_at ? el("span", { class: "turned-away" }, ` · another phone was turned away at ${Seats.when(c.turned_away_at)}`) : null),
      el("div", { class: "buttons" }, toggle, handOver));
  });
  const p = v.players.find((x) => x.seat === Seats.shown);
  const qr = p ? el("figure", { class: "player" },
    el("img", { class: "qr", src: `/qr/seat/${p.seat}.svg?t=${p.token.slice(0, 6)}`, alt: `QR code to join seat ${p.seat}` }),
    el("figcaption", {}, `Seat ${p.seat}: ${p.name}: scan it, or send the `,
      el("a", { href: p.join_url, class: "join-link", "data-seat": p.seat }, "join link")))
    : el("p", { class: "muted" }, v.players.length ? "Show a seat's QR code when its player is ready to scan it." : "No seats yet.");
  C.clear(document.getElementById("players"), rows, qr);
  Seats.renderPlaying(v, reload);
};

Seats.renderPlaying = (v, reload) => {
  const { el } = C;
  const box = document.getElementById("playing");
  if (!v.night || v.night.ended) { C.clear(box); return; }
  const pick = el("select", { id: "playing-seat", "aria-label": "where you play" },
    el("option", { value: "" }, "I do not play: every card"),
    v.players.map((p) => el("option", { value: p.seat, selected: v.playing === p.seat }, `I play at seat ${p.seat} (${p.name})`)));
  pick.addEventListener("change", async () => {
    const r = await C.post("/api/host/playing", { seat: pick.value ? Number(pick.value) : null });
    if (r.ok) reload();
  });
  const note = v.playing === null || v.playing === undefined ? null : el("p", { class: "muted", id: "playing-note" },
    `You play at seat ${v.playing}: the others' hole cards are hidden here, as on your phone.` +
    (v.playing_left_out ? ` ${v.playing_left_out} move(s) name cards you may not see: their seats take them on their phones ` +
      "(or stop playing here to enter them)." : ""));
  C.clear(box, el("label", {}, "You at the table: ", pick), note || []);   // no note: nothing, not "null"
};
