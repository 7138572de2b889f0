// The play page of `florentine serve` (training/serve.py): draws what /api/state says and sends
// the person's clicks to /api/move. No library, no network beyond this server. While a computer
// player thinks (state.thinking) it asks again every POLL_MS; a move past its time limit stops
// the game (state.halted), which the status line and the error line say.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const POLL_MS = 500;
  let current = null;
  let busy = false;
  let polling = false; // busy only asking while a computer player thinks: a new game may be started
  let generation = 0; // of the latest act(): an older one that is still asking gives up
  let filled = null; // the defaults the form shows (not written again while the person types)

  async function call(path, body) {
    const options = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const response = await fetch(path, options);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function fillForm(state) {
    const select = $("new-name");
    if (!select.options.length) {
      for (const g of state.games) {
        const option = element("option", "", g.id + " (" + g.players.join(", ") + " players)");
        option.value = g.id;
        select.appendChild(option);
      }
    }
    if (JSON.stringify(state.defaults) === filled) return;
    filled = JSON.stringify(state.defaults);
    select.value = state.defaults.game;
    $("new-players").value = state.defaults.players;
    $("new-seed").value = state.defaults.seed;
    $("new-options").value = state.defaults.options;
    const limits = state.limits;
    $("limits").textContent = "seats here: " + limits.agents.join(", ") + " (more with --players on the command line)"
      + (limits.move_seconds ? "; a computer player's move may take " + limits.move_seconds + " s" : "");
  }

  function draw(state) {
    current = state;
    fillForm(state);
    document.body.dataset.over = state.game && state.over ? "1" : "0";
    document.body.dataset.step = state.game ? String(state.step) : "";
    document.body.dataset.thinking = state.thinking ? "1" : "0";
    document.body.dataset.halted = state.halted ? "1" : "0";
    if (!state.game) {
      $("status").textContent = "Choose a game below and start it.";
      $("picture").textContent = "";
      $("moves").textContent = "";
      $("log").textContent = "";
      $("moves-head").hidden = true;
      $("hand-box").hidden = true;
      return;
    }
    $("title").textContent = state.game + " \u2014 " + state.seats.length + " player" + (state.seats.length > 1 ? "s" : "");
    $("players").textContent = state.seats.join(" \u00b7 ") + " \u00b7 seed " + state.seed;
    $("status").textContent = state.status;
    if (state.halted) $("error").textContent = "The game stopped: " + state.halted;
    $("picture").innerHTML = state.picture;
    $("kept").textContent = state.kept ? "kept as " + state.kept : "";
    const moves = $("moves");
    moves.textContent = "";
    $("moves-head").hidden = !state.moves.length;
    let heading = null;
    for (const move of state.moves) {
      if (move.group && move.group !== heading) {
        heading = move.group;
        moves.appendChild(element("h3", "", heading));
      }
      const button = element("button", "move");
      button.type = "button";
      button.dataset.action = String(move.action);
      button.title = move.name;
      button.appendChild(element("span", "text", move.text));
      button.appendChild(element("span", "name", "  [" + move.name + "]"));
      if (move.help) button.appendChild(element("span", "help", move.help));
      button.addEventListener("click", () => play(move.action));
      moves.appendChild(button);
    }
    $("hand-box").hidden = !state.hand.length;
    $("hand").textContent = state.hand.join("\n");
    const log = $("log");
    log.textContent = state.log.join("\n");
    log.scrollTop = log.scrollHeight;
  }

  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function act(path, body) {
    if (busy && !(polling && path === "/api/new")) return;
    const mine = ++generation;
    busy = true;
    polling = false;
    document.body.dataset.busy = "1";
    document.querySelectorAll("button.move").forEach((b) => { b.disabled = true; });
    $("error").textContent = "";
    try {
      let state = await call(path, body);
      if (mine !== generation) return;
      draw(state);
      polling = true;
      while (state.thinking) { // a computer player thinks: ask again until it moves or runs out of time
        await pause(POLL_MS);
        if (mine !== generation) return;
        state = await call("/api/state");
        if (mine !== generation) return;
        draw(state);
      }
    } catch (err) {
      if (mine !== generation) return;
      if (current) draw(current);
      $("error").textContent = String(err.message || err);
    } finally {
      if (mine === generation) {
        busy = false;
        polling = false;
        document.body.dataset.busy = "0";
      }
    }
  }

  function play(action) { return act("/api/move", { action: action, step: current.step }); }

  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    act("/api/new", {
      game: $("new-name").value, players: $("new-players").value,
      seed: Number($("new-seed").value || 0), options: $("new-options").value,
    });
  });

  call("/api/state").then((state) => {
    draw(state);
    document.body.dataset.ready = "1";
    if (state.thinking) act("/api/state"); // the first computer players still moving
  }).catch((err) => { $("error").textContent = String(err.message || err); });
})();
