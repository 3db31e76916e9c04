/* A seat's or a spectator's page follows the game live: the server's event stream says the
   game's revision at each change, and the page fetches the part that changed. */
(function () {
  var main = document.getElementById("main");
  if (!main) return;
  var base = document.title.replace(/^Your turn - /, "");
  function refresh() {
    fetch(main.getAttribute("data-fragment"), {cache: "no-store"}).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (text) {
      if (text === null) return;
      // answers may arrive out of order: never show an older position over a newer one
      var found = /data-revision="(\d+)"/.exec(text);
      var shown = main.querySelector("[data-revision]");
      if (found && shown && Number(found[1]) < Number(shown.getAttribute("data-revision"))) return;
      main.innerHTML = text;
      var inner = main.querySelector("[data-your-turn]");
      var mine = inner && inner.getAttribute("data-your-turn") === "yes";
      document.title = (mine ? "Your turn - " : "") + base;
    });
  }
  var source = new EventSource(main.getAttribute("data-events"));
  source.addEventListener("revision", function (e) {
    if (Number(e.data) !== Number(main.getAttribute("data-revision"))) {
      main.setAttribute("data-revision", e.data);
      refresh();
    }
  });
})();
