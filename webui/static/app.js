/* croupier dashboard: shared helpers (requests, live stream, little DOM builder). No build step. */
"use strict";

const C = (window.C = {});

C.csrf = () => document.querySelector('meta[name="csrf-token"]').content;

/* A fresh Idempotency-Key. crypto.randomUUID needs https; getRandomValues works on a LAN http page. */
C.newKey = () => {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
};

C.toast = (text, bad) => {
  const t = document.getElementById("toast");
  if (!t) return;
  t.textContent = text;
  t.className = "toast show" + (bad ? " bad" : "");
  clearTimeout(C._toastTimer);
  C._toastTimer = setTimeout(() => (t.className = "toast"), 4000);
};

C.get = async (url) => {
  const r = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  const data = await r.json().catch(() => ({}));
  return { ok: r.ok, status: r.status, data };
};

/* POST JSON with the CSRF token and an Idempotency-Key (the same key again records nothing twice). */
C.post = async (url, body, key) => {
  let r;
  try {
    r = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": C.csrf(), "Idempotency-Key": key || C.newKey() },
      body: JSON.stringify(body || {}),
    });
  } catch (e) {
    C.toast("No connection to the table: try again", true);
    return { ok: false, status: 0, data: {} };
  }
  const data = await r.json().catch(() => ({}));
  if (!r.ok) C.toast(data.error || "Error " + r.status, true);
  return { ok: r.ok, status: r.status, data };
};

/* A button that sends one action: it keeps its Idempotency-Key until the action succeeded, so a
   double tap (or a retry after a lost answer) is recorded once; it is disabled while in flight. */
C.actionButton = (label, url, body, opts = {}) => {
  const b = C.el("button", { class: opts.cls || "", type: "button", "data-action": opts.name || label }, label);
  let key = C.newKey();
  b.addEventListener("click", async () => {
    if (opts.confirm && !window.confirm(opts.confirm)) return;
    const payload = typeof body === "function" ? body() : body;
    if (payload === null) return;
    b.disabled = true;
    const res = await C.post(url, payload, key);
    if (res.ok) {
      key = C.newKey();
      if (opts.done) opts.done(res.data);
      if (res.data.announcements && res.data.announcements.length) C.toast(res.data.announcements.map((a) => a.text).join(" · "));
    } else if (res.status !== 0) {
      key = C.newKey(); // the refusal is the answer to that key; a new try is a new action
    }
    b.disabled = false;
  });
  return b;
};

/* One of the referee's options as the server sent it (webui/views.py): a button that takes it, with
   an input for each thing it needs typed in (a card, cards, an amount), or, when it points at a
   card, one button per card it may name. `done` runs once it was taken. */
C.option = (o, done) => {
  const inputs = o.needs.filter((n) => n !== "target").map((n) => C.el("input", {
    name: n, size: n === "cards" ? 12 : 6, autocomplete: "off", "aria-label": `${o.label}: ${n}`,
    placeholder: n === "amount" ? "amount" : n === "cards" ? "e.g. 9D KS" : "e.g. 9D" }));
  const body = (picked) => () => {
    const b = JSON.parse(JSON.stringify(o.post.body));
    const into = b.event || b;            // the host console sends the option's event itself
    for (const i of inputs) {
      const v = i.value.trim();
      if (v) into[i.name] = i.name === "cards" ? v.split(/[\s,]+/) : v;
    }
    Object.assign(into, picked);
    return b;
  };
  const cls = o.name === "fold" || o.action === "end" ? "danger" : "primary";   // a misdeal undoes the hand
  const send = (label, picked, name) => C.actionButton(label, o.post.url, body(picked), { name, cls, done });
  if (!o.needs.includes("target")) return C.el("span", { class: "option" }, inputs, send(o.label, {}, o.name));
  return C.el("div", { class: "targets" }, C.el("span", { class: "muted" }, o.label + ": pick "), inputs,
    o.picks.map((p) => send(p.label, p.card ? { target_seat: p.seat, card: p.card } : { target_seat: p.seat },
      `${o.name}-${p.card || "seat-" + p.seat}`)));
};

C.el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid instanceof Node ? kid : String(kid));
  return e;
};

C.money = (s) => {
  const v = Number(s || 0);
  return (v < 0 ? "-$" : "$") + Math.abs(v).toFixed(2);
};

