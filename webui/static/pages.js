/* croupier dashboard pages: Table, My seat, Feed, Rules, Ledger, host login. */
"use strict";

const P = (window.P = { feed: new Map(), page: document.body.dataset.page });
const { el } = C;

/* ------------------------------------------------------------------ pieces */
P.card = (c) => {
  if (!c.code) return el("span", { class: "playing down", title: "face down" }, "🂠");
  const title = c.up ? "face up" : c.tags.includes("shown") ? "face down, shown to the table" : "face down (only you see it)";
  return el("span", { class: "playing" + (c.red ? " red" : "") + (c.up ? "" : " hole"), title }, c.pretty || c.code);
};

/* One feed entry: an announcement (names in its text, the referee's words in its title) or a bet
   told in words (webui/feed.py); `order` places the bets among the announcements. */
P.ann = (a) => {
  const li = el("li", { class: "ann " + a.kind + (a.undone ? " undone" : ""), "data-id": a.id ?? "", title: a.raw_text || null },
    a.id !== null && a.id !== undefined ? el("span", { class: "ann-id" }, "#" + a.id) : null, " ",
    el("span", { class: "ann-text" }, a.text));
  if (a.rule && a.id !== null && a.id !== undefined) {
    li.append(" ", el("a", { class: "rule-link", href: "/rules?q=" + encodeURIComponent(a.rule) }, a.rule),
      " ", el("a", { class: "why-link", href: "/feed?why=" + a.id }, "why?"));
  }
  return li;
};

P.feedKey = (a) => a.key || "ann:" + a.id;
P.feedOrder = (a) => a.order || [a.id, 0];
P.newestFirst = (a, b) => { const x = P.feedOrder(a), y = P.feedOrder(b); return (y[0] - x[0]) || (y[1] - x[1]); };

P.addFeed = (anns, speak) => {
  let fresh = [];
  for (const a of anns || []) {
    if (!P.feed.has(P.feedKey(a))) fresh.push(a);
    P.feed.set(P.feedKey(a), a);
  }
  if (speak) fresh.forEach((a) => C.speak(a.text));
  return fresh;
};

P.renderLatest = (n) => {
  const list = document.getElementById("latest");
  if (!list) return;
  const items = [...P.feed.values()].sort(P.newestFirst).slice(0, n || 6);
  C.clear(list, items.map(P.ann));
};

/* ------------------------------------------------------------------ Table */
P.renderTable = (s) => {
  const night = document.getElementById("night");
  if (!night) return;
  if (!s.night) {
    C.clear(night, el("h2", {}, "No night yet"), el("p", {}, "The host starts one on the Host page."));
  } else {
    const h = s.hand;
    const dealer = h && (s.seats.find((x) => x.seat === h.dealer) || { name: "seat " + h.dealer }).name;
    C.clear(night, el("h2", {}, s.night.name + (s.night.ended ? " (over)" : "")),
      el("p", { class: "muted" }, (s.night.game_name || s.night.game) +
        (h ? ` · ${s.boonaken ? "deal" : "hand"} ${h.number} · ${dealer} deals` : s.boonaken ? " · between deals" : " · between hands")));
  }
  document.getElementById("pot").textContent = C.money(s.pot);
  const pots = (s.hand && s.hand.pots) || [];
  C.clear(document.getElementById("pots"), pots.length > 1 ? el("ul", {}, pots.map((p) =>
    el("li", {}, `${p.name}: ${C.money(p.amount)} (seats ${p.eligible.join(", ")})`))) : []);
  const h = s.hand;
  const centre = document.getElementById("community");
  if (centre) C.clear(centre, h && h.community && h.community.length ?
    [el("strong", {}, "Centre (everyone's): "), ...h.community.map(P.card)] : []);
  const name = (n) => (s.seats.find((x) => x.seat === n) || { name: "seat " + n }).name;
  document.getElementById("street").textContent = h ? `Street ${h.street} · ${h.phase}` +
    (h.to_act ? ` · ${name(h.to_act)} to act` : "") + (h.betting ? ` · ${C.money(h.betting.size)} bets` : "") : "";
  P.renderWar(document.getElementById("war"), h && h.war);
  C.clear(document.getElementById("pending"), s.waiting.length ? s.waiting.map((p) =>
    el("li", { class: p.blocks ? "blocking" : "" }, p.text || `${p.who}: ${p.prompt}`)) : el("li", { class: "muted" }, "Nobody."));
  P.renderSettings(s.night);
  if (P.renderBoonaken(s) || P.renderBoneyard(s) || P.renderBonnu(s)) return;
  C.clear(document.getElementById("seats"), s.seats.map((seat) => el("article", {
    class: "seat" + (seat.to_act ? " to-act" : "") + (seat.folded ? " folded" : ""), "data-seat": seat.seat },
    el("h3", {}, seat.name, el("small", {}, " seat " + seat.seat)),
    el("div", { class: "cards" }, seat.cards.map(P.card)),
    el("p", { class: "muted" }, (seat.folded ? "folded · " : seat.to_act ? "to act · " : "") +
      `in pot ${C.money(seat.put)} · night ${C.money(seat.balance)}`))));
};

