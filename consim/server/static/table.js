/* consim's pages, in plain JavaScript (no build step). Everything works without it, by forms
   and links; with it:

   - the table follows the game live (the server's event stream says the game's revision; the
     page then fetches its fragment) and is updated part by part (elements marked data-part):
     the log gets its new lines (its scroll position kept, or kept at the newest line), what a
     player is typing survives, a part that did not change is left alone;
   - actions, undo and messages are sent without leaving the page; a refused message keeps its
     text (and a message typed while the table talk is closed waits for it to open);
   - the board's spaces, stacks, counters and the hand's cards are click targets: a click finds
     the legal actions that name what was clicked (their data-targets): one is taken at once,
     several are offered in a small menu; clicking a stack also narrows the choices to its units;
   - a long list of choices can be filtered by typing;
   - the log marks what happened since the player's last move; "Your turn" shows in the tab's
     title and, if the player allows it, as a browser notification;
   - the picture fits the width and can be zoomed within its frame (the page never scrolls
     sideways); links can be copied with one click;
   - the picture's fixed layers (a map's links, boxes, names and legend: data-layer) are kept
     between moves: the script names them to the server (X-Consim-Layers), which sends each as
     an empty group (data-kept) that the script fills with the one it shows; an element with
     data-title-from takes its hover text from the element it names. */
