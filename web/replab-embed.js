/*! replab-embed.js: the host side of Kafka Replication Lab's embeds, protocol
 * version 1 (docs/embedding.md). No dependencies. Include it once, with defer:
 *   <script src="https://YOUR-HOST/lab/replab-embed.js" defer></script>
 *
 * - An element with data-replab-step="7" moves its figure to step 7 when the
 *   reader scrolls it into the band around the middle of the screen, and gets
 *   the class replab-active. Its figure: the iframe data-replab-figure="<id>"
 *   names, else the nearest iframe before it whose src contains "embed".
 * - <a data-replab-step="7"> (or a <button>, or any element that also has
 *   data-replab-click) moves its figure on click instead, and scrolls the
 *   figure into view when less than half of it shows. A clicked step stands
 *   until the reader scrolls.
 * - Under prefers-reduced-motion: steps jump (animate: false), no smooth scroll.
 * - Each figure is fitted to the height it reports, keeping the paragraph
 *   being read in place.
 * - A command for a figure that has not said ready is sent at once and again
 *   when it does.
 * - window.replabEmbed = { version, step(f, n), play(f), pause(f),
 *   load(f, text, { protocol, step, lang }), setTheme(f, theme), scan() },
 *   f an iframe, a <replab-figure> or the id of one.
 * - Every well-formed message from a figure is also dispatched on its iframe
 *   (or its <replab-figure>) as a DOM event "replab" that bubbles (event.detail
 *   is the message); a <replab-figure> also dispatches it under its own name
 *   ("ready", "step", "violation", "decision", "error").
 * - <replab-figure src="….embed-5.html" step lang theme title>fallback</replab-figure>:
 *   the figure as an element. It loads its embed about two screens before it
 *   is seen, in an iframe sized by the embed's height (its fallback content,
 *   an image of the figure and a link, stands in until then and wherever
 *   scripts do not run), pauses it off screen, and has the API as methods:
 *   step(n), play(), pause(), load(text, options), setTheme(theme).
 */
