/* croupier host console: "Teach it your deck" (webui/enrol_desk.py). The deck laid out under the
   table camera, a frame taken of each row, every card's picture with the camera's read in a field
   the host may change, then Confirm: the fit, and how many cards read right before and after. */
"use strict";

const Enrol = (window.Enrol = { state: null, opened: false });

Enrol.load = async () => {
  const r = await C.get("/api/host/enrol");
  if (r.ok) { Enrol.state = r.data; Enrol.render(); Enrol.offer(window.H && H.view); }
};

/* Open before the first deal (the natural first step of a night); the host may open it any time. */
Enrol.offer = (view) => {
  if (Enrol.opened || !view || !Enrol.state) return;
  Enrol.opened = true;
  document.getElementById("enrol-details").open = !view.hand && !(Enrol.state && Enrol.state.enrolled);
};

Enrol.send = async (url, body, button) => {
  button.disabled = true;
  const r = await C.post(url, body);
  button.disabled = false;
  if (r.ok) { Enrol.state = r.data; Enrol.render(); }
  return r;
};

/* A card: its picture and its identity, as the camera read it or, once taught, as the host confirmed it
   ("taught": null for a card left out). */
Enrol.card = (c, frames) => {
  const { el } = C;
  const taught = "taught" in c;
  const value = taught ? c.taught || "-" : c.prefill || "";
  const note = taught ? (c.taught ? "" : "left out") : c.sure ? "" : c.prefill ? "unsure: check it"
    : "not read: name it, or type - if it is no card";
  return el("li", { class: "enrol-card" + (c.sure || taught ? "" : " unsure"), "data-number": c.number },
    el("img", { src: `/api/host/enrol/card/${c.number}.jpg?f=${frames}`, alt: `card ${c.number} as the camera sees it` }),
    el("label", {}, el("span", {}, `${c.number}`), el("input", { value, placeholder: "?", size: 3,
      autocomplete: "off", "data-number": c.number, "data-prefill": c.prefill || "", "aria-label": `card ${c.number}` })),
    note ? el("small", { class: "muted" }, note) : null);
};

Enrol.render = () => {
  const s = Enrol.state;
  const { el } = C;
  const status = document.getElementById("enrol-status");
  const take = document.getElementById("enrol-take");
  const form = document.getElementById("enrol-form");
  const result = document.getElementById("enrol-result");
  if (!s.available) {
    status.textContent = s.message;
    take.hidden = document.getElementById("enrol-clear").hidden = form.hidden = result.hidden = true;
    return;
  }
  const sure = s.cards.filter((c) => c.sure).length;
  status.textContent = s.busy ? "Learning your deck…" : s.frames ? `${s.frames} frame${s.frames > 1 ? "s" : ""}, ` +
    `${s.cards.length} cards found, ${sure} read surely` : (s.enrolled ? "Your deck is taught; teach it again any time." : "");
  take.disabled = s.busy || s.frames >= s.max_frames;
  form.hidden = !s.cards.length;
  C.clear(document.getElementById("enrol-cards"), s.cards.map((c) => Enrol.card(c, s.frames)));
  result.hidden = !s.result;
  if (s.result) result.textContent = `Taught: ${s.result.cards} cards. ${s.result.words}.`;
};

/* Only what the host changed goes back: the rest stands as the camera read it. */
Enrol.fixes = () => {
  const fixes = {};
  document.querySelectorAll("#enrol-cards input").forEach((i) => {
    const v = i.value.trim().toUpperCase();
    if (v && v !== i.dataset.prefill) fixes[i.dataset.number] = v;
  });
  return fixes;
};

Enrol.init = () => {
  document.getElementById("enrol-take").addEventListener("click", (ev) => Enrol.send("/api/host/enrol/take", {}, ev.target));
  document.getElementById("enrol-clear").addEventListener("click", (ev) => {
    if (Enrol.state && Enrol.state.cards.length && !confirm("Start over? The frames taken are dropped.")) return;
    Enrol.send("/api/host/enrol/clear", {}, ev.target);
  });
  document.getElementById("enrol-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const button = ev.target.querySelector("button");
    document.getElementById("enrol-status").textContent = "Learning your deck…";
    const r = await Enrol.send("/api/host/enrol/confirm", { fixes: Enrol.fixes() }, button);
    if (r.ok) C.toast(r.data.result.words);
    else Enrol.render();
  });
  Enrol.load();
};

Enrol.init();
