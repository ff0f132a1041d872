/**
 * The page's first inline script, in the head: it holds the taps and keys that need React until
 * React runs the page. The page's scripts start after its `load` event (scripts-after-load.ts), so
 * for a second or more after the first paint a button such as Add To Enquiry List has no handler;
 * without this script a tap then did nothing and was lost. This script listens on `window` in the
 * capture phase, before anything else sees an event, and decides for each one:
 *
 * - what works without script is left alone: links, `<summary>`, labels (the click they forward
 *   to their control is judged on its own), text fields and selects (typing, the caret, a select's
 *   list), submit buttons of a form, and a form submitted to a real `action` address;
 * - a click on anything else (a `type="button"` button, a checkbox, plain content with a React
 *   handler) is held; checkboxes, radios and reset buttons also have their default prevented, or
 *   the browser would change them behind React's back and the replay would change them back;
 * - a key on a focused control other than a text field is held (Tab, modifier keys, shortcuts with
 *   Ctrl, Alt or Meta, IME composition and Enter or Space on what they activate are left alone:
 *   the activation is a click judged above); its default is never prevented, so nothing the
 *   browser does with it (a scroll) is lost;
 * - a form without a real `action` (React submits it) has its native submission prevented and held;
 * - an edit of a field (`input`, `change`) is noted, so React is told the field's final value.
 *
 * A held event is stopped at `window`: React, once it listens, must never see it, since it is
 * replayed exactly once on the same element after hydration (early-input.ts, from root.tsx). A
 * button or other control holding a tap or key carries `data-early-input` (app.css shows it busy)
 * until its replay. The
 * first `pointerdown` or `keydown` sets `touched`, which starts the page's scripts at once.
 *
 * It is one fixed string for every page and request, never built per request, so the policy may
 * admit it by its hash (`'sha256-…'`) instead of the response's nonce it carries today.
 *
 * First, on a new history entry (no state yet), it writes the state React Router's history gives
 * an entry (`{ usr, key, idx }`). Each `history.replaceState` waits on the browser process (2-13
 * ms measured on a page load, ×4 on Lighthouse's phone): without this, React Router's
 * scroll-restoration script made one while the page was parsed (to give the entry a key) and its
 * history another during hydration (to give it an index). Both see the state and skip theirs, and
 * the one left runs here, before the first paint, while the browser has little else to do.
 */
export const EARLY_INPUT_SCRIPT = `(function () {
  if (window.__earlyInput) return;
  if (!window.history.state) {
    try {
      window.history.replaceState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: 0 }, "");
    } catch (error) {}
  }
  var held = [];
  var marked = [];
  var listeners = {};
  var early = { held: held, touched: false, stop: stop };
  window.__earlyInput = early;
  var NOT_TEXT = /^(?:button|submit|reset|image|checkbox|radio|file|hidden)$/;
  var CONTROL = "button,input,[role=button],[role=tab],[role=switch],[role=checkbox],[role=radio],[role=menuitem],[role=option]";
  var NOT_HELD_KEY = /^(?:Tab|Shift|Control|Alt|AltGraph|Meta|CapsLock|NumLock|ScrollLock|Fn|Dead|Process|Unidentified)$/;
  function elementOf(node) {
    return node && node.nodeType === 1 ? node : node && node.parentElement;
  }
  function isField(el) {
    var tag = el.tagName;
    return tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && !NOT_TEXT.test(el.type)) || el.isContentEditable;
  }
  function hold(event, target, type, init) {
    event.stopPropagation();
    held.push({ type: type, target: target, init: init });
    var control = type === "value" ? null : type === "submit" ? init.submitter || target : target.closest(CONTROL);
    if (control && !control.hasAttribute("data-early-input")) {
      control.setAttribute("data-early-input", "");
      marked.push(control);
    }
  }
  listeners.pointerdown = function () { early.touched = true; };
  listeners.click = function (event) {
    var target = elementOf(event.target);
    if (!target || event.defaultPrevented) return;
    var control = target.closest("a[href],area[href],summary,label,button,input,select,textarea");
    if (control) {
      if (/^(?:A|AREA|SUMMARY|LABEL)$/.test(control.tagName) || isField(control)) return;
      var type = control.type;
      if ((type === "submit" || type === "image") && control.form) return;
      if (type === "checkbox" || type === "radio" || type === "reset") event.preventDefault();
    }
    hold(event, target, "click", {
      detail: event.detail, screenX: event.screenX, screenY: event.screenY, clientX: event.clientX,
      clientY: event.clientY, button: event.button, shiftKey: event.shiftKey
    });
  };
  listeners.keydown = function (event) {
    early.touched = true;
    var target = elementOf(event.target);
    var key = event.key;
    if (!target || event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
    if (NOT_HELD_KEY.test(key) || target === document.body || target === document.documentElement || isField(target)) return;
    if ((key === "Enter" || key === " ") && target.matches("a[href],area[href],summary,button,input")) return;
    hold(event, target, "keydown", {
      key: key, code: event.code, location: event.location, repeat: event.repeat, shiftKey: event.shiftKey
    });
  };
  listeners.submit = function (event) {
    var form = event.target;
    var submitter = event.submitter || null;
    if (event.defaultPrevented) return;
    var action = (submitter && submitter.getAttribute("formaction")) || form.getAttribute("action");
    if (action && !/^\\s*javascript:/i.test(action)) return;
    event.preventDefault();
    hold(event, form, "submit", { submitter: submitter });
  };
  listeners.input = listeners.change = function (event) {
    var target = elementOf(event.target);
    if (target && isField(target)) hold(event, target, "value", null);
  };
  function stop() {
    for (var type in listeners) removeEventListener(type, listeners[type], true);
    for (var i = 0; i < marked.length; i++) marked[i].removeAttribute("data-early-input");
    marked.length = 0;
    return held.splice(0, held.length);
  }
  for (var type in listeners) addEventListener(type, listeners[type], true);
})();`;