/* A Boonaken night on the Table page: the deal and the sheet instead of the pot and the boards. */
P.renderBoonaken = (s) => {
  const bk = s.boonaken;
  for (const id of ["money", "seats"]) document.getElementById(id).hidden = !!bk;
  for (const id of ["bk-table", "bk-sheet-card"]) document.getElementById(id).hidden = !bk;
  if (!bk) return false;
  C.clear(document.getElementById("bk-deal"), B.deal(bk));
  C.clear(document.getElementById("bk-sheet-box"), B.sheet(bk.sheet));
  return true;
};

/* A Boneyard euchre night on the Table page: the round and the team scores instead of the pot. */
P.renderBoneyard = (s) => {
  const by = s.boneyard;
  for (const id of ["by-table", "by-sheet-card"]) {
    const box = document.getElementById(id);
    if (box) box.hidden = !by;
  }
  if (!by) return false;
  for (const id of ["money", "seats"]) document.getElementById(id).hidden = true;
  C.clear(document.getElementById("by-round"), Y.round(by));
  C.clear(document.getElementById("by-sheet-box"), Y.sheet(by));
  return true;
};

/* A Bonnu night on the Table page: the round (top card, card counts, scores, rulings) instead of the pot. */
P.renderBonnu = (s) => {
  const bn = s.bonnu;
  const box = document.getElementById("bn-table");
  if (box) box.hidden = !bn;
  if (!bn) return false;
  for (const id of ["money", "seats"]) document.getElementById(id).hidden = true;
  C.clear(document.getElementById("bn-round"), N.round(bn));
  return true;
};

/* The Dueling Snowmen war while it is on: who fights, the battles so far, the war pot. */
P.renderWar = (box, war) => {
  if (!box) return;
  box.hidden = !war;
  if (!war) return;
  const { SUITS } = P;
  const pretty = (code) => (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]];
  C.clear(box, el("strong", {}, war.text), el("ul", {}, war.names.map((n, i) =>
    el("li", {}, `${n}: ${war.cards[i].map(pretty).join(" ") || "no card yet"}`))));
};
P.SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/* The night's settings as sentences ("Dueling Snowmen: which 8s start a war: any two 8s"). */
P.renderSettings = (night) => {
  const box = document.getElementById("settings");
  if (!box) return;
  const words = (night && night.settings_in_words) || [];
  box.hidden = !words.length;
  C.clear(box.querySelector("ul"), words.map((w) => el("li", { "data-setting": w.name, title: w.allowed ? "may be " + w.allowed : null }, w.text)));
};

/* ------------------------------------------------------------------ My seat */
P.loadMe = async () => {
  const r = await C.get("/api/me");
  if (r.ok) P.renderMe(r.data);
  else if (r.status === 401) C.toast("Your seat link is not for tonight: scan the new QR code", true);
  else if (r.status === 403) location.reload();      // the seat went to another phone: the page says so
};

/* Each decision asked of this seat with the options that answer it; then the seat's other moves
   (its bets, showing its hand). Everything offered comes from the referee's options. */