(function () {
  "use strict";

  var store = {
    get: function (k) { try { return window.localStorage.getItem(k); } catch (e) { return null; } },
    set: function (k, v) { try { window.localStorage.setItem(k, v); } catch (e) { /* private mode */ } },
    del: function (k) { try { window.localStorage.removeItem(k); } catch (e) { /* private mode */ } }
  };
  var session = {
    get: function (k) { try { return window.sessionStorage.getItem(k); } catch (e) { return null; } },
    set: function (k, v) { try { window.sessionStorage.setItem(k, v); } catch (e) { /* private mode */ } },
    del: function (k) { try { window.sessionStorage.removeItem(k); } catch (e) { /* private mode */ } }
  };

  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function fold(s) {
    return String(s || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  var main = document.getElementById("main");
  var key = main ? main.getAttribute("data-key") : "";
  var seat = main ? main.getAttribute("data-seat") : "";
  /* the server's HTML of each part as last shown, to tell a changed part from the same one */
  var shownHtml = {};
  /* the units (and space) a click on a stack selected, narrowing the choices */
  var selection = null;
  /* the picture's fixed layers shown, by key (svgkit.layer); lostLayers: the server sent an
     empty layer this page did not have, so the next table is asked for whole */
  var layers = {};
  var lostLayers = false;

  // -- the choices and what they name ---------------------------------------------------------

  function choiceButtons() { return $$(".actions form.act button[name=action]"); }

  /* the words of a choice, without the detail a long list shows under them */
  function wordsOf(button) {
    var first = button.firstChild;
    return (first && first.nodeType === 3 ? first.textContent : button.textContent).trim();
  }

  function targetsOf(button) {
    try { return JSON.parse(button.getAttribute("data-targets") || "[]"); } catch (e) { return []; }
  }

  function namesOf(el) {
    if (el.hasAttribute("data-unit")) return [el.getAttribute("data-unit")];
    var names = [el.getAttribute("data-target")];
    if (el.hasAttribute("data-stack")) {
      $$("[data-unit]", el).forEach(function (u) { names.push(u.getAttribute("data-unit")); });
    }
    return names;
  }

  function naming(names) {
    var wanted = {};
    names.forEach(function (n) { wanted[n] = true; });
    return choiceButtons().filter(function (b) {
      return targetsOf(b).some(function (t) { return wanted[t] === true; });
    });
  }

  /* what on the board and in the hand a legal action names: highlighted, and reachable by keyboard */
  function mark() {
    var named = {};
    choiceButtons().forEach(function (b) { targetsOf(b).forEach(function (t) { named[t] = true; }); });
    var any = false;
    $$(".picture [data-target], .picture [data-unit], .hand [data-target]").forEach(function (el) {
      var on = namesOf(el).some(function (n) { return named[n] === true; });
      el.classList.toggle("pickable", on);
      if (on) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        if (el.closest(".picture")) any = true;
      } else {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
      }
    });
    var hint = $(".picture-hint");
    if (hint) hint.hidden = !any;
  }

  // -- taking an action -----------------------------------------------------------------------

  function take(button) {
    closeMenu();
    var form = button.form;
    if (!form) return;
    if (form.requestSubmit) form.requestSubmit(button);
    else send(form, button);
  }

  function closeMenu() {
    var menu = $(".pick-menu");
    if (menu) menu.parentNode.removeChild(menu);
    $$(".choices button.picked").forEach(function (b) { b.classList.remove("picked"); });
  }

  function openMenu(buttons, title, x, y) {
    closeMenu();
    var menu = document.createElement("div");
    menu.className = "pick-menu";
    menu.setAttribute("role", "menu");
    var h = document.createElement("h3");
    h.textContent = title;
    menu.appendChild(h);
    buttons.forEach(function (b) {
      b.classList.add("picked");
      var item = document.createElement("button");
      item.type = "button";
      item.setAttribute("role", "menuitem");
      item.textContent = wordsOf(b);
      if (b.title) item.title = b.title;
      item.addEventListener("click", function () { take(b); });
      menu.appendChild(item);
    });
    var close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.textContent = "Close";
    close.addEventListener("click", closeMenu);
    menu.appendChild(close);
    document.body.appendChild(menu);
    var width = menu.offsetWidth;
    var left = Math.max(4, Math.min(x, window.scrollX + document.documentElement.clientWidth - width - 4));
    menu.style.left = left + "px";
    menu.style.top = (y + 8) + "px";
    var first = menu.querySelector("button[role=menuitem]");
    if (first) first.focus();
  }

  function select(names, title) {
    selection = { names: names, title: title };
    applySelection();
  }

  function applySelection() {
    var actions = $(".prompt .actions");
    var bar = actions ? $(".selection", actions) : null;
    if (!actions || !selection) {
      if (bar) bar.parentNode.removeChild(bar);
      choiceButtons().forEach(function (b) { b.classList.remove("off-selection"); });
      applyFilters();
      $$(".picture .selected").forEach(function (el) { el.classList.remove("selected"); });
      return;
    }
    var wanted = {};
    selection.names.forEach(function (n) { wanted[n] = true; });
    var shown = 0;
    choiceButtons().forEach(function (b) {
      var on = targetsOf(b).some(function (t) { return wanted[t] === true; });
      b.classList.toggle("off-selection", !on);
      if (on) shown += 1;
    });
    if (!bar) {
      bar = document.createElement("p");
      bar.className = "selection";
      actions.insertBefore(bar, actions.firstChild);
    }
    bar.textContent = "";
    var said = document.createElement("span");
    said.textContent = shown ? "The choices for " + selection.title + " (" + shown + ")." : "Nothing to do with " + selection.title + " now.";
    bar.appendChild(said);
    var all = document.createElement("button");
    all.type = "button";
    all.className = "show-all";
    all.textContent = "Show all choices";
    bar.appendChild(all);
    applyFilters();
  }

  function pick(el, x, y) {
    var names = namesOf(el);
    var title = el.getAttribute("data-unit") || el.getAttribute("data-target") || "";
    var found = naming(names);
    var stack = el.hasAttribute("data-stack") && !el.hasAttribute("data-unit");
    if (stack) {
      $$(".picture .selected").forEach(function (s) { s.classList.remove("selected"); });
      el.classList.add("selected");
      select(names, "the units on " + title);
    }
    if (found.length === 1) { take(found[0]); return; }
    if (found.length) openMenu(found, stack ? "Units on " + title : title, x, y);
  }

  /* the nearest element of the board (counter, stack, space) or hand under a click that a
     legal action names */
  function pickableAt(target) {
    var el = target;
    while (el && el !== document.body) {
      if (el.classList && el.classList.contains("pickable")) return el;
      el = el.parentNode;
    }
    return null;
  }

  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest(".pick-menu")) return;
    if (e.target.classList && e.target.classList.contains("show-all")) {
      selection = null;
      applySelection();
      return;
    }
    var inside = e.target.closest && e.target.closest(".picture, .hand");
    var el = inside ? pickableAt(e.target) : null;
    closeMenu();
    if (!el) return;
    e.preventDefault();
    pick(el, e.pageX, e.pageY);
  });

  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { closeMenu(); return; }
    var el = e.target.classList && e.target.classList.contains("pickable") ? e.target : null;
    if (el && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      var box = el.getBoundingClientRect();
      pick(el, box.left + window.scrollX, box.bottom + window.scrollY);
    }
  });

  // -- filtering a long list of choices ------------------------------------------------------

  function applyFilters() {
    $$("form.act").forEach(function (form) {
      var input = $("input.filter", form);
      var words = input ? fold(input.value).split(/\s+/).filter(Boolean) : [];
      var shown = 0;
      $$("button[name=action]", form).forEach(function (b) {
        var text = fold(b.textContent);
        var on = !b.classList.contains("off-selection") && words.every(function (w) { return text.indexOf(w) >= 0; });
        b.hidden = !on;
        if (on) shown += 1;
      });
      form.hidden = shown === 0 && !!selection;
      var none = $(".none-found", form);
      if (input) {
        if (!shown && !none) {
          none = document.createElement("p");
          none.className = "none-found";
          none.textContent = "No choice matches.";
          $(".choices", form).appendChild(none);
        } else if (shown && none) {
          none.parentNode.removeChild(none);
        }
      }
    });
  }

  document.addEventListener("input", function (e) {
    if (e.target.classList && e.target.classList.contains("filter")) applyFilters();
    if (e.target.getAttribute && e.target.getAttribute("data-keep") === "chat-text") {
      if (e.target.value) session.set("consim-draft:" + key, e.target.value);
      else session.del("consim-draft:" + key);
    }
  });

  document.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" || !e.target.classList || !e.target.classList.contains("filter")) return;
    e.preventDefault(); // Enter in the filter takes the one choice left, never the first of all
    var visible = $$("button[name=action]", e.target.form).filter(function (b) { return !b.hidden; });
    if (visible.length === 1) take(visible[0]);
  });

  // -- the picture's fixed layers --------------------------------------------------------------

  function keepLayers(root) {
    $$("[data-layer]", root).forEach(function (g) {
      if (!g.hasAttribute("data-kept")) layers[g.getAttribute("data-layer")] = g;
    });
  }

  /* put the layers this page shows in place of the empty ones the server sent in ``root`` */
  function fillLayers(root) {
    $$("[data-layer][data-kept]", root).forEach(function (empty) {
      var have = layers[empty.getAttribute("data-layer")];
      if (have && have !== empty) empty.parentNode.replaceChild(have, empty);
      else lostLayers = true;
    });
  }

  /* the hover text of an element drawn in a fixed layer, taken from the one it names */
  function copyTitles(root) {
    $$("[data-title-from]", root).forEach(function (el) {
      var from = document.getElementById(el.getAttribute("data-title-from"));
      var said = from ? $("title", from) : null;
      var own = $("title", el);
      if (said && own && own.textContent !== said.textContent) own.textContent = said.textContent;
    });
  }

  function layerHeaders(headers) {
    var keys = Object.keys(layers);
    if (keys.length && !lostLayers) headers["X-Consim-Layers"] = keys.join(" ");
    lostLayers = false;
    return headers;
  }

  // -- sending forms without leaving the page ------------------------------------------------

  var busy = false;

  function highestSeq() {
    var top = -1;
    $$(".log li[data-seq]").forEach(function (li) { top = Math.max(top, Number(li.getAttribute("data-seq"))); });
    return top;
  }

  function problem(text) {
    var prompt = $(".prompt");
    if (!prompt) return;
    var p = $(".error", prompt);
    if (!p) {
      p = document.createElement("p");
      p.className = "error";
      p.setAttribute("role", "alert");
      prompt.insertBefore(p, prompt.firstChild);
    }
    p.textContent = text;
  }

  function send(form, submitter) {
    if (busy) return;
    busy = true;
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var body = new URLSearchParams();
    data.forEach(function (v, k) { body.append(k, String(v)); });
    var isMove = form.classList.contains("act") || form.classList.contains("undo");
    if (isMove && seat) store.set("consim-last:" + key, String(highestSeq()));
    var buttons = $$("button", form);
    buttons.forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action"), { // (form.action would be its buttons named "action")
      method: "POST",
      body: body,
      credentials: "same-origin",
      // the answer is the table alone (without this header: a redirect to the whole page)
      headers: layerHeaders({ "Content-Type": "application/x-www-form-urlencoded", "X-Consim-Answer": "fragment" })
    }).then(function (r) {
      return r.text().then(function (text) { return { ok: r.ok, text: text }; });
    }).then(function (answer) {
      var shown = show(answer.text, true);
      if (form.classList.contains("say")) {
        if (answer.ok) {
          session.del("consim-draft:" + key);
          var input = $(".say input[name=text]");
          if (input) input.value = "";
        }
      }
      if (!shown) {
        var doc = new DOMParser().parseFromString(answer.text, "text/html");
        var err = $(".error", doc);
        problem(err ? err.textContent : "The server refused that; nothing was changed.");
      }
    }).catch(function () {
      problem("The server could not be reached: nothing was sent. Try again.");
    }).then(function () {
      busy = false;
      buttons.forEach(function (b) { if (document.body.contains(b)) b.disabled = false; });
    });
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!main || !form.matches || !form.matches("form.act, form.undo, form.say")) return;
    e.preventDefault();
    send(form, e.submitter);
  });

  // -- updating the page part by part --------------------------------------------------------

  function remember(root) {
    $$("[data-part]", root).forEach(function (part) {
      shownHtml[part.getAttribute("data-part")] = part.outerHTML;
    });
  }

  /* what the player has in hand in a part: typed text, ticks, focus, open details, scroll */
  function keep(part) {
    var kept = { values: {}, focus: null, open: [] };
    $$("[data-keep]", part).forEach(function (el) {
      kept.values[el.getAttribute("data-keep")] = el.type === "checkbox" ? el.checked : el.value;
    });
    var active = document.activeElement;
    if (active && part.contains(active)) {
      kept.focus = {
        keep: active.getAttribute("data-keep"),
        value: active.getAttribute("value"),
        start: active.selectionStart,
        end: active.selectionEnd
      };
    }
    $$("details", part).forEach(function (d, i) { if (d.open) kept.open.push(i); });
    return kept;
  }

  function restore(part, kept) {
    $$("[data-keep]", part).forEach(function (el) {
      var k = el.getAttribute("data-keep");
      if (!(k in kept.values)) return;
      if (el.type === "checkbox") el.checked = kept.values[k];
      else if (!el.value || el.value === el.defaultValue) el.value = kept.values[k];
    });
    var details = $$("details", part);
    kept.open.forEach(function (i) { if (details[i]) details[i].open = true; });
    if (kept.focus) {
      var again = kept.focus.keep ? $('[data-keep="' + kept.focus.keep + '"]', part) : null;
      if (!again && kept.focus.value !== null) {
        again = $$("button", part).filter(function (b) { return b.getAttribute("value") === kept.focus.value; })[0];
      }
      if (again) {
        again.focus();
        if (kept.focus.start !== null && again.setSelectionRange) {
          try { again.setSelectionRange(kept.focus.start, kept.focus.end); } catch (e) { /* not text */ }
        }
      }
    }
  }

  function atBottom(el) { return el.scrollHeight - el.scrollTop - el.clientHeight < 24; }

  /* a list of numbered lines (the log, the messages): only the new lines are added, unless
     lines were taken away (an undo), then it is drawn again */
  function mergeLines(old, fresh) {
    var had = $$("li[data-seq]", old).map(function (li) { return li.getAttribute("data-seq"); });
    var now = $$("li[data-seq]", fresh).map(function (li) { return li.getAttribute("data-seq"); });
    var bottom = atBottom(old);
    var top = old.scrollTop;
    var last = had.length ? had[had.length - 1] : null;
    var at = last === null ? -1 : now.indexOf(last);
    var consistent = last === null ? true : at >= 0;
    if (consistent && had.length) {
      var firstKept = now.length ? now[0] : null;
      var firstAt = had.indexOf(firstKept);
      consistent = firstAt >= 0 && had.slice(firstAt).join(",") === now.slice(0, had.length - firstAt).join(",");
    }
    if (!consistent || !had.length) {
      var copy = document.importNode(fresh, true);
      old.parentNode.replaceChild(copy, old);
      old = copy;
    } else {
      $$("li[data-seq]", fresh).slice(at + 1).forEach(function (li) {
        old.appendChild(document.importNode(li, true));
      });
      $$("li.empty", old).forEach(function (li) { li.parentNode.removeChild(li); });
      while (old.children.length > now.length) old.removeChild(old.firstElementChild);
    }
    if (bottom) old.scrollTop = old.scrollHeight;
    else old.scrollTop = top;
    return old;
  }

  function replacePart(old, fresh) {
    var kept = keep(old);
    var copy = document.importNode(fresh, true);
    fillLayers(copy);
    old.parentNode.replaceChild(copy, old);
    restore(copy, kept);
    return copy;
  }

  function partsOf(root) {
    var out = {};
    $$("[data-part]", root).forEach(function (p) { out[p.getAttribute("data-part")] = p; });
    return out;
  }

  /* show the page (or fragment) ``text`` in place of the current one; false if it holds no table */
  function show(text, posted) {
    var doc = new DOMParser().parseFromString(text, "text/html");
    var fresh = $(".table", doc);
    var current = main ? $(".table", main) : null;
    if (!fresh || !current) return false;
    var revision = Number(fresh.getAttribute("data-revision"));
    if (!posted && revision < Number(current.getAttribute("data-revision"))) return true; // older
    var wasMine = current.getAttribute("data-your-turn") === "yes";
    ["data-revision", "data-version", "data-your-turn", "data-prompt"].forEach(function (a) {
      current.setAttribute(a, fresh.getAttribute(a) || "");
    });
    main.setAttribute("data-revision", String(revision));
    var olds = partsOf(current);
    var news = partsOf(fresh);
    var same = Object.keys(olds).sort().join() === Object.keys(news).sort().join();
    if (!same) {
      var kept = keep(current);
      current.innerHTML = fresh.innerHTML;
      fillLayers(current);
      restore(current, kept);
      remember(current);
      selection = null;
    } else {
      Object.keys(news).forEach(function (name) {
        var html = news[name].outerHTML;
        if (shownHtml[name] === html) return;
        shownHtml[name] = html;
        if (name === "log" || name === "messages") mergeLines(olds[name], news[name]);
        else replacePart(olds[name], news[name]);
        if (name === "prompt") { selection = null; closeMenu(); }
      });
    }
    keepLayers(current);
    afterUpdate(wasMine);
    if (lostLayers) refresh();
    return true;
  }

  var loading = false;
  var again = false;

  function refresh() {
    if (loading) { again = true; return; }
    loading = true;
    fetch(main.getAttribute("data-live"), { cache: "no-store", credentials: "same-origin", headers: layerHeaders({}) })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) { if (text !== null) show(text, false); })
      .catch(function () { /* the next change tries again */ })
      .then(function () {
        loading = false;
        if (again) { again = false; refresh(); }
      });
  }

  // -- after every update ---------------------------------------------------------------------

  function markLog() {
    var log = $(".log");
    if (!log || !seat) return;
    var since = store.get("consim-last:" + key);
    var first = true;
    $$("li[data-seq]", log).forEach(function (li) {
      li.classList.remove("since");
      var fresh = since !== null && Number(li.getAttribute("data-seq")) > Number(since);
      li.classList.toggle("new", fresh);
      if (fresh && first) { li.classList.add("since"); first = false; }
    });
  }

  function chatDraft() {
    var input = $(".say input[name=text]");
    var draft = session.get("consim-draft:" + key);
    if (input && !input.value && draft) input.value = draft;
  }

  function title(wasMine) {
    var table = main ? $(".table", main) : null;
    if (!table) return;
    var mine = table.getAttribute("data-your-turn") === "yes";
    var base = main.getAttribute("data-title") || document.title.replace(/^Your turn - /, "");
    document.title = (mine ? "Your turn - " : "") + base;
    if (mine && wasMine === false && document.hidden && window.Notification && Notification.permission === "granted") {
      try {
        new Notification("Your turn - " + base, { body: table.getAttribute("data-prompt") || "", tag: "consim-" + key });
      } catch (e) { /* some browsers allow notifications from a service worker only */ }
    }
  }

  function afterUpdate(wasMine) {
    copyTitles(main);
    mark();
    applySelection();
    markLog();
    chatDraft();
    title(wasMine);
    zoomReady();
  }

  // -- the picture's zoom ---------------------------------------------------------------------

  var ZOOMS = [1, 1.5, 2, 3, 4];

  function zoomKey() { return "consim-zoom:" + (key.split(":")[0] || location.pathname); }

  function setZoom(frame, z, keepCentre) {
    var cx = frame.scrollLeft + frame.clientWidth / 2;
    var cy = frame.scrollTop + frame.clientHeight / 2;
    var before = Number(frame.getAttribute("data-zoom") || "1");
    frame.style.setProperty("--zoom", String(z));
    frame.setAttribute("data-zoom", String(z));
    if (keepCentre) {
      var k = z / before;
      frame.scrollLeft = cx * k - frame.clientWidth / 2;
      frame.scrollTop = cy * k - frame.clientHeight / 2;
    }
  }

  function zoomReady() {
    $$(".board").forEach(function (board) {
      var controls = $(".zoom", board);
      var frame = $(".picture-frame", board);
      if (!controls || !frame) return;
      controls.hidden = false;
      var z = Number(store.get(zoomKey()) || "1");
      if (ZOOMS.indexOf(z) < 0) z = 1;
      if (frame.getAttribute("data-zoom") !== String(z)) setZoom(frame, z, false);
    });
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button[data-zoom]");
    if (!b) return;
    var frame = $(".picture-frame", b.closest(".board"));
    var z = Number(frame.getAttribute("data-zoom") || "1");
    var i = ZOOMS.indexOf(z);
    var how = b.getAttribute("data-zoom");
    var next = how === "fit" ? 1 : ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i + (how === "in" ? 1 : -1)))];
    store.set(zoomKey(), String(next));
    setZoom(frame, next, true);
  });

  // -- notifications --------------------------------------------------------------------------

  function notifyButton() {
    var b = $("button.notify");
    if (!b || !window.Notification || !seat) return;
    if (Notification.permission === "default") {
      b.hidden = false;
    } else {
      b.hidden = true;
    }
  }

  document.addEventListener("click", function (e) {
    if (!e.target.classList || !e.target.classList.contains("notify")) return;
    var b = e.target;
    Notification.requestPermission().then(function (answer) {
      if (answer === "granted") {
        b.hidden = true;
      } else {
        b.textContent = "Notifications are blocked in this browser";
        b.disabled = true;
      }
    });
  });

  // -- copying links and the new-game form ------------------------------------------------------

  $$("button.copy[data-copy]").forEach(function (b) { b.hidden = false; });

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button.copy[data-copy]");
    if (!b) return;
    var text = b.getAttribute("data-copy");
    var done = function () { b.textContent = "Copied"; setTimeout(function () { b.textContent = "Copy the link"; }, 2000); };
    var fallback = function () {
      var code = b.parentNode.querySelector("code");
      var range = document.createRange();
      range.selectNodeContents(code);
      var sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      try { document.execCommand("copy"); done(); } catch (err) { b.textContent = "Select the link and copy it"; }
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  });

  document.addEventListener("change", function (e) {
    var select = e.target;
    if (!select.hasAttribute || !select.hasAttribute("data-meanings")) return;
    var option = select.options[select.selectedIndex];
    var meaning = option ? option.getAttribute("data-meaning") : "";
    var p = $('.meaning[data-for="' + select.id + '"]');
    if (!p && meaning) {
      p = document.createElement("p");
      p.className = "meaning";
      p.setAttribute("data-for", select.id);
      select.parentNode.insertBefore(p, select.nextSibling);
    }
    if (p) { p.textContent = meaning || ""; p.hidden = !meaning; }
  });

  /* the new-game form: a changed option shows the seats it makes at once (a scenario, the
     number of players) */
  document.addEventListener("change", function (e) {
    var select = e.target;
    if (select.tagName !== "SELECT" || !select.form || !select.form.classList.contains("options")) return;
    select.form.submit();
  });

  /* a picture drawn or changed by anything else than an update (another script, a test) is
     marked too, once per frame */
  var marking = false;
  function markSoon() {
    if (marking) return;
    marking = true;
    window.requestAnimationFrame(function () { marking = false; mark(); });
  }

  // -- start ----------------------------------------------------------------------------------

  zoomReady();
  $$(".log, .messages").forEach(function (list) { list.scrollTop = list.scrollHeight; }); // the newest
  if (!main) { copyTitles(document); mark(); return; }
  remember(main);
  keepLayers(main);
  afterUpdate(null);
  if (window.MutationObserver) new MutationObserver(markSoon).observe(main, { childList: true, subtree: true });
  notifyButton();
  if (window.EventSource && main.getAttribute("data-events")) {
    var source = new EventSource(main.getAttribute("data-events"));
    source.addEventListener("revision", function (e) {
      if (Number(e.data) !== Number(main.getAttribute("data-revision"))) refresh();
    });
  }
})();