(function () {
  'use strict';
  if (typeof window === 'undefined' || window.replabEmbed) return; // once per page
  var VERSION = 1;
  var doc = document;
  var figures = new WeakMap(); // iframe -> { ready, queue, active, clicked }
  var bound = new WeakSet(); // elements scan() has seen
  var watched = []; // scroll-driven elements
  var inBand = new Set(); // those now in the middle band
  var warned = {};
  var observer = null;
  var hold = 0; // until then the scroll under way is a click's, to its figure
  var stillY = null; // where the page was when a click set a step: it stands until the reader scrolls
  var lastY = 0; // where the page was at the last band change, for the way the reader scrolls

  function warn(key, message, el) {
    if (warned[key]) return;
    warned[key] = true;
    if (window.console) console.warn('replab-embed: ' + message, el || '');
  }

  function reducedMotion() {
    return !!(window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches);
  }

  // A non-negative whole number, from a number or an attribute's text; else null.
  function stepNumber(n) {
    if (typeof n === 'string' && /^\s*\d+\s*$/.test(n)) n = Number(n);
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
  }

  var TAG = 'REPLAB-FIGURE';

  function isEmbed(f) {
    return /embed/.test(f.getAttribute('src') || '');
  }

  function originOf(f) {
    try { return new URL(f.tagName === TAG ? srcOf(f) : f.src, location.href).origin; } catch (e) { return null; }
  }

  // A figure (an iframe or a <replab-figure>), from itself or its id; else null.
  function iframeOf(x) {
    var f = typeof x === 'string' ? doc.getElementById(x) : x;
    return f && (f.tagName === 'IFRAME' || f.tagName === TAG) ? f : null;
  }

  // The frame a figure's messages go to: an iframe itself, or the one a
  // <replab-figure> has made (null until it loads).
  function frameOf(f) {
    return f.tagName === TAG ? f.querySelector(':scope > iframe') : f;
  }

  function stateOf(f) {
    var s = figures.get(f);
    if (!s) figures.set(f, (s = { ready: false, queue: [], active: null, clicked: false }));
    return s;
  }

  // The figure an element drives: the figure its data-replab-figure names,
  // else the last embed iframe or <replab-figure> before it in document order.
  function figureFor(el) {
    var id = el.getAttribute('data-replab-figure');
    if (id) return iframeOf(id);
    var frames = doc.querySelectorAll('iframe, replab-figure'), found = null;
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (!(f.compareDocumentPosition(el) & 4 /* el follows it */)) break;
      if (f.tagName === TAG) found = f;
      else if (isEmbed(f) && !(found && found.contains(f))) found = f;
    }
    return found;
  }

  function post(f, message) {
    var origin = originOf(f), frame = frameOf(f);
    if (!origin || !frame || !frame.contentWindow) return false;
    try {
      // A file: page has the opaque origin "null", which postMessage cannot name.
      frame.contentWindow.postMessage(message, origin === 'null' ? '*' : origin);
      return true;
    } catch (e) {
      return false;
    }
  }

  // Sends a command. Until the figure says it is ready the command is also
  // queued, and the queue is sent again on ready: a figure still loading misses
  // the first copy, and one that was ready before this script listened gets it
  // (every command is idempotent). In the queue a load replaces everything, a
  // step the queued step, play or pause the other.
  function send(f, message) {
    var s = stateOf(f);
    if (!s.ready) {
      var kind = function (m) { return m.cmd === 'pause' ? 'play' : m.cmd; };
      s.queue = message.cmd === 'load' ? [] : s.queue.filter(function (m) {
        return m.cmd === 'load' || kind(m) !== kind(message);
      });
      s.queue.push(message);
    }
    post(f, message);
    return true;
  }

  // Moves figure f to step n; el (or nothing) becomes its replab-active
  // element. A step clicked (or asked by the API) stands until the reader
  // scrolls away.
  function stepTo(f, n, el, clicked) {
    var s = stateOf(f);
    s.clicked = !!clicked;
    if (clicked) stillY = window.scrollY;
    if (s.active && s.active !== el) s.active.classList.remove('replab-active');
    s.active = el || null;
    if (el) el.classList.add('replab-active');
    var message = { replab: VERSION, cmd: 'step', step: n };
    if (reducedMotion()) message.animate = false;
    return send(f, message);
  }

  function clickable(el) {
    return el.tagName === 'A' || el.tagName === 'BUTTON' || el.hasAttribute('data-replab-click');
  }

  function focusable(el) {
    return (el.tagName === 'A' && el.hasAttribute('href')) || el.tagName === 'BUTTON';
  }

  // Finds marked elements not seen yet: watches the scroll-driven ones, makes
  // the clickable ones reachable by keyboard. Call again after adding some.
  function scan() {
    var els = doc.querySelectorAll('[data-replab-step]');
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (bound.has(el) || el.tagName === 'IFRAME') continue;
      bound.add(el);
      var f = figureFor(el);
      if (!f) { console.warn('replab-embed: no figure for', el); continue; }
      stateOf(f); // its messages are listened to even if its src lacks "embed"
      if (clickable(el)) {
        if (!focusable(el)) {
          el.tabIndex = 0;
          if (!el.getAttribute('role')) el.setAttribute('role', 'button');
        }
      } else if (observer) {
        observer.observe(el);
        watched.push(el);
      }
    }
  }

  // How far an element is from the middle line of the screen (0: across it).
  function fromMiddle(el) {
    var r = el.getBoundingClientRect(), middle = window.innerHeight / 2;
    return r.top > middle ? r.top - middle : r.bottom < middle ? middle - r.bottom : 0;
  }

  // Entries into or out of the band. For each figure with an element that
  // entered or left it, of its elements still in the band the one nearest the
  // middle line wins; when none is left the figure stays where it is.
  function onBand(entries) {
    var touched = new Set();
    var direction = window.scrollY < lastY ? 'up' : 'down';
    lastY = window.scrollY;
    entries.forEach(function (e) {
      var was = inBand.has(e.target);
      if (e.isIntersecting) inBand.add(e.target);
      else inBand.delete(e.target);
      var f = figureFor(e.target);
      if (f) touched.add(f);
      // The step element entered or left the band: replabenter / replabexit
      // on it (they bubble), with its step, its figure and the way it went.
      if (was !== e.isIntersecting) {
        var detail = {
          step: stepNumber(e.target.getAttribute('data-replab-step')),
          figure: f,
          direction: direction, // the reader's scroll
        };
        try {
          e.target.dispatchEvent(new CustomEvent(e.isIntersecting ? 'replabenter' : 'replabexit', { bubbles: true, detail: detail }));
        } catch (err) { /* a browser without CustomEvent */ }
      }
    });
    // A click's own scroll leaves its step standing; any other scroll ends it
    // (compared by position: scroll events come a frame late).
    if (Date.now() < hold) stillY = window.scrollY;
    else if (stillY !== null && Math.abs(window.scrollY - stillY) > 1) stillY = null;
    var best = new Map();
    inBand.forEach(function (el) {
      var f = figureFor(el);
      if (!touched.has(f)) return;
      var d = fromMiddle(el), b = best.get(f);
      if (!b || d < b.d) best.set(f, { el: el, d: d });
    });
    best.forEach(function (b, f) {
      var n = stepNumber(b.el.getAttribute('data-replab-step'));
      var s = stateOf(f);
      if (n === null) warn('step', 'data-replab-step is not a step number', b.el);
      else if (s.active !== b.el && !(s.clicked && stillY !== null)) stepTo(f, n, b.el, false);
    });
  }

  // Brings a figure on screen unless at least half of it (or of the screen)
  // shows; says whether it scrolled.
  function reveal(f) {
    var r = f.getBoundingClientRect(), h = window.innerHeight;
    var shown = Math.min(r.bottom, h) - Math.max(r.top, 0);
    if (shown >= Math.min(r.height, h) / 2) return false;
    f.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: r.height > h ? 'start' : 'center' });
    return true;
  }

  function activate(el, event) {
    var f = figureFor(el), n = stepNumber(el.getAttribute('data-replab-step'));
    if (!f || n === null) return;
    var href = el.tagName === 'A' ? el.getAttribute('href') : null;
    var ours = !href || href === '#'; // a link elsewhere scrolls on its own
    if (ours && event) event.preventDefault();
    stepTo(f, n, el, true);
    // The scroll this click causes (the link's own, or to the figure) passes
    // paragraphs by: they must not move the figure on.
    if (!ours || reveal(f)) hold = Date.now() + 300;
  }

  function onClick(e) {
    var el = e.target && e.target.closest ? e.target.closest('[data-replab-step]') : null;
    if (!el || !clickable(el) || e.defaultPrevented) return;
    if (el.getAttribute('href') && (e.ctrlKey || e.metaKey || e.shiftKey)) return; // a new tab
    activate(el, e);
  }

  function onKey(e) {
    var el = e.target;
    if ((e.key !== 'Enter' && e.key !== ' ') || !el.hasAttribute || !el.hasAttribute('data-replab-step')) return;
    if (!clickable(el) || focusable(el)) return; // links and buttons click by themselves
    e.preventDefault();
    activate(el, null);
  }

  function onScroll() {
    if (Date.now() >= hold) return;
    hold = Date.now() + 200; // until the scroll a click started ends
    stillY = window.scrollY;
  }

  // Sets an iframe's height so that its content box is h px. The marked
  // element nearest the middle of the screen stays where it is: a figure above
  // the paragraph being read that grew or shrank would move another paragraph
  // into the band, which would move the figure to another step, and so on.
  function fit(f, h) {
    if (typeof h !== 'number' || !(h > 0 && h < 100000)) return; // and NaN
    var cs = getComputedStyle(f), extra = 0;
    if (cs.boxSizing === 'border-box') {
      ['borderTopWidth', 'borderBottomWidth', 'paddingTop', 'paddingBottom'].forEach(function (k) {
        extra += parseFloat(cs[k]) || 0;
      });
    }
    var height = Math.ceil(h + extra) + 'px';
    if (f.style.height === height) return;
    steady(f, function () { f.style.height = height; });
  }

  // Changes f's size, keeping the marked paragraph being read (the nearest
  // to the middle of the screen, after f) where it is.
  function steady(f, change) {
    var reading = null, near = window.innerHeight / 2;
    watched.forEach(function (el) {
      var d = fromMiddle(el);
      if (d < near && f.compareDocumentPosition(el) & 4) { reading = el; near = d; }
    });
    var top = reading && reading.getBoundingClientRect().top;
    change();
    var moved = reading ? reading.getBoundingClientRect().top - top : 0;
    if (moved) {
      window.scrollBy(0, moved);
      if (stillY !== null) stillY = window.scrollY;
    }
  }

  function sourceFigure(source) {
    var frames = doc.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.contentWindow !== source) continue;
      if (f.parentNode && f.parentNode.tagName === TAG) return f.parentNode;
      return isEmbed(f) || figures.has(f) ? f : null;
    }
    return null;
  }

  // Whether a version-1 message is an event this script knows, with its fields.
  function wellFormed(d) {
    switch (d.event) {
      case 'ready': case 'step': return stepNumber(d.step) !== null && stepNumber(d.len) !== null;
      case 'violation': return typeof d.kind === 'string' && stepNumber(d.step) !== null;
      case 'height': return typeof d.height === 'number' && d.height > 0 && d.height < 100000;
      case 'error': return typeof d.message === 'string';
      case 'decision': return stepNumber(d.step) !== null && Array.isArray(d.decisions);
    }
    return false;
  }

  function onMessage(e) {
    var d = e.data;
    if (!d || typeof d !== 'object') return;
    var f = sourceFigure(e.source);
    if (!f || e.origin !== originOf(f)) return; // not from one of our figures
    if (d.replab === undefined) { // embeds before version 1, and still posted
      if ('replabHeight' in d && f.tagName !== TAG) fit(f, d.replabHeight);
      return;
    }
    if (d.replab !== VERSION) {
      warn('v' + d.replab, 'a figure speaks protocol version ' + d.replab + '; this script speaks ' + VERSION, f);
      return;
    }
    if (!wellFormed(d)) return;
    var s = stateOf(f);
    if (d.event === 'height') {
      if (f.tagName === TAG) sized(f, d.height);
      else fit(f, d.height);
    }
    // A step: the reader acted in the figure (or asked it to play).
    if (d.event === 'step' && f.tagName === TAG) settle(f);
    else if (d.event === 'error') warn('error' + d.message, 'a figure refused a load: ' + d.message, f);
    else if (!s.ready) {
      // On ready the queue goes again. A step or violation before any ready: the
      // figure was ready before this script listened, so it had every copy.
      var queue = d.event === 'ready' ? s.queue : [];
      s.ready = true;
      s.queue = [];
      queue.forEach(function (m) { post(f, m); });
    }
    try {
      f.dispatchEvent(new CustomEvent('replab', { bubbles: true, detail: d }));
      if (f.tagName === TAG && d.event !== 'height') f.dispatchEvent(new CustomEvent(d.event, { detail: d }));
    } catch (err) { /* a browser without CustomEvent */ }
  }

  function command(cmd) {
    return function (x) {
      var f = iframeOf(x);
      if (!f) return false;
      if (f.tagName === TAG) f._playing = cmd === 'play'; // resumed when back on screen
      return send(f, { replab: VERSION, cmd: cmd });
    };
  }

  window.replabEmbed = {
    version: VERSION,
    step: function (x, n) {
      var f = iframeOf(x), k = stepNumber(n);
      return !!f && k !== null && stepTo(f, k, null, true);
    },
    play: command('play'),
    pause: command('pause'),
    load: function (x, text, options) {
      var f = iframeOf(x), o = options || {};
      if (!f || typeof text !== 'string') return false;
      var m = { replab: VERSION, cmd: 'load', text: text };
      if (typeof o.protocol === 'string') m.protocol = o.protocol;
      if (stepNumber(o.step) !== null) m.step = stepNumber(o.step);
      // A language code; the embed speaks it if it is one of its own.
      if (typeof o.lang === 'string' && /^[a-z]{2,3}$/.test(o.lang)) m.lang = o.lang;
      return send(f, m);
    },
    setTheme: function (x, theme) {
      var f = iframeOf(x);
      if (!f || THEMES.indexOf(theme) < 0) return false;
      if (f.tagName === TAG && f.getAttribute('theme') !== theme) {
        f.setAttribute('theme', theme); // which sends it
        return true;
      }
      return send(f, { replab: VERSION, cmd: 'setTheme', theme: theme });
    },
    scan: scan,
  };

  // <replab-figure>: the figure as an element.
  var THEMES = ['auto', 'light', 'dark'];
  var DEFAULT_LANG = 'en'; // its pages' files have no language part
  var AHEAD = '200% 0px'; // starts loading about two screens before it is seen
  // The place an element without a height holds until its embed shows: the
  // height Copy embed code gives a two-broker story (the app's link::embed_height).
  var DEFAULT_HEIGHT = 790;

  // The embed page to load: src, at the element's step and in its language
  // when src is a pre-rendered embed (name.embed-N[.zh].html), with theme=.
  function srcOf(el) {
    var src = el.getAttribute('src') || '';
    var m = /^(.*\.embed-)(\d+)((?:\.[a-z]{2,3})?)\.html((?:[?#].*)?)$/.exec(src);
    var step = stepNumber(el.getAttribute('step')), lang = el.getAttribute('lang');
    if (m) {
      // A page's language is its file's last part, but for the default
      // language's, which has none (the app's start::page_file).
      var suffix = !/^[a-z]{2,3}$/.test(lang || '') ? m[3] : lang === DEFAULT_LANG ? '' : '.' + lang;
      src = m[1] + (step !== null ? step : m[2]) + suffix + '.html' + m[4];
    }
    var theme = el.getAttribute('theme');
    if (theme === 'light' || theme === 'dark') {
      var hash = src.indexOf('#'), tail = hash < 0 ? '' : src.slice(hash);
      var head = hash < 0 ? src : src.slice(0, hash);
      src = head + (head.indexOf('?') < 0 ? '?' : '&') + 'theme=' + theme + tail;
    }
    return src;
  }

  function styleOnce() {
    if (doc.getElementById('replab-figure-style')) return;
    var st = doc.createElement('style');
    st.id = 'replab-figure-style';
    st.textContent = 'replab-figure{display:block;position:relative}'
      + 'replab-figure>iframe{display:block;width:100%;border:0}'
      + 'replab-figure:not([data-shown])>iframe{position:absolute;top:0;left:0;visibility:hidden}'
      + 'replab-figure[data-shown]>:not(iframe){display:none}';
    (doc.head || doc.documentElement).appendChild(st);
  }

  // Loads the element's embed, hidden until it reports its height.
  function open(el) {
    if (frameOf(el)) return;
    var f = doc.createElement('iframe');
    f.src = srcOf(el);
    f.title = el.getAttribute('title') || 'Kafka Replication Lab';
    f.setAttribute('allow', 'clipboard-write');
    el.appendChild(f);
  }

  // The embed reported height h: the iframe takes it and shows, in place of
  // the fallback. The place the element held does not shrink under a reader's
  // eyes (the host's text would move up): on screen it waits until the figure
  // is scrolled away or the reader acts in it (`settle`). A taller embed grows
  // it at once.
  function sized(el, h) {
    var f = frameOf(el);
    if (!f) return;
    if (!el.hasAttribute('data-shown')) {
      f.style.height = Math.ceil(h) + 'px';
      el.setAttribute('data-shown', '');
      if (el._onScreen && parseFloat(el.style.minHeight) > h) el._settle = true;
      else el.style.minHeight = '';
      return;
    }
    fit(f, h);
  }

  // The element takes its embed's height, once no reader sees it change.
  function settle(el) {
    if (!el._settle) return;
    el._settle = false;
    steady(el, function () { el.style.minHeight = ''; });
  }

  function defineFigure() {
    if (!window.customElements || customElements.get('replab-figure')) return;
    var Figure = function () { return Reflect.construct(HTMLElement, [], Figure); };
    Figure.prototype = Object.create(HTMLElement.prototype);
    Figure.prototype.constructor = Figure;
    Object.setPrototypeOf(Figure, HTMLElement);
    Object.defineProperty(Figure, 'observedAttributes', { get: function () { return ['theme']; } });
    Figure.prototype.connectedCallback = function () {
      var el = this;
      styleOnce();
      stateOf(el);
      // Until it shows, the element keeps the height it is given (Copy embed
      // code writes the one the embed takes), else a two-broker story's: the
      // host's text after it stands where it will stay.
      var h = Number(el.getAttribute('height'));
      if (!(h > 0)) h = DEFAULT_HEIGHT;
      if (!el.hasAttribute('data-shown')) el.style.minHeight = h + 'px';
      if (!window.IntersectionObserver) { open(el); return; }
      if (el._watch) return; // connected again: already watched
      el._watch = new IntersectionObserver(function (es) {
        if (es.some(function (e) { return e.isIntersecting; })) { open(el); el._watch.disconnect(); }
      }, { rootMargin: AHEAD });
      el._watch.observe(el);
      // Off screen it pauses; back on screen it plays again if it was asked to.
      el._seen = new IntersectionObserver(function (es) {
        var e = es[es.length - 1];
        el._onScreen = e.isIntersecting;
        if (!e.isIntersecting) settle(el);
        if (!e.isIntersecting && el._playing) post(el, { replab: VERSION, cmd: 'pause' });
        else if (e.isIntersecting && el._playing) post(el, { replab: VERSION, cmd: 'play' });
      });
      el._seen.observe(el);
    };
    Figure.prototype.attributeChangedCallback = function (name, was, now) {
      if (name === 'theme' && was !== now && frameOf(this)) {
        send(this, { replab: VERSION, cmd: 'setTheme', theme: THEMES.indexOf(now) < 0 ? 'auto' : now });
      }
    };
    Figure.prototype.step = function (n) { return window.replabEmbed.step(this, n); };
    Figure.prototype.play = function () { return window.replabEmbed.play(this); };
    Figure.prototype.pause = function () { return window.replabEmbed.pause(this); };
    Figure.prototype.load = function (text, options) { return window.replabEmbed.load(this, text, options); };
    Figure.prototype.setTheme = function (theme) { return window.replabEmbed.setTheme(this, theme); };
    customElements.define('replab-figure', Figure);
  }

  addEventListener('message', onMessage);
  defineFigure();

  function start() {
    if (window.IntersectionObserver) observer = new IntersectionObserver(onBand, { rootMargin: '-45% 0px -45% 0px' });
    doc.addEventListener('click', onClick);
    doc.addEventListener('keydown', onKey);
    addEventListener('scroll', onScroll, { passive: true });
    scan();
  }
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start);
  else start();
})();