P.renderMe = (me) => {
  const title = document.getElementById("me-title");
  if (!title) return;
  title.textContent = (me.me ? me.me.name + " · " : "") + "seat " + me.seat;
  document.getElementById("balance").textContent = C.money(me.balance);
  document.getElementById("me-pot").textContent = C.money(me.state.pot);
  const bk = me.state.boonaken;       // a Boonaken night: the deal, the sheet, no money
  document.getElementById("money-line").hidden = !!bk;
  for (const id of ["bk-me", "bk-me-sheet"]) document.getElementById(id).hidden = !bk;
  if (bk) {
    C.clear(document.getElementById("bk-me-deal"), B.deal(bk));
    C.clear(document.getElementById("bk-me-sheet-box"), B.sheet(bk.sheet));
  }
  const by = me.state.boneyard;       // a Boneyard euchre night: the round and the team scores, no money
  for (const id of ["by-me", "by-me-sheet"]) document.getElementById(id).hidden = !by;
  if (by) {
    document.getElementById("money-line").hidden = true;
    C.clear(document.getElementById("by-me-round"), Y.round(by));
    C.clear(document.getElementById("by-me-sheet-box"), Y.sheet(by));
  }
  const bn = me.state.bonnu;          // a Bonnu night: the round, the claims, this phone's latency, no money
  document.getElementById("bn-me").hidden = !bn;
  if (bn) {
    document.getElementById("money-line").hidden = true;
    C.clear(document.getElementById("bn-me-round"), N.round(bn));
    N.startPings();
  }
  C.clear(document.getElementById("my-cards"), bn ? N.mine(bn, me.seat).map(N.card) : (bk ? B.mine(bk, me.seat) : by ? Y.mine(by, me.seat)
    : me.me ? me.me.cards : []).map(P.card));
  P.renderWar(document.getElementById("me-war"), me.state.hand && me.state.hand.war);
  const asked = me.state.pending.map((p) => p.id);
  const button = (o) => C.option({ ...o, label: o.text || o.label }, P.loadMe);   // names in the words
  const items = me.state.pending.map((p) => {
    const answers = me.options.filter((o) => o.decision === p.id);
    return el("div", { class: "decision", "data-decision": p.id }, el("p", {}, p.text || p.prompt),
      el("div", { class: "buttons" }, answers.length ? answers.map(button)
        : el("p", { class: "muted" }, "Nothing to press here: the host enters it.")));
  });
  document.getElementById("decisions-card").hidden = !!(bk || by || bn) && !items.length;   // these ask nothing but moves
  C.clear(document.getElementById("decisions"), items.length ? items : el("p", { class: "muted" }, "Nothing asked of you right now."));
  const moves = me.options.filter((o) => !asked.includes(o.decision));
  const wait = me.state.waiting.filter((p) => p.blocks).map((p) => p.text || p.prompt).join("; ");
  // Bonnu: the seat's own Cut!/Bonnu! claims replace the referee's option-key ones (bonnu.js)
  const claims = bn ? N.claims(bn, me.seat, P.loadMe) : null;
  const shown = claims ? moves.filter((o) => o.action !== "cut" && o.action !== "bonnu") : moves;
  C.clear(document.getElementById("bets"), claims, shown.length
    ? (bk ? B.moves(shown, P.loadMe) : by ? Y.moves(shown, P.loadMe) : bn ? N.moves(shown, P.loadMe) : shown.map(button))
    : el("p", { class: "muted" }, wait ? "Waiting for " + wait : "Not your turn."));
  P.alertIfAsked(me);
};

/* Alert (vibrate, the optional beep, read-aloud) when a decision or the turn comes to this seat:
   once per decision, once each time the turn comes back; nothing for what was there on load. */
P.asked = null;
P.myTurn = false;
P.alertIfAsked = (me) => {
  const ids = me.state.pending.filter((p) => p.seat === me.seat || (p.open_to || []).includes(me.seat)).map((p) => p.id);
  const moving = (o) => o.post.url === "/api/seat/bet" || o.post.url === "/api/seat/option";
  const turn = me.options.some(moving);
  const fresh = P.asked === null ? [] : me.state.pending.filter((p) => ids.includes(p.id) && !P.asked.has(p.id));
  const first = P.asked === null;
  P.asked = new Set([...(P.asked || []), ...ids]);
  if (fresh.length) C.alert(fresh.map((p) => p.text || p.prompt).join(" "), false);
  else if (turn && !P.myTurn && !first) {
    const said = [...new Set(me.options.filter(moving).map((o) => o.action === "bid" ? "bid or pass" : o.label))];
    C.alert("Your turn: " + said.slice(0, 6).join(", "), true);
  }
  P.myTurn = turn;
};

