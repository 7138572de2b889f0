// The replay page: inflates the kept game (gzip + base64 JSON, see training/replay.py) and shows
// one step from one view at a time. No library, no network.
"use strict";
(async function () {
  const meta = JSON.parse(document.getElementById("meta").textContent);
  const $ = (id) => document.getElementById(id);
  let data;
  try {
    const bytes = Uint8Array.from(atob($("data").textContent.trim()), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    data = JSON.parse(await new Response(stream).text());
  } catch (err) {
    $("picture").textContent = "This browser cannot open the replay (it needs DecompressionStream): " + err;
    return;
  }
  const lines = data.lines;
  const text = (codes) => codes.map((i) => lines[i]);
  let step = 0;
  let view = 0;
  let timer = null;

  $("title").textContent = meta.title + " \u2014 replay";
  const scores = meta.scores
    ? meta.seats.map((name, seat) => name + ": " + meta.scores[seat]).join(", ")
    : "an unfinished game";
  $("players").textContent = "seed " + meta.seed + (meta.source ? " (" + meta.source + ")" : "") + " \u00b7 " + scores;
  const slider = $("slider");
  slider.max = meta.steps;
  document.body.dataset.steps = String(meta.steps);

  meta.views.forEach((v, i) => {
    const button = document.createElement("button");
    button.textContent = v.label;
    button.className = "view";
    button.dataset.view = v.key;
    button.addEventListener("click", () => { view = i; show(); });
    $("views").appendChild(button);
  });

  function who(s) {
    const seat = meta.movers[s];
    return s === 0 ? "the start" : seat >= 0 && seat < meta.seats.length ? meta.seats[seat] + "'s move" : "a move";
  }

  function show() {
    step = Math.max(0, Math.min(meta.steps, step));
    slider.value = String(step);
    $("picture").innerHTML = text(data.frames[view][step]).join("\n");
    $("narration").textContent = text(data.narration[view][step]).join("\n") || "(nothing to tell)";
    const log = $("log");
    log.textContent = "";
    for (let s = 0; s <= step; s++) {
      const told = text(data.narration[view][s]);
      if (!told.length) continue;
      const block = document.createElement("div");
      if (s === step) block.className = "now";
      const head = document.createElement("div");
      head.className = "step";
      head.textContent = "step " + s + ": " + who(s);
      block.appendChild(head);
      block.appendChild(document.createTextNode(told.join("\n")));
      log.appendChild(block);
    }
    log.scrollTop = log.scrollHeight;
    $("step-label").textContent = "step " + step + " / " + meta.steps + " \u00b7 " + who(step);
    document.querySelectorAll("button.view").forEach((b, i) => b.classList.toggle("selected", i === view));
    document.body.dataset.step = String(step);
    document.body.dataset.view = meta.views[view].key;
  }

  function go(to) { step = to; show(); }
  function stop() { if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; } }
  $("first").addEventListener("click", () => { stop(); go(0); });
  $("prev").addEventListener("click", () => { stop(); go(step - 1); });
  $("next").addEventListener("click", () => { stop(); go(step + 1); });
  $("last").addEventListener("click", () => { stop(); go(meta.steps); });
  slider.addEventListener("input", () => { stop(); go(Number(slider.value)); });
  $("play").addEventListener("click", () => {
    if (timer) return stop();
    if (step >= meta.steps) go(0);
    $("play").textContent = "pause";
    timer = setInterval(() => { if (step >= meta.steps) stop(); else go(step + 1); }, 700);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return; // the slider moves itself with the arrow keys
    const keys = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: meta.steps };
    if (event.key in keys) { stop(); go(keys[event.key]); event.preventDefault(); }
    else if (event.key === " ") { $("play").click(); event.preventDefault(); }
  });
  show();
  document.body.dataset.ready = "1";
})();
