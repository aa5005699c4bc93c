// A finished game's replay: the slider asks for the board after n answers.
"use strict";

function $(id) { return document.getElementById(id); }
const slug = (location.pathname.match(/^\/r\/([A-Za-z0-9_-]{2,200})$/) || [null, ""])[1];
let asked = 0;

function svgInto(box, markup) {
  box.replaceChildren();
  if (!markup) return;
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  if (doc.documentElement.nodeName !== "svg") return;
  box.appendChild(document.importNode(doc.documentElement, true));
}

async function step(n) {
  const mine = ++asked;
  const response = await fetch("/api/replay?t=" + encodeURIComponent(slug) + "&n=" + n, { cache: "no-store" });
  const frame = await response.json();
  if (mine !== asked) return; // a later move of the slider is on its way
  const notice = $("notice");
  if (!response.ok) { notice.textContent = frame.error; notice.hidden = false; return; }
  document.documentElement.lang = frame.lang;
  $("game").textContent = frame.game;
  $("title").textContent = frame.title;
  const slider = $("slider");
  slider.max = frame.total;
  slider.value = frame.step;
  slider.setAttribute("aria-label", frame.caption);
  $("caption").textContent = frame.caption;
  svgInto($("board"), frame.board);
  const pre = $("board-text");
  pre.textContent = frame.board_text || "";
  pre.hidden = !frame.board_text;
  document.body.setAttribute("data-step", String(frame.step));
}

$("slider").addEventListener("input", (event) => step(event.target.value));
step(0);
