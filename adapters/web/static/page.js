// The live page of one table. It decides nothing: it shows what /api/view says and sends
// the button the player taps (its data as the bot made it) to /api/answer.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const RING = 7; // board units: the ring around a place offered, where there is room for it
const TAP_RADIUS = 22; // board units (a board is 360 wide: a phone's points) a tap may miss by
const page = { slug: "", auth: "", token: "", version: -1, labels: {}, loading: false, again: false };

function $(id) { return document.getElementById(id); }

function credential() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const initData = hash.get("tgWebAppData");
  const path = location.pathname.match(/^\/t\/([A-Za-z0-9_-]{2,200})$/);
  if (path) page.slug = path[1];
  if (initData) {
    page.auth = "tma " + initData;
    page.slug = page.slug || new URLSearchParams(initData).get("start_param") || query.get("tgWebAppStartParam") || "";
  } else if (hash.get("s")) {
    page.auth = "seat " + hash.get("s");
  }
}

function notice(text, ok) {
  const box = $("notice");
  box.textContent = text || "";
  box.hidden = !text;
  box.classList.toggle("ok", Boolean(ok));
}

function svgInto(box, markup) {
  box.replaceChildren();
  if (!markup) return null;
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return null;
  for (const bad of root.querySelectorAll("script, foreignObject")) bad.remove();
  const svg = document.importNode(root, true);
  box.appendChild(svg);
  return svg;
}

function textInto(pre, text) {
  pre.textContent = text || "";
  pre.hidden = !text;
}

function centre(el) {
  if (el.hasAttribute("data-cx")) return [Number(el.getAttribute("data-cx")), Number(el.getAttribute("data-cy"))];
  if (el.hasAttribute("cx")) return [Number(el.getAttribute("cx")), Number(el.getAttribute("cy"))];
  const x = Number(el.getAttribute("x")), y = Number(el.getAttribute("y"));
  return [x + Number(el.getAttribute("width") || 0) / 2, y + Number(el.getAttribute("height") || 0) / 2];
}

function markPlaces(svg, answers) {
  // A ring where each place offered is drawn (on a map and on its inset alike), above
  // everything, named by the place (data-answer: the index of its first answer; several
  // answers at one place ask which).
  const byPlace = new Map();
  for (const [i, a] of answers.entries()) {
    if (a.place === null) continue;
    if (!byPlace.has(a.place)) byPlace.set(a.place, []);
    byPlace.get(a.place).push(i);
  }
  const targets = [];
  for (const el of svg.querySelectorAll("[data-place]")) {
    const place = el.getAttribute("data-place");
    if (!byPlace.has(place) || el.classList.contains("target")) continue;
    const [x, y] = centre(el);
    targets.push({ place, x, y, answers: byPlace.get(place) });
  }
  // In a crowded part of a map (the Underground's centre) rings of RING would overlap, and
  // a tap between two would look as if it chose both: each ring is at most half as wide as
  // the way to the nearest other place offered, so no two overlap, and a tap picks the
  // place nearest to it (below), which is the ring it falls in.
  for (const target of targets) {
    let room = RING;
    for (const other of targets) {
      if (other.place === target.place) continue;
      room = Math.min(room, Math.hypot(other.x - target.x, other.y - target.y) / 2);
    }
    const ring = document.createElementNS(SVG_NS, "circle");
    ring.setAttribute("cx", target.x); ring.setAttribute("cy", target.y);
    const stroke = Math.min(2, room / 3); // (its outline counts too: half of it lies outside)
    ring.setAttribute("r", Math.max(room - stroke / 2 - 0.25, 0.5).toFixed(2));
    ring.style.strokeWidth = stroke.toFixed(2);
    ring.setAttribute("class", "target");
    ring.setAttribute("data-place", target.place);
    ring.setAttribute("data-answer", String(target.answers[0]));
    svg.appendChild(ring);
  }
  svg.addEventListener("click", (event) => {
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    const at = point.matrixTransform(svg.getScreenCTM().inverse());
    let best = null, bestDistance = TAP_RADIUS;
    for (const target of targets) {
      const d = Math.hypot(target.x - at.x, target.y - at.y);
      if (d <= bestDistance) { best = target; bestDistance = d; }
    }
    if (best === null) return;
    if (best.answers.length === 1) send(answers[best.answers[0]].data, "");
    else choose(best.answers.map(i => answers[i]));
  });
}

function choose(several) {
  // Several answers name the same place (two routes to one pub): their buttons light up.
  const wanted = new Set(several.map(a => a.data));
  for (const b of document.querySelectorAll("#questions button[data-answer]")) {
    b.classList.toggle("chosen", wanted.has(b.getAttribute("data-answer")));
  }
  notice(page.labels.which || "?", false);
}