C.clear = (node, ...kids) => { node.replaceChildren(...kids.flat().filter((k) => k != null)); return node; };   // null: nothing to show

/* ------------------------------------------------------------------ the live stream */
C.live = {
  lastId: null, source: null, handlers: [],
  on(fn) { this.handlers.push(fn); },
  setBadge(state) {
    const b = document.getElementById("live");
    if (!b) return;
    b.textContent = state === "on" ? "live" : state === "wait" ? "reconnecting…" : "offline";
    b.className = "live " + state;
  },
  connect() {
    if (this.source) this.source.close();
    // A new EventSource does not send Last-Event-ID by itself: pass it as ?last= so the server
    // replays exactly what this phone missed while it slept.
    const url = "/events" + (this.lastId !== null ? "?last=" + encodeURIComponent(this.lastId) : "");
    const src = (this.source = new EventSource(url));
    src.onopen = () => this.setBadge("on");
    src.onerror = () => this.setBadge(src.readyState === EventSource.CLOSED ? "off" : "wait");
    for (const kind of ["table", "snapshot", "night", "camera", "seats"]) {
      src.addEventListener(kind, (ev) => {
        if (ev.lastEventId) this.lastId = ev.lastEventId;
        let data;
        try { data = JSON.parse(ev.data); } catch (e) { return; }
        for (const fn of this.handlers) fn(kind, data);
      });
    }
  },
  start() {
    this.connect();
    // Phones freeze background tabs and drop their connections: reconnect when the page is seen again.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") {
        if (!this.source || this.source.readyState !== EventSource.OPEN) this.connect();
      } else if (this.source) {
        this.source.close();
        this.source = null;
        this.setBadge("off");
      }
    });
    window.addEventListener("online", () => this.connect());
  },
};

/* ------------------------------------------------------------------ speech and alerts */
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", "10": "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
const SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };

/* A card as it is said aloud: "9S" or "9♠" -> "nine of spades", "TH" or "10♥" -> "ten of hearts". */
C.cardWords = (code) => {
  const m = /^(10|[2-9TJQKA])([SHDC♠♥♦♣])$/i.exec(String(code).trim());
  return m ? `${RANK_WORDS[m[1].toUpperCase()]} of ${SUIT_WORDS[m[2].toUpperCase()]}` : String(code);
};

/* A text as it is said aloud: every card in it ("pay $2.50 or fold (Black Jack J♠)") in words. */
C.spoken = (text) => String(text).replace(/(^|[^\w])(10|[2-9JQKA])([♠♥♦♣])/g, (_, before, rank, suit) => before + C.cardWords(rank + suit));

C.setting = (name) => localStorage.getItem("croupier." + name) === "1";

C.speak = (text) => {
  if (!C.setting("speak") || !("speechSynthesis" in window)) return;
  try { window.speechSynthesis.speak(new SpeechSynthesisUtterance(C.spoken(text))); } catch (e) { /* no voice */ }
};

/* A short beep made by WebAudio (no sound file). Browsers start audio only after a tap: the sound
   switch's tap makes the context (C.unlockSound), later beeps reuse it. */
C.unlockSound = () => {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!C._audio) C._audio = new Ctx();
  if (C._audio.resume) C._audio.resume();
  return C._audio;
};

C.beep = () => {
  const ctx = C.unlockSound();
  if (!ctx) return;
  const osc = ctx.createOscillator(), gain = ctx.createGain();
  osc.frequency.value = 880;
  gain.gain.value = 0.2;
  osc.connect(gain);
  gain.connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.18);
};

/* Something is asked of this phone's seat: it vibrates where the browser allows, beeps if the sound
   switch is on, shows `text` and, with read-aloud on and `say`, says it (an announcement is read
   aloud as it arrives already). */
C.alert = (text, say) => {
  if (navigator.vibrate) { try { navigator.vibrate([200, 100, 200]); } catch (e) { /* not allowed */ } }
  if (C.setting("sound")) C.beep();
  if (say) C.speak(text);
  C.toast(text);
};

/* A checkbox kept in localStorage as croupier.<name>; `tapped` runs on each change. */
C.switch = (id, name, tapped) => {
  const box = document.getElementById(id);
  if (!box) return;
  box.checked = C.setting(name);
  box.addEventListener("change", () => {
    localStorage.setItem("croupier." + name, box.checked ? "1" : "0");
    if (tapped) tapped(box.checked);
  });
};