/* ------------------------------------------------------------------ Feed */
P.renderFeed = () => {
  const list = document.getElementById("feed");
  if (!list) return;
  C.clear(list, [...P.feed.values()].sort(P.newestFirst).map(P.ann));
};

P.showWhy = async (id) => {
  const box = document.getElementById("why");
  if (!box) return;
  const r = await C.get("/api/why/" + encodeURIComponent(id));
  box.hidden = false;
  if (!r.ok) { C.clear(box, el("p", {}, r.data.error || "Not found")); return; }
  const w = r.data;
  // the camera's picture behind it (when it caused it and this phone may see the card), beside the rule
  const seen = w.evidence ? el("figure", { class: "evidence" }, el("img", { src: w.evidence.url, alt: "What the camera saw" }),
    el("figcaption", { class: "muted" }, `camera, frame ${w.evidence.frame}`)) : null;
  C.clear(box, el("h2", {}, "Why #" + w.announcement.id + "?"), el("p", {}, w.announcement.text),
    el("div", { class: "why-body" }, seen, el("div", {}, w.rule ? [el("h3", {}, w.rule.name), el("p", {}, w.rule.text),
      w.rule.interpretation ? el("p", { class: "muted" }, "How we read it: " + w.rule.interpretation) : null] : [])),
    el("h3", {}, "Because of"),
    el("ul", {}, w.events.map((e) => el("li", { class: e.undone ? "undone" : "" }, `Event ${e.seq}: ${e.text}` + (e.undone ? " (undone)" : "")))));
  box.scrollIntoView({ behavior: "smooth" });
};

/* ------------------------------------------------------------------ Rules */
P.ruleCard = (r) => el("article", { class: "rule", id: "rule-" + r.id },
  el("h3", {}, r.name, el("small", {}, " " + r.id)), el("p", {}, r.text),
  r.trigger ? el("p", {}, el("strong", {}, "When: "), r.trigger) : null,
  r.effect ? el("p", {}, el("strong", {}, "Then: "), r.effect) : null,
  r.interpretation ? el("p", { class: "muted" }, el("strong", {}, "How we read it: "), r.interpretation) : null,
  (r.settings || []).length ? el("div", { class: "muted" }, el("strong", {}, "Settings:"), el("ul", { class: "rule-settings" },
    r.settings.map((s) => el("li", { "data-setting": s.name }, P.settingWords(s))))) : null,
  (r.examples || []).length ? el("ul", { class: "examples" }, r.examples.map((x) => el("li", {}, x))) : null);

/* A rule's setting in words: tonight's value when a night is on ("Dueling Snowmen: which 8s start a
   war: any two 8s"), else what it does and its default. */
P.settingWords = (s) => {
  const tonight = ((P.night && P.night.settings_in_words) || []).find((w) => w.name === s.name);
  if (tonight) return tonight.text + " (tonight)";
  return `${s.help.charAt(0).toUpperCase() + s.help.slice(1)} (default ${s.default})`;
};

P.searchRules = async (q) => {
  const r = await C.get("/api/rules?q=" + encodeURIComponent(q || ""));
  const box = document.getElementById("rules");
  C.clear(box, r.ok && r.data.length ? r.data.map(P.ruleCard) : el("p", {}, r.ok ? "No rule matches." : r.data.error));
};