function question(q) {
  const box = document.createElement("div");
  box.className = "question" + (q.secret ? " secret" : "");
  const p = document.createElement("p");
  p.textContent = q.text;
  box.appendChild(p);
  if (q.answers && q.answers.length) {
    const row = document.createElement("div");
    row.className = "answers";
    for (const a of q.answers) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = a.label;
      b.setAttribute("data-answer", a.data);
      if (a.place !== null) b.setAttribute("data-place", a.place);
      b.addEventListener("click", () => send(a.data, ""));
      row.appendChild(b);
    }
    box.appendChild(row);
  }
  if (q.input) {
    const form = document.createElement("form");
    const field = document.createElement("input");
    field.type = q.input.kind === "number" ? "number" : "text";
    field.name = "answer";
    field.placeholder = q.input.label;
    field.setAttribute("aria-label", q.input.label);
    if (q.input.min !== null) field.min = q.input.min;
    if (q.input.max !== null) field.max = q.input.max;
    field.maxLength = q.input.max_length;
    field.required = true;
    const go = document.createElement("button");
    go.type = "submit";
    go.textContent = page.labels.send || "Send";
    form.append(field, go);
    form.addEventListener("submit", (event) => { event.preventDefault(); send(q.input.data, field.value); });
    box.appendChild(form);
  }
  return box;
}

function show(view) {
  page.labels = view.labels || page.labels;
  document.documentElement.lang = view.lang || "en";
  $("game").textContent = view.game || "Stammtisch";
  $("waiting").textContent = view.waiting || "";
  const replay = $("replay");
  replay.hidden = !view.replay;
  if (view.replay) {
    $("replay-link").textContent = page.labels.replay_link;
    $("replay-link").href = "/r/" + page.slug;
  }
  if (!view.playing) {
    $("who").textContent = view.replay ? page.labels.over : page.labels.no_table;
    $("board").replaceChildren(); $("questions").replaceChildren(); $("hand-box").hidden = true;
    return;
  }
  const seat = view.seat;
  $("who").textContent = seat ? seat.you : page.labels.spectator;
  const answers = (view.questions || []).flatMap(q => q.answers || []);
  const board = svgInto($("board"), view.board);
  textInto($("board-text"), view.board_text);
  if (board) markPlaces(board, answers);
  const questions = $("questions");
  questions.replaceChildren(...(view.questions || []).map(question));
  if (seat && !(view.questions || []).some(q => q.answers)) {
    const p = document.createElement("p");
    p.textContent = page.labels.nothing_asked;
    questions.prepend(p);
  } else if (answers.some(a => a.place !== null)) {
    const p = document.createElement("p");
    p.textContent = page.labels.tap_hint;
    questions.prepend(p);
  }
  $("hand-box").hidden = !seat;
  if (seat) {
    $("hand-title").textContent = page.labels.your_view;
    svgInto($("hand"), seat.hand);
    textInto($("hand-text"), seat.hand_text);
  }
}

function headers() {
  const h = { "Accept": "application/json" };
  if (page.auth) h["Authorization"] = page.auth;
  return h;
}

async function load() {
  if (page.loading) { page.again = true; return; }
  page.loading = true;
  try {
    const response = await fetch("/api/view?t=" + encodeURIComponent(page.slug), { headers: headers(), cache: "no-store" });
    const view = await response.json();
    if (!response.ok) { notice(view.error, false); if (response.status === 403) page.refused = true; return; }
    page.token = view.page || "";
    page.version = view.version;
    show(view);
    document.body.setAttribute("data-version", String(view.version));
  } catch (e) {
    notice(page.labels.offline || "…", false);
  } finally {
    page.loading = false;
    if (page.again) { page.again = false; load(); }
  }
}

async function send(data, text) {
  const tap = Array.from(crypto.getRandomValues(new Uint8Array(8)), b => b.toString(16).padStart(2, "0")).join("");
  const h = headers();
  h["Content-Type"] = "application/json";
  try {
    const response = await fetch("/api/answer?t=" + encodeURIComponent(page.slug), {
      method: "POST", headers: h, cache: "no-store",
      body: JSON.stringify({ page: page.token, data: data, text: text, tap: tap }),
    });
    const result = await response.json();
    if (result.ok) notice(page.labels.sent, true); else notice(result.error, false);
  } catch (e) {
    notice(page.labels.offline || "…", false);
  }
  load();
}

function follow() {
  const events = new EventSource("/api/events?t=" + encodeURIComponent(page.slug));
  events.onmessage = (event) => {
    if (!page.refused && Number(event.data) !== page.version) load();
  };
}

credential();
load().then(follow);
