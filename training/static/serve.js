// The play page of `florentine serve` (training/serve.py): draws what /api/state says and sends
// the person's clicks to /api/move. No library, no network beyond this server.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let current = null;
  let busy = false;

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
    select.value = state.defaults.game;
    $("new-players").value = state.defaults.players;
    $("new-seed").value = state.defaults.seed;
    $("new-options").value = state.defaults.options;
  }

  function draw(state) {
    current = state;
    fillForm(state);
    document.body.dataset.over = state.game && state.over ? "1" : "0";
    document.body.dataset.step = state.game ? String(state.step) : "";
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

  async function act(path, body) {
    if (busy) return;
    busy = true;
    document.body.dataset.busy = "1";
    document.querySelectorAll("button.move").forEach((b) => { b.disabled = true; });
    $("error").textContent = "";
    try {
      draw(await call(path, body));
    } catch (err) {
      $("error").textContent = String(err.message || err);
      if (current) draw(current);
    } finally {
      busy = false;
      document.body.dataset.busy = "0";
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

  call("/api/state").then((state) => { draw(state); document.body.dataset.ready = "1"; })
    .catch((err) => { $("error").textContent = String(err.message || err); });
})();