/* ------------------------------------------------------------------ Ledger */
P.loadLedger = async () => {
  const r = await C.get("/api/ledger");
  if (!r.ok) return;
  const L = r.data;
  C.clear(document.getElementById("balances"), L.balances.map((b) =>
    el("tr", {}, el("td", {}, b.label), el("td", { class: "num" + (Number(b.amount) < 0 ? " neg" : "") }, C.money(b.amount)))));
  C.clear(document.getElementById("settle"), L.settle.length ? L.settle.map((m) =>
    el("li", {}, `${m.from_label} pays ${m.to_label} ${C.money(m.amount)}`))
    : el("li", {}, L.open_pots.length ? "Money is still in the pot (" + L.open_pots.map((p) => `${p.label || p.account} ${C.money(p.amount)}`).join(", ") +
      "): settle up when the hand is over." : "Nobody owes anybody."));
  C.clear(document.getElementById("history"),
    el("tr", {}, ["#", "hand", "from", "to", "amount", "what"].map((h) => el("th", {}, h))),
    L.rows.slice().reverse().map((row) => el("tr", { class: row.reversed_by ? "undone" : row.reverses ? "reversal" : "" },
      el("td", {}, row.id), el("td", {}, row.hand ?? "-"), el("td", {}, row.payer_label || row.payer), el("td", {}, row.payee_label || row.payee),
      el("td", { class: "num" }, C.money(row.amount)), el("td", {}, [row.rule, row.memo].filter(Boolean).join(": ")))));
};

/* ------------------------------------------------------------------ wiring */
P.onState = (s) => {
  if (P.page === "table") P.renderTable(s);
};

/* The stream says what happened; each page then asks for the table as its own viewer sees it
   (the stream is the same for every phone, so it carries no cards). */
P.onLive = (kind, data) => {
  if (kind === "camera") return [];   // the host console's camera panel listens for these itself
  if (kind === "seats") { if (P.page === "me") P.loadMe(); return []; }   // a seat changed phones
  if (data.feed) P.addFeed(data.feed, false);
  if (data.resync) P.resync();   // a snapshot is a nudge: the feed comes by /api/feed, never on the stream
  const fresh = P.addFeed(data.announcements, P.page === "feed" || P.page === "me");
  if (P.page === "me") P.loadMe();
  else if (P.page !== "host") C.get("/state").then((r) => r.ok && P.onState(r.data));
  if (P.page === "ledger") P.loadLedger();
  if (P.page === "feed") P.renderFeed();
  P.renderLatest();
  if (kind === "night" && data.night === "ended") C.toast("The night is over: see the Ledger page to settle up");
  return fresh;
};

/* After a snapshot (the stream could not say what this phone missed): the feed as it is now. */
P.resync = async () => {
  const r = await C.get("/api/feed");
  if (!r.ok) return;
  P.addFeed(r.data, false);
  if (P.page === "feed") P.renderFeed();
  P.renderLatest();
};

P.init = async () => {
  const page = P.page;
  if (page === "login" || page === "rules") document.getElementById("live").hidden = true;
  if (page === "login") {
    document.getElementById("login").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const r = await C.post("/api/host/login", { pin: document.getElementById("pin").value });
      if (r.ok) location.reload();
    });
    return;
  }
  if (page === "rules") {
    const night = await C.get("/state");
    if (night.ok) P.night = night.data.night;
    const q = new URLSearchParams(location.search).get("q") || "";
    document.getElementById("q").value = q;
    document.getElementById("rule-search").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const v = document.getElementById("q").value;
      history.replaceState(null, "", "/rules?q=" + encodeURIComponent(v));
      P.searchRules(v);
    });
    P.searchRules(q);
    return;
  }
  const [st, fd] = await Promise.all([C.get("/state"), C.get("/api/feed")]);
  if (fd.ok) P.addFeed(fd.data, false);
  if (st.ok) {
    P.onState(st.data);
    C.live.lastId = st.data.last_id;
  }
  if (page === "me") {
    C.switch("speak", "speak");
    C.switch("sound", "sound", (on) => { if (on) { C.unlockSound(); C.beep(); } });   // the tap lets audio start
    await P.loadMe();
  }
  if (page === "ledger") P.loadLedger();
  if (page === "feed") {
    C.switch("speak", "speak");
    P.renderFeed();
    const why = new URLSearchParams(location.search).get("why");
    if (why) P.showWhy(why);
    document.getElementById("feed").addEventListener("click", (ev) => {
      const a = ev.target.closest("a.why-link");
      if (!a) return;
      ev.preventDefault();
      P.showWhy(a.closest("li").dataset.id);
    });
  }
  P.renderLatest();
  C.live.on(P.onLive);
  C.live.start();
};

P.init();
