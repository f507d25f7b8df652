// The rules pages' one script (boardgen/site/frames.py draws the pictures at build time): a diagram
// that plays gets "previous" and "next" buttons, and the arrow keys while it has the focus, to show the
// position after 0..N of its moves. Without the script the page shows the booklet's picture, the last.
"use strict";
document.querySelectorAll("figure[data-moves]").forEach(function (figure) {
  var steps = Array.prototype.slice.call(figure.querySelectorAll("img.step"));
  var total = steps.length - 1, shown = total;
  var bar = document.createElement("div"), previous = document.createElement("button"), next = document.createElement("button"), status = document.createElement("span");
  bar.className = "steps";
  previous.type = next.type = "button";
  previous.textContent = "\u2190 " + figure.dataset.previous;
  next.textContent = figure.dataset.next + " \u2192";
  status.setAttribute("aria-live", "polite");
  function show(step) {
    shown = Math.max(0, Math.min(total, step));
    steps.forEach(function (img, index) { img.hidden = index !== shown; });
    status.textContent = figure.dataset.step.replace("{moves}", shown).replace("{total}", total);
    var focused = document.activeElement;
    previous.disabled = shown === 0;
    next.disabled = shown === total;
    if (focused === previous && previous.disabled) next.focus();  // a disabled button drops the focus, and the keys with it
    if (focused === next && next.disabled) previous.focus();
  }
  previous.addEventListener("click", function () { show(shown - 1); });
  next.addEventListener("click", function () { show(shown + 1); });
  figure.addEventListener("keydown", function (event) {
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      show(shown + (event.key === "ArrowLeft" ? -1 : 1));
      event.preventDefault();
    }
  });
  bar.append(previous, status, next);
  figure.insertBefore(bar, figure.querySelector("figcaption"));
  show(total);
});
