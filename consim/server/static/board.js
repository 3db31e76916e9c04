/* The board's spaces and cards (SVG elements with data-target) pick the legal actions that
   name them: one such action is submitted at once, several are highlighted to choose from. */
(function () {
  function quote(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function matching(name) {
    /* the name as a whole argument: "Sadr City" quoted, or a one-word name alone */
    var re = new RegExp('(^|\\s)("' + quote(name) + '"|' + quote(name) + ')(?=$|\\s)', "i");
    return Array.prototype.filter.call(document.querySelectorAll(".actions form"), function (f) {
      var input = f.querySelector("input[name=action]");
      return input && re.test(input.value);
    });
  }
  function mark() {
    document.querySelectorAll(".picture").forEach(function (picture) {
      var any = false;
      picture.querySelectorAll("[data-target]").forEach(function (el) {
        var on = matching(el.getAttribute("data-target")).length > 0;
        any = any || on;
        el.classList.toggle("pickable", on);
        if (on) { el.setAttribute("tabindex", "0"); el.setAttribute("role", "button"); }
        else { el.removeAttribute("tabindex"); el.removeAttribute("role"); }
      });
      var hint = picture.nextElementSibling;
      if (!hint || !hint.classList.contains("picture-hint")) {
        hint = document.createElement("p");
        hint.className = "picture-hint";
        hint.textContent = "You may also click a space or card of the picture to choose the action that names it.";
        picture.parentNode.insertBefore(hint, picture.nextSibling);
      }
      hint.hidden = !any;
    });
  }
  function pick(el) {
    var forms = matching(el.getAttribute("data-target"));
    document.querySelectorAll(".actions button.picked").forEach(function (b) { b.classList.remove("picked"); });
    if (forms.length === 1) { forms[0].submit(); return; }
    forms.forEach(function (f) { f.querySelector("button").classList.add("picked"); });
    if (forms.length) forms[0].querySelector("button").focus();
  }
  document.addEventListener("click", function (e) {
    var el = e.target.closest ? e.target.closest(".picture [data-target]") : null;
    if (el) pick(el);
  });
  document.addEventListener("keydown", function (e) {
    var el = e.target.closest ? e.target.closest(".picture [data-target]") : null;
    if (el && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); pick(el); }
  });
  /* on a phone, a button switches the board between its own size and the screen's width */
  function sizes() {
    var whole = window.localStorage && localStorage.getItem("consim-board-whole") === "yes";
    document.querySelectorAll(".picture").forEach(function (p) {
      p.classList.toggle("whole", whole);
      var b = p.previousElementSibling;
      if (!b || !b.classList.contains("picture-size")) {
        b = document.createElement("button");
        b.type = "button";
        b.className = "picture-size";
        p.parentNode.insertBefore(b, p);
      }
      var label = whole ? "Show the board at full size" : "Fit the board to the screen";
      if (b.textContent !== label) b.textContent = label;
    });
  }
  document.addEventListener("click", function (e) {
    if (!e.target.classList || !e.target.classList.contains("picture-size")) return;
    var whole = !(localStorage.getItem("consim-board-whole") === "yes");
    localStorage.setItem("consim-board-whole", whole ? "yes" : "no");
    sizes();
  });
  function update() { mark(); sizes(); }
  new MutationObserver(update).observe(document.body, {childList: true, subtree: true});
  update();
})();
